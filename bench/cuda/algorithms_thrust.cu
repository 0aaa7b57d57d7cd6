// algorithms' CUDA twin: Thrust's reduce, inclusive_scan, sort, sort_by_key
// and copy_if (CUB underneath) on the same data as bench/camp/algorithms.c,
// through raw device pointers with the thrust::device policy; for
// algo_copy, impl=cuda-memcpy (cudaMemcpy device to device) and
// impl=thrust (thrust::copy). bench/problems/algorithms.h describes the rows.
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include "../problems/algorithms.h"
#include "cuda_bench.h"

struct below_threshold {
    __host__ __device__ bool operator()(float x) const { return x < (float)ALGO_BENCH_SELECT_BELOW; }
};

struct context {
    size_t n;
    float *in, *out, total;
    unsigned *original, *keys, *values, *positions;
    size_t selected;
};

static void copy_memcpy(void *p) {
    context *c = (context *)p;
    CUDA(cudaMemcpy(c->out, c->in, c->n * sizeof *c->in, cudaMemcpyDeviceToDevice));
    cuda_bench_wait();
}
static void copy_thrust(void *p) {
    context *c = (context *)p;
    thrust::copy(thrust::device, c->in, c->in + c->n, c->out);
    cuda_bench_wait();
}
static void reduce(void *p) {
    context *c = (context *)p;
    c->total = thrust::reduce(thrust::device, c->in, c->in + c->n, 0.0f);
    cuda_bench_wait();
}
static void scan(void *p) {
    context *c = (context *)p;
    thrust::inclusive_scan(thrust::device, c->in, c->in + c->n, c->out);
    cuda_bench_wait();
}
static void unsort(void *p) {
    context *c = (context *)p;
    CUDA(cudaMemcpy(c->keys, c->original, c->n * sizeof *c->keys, cudaMemcpyDeviceToDevice));
    CUDA(cudaMemcpy(c->values, c->positions, c->n * sizeof *c->values, cudaMemcpyDeviceToDevice));
    cuda_bench_wait();
}
static void sort(void *p) {
    context *c = (context *)p;
    thrust::sort(thrust::device, c->keys, c->keys + c->n);
    cuda_bench_wait();
}
static void sort_pairs(void *p) {
    context *c = (context *)p;
    thrust::sort_by_key(thrust::device, c->keys, c->keys + c->n, c->values);
    cuda_bench_wait();
}
static void select_below(void *p) {
    context *c = (context *)p;
    float *end = thrust::copy_if(thrust::device, c->in, c->in + c->n, c->out, below_threshold());
    c->selected = (size_t)(end - c->out);
    cuda_bench_wait();
}

static void run_size(const bench_options *o, long long size) {
    cuda_bench_require(o, 4.0 * 8 * (double)size);
    size_t n = (size_t)size;
    float *host_in = (float *)bench_alloc(o, n * sizeof(float)), *host_out = (float *)bench_alloc(o, n * sizeof(float));
    unsigned *host_keys = (unsigned *)bench_alloc(o, n * sizeof(unsigned));
    unsigned *host_sorted = (unsigned *)bench_alloc(o, n * sizeof(unsigned));
    unsigned *host_values = (unsigned *)bench_alloc(o, n * sizeof(unsigned));
    algo_bench_floats(host_in, size);
    algo_bench_keys(host_keys, size);
    context c = {n, cuda_bench_new(n, host_in), cuda_bench_new<float>(n, NULL), 0, cuda_bench_new(n, host_keys),
                 cuda_bench_new<unsigned>(n, NULL), cuda_bench_new<unsigned>(n, NULL),
                 cuda_bench_new<unsigned>(n, NULL), 0};
    thrust::sequence(thrust::device, c.positions, c.positions + n);

    double ms = algo_bench_measure(o, NULL, copy_memcpy, &c);
    cuda_bench_read(host_out, c.out, n);
    if (memcmp(host_out, host_in, n * sizeof(float))) bench_wrong(o, "cuda-memcpy", "the copy", 0, 0);
    algo_bench_report(o, "algo_copy", size, "cuda-memcpy", ms, 8.0 * (double)size, 1e9, "GB/s");
    ms = algo_bench_measure(o, NULL, copy_thrust, &c);
    algo_bench_report(o, "algo_copy", size, "thrust", ms, 8.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, reduce, &c);
    algo_bench_check_sum(o, "thrust", host_in, size, c.total);
    algo_bench_report(o, "algo_reduce", size, "thrust", ms, 4.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, scan, &c);
    cuda_bench_read(host_out, c.out, n);
    algo_bench_check_scan(o, "thrust", host_in, host_out, size);
    algo_bench_report(o, "algo_scan", size, "thrust", ms, 8.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, unsort, sort, &c);
    cuda_bench_read(host_sorted, c.keys, n);
    algo_bench_check_sort(o, "thrust", host_keys, host_sorted, NULL, size);
    algo_bench_report(o, "algo_sort", size, "thrust", ms, (double)size, 1e9, "Gkeys/s");

    ms = algo_bench_measure(o, unsort, sort_pairs, &c);
    cuda_bench_read(host_sorted, c.keys, n);
    cuda_bench_read(host_values, c.values, n);
    algo_bench_check_sort(o, "thrust", host_keys, host_sorted, host_values, size);
    algo_bench_report(o, "algo_sort_pairs", size, "thrust", ms, (double)size, 1e9, "Gkeys/s");

    ms = algo_bench_measure(o, NULL, select_below, &c);
    cuda_bench_read(host_out, c.out, c.selected);
    algo_bench_check_select(o, "thrust", host_in, host_out, size, (long long)c.selected);
    algo_bench_report(o, "algo_select", size, "thrust", ms, (double)size, 1e9, "Gelem/s");

    CUDA(cudaFree(c.in));
    CUDA(cudaFree(c.out));
    CUDA(cudaFree(c.original));
    CUDA(cudaFree(c.keys));
    CUDA(cudaFree(c.values));
    CUDA(cudaFree(c.positions));
    free(host_in);
    free(host_out);
    free(host_keys);
    free(host_sorted);
    free(host_values);
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "algorithms_thrust", 0, ALGO_BENCH_QUICK, 1);
    long long sizes[2];
    int count = algo_bench_size_list(&o, sizes);
    for (int s = 0; s < count; s++) run_size(&o, sizes[s]);
    return 0;
}
