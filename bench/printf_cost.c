// needs: shaderInt64
/* printf_cost — what a printf that never prints costs a kernel
 * (docs/debugging.md): saxpy as is ("plain") and with a printf under a
 * condition no element meets ("printf"), measured alternately, twice each,
 * in three shapes: 64 Mi elements (memory bound), 4 Ki elements with
 * 1,000 launches before one wait (launch throughput: the runtime numbers
 * every launch of a reporting kernel), and 4 Ki elements with a wait
 * after every launch (the round trip: each wait looks at the report
 * buffer). One BENCH line per measurement; results checked. */
#include <camp.h>

#include "problems/saxpy.h"
#include "camp/camp_bench.h"

typedef struct cost_data {
    int n, runs;
    bool printf_kernel, wait_each;
    const float *x;
    float *y;
} cost_data;

static void repetition(void *context) {
    cost_data *d = context;
    const float *x = d->x;
    float *y = d->y;
    float a = SAXPY_A;
    for (int r = 0; r < d->runs; r++) {
        if (d->printf_kernel) {
            parallel_for_each(i, extent(d->n)) {
                float v = a * x[i] + y[i];
                if (v > 1e30f) printf("y[%d] = %g overflows\n", i, v); /* never: |v| stays small */
                y[i] = v;
            }
        } else {
            parallel_for_each(i, extent(d->n)) { y[i] = a * x[i] + y[i]; }
        }
        if (d->wait_each) camp_bench_wait();
    }
    camp_bench_wait();
}

/* One measurement of one variant, its result checked. */
static void measure(const char *shape, long long n, int runs, bool printf_kernel, bool wait_each, bool quick) {
    bench_options o = {shape, quick, n, quick ? 3 : 9, quick ? 2 : runs};
    camp_bench_require(&o, 2.0 * 4 * (double)n, n);
    float *x = bench_alloc(&o, (size_t)n * sizeof *x), *y = bench_alloc(&o, (size_t)n * sizeof *y);
    saxpy_init(x, y, n);
    cost_data d = {(int)n, o.runs, printf_kernel, wait_each, array_new(float, n, x), array_new(float, n, y)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out(y, d.y, n);
    const char *impl = printf_kernel ? "printf" : "plain";
    saxpy_check(&o, impl, y);
    saxpy_report(&o, impl, ms);
    array_delete((float *)d.x);
    array_delete(d.y);
    free(x);
    free(y);
}

int main(int argc, char **argv) {
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 2 || (argc == 2 && !quick)) bench_usage("printf_cost");
    static const struct {
        const char *shape;
        long long n;
        int runs;
        bool wait_each;
    } shapes[] = {
        {"saxpy_64Mi", SAXPY_SIZE, SAXPY_RUNS, false},
        {"saxpy_4Ki_throughput", 4096, 1000, false},
        {"saxpy_4Ki_roundtrip", 4096, 200, true},
    };
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
        for (int round = 0; round < 2; round++)
            for (int variant = 0; variant < 2; variant++)
                measure(shapes[s].shape, quick ? SAXPY_QUICK : shapes[s].n, shapes[s].runs, variant == 1,
                        shapes[s].wait_each, quick);
    return 0;
}
