// transpose's CUDA twin: 32 x 8 threads per block, one 32 x 32 tile each
// through shared memory padded to 33 columns. Built with -DCUDA_BEST
// (bench/run's "cuda-best" column), transpose's fastest CUDA form instead:
// 8 x 32 threads per tile, each reading one float4 of a row of `in` and
// writing one float4 of a row of `out` (no bank conflicts either way).
#include "../problems/transpose.h"
#include "cuda_bench.h"

#define BLOCK TRANSPOSE_BLOCK
#define ROWS TRANSPOSE_ROWS

#ifdef CUDA_BEST
#define IMPL "cuda-best"
__global__ void transpose(const float *__restrict__ in, float *__restrict__ out, unsigned n) {
    __shared__ float block[BLOCK][BLOCK + 1];
    unsigned row0 = blockIdx.y * BLOCK, col0 = blockIdx.x * BLOCK, q = 4 * threadIdx.x, r = threadIdx.y;
    float4 v = *(const float4 *)&in[(row0 + r) * n + col0 + q];
    block[r][q] = v.x;
    block[r][q + 1] = v.y;
    block[r][q + 2] = v.z;
    block[r][q + 3] = v.w;
    __syncthreads();
    *(float4 *)&out[(col0 + r) * n + row0 + q] = make_float4(block[q][r], block[q + 1][r], block[q + 2][r], block[q + 3][r]);
}

static const dim3 threads(BLOCK / 4, BLOCK);
#else
#define IMPL "cuda"
__global__ void transpose(const float *__restrict__ in, float *__restrict__ out, unsigned n) {
    __shared__ float block[BLOCK][BLOCK + 1];
    unsigned row0 = blockIdx.y * BLOCK, col0 = blockIdx.x * BLOCK, lx = threadIdx.x, ly = threadIdx.y;
    for (unsigned k = 0; k < BLOCK; k += ROWS) block[ly + k][lx] = in[(row0 + ly + k) * n + col0 + lx];
    __syncthreads();
    for (unsigned k = 0; k < BLOCK; k += ROWS) out[(col0 + ly + k) * n + row0 + lx] = block[lx][ly + k];
}

static const dim3 threads(BLOCK, ROWS);
#endif

struct transpose_data {
    unsigned n;
    int runs;
    const float *in;
    float *out;
};

static void repetition(void *context) {
    transpose_data *d = (transpose_data *)context;
    dim3 grid(d->n / BLOCK, d->n / BLOCK);
    for (int r = 0; r < d->runs; r++) transpose<<<grid, threads>>>(d->in, d->out, d->n);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "transpose", TRANSPOSE_SIZE, TRANSPOSE_QUICK, TRANSPOSE_RUNS);
    transpose_validate(&o);
    if (o.size * o.size > 0xffffffffll) bench_refuse(&o, "the twin indexes with 32 bits");
    cuda_bench_require(&o, 2.0 * 4 * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *in = (float *)bench_alloc(&o, count * sizeof *in), *out = (float *)bench_alloc(&o, count * sizeof *out);
    transpose_init(in, o.size);
    transpose_data d = {(unsigned)n, o.runs, cuda_bench_new(count, in), cuda_bench_new<float>(count, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(out, d.out, count);
    transpose_check(&o, IMPL, in, out);
    transpose_report(&o, IMPL, ms);
    CUDA(cudaFree((void *)d.in));
    CUDA(cudaFree(d.out));
    free(in);
    free(out);
    return 0;
}
