// algorithms' CUDA twin: Thrust's reduce (a sum, a maximum), transform_reduce
// (the maximum of absolute values), inclusive_scan, sort, sort_by_key,
// sort with a comparison object, copy_if, gather, inclusive_scan_by_key,
// unique_copy, fill, sequence, inner_product and scatter (CUB underneath), and CUB's
// DeviceHistogram::HistogramEven, on the same data as bench/camp/algorithms.c,
// through raw device pointers with the thrust::device policy; for
// algo_copy, impl=cuda-memcpy (cudaMemcpy device to device) and
// impl=thrust (thrust::copy). bench/problems/algorithms.h describes the rows.
#include <cub/device/device_histogram.cuh>
#include <thrust/copy.h>
#include <thrust/fill.h>
#include <thrust/unique.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform.h>
#include <thrust/gather.h>
#include <thrust/inner_product.h>
#include <thrust/scatter.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>

#include "../problems/algorithms.h"
#include "cuda_bench.h"

struct below_threshold {
    __host__ __device__ bool operator()(float x) const { return x < (float)ALGO_BENCH_SELECT_BELOW; }
};

// a comparison object: Thrust sorts by it with its merge sort, as a
// comparison of the program's own (its radix sort serves only less and
// greater on numbers)
struct key_less {
    __host__ __device__ bool operator()(unsigned a, unsigned b) const { return a < b; }
};

struct absolute_value {
    __host__ __device__ float operator()(float x) const { return fabsf(x); }
};

static algo_bench_data *data_of(void *p) { return (algo_bench_data *)p; }

static void copy_memcpy(void *p) {
    algo_bench_data *d = data_of(p);
    CUDA(cudaMemcpy(d->out, d->in, (size_t)d->n * sizeof(float), cudaMemcpyDeviceToDevice));
    cuda_bench_wait();
}
static void copy_thrust(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::copy(thrust::device, d->in, d->in + d->n, d->out);
    cuda_bench_wait();
}
static void reduce(void *p) {
    algo_bench_data *d = data_of(p);
    d->total = thrust::reduce(thrust::device, d->in, d->in + d->n, 0.0f);
    cuda_bench_wait();
}
static void reduce_max(void *p) {
    algo_bench_data *d = data_of(p);
    d->total = thrust::reduce(thrust::device, d->in, d->in + d->n, 0.0f, thrust::maximum<float>());
    cuda_bench_wait();
}
static void reduce_max_abs(void *p) {
    algo_bench_data *d = data_of(p);
    d->total = thrust::transform_reduce(thrust::device, d->in, d->in + d->n, absolute_value(), 0.0f,
                                        thrust::maximum<float>());
    cuda_bench_wait();
}
static void scan(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::inclusive_scan(thrust::device, d->in, d->in + d->n, d->out);
    cuda_bench_wait();
}
static void unsort(void *p) {
    algo_bench_data *d = data_of(p);
    CUDA(cudaMemcpy(d->keys, d->original, (size_t)d->n * sizeof(unsigned), cudaMemcpyDeviceToDevice));
    CUDA(cudaMemcpy(d->values, d->positions, (size_t)d->n * sizeof(unsigned), cudaMemcpyDeviceToDevice));
    cuda_bench_wait();
}
static void sort(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::sort(thrust::device, d->keys, d->keys + d->n);
    cuda_bench_wait();
}
static void sort_pairs(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::sort_by_key(thrust::device, d->keys, d->keys + d->n, d->values);
    cuda_bench_wait();
}
static void sort_with(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::sort(thrust::device, d->keys, d->keys + d->n, key_less());
    cuda_bench_wait();
}
static void select_below(void *p) {
    algo_bench_data *d = data_of(p);
    float *end = thrust::copy_if(thrust::device, d->in, d->in + d->n, d->out, below_threshold());
    d->selected = (size_t)(end - d->out);
    cuda_bench_wait();
}

static void histogram(void *p) {
    algo_bench_data *d = data_of(p);
    CUDA(cub::DeviceHistogram::HistogramEven(d->scratch, d->scratch_bytes, d->in, d->bins, ALGO_BENCH_BINS + 1, 0.0f,
                                             (float)ALGO_BENCH_BINS, (int)d->n));
    cuda_bench_wait();
}
static void gather(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::gather(thrust::device, d->map, d->map + d->n, d->in, d->out);
    cuda_bench_wait();
}

