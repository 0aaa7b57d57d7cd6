/* cuda_bench.h — what the CUDA twins share beyond bench.h: error checks,
 * the size check against the device's free memory, device buffers, and
 * the wait that ends a repetition (kernels run back to back on the default
 * stream; like the other twins, each kernel starts after the previous one
 * ends). */
#ifndef CUDA_BENCH_H
#define CUDA_BENCH_H
#include <cuda_runtime.h>

#include "../bench.h"

static inline void cuda_check(cudaError_t e, const char *call) {
    if (e == cudaSuccess) return;
    fprintf(stderr, "cuda: %s failed: %s\n", call, cudaGetErrorString(e));
    exit(1);
}
#define CUDA(call) cuda_check((call), #call)

/* Refuses a problem of `bytes` of device memory that does not fit. */
static inline void cuda_bench_require(const bench_options *o, double bytes) {
    size_t free_bytes = 0, total = 0;
    CUDA(cudaMemGetInfo(&free_bytes, &total));
    cudaDeviceProp p;
    CUDA(cudaGetDeviceProperties(&p, 0));
    bench_require_memory(o, bytes, (double)free_bytes, p.name);
}

/* `count` elements of T on the device, copied from `src` unless NULL. */
template <typename T> static T *cuda_bench_new(size_t count, const T *src) {
    T *p = NULL;
    CUDA(cudaMalloc((void **)&p, count * sizeof(T)));
    if (src) CUDA(cudaMemcpy(p, src, count * sizeof(T), cudaMemcpyHostToDevice));
    return p;
}

template <typename T> static void cuda_bench_read(T *dst, const T *src, size_t count) {
    CUDA(cudaMemcpy(dst, src, count * sizeof(T), cudaMemcpyDeviceToHost));
}

/* The blocks of `threads` threads running `kernel` that the device keeps
 * resident at once: the grid of a grid-stride kernel (the "cuda-best"
 * programs). */
template <typename K> static unsigned cuda_bench_resident_blocks(K kernel, int threads) {
    int device = 0, per_multiprocessor = 0;
    CUDA(cudaGetDevice(&device));
    CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, threads, 0));
    cudaDeviceProp p;
    CUDA(cudaGetDeviceProperties(&p, device));
    return (unsigned)(per_multiprocessor * p.multiProcessorCount);
}

/* The end of a repetition: launch errors reported, every kernel done. */
static inline void cuda_bench_wait(void) {
    CUDA(cudaGetLastError());
    CUDA(cudaDeviceSynchronize());
}
#endif
