// sgemm_twin.h — the program around an SGEMM kernel (sgemm_tiled.cu,
// sgemm_blocked.cu, sgemm_cublas.cu): data, timing, check and report.
#ifndef SGEMM_TWIN_H
#define SGEMM_TWIN_H
#include "../problems/sgemm.h"
#include "cuda_bench.h"

// Launches c = a x b for n x n matrices on the default stream.
typedef void sgemm_launch(unsigned n, const float *a, const float *b, float *c);

struct sgemm_data {
    sgemm_launch *launch;
    unsigned n;
    int runs;
    const float *a, *b;
    float *c;
};

static void sgemm_repetition(void *context) {
    sgemm_data *d = (sgemm_data *)context;
    for (int r = 0; r < d->runs; r++) d->launch(d->n, d->a, d->b, d->c);
    cuda_bench_wait();
}

// `impl` names the implementation in the report (cuda, cublas).
static int sgemm_twin(int argc, char **argv, const char *name, const char *impl, sgemm_launch *launch, int multiple,
                      int runs) {
    bench_options o = bench_parse(argc, argv, name, SGEMM_SIZE, SGEMM_QUICK, runs);
    sgemm_validate(&o, multiple);
    cuda_bench_require(&o, 3.0 * 4 * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *a = (float *)bench_alloc(&o, count * sizeof *a), *b = (float *)bench_alloc(&o, count * sizeof *b);
    float *c = (float *)bench_alloc(&o, count * sizeof *c);
    sgemm_init(a, b, o.size);
    sgemm_data d = {launch, (unsigned)n, o.runs, cuda_bench_new(count, a), cuda_bench_new(count, b),
                    cuda_bench_new<float>(count, NULL)};
    double ms = bench_measure(&o, sgemm_repetition, &d);
    cuda_bench_read(c, d.c, count);
    sgemm_check(&o, impl, a, b, c);
    sgemm_report(&o, impl, ms);
    CUDA(cudaFree((void *)d.a));
    CUDA(cudaFree((void *)d.b));
    CUDA(cudaFree(d.c));
    free(a);
    free(b);
    free(c);
    return 0;
}
#endif
