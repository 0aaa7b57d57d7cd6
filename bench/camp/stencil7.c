/* stencil7 — the 7-point stencil over a 512^3 grid: an untiled 3-D
 * parallel_for_each (index 0 is z, 2 is x). */
#include <camp.h>

#include "../problems/stencil7.h"
#include "camp_bench.h"

typedef struct stencil_data {
    int n, runs;
    float *in, *out;
} stencil_data;

static void repetition(void *context) {
    stencil_data *d = context;
    int n = d->n;
    const float(*in)[n][n] = (const float(*)[n][n])d->in;
    float(*out)[n][n] = (float(*)[n][n])d->out;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(i, extent(n, n, n)) {
            int z = i[0], y = i[1], x = i[2];
            float c = in[z][y][x];
            if (x > 0 && y > 0 && z > 0 && x < n - 1 && y < n - 1 && z < n - 1)
                c = STENCIL_C0 * c + STENCIL_C1 * (in[z][y][x - 1] + in[z][y][x + 1] + in[z][y - 1][x] +
                                                   in[z][y + 1][x] + in[z - 1][y][x] + in[z + 1][y][x]);
            out[z][y][x] = c;
        }
    }
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "stencil7", STENCIL_SIZE, STENCIL_QUICK, STENCIL_RUNS);
    camp_bench_require(&o, 2.0 * 4 * (double)o.size * (double)o.size * (double)o.size, o.size * o.size * o.size);
    size_t n = (size_t)o.size, count = n * n * n;
    float *in = bench_alloc(&o, count * sizeof *in), *out = bench_alloc(&o, count * sizeof *out);
    stencil7_init(in, o.size);
    stencil_data d = {(int)n, o.runs, array_new(float, count, in), array_new(float, count, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out(out, d.out, count);
    stencil7_check(&o, "campcc", in, out);
    stencil7_report(&o, "campcc", ms);
    array_delete(d.in);
    array_delete(d.out);
    free(in);
    free(out);
    return 0;
}
