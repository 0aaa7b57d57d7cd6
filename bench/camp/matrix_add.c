/* matrix_add — C = A + B over 8192 x 8192 floats: an untiled 2-D
 * parallel_for_each over rows of runtime length. */
#include <camp.h>

#include "../problems/matrix_add.h"
#include "camp_bench.h"

typedef struct matrix_add_data {
    int n, runs;
    float *a, *b, *c;
} matrix_add_data;

static void repetition(void *context) {
    matrix_add_data *d = context;
    int n = d->n;
    const float(*a)[n] = (const float(*)[n])d->a;
    const float(*b)[n] = (const float(*)[n])d->b;
    float(*c)[n] = (float(*)[n])d->c;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(i, extent(n, n)) { c[i[0]][i[1]] = a[i[0]][i[1]] + b[i[0]][i[1]]; }
    }
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "matrix_add", MATRIX_ADD_SIZE, MATRIX_ADD_QUICK, MATRIX_ADD_RUNS);
    camp_bench_require(&o, 3.0 * 4 * (double)o.size * (double)o.size, o.size * o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *a = bench_alloc(&o, count * sizeof *a), *b = bench_alloc(&o, count * sizeof *b);
    matrix_add_init(a, b, o.size);
    matrix_add_data d = {(int)n, o.runs, array_new(float, count, a), array_new(float, count, b),
                         array_new(float, count, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out(a, d.c, count); /* a's memory holds c now */
    matrix_add_check(&o, "campcc", a);
    matrix_add_report(&o, "campcc", ms);
    array_delete(d.a);
    array_delete(d.b);
    array_delete(d.c);
    free(a);
    free(b);
    return 0;
}
