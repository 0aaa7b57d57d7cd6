/* sgemm_main.h — the program around an SGEMM kernel (sgemm_tiled.c,
 * sgemm_blocked.c): data, timing, check and report. */
#ifndef SGEMM_MAIN_H
#define SGEMM_MAIN_H
#include <camp.h>

#include "../problems/sgemm.h"
#include "camp_bench.h"

/* c = a x b for n x n matrices in arrays, launched on the default view. */
typedef void sgemm_kernel(int n, const float *a, const float *b, float *c);

typedef struct sgemm_data {
    sgemm_kernel *kernel;
    int n, runs;
    float *a, *b, *c;
} sgemm_data;

static void sgemm_repetition(void *context) {
    sgemm_data *d = context;
    for (int r = 0; r < d->runs; r++) d->kernel(d->n, d->a, d->b, d->c);
    camp_bench_wait();
}

/* The benchmark `name` of `kernel`, for sizes that are multiples of `multiple`. */
static int sgemm_main(int argc, char **argv, const char *name, sgemm_kernel *kernel, int multiple, int runs) {
    bench_options o = bench_parse(argc, argv, name, SGEMM_SIZE, SGEMM_QUICK, runs);
    sgemm_validate(&o, multiple);
    camp_bench_require(&o, 3.0 * 4 * (double)o.size * (double)o.size, o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *a = bench_alloc(&o, count * sizeof *a), *b = bench_alloc(&o, count * sizeof *b);
    float *c = bench_alloc(&o, count * sizeof *c);
    sgemm_init(a, b, o.size);
    sgemm_data d = {kernel, (int)n, o.runs, array_new(float, count, a), array_new(float, count, b),
                    array_new(float, count, NULL)};
    double ms = bench_measure(&o, sgemm_repetition, &d);
    array_copy_out(c, d.c, count);
    sgemm_check(&o, "campcc", a, b, c);
    sgemm_report(&o, "campcc", ms);
    array_delete(d.a);
    array_delete(d.b);
    array_delete(d.c);
    free(a);
    free(b);
    free(c);
    return 0;
}
#endif
