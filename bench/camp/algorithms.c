/* algorithms — the algorithms library's reduce, scan, sort, key-value sort
 * and select on arrays of the default accelerator, and the device's copy
 * bandwidth beside them (bench/problems/algorithms.h describes the rows):
 * impl=campcc for the library's calls; for algo_copy, impl=campcc-kernel (a
 * kernel copying one float per thread: what a memory-bound call can reach)
 * and impl=campcc-dma (array_copy, the copy engine). */
#include <camp_algorithms.h>

#include "../problems/algorithms.h"
#include "camp_bench.h"

typedef struct context {
    int n;
    float *in, *out, total;     /* arrays */
    unsigned *original, *keys, *values, *positions; /* arrays */
    size_t selected;
} context;

static void wait_device(void) { camp_bench_wait(); }

static void copy_kernel(void *p) {
    context *c = p;
    const float *in = c->in;
    float *out = c->out;
    parallel_for_each(i, extent(c->n)) { out[i] = in[i]; }
    wait_device();
}
static void copy_dma(void *p) {
    context *c = p;
    array_copy(c->out, c->in, c->n);
    wait_device();
}
static void reduce(void *p) {
    context *c = p;
    c->total = camp_reduce_sum_float(c->in, (size_t)c->n);
}
static void scan(void *p) {
    context *c = p;
    camp_inclusive_scan_float(c->in, c->out, (size_t)c->n);
    wait_device();
}
static void unsort(void *p) {
    context *c = p;
    array_copy(c->keys, c->original, c->n);
    array_copy(c->values, c->positions, c->n);
    wait_device();
}
static void sort(void *p) {
    context *c = p;
    camp_sort_uint(c->keys, (size_t)c->n);
    wait_device();
}
static void sort_pairs(void *p) {
    context *c = p;
    camp_sort_by_key_uint(c->keys, c->values, (size_t)c->n);
    wait_device();
}
static void select_below(void *p) {
    context *c = p;
    c->selected = camp_select_float(c->in, c->out, (size_t)c->n, CAMP_LESS, (float)ALGO_BENCH_SELECT_BELOW);
}

static void run_size(const bench_options *o, long long size) {
    /* in, out, original, keys, values, positions and the sort's scratch keys and values */
    camp_bench_require(o, 4.0 * 8 * (double)size, size);
    size_t n = (size_t)size;
    float *host_in = bench_alloc(o, n * sizeof *host_in), *host_out = bench_alloc(o, n * sizeof *host_out);
    unsigned *host_keys = bench_alloc(o, n * sizeof *host_keys), *host_sorted = bench_alloc(o, n * sizeof *host_sorted);
    unsigned *host_values = bench_alloc(o, n * sizeof *host_values);
    algo_bench_floats(host_in, size);
    algo_bench_keys(host_keys, size);
    context c = {(int)n, array_new(float, n, host_in), array_new(float, n, NULL), 0, array_new(unsigned, n, host_keys),
                 array_new(unsigned, n, NULL), array_new(unsigned, n, NULL), array_new(unsigned, n, NULL), 0};
    camp_sequence_uint(c.positions, n, 0u, 1u);

    double ms = algo_bench_measure(o, NULL, copy_kernel, &c);
    array_copy_out(host_out, c.out, n);
    if (memcmp(host_out, host_in, n * sizeof *host_in)) bench_wrong(o, "campcc-kernel", "the copy", 0, 0);
    algo_bench_report(o, "algo_copy", size, "campcc-kernel", ms, 8.0 * (double)size, 1e9, "GB/s");
    ms = algo_bench_measure(o, NULL, copy_dma, &c);
    algo_bench_report(o, "algo_copy", size, "campcc-dma", ms, 8.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, reduce, &c);
    algo_bench_check_sum(o, "campcc", host_in, size, c.total);
    algo_bench_report(o, "algo_reduce", size, "campcc", ms, 4.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, scan, &c);
    array_copy_out(host_out, c.out, n);
    algo_bench_check_scan(o, "campcc", host_in, host_out, size);
    algo_bench_report(o, "algo_scan", size, "campcc", ms, 8.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, unsort, sort, &c);
    array_copy_out(host_sorted, c.keys, n);
    algo_bench_check_sort(o, "campcc", host_keys, host_sorted, NULL, size);
    algo_bench_report(o, "algo_sort", size, "campcc", ms, (double)size, 1e9, "Gkeys/s");

    ms = algo_bench_measure(o, unsort, sort_pairs, &c);
    array_copy_out(host_sorted, c.keys, n);
    array_copy_out(host_values, c.values, n);
    algo_bench_check_sort(o, "campcc", host_keys, host_sorted, host_values, size);
    algo_bench_report(o, "algo_sort_pairs", size, "campcc", ms, (double)size, 1e9, "Gkeys/s");

    ms = algo_bench_measure(o, NULL, select_below, &c);
    array_copy_out(host_out, c.out, c.selected);
    algo_bench_check_select(o, "campcc", host_in, host_out, size, (long long)c.selected);
    algo_bench_report(o, "algo_select", size, "campcc", ms, (double)size, 1e9, "Gelem/s");

    array_delete(c.in);
    array_delete(c.out);
    array_delete(c.original);
    array_delete(c.keys);
    array_delete(c.values);
    array_delete(c.positions);
    free(host_in);
    free(host_out);
    free(host_keys);
    free(host_sorted);
    free(host_values);
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "algorithms", 0, ALGO_BENCH_QUICK, 1);
    long long sizes[2];
    int count = algo_bench_size_list(&o, sizes);
    for (int s = 0; s < count; s++) run_size(&o, sizes[s]);
    return 0;
}
