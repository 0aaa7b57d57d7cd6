/* hgemm_main.h — the program around a half-precision GEMM kernel
 * (hgemm_fragment.c, hgemm_loops.c): data, timing, check and report. */
#ifndef HGEMM_MAIN_H
#define HGEMM_MAIN_H
#include <camp.h>

#include "../problems/hgemm.h"
#include "camp_bench.h"

/* c = a x b for n x n matrices in arrays, launched on the default view. */
typedef void hgemm_kernel(int n, const half *a, const half *b, float *c);

typedef struct hgemm_data {
    hgemm_kernel *kernel;
    int n, runs;
    half *a, *b;
    float *c;
} hgemm_data;

static void hgemm_repetition(void *context) {
    hgemm_data *d = context;
    for (int r = 0; r < d->runs; r++) d->kernel(d->n, d->a, d->b, d->c);
    camp_bench_wait();
}

/* The rows of implementation `impl` (`kernel`), for sizes that are
 * multiples of `multiple`. */
static int hgemm_main(int argc, char **argv, const char *impl, hgemm_kernel *kernel, int multiple) {
    bench_options at[2];
    int count = hgemm_parse(argc, argv, multiple, at);
    for (int s = 0; s < count; s++) {
        bench_options *o = &at[s];
        size_t n = (size_t)o->size, elements = n * n;
        camp_bench_require(o, (2.0 * 2 + 4) * (double)elements, o->size);
        uint16_t *a = bench_alloc(o, elements * sizeof *a), *b = bench_alloc(o, elements * sizeof *b);
        float *c = bench_alloc(o, elements * sizeof *c);
        hgemm_init(a, b, o->size);
        hgemm_data d = {kernel, (int)n, o->runs, array_new(half, elements, a), array_new(half, elements, b),
                        array_new(float, elements, NULL)};
        double ms = bench_measure(o, hgemm_repetition, &d);
        array_copy_out(c, d.c, elements);
        hgemm_check(o, impl, a, b, c);
        hgemm_report(o, impl, ms, "");
        array_delete(d.a);
        array_delete(d.b);
        array_delete(d.c);
        free(a);
        free(b);
        free(c);
    }
    return 0;
}
#endif
