// saxpy's CUDA twin: one thread per element, 256 threads per block.
// Built with -DCUDA_BEST (bench/run's "cuda-best" column), saxpy's fastest
// CUDA form instead: float4 loads and stores, a grid-stride loop over as
// many blocks of 256 threads as the device keeps resident, and the n % 4
// last elements by the first threads.
#include "../problems/saxpy.h"
#include "cuda_bench.h"

struct saxpy_data {
    unsigned n;
    int runs;
    const float *x;
    float *y;
};

#ifdef CUDA_BEST
#define IMPL "cuda-best"
__global__ void saxpy(const float *__restrict__ x, float *__restrict__ y, float a, unsigned n) {
    const float4 *x4 = (const float4 *)x;
    float4 *y4 = (float4 *)y;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += gridDim.x * blockDim.x) {
        float4 u = x4[i], v = y4[i];
        v.x = a * u.x + v.x;
        v.y = a * u.y + v.y;
        v.z = a * u.z + v.z;
        v.w = a * u.w + v.w;
        y4[i] = v;
    }
    unsigned tail = n / 4 * 4 + blockIdx.x * blockDim.x + threadIdx.x;
    if (tail < n) y[tail] = a * x[tail] + y[tail];
}

static unsigned blocks(const saxpy_data *) { return cuda_bench_resident_blocks(saxpy, 256); }
#else
#define IMPL "cuda"
__global__ void saxpy(const float *__restrict__ x, float *__restrict__ y, float a, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

static unsigned blocks(const saxpy_data *d) { return (d->n + 255) / 256; }
#endif

static void repetition(void *context) {
    saxpy_data *d = (saxpy_data *)context;
    unsigned grid = blocks(d);
    for (int r = 0; r < d->runs; r++) saxpy<<<grid, 256>>>(d->x, d->y, SAXPY_A, d->n);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "saxpy", SAXPY_SIZE, SAXPY_QUICK, SAXPY_RUNS);
    if (o.size > 0xffffffffll) bench_refuse(&o, "the twin indexes with 32 bits");
    cuda_bench_require(&o, 2.0 * 4 * (double)o.size);
    size_t n = (size_t)o.size;
    float *x = (float *)bench_alloc(&o, n * sizeof *x), *y = (float *)bench_alloc(&o, n * sizeof *y);
    saxpy_init(x, y, o.size);
    saxpy_data d = {(unsigned)n, o.runs, cuda_bench_new(n, x), cuda_bench_new(n, y)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(y, d.y, n);
    saxpy_check(&o, IMPL, y);
    saxpy_report(&o, IMPL, ms);
    CUDA(cudaFree((void *)d.x));
    CUDA(cudaFree(d.y));
    free(x);
    free(y);
    return 0;
}
