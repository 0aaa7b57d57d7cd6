// matrix_add's CUDA twin: one thread per element, 32 x 8 threads per block.
// Built with -DCUDA_BEST (bench/run's "cuda-best" column), matrix_add's
// fastest CUDA form instead: the matrices are contiguous, so one
// grid-stride loop over their n * n elements as float4s, as many blocks of
// 256 threads as the device keeps resident, and the n * n % 4 last
// elements by the first threads.
#include "../problems/matrix_add.h"
#include "cuda_bench.h"

struct matrix_add_data {
    unsigned n;
    int runs;
    const float *a, *b;
    float *c;
};

#ifdef CUDA_BEST
#define IMPL "cuda-best"
__global__ void matrix_add(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                           unsigned count) {
    const float4 *a4 = (const float4 *)a, *b4 = (const float4 *)b;
    float4 *c4 = (float4 *)c;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < count / 4; i += gridDim.x * blockDim.x) {
        float4 u = a4[i], v = b4[i];
        c4[i] = make_float4(u.x + v.x, u.y + v.y, u.z + v.z, u.w + v.w);
    }
    unsigned tail = count / 4 * 4 + blockIdx.x * blockDim.x + threadIdx.x;
    if (tail < count) c[tail] = a[tail] + b[tail];
}

static void launch(const matrix_add_data *d) {
    static const unsigned blocks = cuda_bench_resident_blocks(matrix_add, 256);
    matrix_add<<<blocks, 256>>>(d->a, d->b, d->c, d->n * d->n);
}
#else
#define IMPL "cuda"
__global__ void matrix_add(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                           unsigned n) {
    unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < n && y < n) c[y * n + x] = a[y * n + x] + b[y * n + x];
}

static void launch(const matrix_add_data *d) {
    dim3 block(32, 8), grid((d->n + 31) / 32, (d->n + 7) / 8);
    matrix_add<<<grid, block>>>(d->a, d->b, d->c, d->n);
}
#endif

static void repetition(void *context) {
    matrix_add_data *d = (matrix_add_data *)context;
    for (int r = 0; r < d->runs; r++) launch(d);
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
    matrix_add_check(&o, IMPL, a);
    matrix_add_report(&o, IMPL, ms);
    CUDA(cudaFree((void *)d.a));
    CUDA(cudaFree((void *)d.b));
    CUDA(cudaFree(d.c));
    free(a);
    free(b);
    return 0;
}
