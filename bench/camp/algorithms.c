/* algorithms — the algorithms library's reduce (a sum, a maximum, and a
 * maximum of absolute values through CAMP_REDUCE_DEFINE), scan, sort,
 * key-value sort, sort by a comparison (CAMP_SORT_DEFINE), select, histogram, gather, segmented scan, unique, fill,
 * sequence, dot product and scatter on arrays of the default accelerator, and the device's copy
 * bandwidth beside them (bench/problems/algorithms.h describes the rows):
 * impl=campcc for the library's calls; for algo_copy, impl=campcc-kernel (a
 * kernel copying one float per thread: what a memory-bound call can reach)
 * and impl=campcc-array-copy (array_copy: libcamp's copy kernel on discrete
 * GPUs, the copy engine elsewhere). */
#include <camp_algorithms.h>
#include <math.h>

#include "../problems/algorithms.h"
#include "camp_bench.h"

static void copy_kernel(void *p) {
    algo_bench_data *d = p;
    const float *in = d->in;
    float *out = d->out;
    parallel_for_each(i, extent((int)d->n)) { out[i] = in[i]; }
    camp_bench_wait();
}
static void array_copy_call(void *p) {
    algo_bench_data *d = p;
    array_copy(d->out, d->in, d->n);
    camp_bench_wait();
}
static void reduce(void *p) {
    algo_bench_data *d = p;
    d->total = camp_reduce_sum_float(d->in, (size_t)d->n);
}
static void reduce_max(void *p) {
    algo_bench_data *d = p;
    d->total = camp_reduce_max_float(d->in, (size_t)d->n);
}
/* an operation of the program's own, beside the built-in maximum */
static float larger_abs(float a, float b) restrict(amp) {
    float x = fabsf(a), y = fabsf(b);
    return x > y ? x : y;
}
CAMP_REDUCE_DEFINE(float, reduce_larger_abs, larger_abs, 0.0f)
static void reduce_max_abs(void *p) {
    algo_bench_data *d = p;
    d->total = camp_reduce_with(reduce_larger_abs, d->in, (size_t)d->n);
}
static void scan(void *p) {
    algo_bench_data *d = p;
    camp_inclusive_scan_float(d->in, d->out, (size_t)d->n);
    camp_bench_wait();
}
static void unsort(void *p) {
    algo_bench_data *d = p;
    array_copy(d->keys, d->original, d->n);
    array_copy(d->values, d->positions, d->n);
    camp_bench_wait();
}
static void sort(void *p) {
    algo_bench_data *d = p;
    camp_sort_uint(d->keys, (size_t)d->n);
    camp_bench_wait();
}
static void sort_pairs(void *p) {
    algo_bench_data *d = p;
    camp_sort_by_key_uint(d->keys, d->values, (size_t)d->n);
    camp_bench_wait();
}
/* the keys' own order, as a comparison of the program's */
static bool key_less(unsigned a, unsigned b) restrict(amp) { return a < b; }
CAMP_SORT_DEFINE(unsigned, sort_by_comparison, key_less)
static void sort_with(void *p) {
    algo_bench_data *d = p;
    camp_sort_with(sort_by_comparison, d->keys, (size_t)d->n);
    camp_bench_wait();
}
static void select_below(void *p) {
    algo_bench_data *d = p;
    d->selected = camp_select_float(d->in, d->out, (size_t)d->n, CAMP_LESS, (float)ALGO_BENCH_SELECT_BELOW);
}

static void histogram(void *p) {
    algo_bench_data *d = p;
    camp_histogram_float(d->in, (size_t)d->n, d->bins, ALGO_BENCH_BINS, 0.0f, (float)ALGO_BENCH_BINS);
    camp_bench_wait();
}
static void gather(void *p) {
    algo_bench_data *d = p;
    camp_gather_float(d->in, (size_t)d->n, d->map, d->out, (size_t)d->n);
    camp_bench_wait();
}

static void scan_by_key(void *p) {
    algo_bench_data *d = p;
    camp_inclusive_scan_by_key_float(d->segments, d->in, d->out, (size_t)d->n);
    camp_bench_wait();
}
static void unique(void *p) {
    algo_bench_data *d = p;
    d->selected = camp_unique_float(d->in, d->out, (size_t)d->n);
}
static void fill(void *p) {
    algo_bench_data *d = p;
    camp_fill_float(d->out, (size_t)d->n, 1.0f);
    camp_bench_wait();
}

static void sequence(void *p) {
    algo_bench_data *d = p;
    camp_sequence_float(d->out, (size_t)d->n, 0.0f, 1.0f);
    camp_bench_wait();
}
static void dot(void *p) {
    algo_bench_data *d = p;
    d->total = camp_dot_float(d->in, d->in, (size_t)d->n);
}
static void scatter(void *p) {
    algo_bench_data *d = p;
    camp_scatter_float(d->in, d->perm, d->out, (size_t)d->n, (size_t)d->n);
    camp_bench_wait();
}

static void allocate(algo_bench_data *d, const float *in, const unsigned *keys, const unsigned *map,
                     const unsigned *perm) {
    d->in = array_new(float, d->n, in);
    d->out = array_new(float, d->n, NULL);
    d->original = array_new(unsigned, d->n, keys);
    d->keys = array_new(unsigned, d->n, NULL);
    d->values = array_new(unsigned, d->n, NULL);
    d->positions = array_new(unsigned, d->n, NULL);
    d->map = array_new(unsigned, d->n, map);
    d->bins = array_new(unsigned, ALGO_BENCH_BINS, NULL);
    d->segments = array_new(unsigned, d->n, NULL);
    d->perm = array_new(unsigned, d->n, perm);
    d->scratch = NULL;
    camp_sequence_uint(d->positions, (size_t)d->n, 0u, 1u);
    unsigned *segments = d->segments;
    parallel_for_each(i, extent((int)d->n)) { segments[i] = (unsigned)i / ALGO_BENCH_RUN; }
}
static void read_back(void *host, const void *device, size_t bytes) {
    array_copy_out((char *)host, (const char *)device, bytes);
}
static void release(algo_bench_data *d) {
    array_delete(d->in);
    array_delete(d->out);
    array_delete(d->original);
    array_delete(d->keys);
    array_delete(d->values);
    array_delete(d->positions);
    array_delete(d->map);
    array_delete(d->bins);
    array_delete(d->segments);
    array_delete(d->perm);
}

/* in, out, original, keys, values, positions, map, segments, perm and the sort's scratch keys and values */
static void require(const bench_options *o, long long size) { camp_bench_require(o, 4.0 * 11 * (double)size, size); }

int main(int argc, char **argv) {
    algo_bench_impl impl = {"campcc", {"campcc-kernel", "campcc-array-copy"}, {copy_kernel, array_copy_call}, reduce, reduce_max,
                            reduce_max_abs, scan,
                            unsort, sort, sort_pairs, sort_with, select_below, histogram, gather, scan_by_key, unique,
                            fill, sequence, dot, scatter, allocate, read_back, release};
    return algo_bench_main(argc, argv, "algorithms", &impl, require);
}
