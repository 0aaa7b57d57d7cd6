// saxpy's fastest CUDA form, bench/run's "cuda-best" column: float4 loads
// and stores, a grid-stride loop over as many blocks of 256 threads as the
// device keeps resident, and the n % 4 last elements by the first threads.
#include "../problems/saxpy.h"
#include "cuda_bench.h"

__global__ void saxpy4(const float *__restrict__ x, float *__restrict__ y, float a, size_t n) {
    const float4 *x4 = (const float4 *)x;
    float4 *y4 = (float4 *)y;
    size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x, stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = first; i < n / 4; i += stride) {
        float4 u = x4[i], v = y4[i];
        v.x = a * u.x + v.x;
        v.y = a * u.y + v.y;
        v.z = a * u.z + v.z;
        v.w = a * u.w + v.w;
        y4[i] = v;
    }
    size_t tail = n / 4 * 4 + first;
    if (tail < n) y[tail] = a * x[tail] + y[tail];
}

struct saxpy_data {
    size_t n;
    int runs;
    unsigned blocks;
    const float *x;
    float *y;
};

static void repetition(void *context) {
    saxpy_data *d = (saxpy_data *)context;
    for (int r = 0; r < d->runs; r++) saxpy4<<<d->blocks, 256>>>(d->x, d->y, SAXPY_A, d->n);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "saxpy", SAXPY_SIZE, SAXPY_QUICK, SAXPY_RUNS);
    cuda_bench_require(&o, 2.0 * 4 * (double)o.size);
    size_t n = (size_t)o.size;
    float *x = (float *)bench_alloc(&o, n * sizeof *x), *y = (float *)bench_alloc(&o, n * sizeof *y);
    saxpy_init(x, y, o.size);
    saxpy_data d = {n, o.runs, cuda_bench_resident_blocks(saxpy4, 256), cuda_bench_new(n, x), cuda_bench_new(n, y)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(y, d.y, n);
    saxpy_check(&o, "cuda-best", y);
    saxpy_report(&o, "cuda-best", ms);
    CUDA(cudaFree((void *)d.x));
    CUDA(cudaFree(d.y));
    free(x);
    free(y);
    return 0;
}