static void scan_by_key(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::inclusive_scan_by_key(thrust::device, d->segments, d->segments + d->n, d->in, d->out);
    cuda_bench_wait();
}
static void unique(void *p) {
    algo_bench_data *d = data_of(p);
    float *end = thrust::unique_copy(thrust::device, d->in, d->in + d->n, d->out);
    d->selected = (size_t)(end - d->out);
    cuda_bench_wait();
}
static void fill(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::fill(thrust::device, d->out, d->out + d->n, 1.0f);
    cuda_bench_wait();
}

static void sequence(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::sequence(thrust::device, d->out, d->out + d->n, 0.0f, 1.0f);
    cuda_bench_wait();
}
static void dot(void *p) {
    algo_bench_data *d = data_of(p);
    d->total = thrust::inner_product(thrust::device, d->in, d->in + d->n, d->in, 0.0f);
}
static void scatter(void *p) {
    algo_bench_data *d = data_of(p);
    thrust::scatter(thrust::device, d->in, d->in + d->n, d->perm, d->out);
    cuda_bench_wait();
}

struct run_of {
    __host__ __device__ unsigned operator()(unsigned i) const { return i / ALGO_BENCH_RUN; }
};

static void allocate(algo_bench_data *d, const float *in, const unsigned *keys, const unsigned *map,
                     const unsigned *perm) {
    size_t n = (size_t)d->n;
    d->in = cuda_bench_new(n, in);
    d->out = cuda_bench_new<float>(n, NULL);
    d->original = cuda_bench_new(n, keys);
    d->keys = cuda_bench_new<unsigned>(n, NULL);
    d->values = cuda_bench_new<unsigned>(n, NULL);
    d->positions = cuda_bench_new<unsigned>(n, NULL);
    d->map = cuda_bench_new(n, map);
    d->bins = cuda_bench_new<unsigned>(ALGO_BENCH_BINS, NULL);
    d->segments = cuda_bench_new<unsigned>(n, NULL);
    d->perm = cuda_bench_new(n, perm);
    thrust::transform(thrust::device, thrust::counting_iterator<unsigned>(0), thrust::counting_iterator<unsigned>((unsigned)n),
                      d->segments, run_of());
    thrust::sequence(thrust::device, d->positions, d->positions + n);
    /* the histogram's temporary storage, asked for once */
    d->scratch = NULL;
    d->scratch_bytes = 0;
    CUDA(cub::DeviceHistogram::HistogramEven(d->scratch, d->scratch_bytes, d->in, d->bins, ALGO_BENCH_BINS + 1, 0.0f,
                                             (float)ALGO_BENCH_BINS, (int)n));
    CUDA(cudaMalloc(&d->scratch, d->scratch_bytes));
}
static void read_back(void *host, const void *device, size_t bytes) {
    CUDA(cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost));
}
static void release(algo_bench_data *d) {
    CUDA(cudaFree(d->in));
    CUDA(cudaFree(d->out));
    CUDA(cudaFree(d->original));
    CUDA(cudaFree(d->keys));
    CUDA(cudaFree(d->values));
    CUDA(cudaFree(d->positions));
    CUDA(cudaFree(d->map));
    CUDA(cudaFree(d->bins));
    CUDA(cudaFree(d->scratch));
    CUDA(cudaFree(d->segments));
    CUDA(cudaFree(d->perm));
}

// in, out, original, keys, values, positions, map, segments, perm and the sort's temporary storage
static void require(const bench_options *o, long long size) { cuda_bench_require(o, 4.0 * 11 * (double)size); }

int main(int argc, char **argv) {
    algo_bench_impl impl = {"thrust", {"cuda-memcpy", "thrust"}, {copy_memcpy, copy_thrust}, reduce, reduce_max,
                            reduce_max_abs, scan, unsort, sort, sort_pairs, sort_with, select_below, histogram, gather,
                            scan_by_key, unique, fill, sequence, dot, scatter, allocate, read_back, release};
    return algo_bench_main(argc, argv, "algorithms_thrust", &impl, require);
}
