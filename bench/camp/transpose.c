/* transpose — out = in^T over 8192 x 8192 floats: each tile of 8 x 32
 * threads moves one 32 x 32 block through tile_static memory (each thread
 * 4 rows of it), so that reads and writes both run along rows. The block
 * has 33 columns so that the column reads fall into different banks. */
#include <camp.h>

#include "../problems/transpose.h"
#include "camp_bench.h"

#define BLOCK TRANSPOSE_BLOCK
#define ROWS TRANSPOSE_ROWS

typedef struct transpose_data {
    int n, runs;
    float *in, *out;
} transpose_data;

static void repetition(void *context) {
    transpose_data *d = context;
    int n = d->n;
    const float(*in)[n] = (const float(*)[n])d->in;
    float(*out)[n] = (float(*)[n])d->out;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(t, tile(extent(n / (BLOCK / ROWS), n), ROWS, BLOCK)) {
            tile_static float block[BLOCK][BLOCK + 1];
            int row0 = t.tile[0] * BLOCK, col0 = t.tile[1] * BLOCK, ly = t.local[0], lx = t.local[1];
            for (int k = 0; k < BLOCK; k += ROWS) block[ly + k][lx] = in[row0 + ly + k][col0 + lx];
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < BLOCK; k += ROWS) out[col0 + ly + k][row0 + lx] = block[lx][ly + k];
        }
    }
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "transpose", TRANSPOSE_SIZE, TRANSPOSE_QUICK, TRANSPOSE_RUNS);
    transpose_validate(&o);
    camp_bench_require(&o, 2.0 * 4 * (double)o.size * (double)o.size, o.size * o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *in = bench_alloc(&o, count * sizeof *in), *out = bench_alloc(&o, count * sizeof *out);
    transpose_init(in, o.size);
    transpose_data d = {(int)n, o.runs, array_new(float, count, in), array_new(float, count, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out(out, d.out, count);
    transpose_check(&o, "campcc", in, out);
    transpose_report(&o, "campcc", ms);
    array_delete(d.in);
    array_delete(d.out);
    free(in);
    free(out);
    return 0;
}
