// histogram's CUDA twin: 256 threads per block, shared-memory bins counted
// with atomics, then added to the global bins.
#include "../problems/histogram.h"
#include "cuda_bench.h"

#define TS HISTOGRAM_TILE
#define WORDS HISTOGRAM_WORDS

__global__ void histogram(const unsigned *__restrict__ words, unsigned *__restrict__ bins) {
    __shared__ unsigned local_bins[HISTOGRAM_BINS];
    unsigned local = threadIdx.x, base = blockIdx.x * (TS * WORDS);
    local_bins[local] = 0;
    __syncthreads();
    for (unsigned k = 0; k < WORDS; k++) {
        unsigned w = words[base + k * TS + local];
        atomicAdd(&local_bins[w & 255u], 1u);
        atomicAdd(&local_bins[(w >> 8) & 255u], 1u);
        atomicAdd(&local_bins[(w >> 16) & 255u], 1u);
        atomicAdd(&local_bins[w >> 24], 1u);
    }
    __syncthreads();
    unsigned count = local_bins[local];
    if (count) atomicAdd(&bins[local], count);
}

struct histogram_data {
    unsigned tiles;
    int runs;
    const unsigned *words;
    unsigned *bins;
};

static void repetition(void *context) {
    histogram_data *d = (histogram_data *)context;
    for (int r = 0; r < d->runs; r++) histogram<<<d->tiles, TS>>>(d->words, d->bins);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "histogram", HISTOGRAM_SIZE, HISTOGRAM_QUICK, HISTOGRAM_RUNS);
    histogram_validate(&o);
    if (o.size > 0xffffffffll) bench_refuse(&o, "the twin indexes with 32 bits");
    cuda_bench_require(&o, (double)o.size);
    size_t n = (size_t)o.size;
    unsigned char *bytes = (unsigned char *)bench_alloc(&o, n);
    unsigned bins[HISTOGRAM_BINS] = {0};
    histogram_init(bytes, o.size);
    histogram_data d = {(unsigned)(n / HISTOGRAM_CHUNK), o.runs, cuda_bench_new(n / 4, (const unsigned *)bytes),
                        cuda_bench_new(HISTOGRAM_BINS, bins)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(bins, d.bins, HISTOGRAM_BINS);
    histogram_check(&o, "cuda", bytes, bins);
    histogram_report(&o, "cuda", ms);
    CUDA(cudaFree((void *)d.words));
    CUDA(cudaFree(d.bins));
    free(bytes);
    return 0;
}
