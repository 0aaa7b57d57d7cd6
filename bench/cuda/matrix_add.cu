// matrix_add's CUDA twin: one thread per element, 32 x 8 threads per block.
#include "../problems/matrix_add.h"
#include "cuda_bench.h"

__global__ void matrix_add(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                           unsigned n) {
    unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < n && y < n) c[y * n + x] = a[y * n + x] + b[y * n + x];
}

struct matrix_add_data {
    unsigned n;
    int runs;
    const float *a, *b;
    float *c;
};

static void repetition(void *context) {
    matrix_add_data *d = (matrix_add_data *)context;
    dim3 block(32, 8), grid((d->n + 31) / 32, (d->n + 7) / 8);
    for (int r = 0; r < d->runs; r++) matrix_add<<<grid, block>>>(d->a, d->b, d->c, d->n);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "matrix_add", MATRIX_ADD_SIZE, MATRIX_ADD_QUICK, MATRIX_ADD_RUNS);
    if (o.size * o.size > 0xffffffffll) bench_refuse(&o, "the twin indexes with 32 bits");
    cuda_bench_require(&o, 3.0 * 4 * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *a = (float *)bench_alloc(&o, count * sizeof *a), *b = (float *)bench_alloc(&o, count * sizeof *b);
    matrix_add_init(a, b, o.size);
    matrix_add_data d = {(unsigned)n, o.runs, cuda_bench_new(count, a), cuda_bench_new(count, b),
                         cuda_bench_new<float>(count, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(a, d.c, count); // a's memory holds c now
    matrix_add_check(&o, "cuda", a);
    matrix_add_report(&o, "cuda", ms);
    CUDA(cudaFree((void *)d.a));
    CUDA(cudaFree((void *)d.b));
    CUDA(cudaFree(d.c));
    free(a);
    free(b);
    return 0;
}
