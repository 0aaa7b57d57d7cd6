/* reduction_main.h — what the C AMP reductions (reduction.c,
 * reduction_subgroup.c) share: their data and their main, which checks
 * the sum and reports under the program's name; each program brings the
 * repetition that runs its kernels d->runs times. */
#ifndef REDUCTION_MAIN_H
#define REDUCTION_MAIN_H
#include <camp.h>

#include "../problems/reduction.h"
#include "camp_bench.h"

typedef struct reduction_data {
    int n, runs;
    float *in, *partial, *total;
    unsigned *tickets; /* one, 0 between launches: reduction_subgroup's last tile adds the partial sums */
} reduction_data;

static int reduction_main(int argc, char **argv, const char *name, void (*repetition)(void *)) {
    bench_options o = bench_parse(argc, argv, name, REDUCTION_SIZE, REDUCTION_QUICK, REDUCTION_RUNS);
    reduction_validate(&o);
    camp_bench_require(&o, 4.0 * (double)o.size * 1.001, o.size);
    size_t n = (size_t)o.size;
    float *in = bench_alloc(&o, n * sizeof *in), total = 0;
    reduction_init(in, o.size);
    unsigned zero = 0;
    reduction_data d = {(int)n, o.runs, array_new(float, n, in), array_new(float, n / REDUCTION_CHUNK, NULL),
                        array_new(float, 1, NULL), array_new(unsigned, 1, &zero)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out(&total, d.total, 1);
    reduction_check(&o, "campcc", in, total);
    reduction_report(&o, "campcc", ms);
    array_delete(d.in);
    array_delete(d.partial);
    array_delete(d.total);
    array_delete(d.tickets);
    free(in);
    return 0;
}
#endif
