// transpose's fastest CUDA form, bench/run's "cuda-best" column: each block
// of 8 x 32 threads moves one 32 x 32 tile through shared memory padded to
// 33 columns (no bank conflicts either way), each thread reading one
// float4 of a row of `in` and writing one float4 of a row of `out`.
#include "../problems/transpose.h"
#include "cuda_bench.h"

#define BLOCK TRANSPOSE_BLOCK

__global__ void transpose4(const float *__restrict__ in, float *__restrict__ out, unsigned n) {
    __shared__ float tile[BLOCK][BLOCK + 1];
    unsigned row0 = blockIdx.y * BLOCK, col0 = blockIdx.x * BLOCK, q = 4 * threadIdx.x, r = threadIdx.y;
    float4 v = *(const float4 *)&in[(size_t)(row0 + r) * n + col0 + q];
    tile[r][q] = v.x;
    tile[r][q + 1] = v.y;
    tile[r][q + 2] = v.z;
    tile[r][q + 3] = v.w;
    __syncthreads();
    *(float4 *)&out[(size_t)(col0 + r) * n + row0 + q] = make_float4(tile[q][r], tile[q + 1][r], tile[q + 2][r], tile[q + 3][r]);
}

struct transpose_data {
    unsigned n;
    int runs;
    const float *in;
    float *out;
};

static void repetition(void *context) {
    transpose_data *d = (transpose_data *)context;
    dim3 block(BLOCK / 4, BLOCK), grid(d->n / BLOCK, d->n / BLOCK);
    for (int r = 0; r < d->runs; r++) transpose4<<<grid, block>>>(d->in, d->out, d->n);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "transpose", TRANSPOSE_SIZE, TRANSPOSE_QUICK, TRANSPOSE_RUNS);
    transpose_validate(&o);
    cuda_bench_require(&o, 2.0 * 4 * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *in = (float *)bench_alloc(&o, count * sizeof *in), *out = (float *)bench_alloc(&o, count * sizeof *out);
    transpose_init(in, o.size);
    transpose_data d = {(unsigned)n, o.runs, cuda_bench_new(count, in), cuda_bench_new<float>(count, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(out, d.out, count);
    transpose_check(&o, "cuda-best", in, out);
    transpose_report(&o, "cuda-best", ms);
    CUDA(cudaFree((void *)d.in));
    CUDA(cudaFree(d.out));
    free(in);
    free(out);
    return 0;
}
