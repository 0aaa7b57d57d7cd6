// saxpy's CUDA twin: one thread per element, 256 threads per block.
#include "../problems/saxpy.h"
#include "cuda_bench.h"

__global__ void saxpy(const float *__restrict__ x, float *__restrict__ y, float a, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

struct saxpy_data {
    unsigned n;
    int runs;
    const float *x;
    float *y;
};

static void repetition(void *context) {
    saxpy_data *d = (saxpy_data *)context;
    for (int r = 0; r < d->runs; r++) saxpy<<<(d->n + 255) / 256, 256>>>(d->x, d->y, SAXPY_A, d->n);
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
    saxpy_check(&o, "cuda", y);
    saxpy_report(&o, "cuda", ms);
    CUDA(cudaFree((void *)d.x));
    CUDA(cudaFree(d.y));
    free(x);
    free(y);
    return 0;
}
