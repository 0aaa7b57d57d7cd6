// reduction's CUDA twin: the same two kernels, 256 threads per block.
#include "../problems/reduction.h"
#include "cuda_bench.h"

#define TS REDUCTION_TILE
#define ITEMS REDUCTION_ITEMS

__global__ void reduction_tiles(const float *__restrict__ in, float *__restrict__ partial) {
    __shared__ float sums[TS];
    unsigned local = threadIdx.x, base = blockIdx.x * REDUCTION_CHUNK;
    float sum = 0.0f;
    for (unsigned k = 0; k < ITEMS; k++) sum += in[base + k * TS + local];
    sums[local] = sum;
    __syncthreads();
    for (unsigned stride = TS / 2; stride > 0; stride /= 2) {
        if (local < stride) sums[local] += sums[local + stride];
        __syncthreads();
    }
    if (local == 0) partial[blockIdx.x] = sums[0];
}

__global__ void reduction_final(const float *__restrict__ partial, float *__restrict__ total, unsigned count) {
    __shared__ float sums[TS];
    unsigned local = threadIdx.x;
    float sum = 0.0f;
    for (unsigned i = local; i < count; i += TS) sum += partial[i];
    sums[local] = sum;
    __syncthreads();
    for (unsigned stride = TS / 2; stride > 0; stride /= 2) {
        if (local < stride) sums[local] += sums[local + stride];
        __syncthreads();
    }
    if (local == 0) total[0] = sums[0];
}

struct reduction_data {
    unsigned tiles;
    int runs;
    const float *in;
    float *partial, *total;
};

static void repetition(void *context) {
    reduction_data *d = (reduction_data *)context;
    for (int r = 0; r < d->runs; r++) {
        reduction_tiles<<<d->tiles, TS>>>(d->in, d->partial);
        reduction_final<<<1, TS>>>(d->partial, d->total, d->tiles);
    }
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "reduction", REDUCTION_SIZE, REDUCTION_QUICK, REDUCTION_RUNS);
    reduction_validate(&o);
    if (o.size > 0xffffffffll) bench_refuse(&o, "the twin indexes with 32 bits");
    cuda_bench_require(&o, 4.0 * (double)o.size * 1.001);
    size_t n = (size_t)o.size, tiles = n / REDUCTION_CHUNK;
    float *in = (float *)bench_alloc(&o, n * sizeof *in), total = 0;
    reduction_init(in, o.size);
    reduction_data d = {(unsigned)tiles, o.runs, cuda_bench_new(n, in), cuda_bench_new<float>(tiles, NULL),
                        cuda_bench_new<float>(1, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(&total, d.total, 1);
    reduction_check(&o, "cuda", in, total);
    reduction_report(&o, "cuda", ms);
    CUDA(cudaFree((void *)d.in));
    CUDA(cudaFree(d.partial));
    CUDA(cudaFree(d.total));
    free(in);
    return 0;
}
