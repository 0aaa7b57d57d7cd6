/* saxpy — y = a * x + y over 64 Mi floats: an untiled 1-D parallel_for_each
 * (the workgroup is campcc's choice). */
#include <camp.h>

#include "../problems/saxpy.h"
#include "camp_bench.h"

typedef struct saxpy_data {
    int n, runs;
    const float *x;
    float *y;
} saxpy_data;

static void repetition(void *context) {
    saxpy_data *d = context;
    const float *x = d->x;
    float *y = d->y;
    float a = SAXPY_A;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(i, extent(d->n)) { y[i] = a * x[i] + y[i]; }
    }
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "saxpy", SAXPY_SIZE, SAXPY_QUICK, SAXPY_RUNS);
    camp_bench_require(&o, 2.0 * 4 * (double)o.size, o.size);
    size_t n = (size_t)o.size;
    float *x = bench_alloc(&o, n * sizeof *x), *y = bench_alloc(&o, n * sizeof *y);
    saxpy_init(x, y, o.size);
    saxpy_data d = {(int)n, o.runs, array_new(float, n, x), array_new(float, n, y)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out(y, d.y, n);
    saxpy_check(&o, "campcc", y);
    saxpy_report(&o, "campcc", ms);
    array_delete((float *)d.x);
    array_delete(d.y);
    free(x);
    free(y);
    return 0;
}
