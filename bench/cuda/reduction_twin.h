/* reduction_twin.h — what reduction's CUDA programs (reduction.cu,
 * reduction_subgroup.cu, with and without -DCUDA_BEST) share: a main that
 * runs kernel `tiles` (blocks of 256 threads over the n floats, a partial
 * sum each: one block per 4096 floats, or `blocks` of them), then kernel
 * `final` (one block adding the partial sums), and reports as `impl`
 * under `name`. */
#ifndef REDUCTION_TWIN_H
#define REDUCTION_TWIN_H
#include "../problems/reduction.h"
#include "cuda_bench.h"

#define TS REDUCTION_TILE
#define ITEMS REDUCTION_ITEMS

typedef void (*reduction_tiles_kernel)(const float *__restrict__ in, float *__restrict__ partial, unsigned n);
typedef void (*reduction_final_kernel)(const float *__restrict__ partial, float *__restrict__ total, unsigned count);

struct reduction_data {
    unsigned n, tiles;
    int runs;
    const float *in;
    float *partial, *total;
    reduction_tiles_kernel tiles_kernel;
    reduction_final_kernel final_kernel;
};

static void repetition(void *context) {
    reduction_data *d = (reduction_data *)context;
    for (int r = 0; r < d->runs; r++) {
        d->tiles_kernel<<<d->tiles, TS>>>(d->in, d->partial, d->n);
        d->final_kernel<<<1, TS>>>(d->partial, d->total, d->tiles);
    }
    cuda_bench_wait();
}

static int reduction_twin(int argc, char **argv, const char *name, const char *impl, reduction_tiles_kernel tiles,
                          unsigned blocks, reduction_final_kernel final) {
    bench_options o = bench_parse(argc, argv, name, REDUCTION_SIZE, REDUCTION_QUICK, REDUCTION_RUNS);
    reduction_validate(&o);
    if (o.size > 0xffffffffll) bench_refuse(&o, "the twin indexes with 32 bits");
    cuda_bench_require(&o, 4.0 * (double)o.size * 1.001);
    size_t n = (size_t)o.size, tile_count = blocks ? blocks : n / REDUCTION_CHUNK;
    float *in = (float *)bench_alloc(&o, n * sizeof *in), total = 0;
    reduction_init(in, o.size);
    reduction_data d = {(unsigned)n, (unsigned)tile_count, o.runs, cuda_bench_new(n, in), cuda_bench_new<float>(tile_count, NULL),
                        cuda_bench_new<float>(1, NULL), tiles, final};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(&total, d.total, 1);
    reduction_check(&o, impl, in, total);
    reduction_report(&o, impl, ms);
    CUDA(cudaFree((void *)d.in));
    CUDA(cudaFree(d.partial));
    CUDA(cudaFree(d.total));
    free(in);
    return 0;
}
#endif
