// matrix_add's fastest CUDA form, bench/run's "cuda-best" column: the
// matrices are contiguous, so one grid-stride loop over their n * n
// elements as float4s, as many blocks of 256 threads as the device keeps
// resident, and the n * n % 4 last elements by the first threads.
#include "../problems/matrix_add.h"
#include "cuda_bench.h"

__global__ void matrix_add4(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                            size_t count) {
    const float4 *a4 = (const float4 *)a, *b4 = (const float4 *)b;
    float4 *c4 = (float4 *)c;
    size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x, stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = first; i < count / 4; i += stride) {
        float4 u = a4[i], v = b4[i];
        c4[i] = make_float4(u.x + v.x, u.y + v.y, u.z + v.z, u.w + v.w);
    }
    size_t tail = count / 4 * 4 + first;
    if (tail < count) c[tail] = a[tail] + b[tail];
}

struct matrix_add_data {
    size_t count;
    int runs;
    unsigned blocks;
    const float *a, *b;
    float *c;
};

static void repetition(void *context) {
    matrix_add_data *d = (matrix_add_data *)context;
    for (int r = 0; r < d->runs; r++) matrix_add4<<<d->blocks, 256>>>(d->a, d->b, d->c, d->count);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "matrix_add", MATRIX_ADD_SIZE, MATRIX_ADD_QUICK, MATRIX_ADD_RUNS);
    cuda_bench_require(&o, 3.0 * 4 * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *a = (float *)bench_alloc(&o, count * sizeof *a), *b = (float *)bench_alloc(&o, count * sizeof *b);
    matrix_add_init(a, b, o.size);
    matrix_add_data d = {count, o.runs, cuda_bench_resident_blocks(matrix_add4, 256), cuda_bench_new(count, a),
                         cuda_bench_new(count, b), cuda_bench_new<float>(count, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(a, d.c, count); // a's memory holds c now
    matrix_add_check(&o, "cuda-best", a);
    matrix_add_report(&o, "cuda-best", ms);
    CUDA(cudaFree((void *)d.a));
    CUDA(cudaFree((void *)d.b));
    CUDA(cudaFree(d.c));
    free(a);
    free(b);
    return 0;
}
