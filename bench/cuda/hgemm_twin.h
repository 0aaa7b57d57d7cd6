// hgemm_twin.h — the program around a half-precision GEMM (hgemm_wmma.cu,
// hgemm_cublas.cu): data, timing, check and report at each size.
#ifndef HGEMM_TWIN_H
#define HGEMM_TWIN_H
#include <cuda_fp16.h>

#include "../problems/hgemm.h"
#include "cuda_bench.h"

// Launches c = a x b for n x n matrices on the default stream.
typedef void hgemm_launch(unsigned n, const __half *a, const __half *b, float *c);

struct hgemm_data {
    hgemm_launch *launch;
    unsigned n;
    int runs;
    const __half *a, *b;
    float *c;
};

static void hgemm_repetition(void *context) {
    hgemm_data *d = (hgemm_data *)context;
    for (int r = 0; r < d->runs; r++) d->launch(d->n, d->a, d->b, d->c);
    cuda_bench_wait();
}

static void hgemm_measure_size(const bench_options *o, const char *impl, hgemm_launch *launch) {
    size_t n = (size_t)o->size, count = n * n;
    uint16_t *a = (uint16_t *)bench_alloc(o, count * sizeof *a), *b = (uint16_t *)bench_alloc(o, count * sizeof *b);
    float *c = (float *)bench_alloc(o, count * sizeof *c);
    hgemm_init(a, b, o->size);
    uint16_t *da = cuda_bench_new(count, a), *db = cuda_bench_new(count, b);
    hgemm_data d = {launch, (unsigned)n, o->runs, (const __half *)da, (const __half *)db,
                    cuda_bench_new<float>(count, NULL)};
    CUDA(cudaMemset(d.c, 0xff, count * sizeof *c)); // NaN: an element no kernel writes fails the check
    double ms = bench_measure(o, hgemm_repetition, &d);
    cuda_bench_read(c, d.c, count);
    hgemm_check(o, impl, a, b, c);
    hgemm_report(o, impl, ms, "");
    CUDA(cudaFree(da));
    CUDA(cudaFree(db));
    CUDA(cudaFree(d.c));
    free(a);
    free(b);
    free(c);
}

// `impl` names the implementation in the report (cuda, cublas); sizes must
// be multiples of `multiple`.
static int hgemm_twin(int argc, char **argv, const char *impl, hgemm_launch *launch, int multiple) {
    bench_options at[2];
    int count = hgemm_parse(argc, argv, multiple, at);
    double largest = (double)at[count - 1].size;
    cuda_bench_require(&at[count - 1], 8.0 * largest * largest);
    for (int s = 0; s < count; s++) hgemm_measure_size(&at[s], impl, launch);
    return 0;
}
#endif
