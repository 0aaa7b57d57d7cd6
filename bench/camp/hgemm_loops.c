/* hgemm_loops — C = A x B, half inputs, float accumulation, written as a
 * C++ AMP program writes a tiled matrix multiply: tiles of 32 x 32
 * threads, each thread one element of C, tile_static tiles of A and B, a
 * barrier, a loop of multiply-adds into a float, a barrier. campcc lowers
 * that loop to matrix fragments by itself (docs/dialect.md §4.9:
 * --dump-kernels says so), so on a device with cooperative matrices it
 * runs on the tensor cores; hgemm_fragment is the same product written
 * with fragments and tuned by hand. Its row is "campcc-loops". n must be a
 * multiple of 32. */
#include <camp.h>

#include "../problems/hgemm.h"
#include "camp_bench.h"

enum { TS = 32 };

static void hgemm(int n, const half *a, const half *b, float *c) {
    parallel_for_each(t, tile(extent(n, n), TS, TS)) {
        tile_static half as[TS][TS], bs[TS][TS];
        int row = t.local[0], col = t.local[1];
        float sum = 0;
        for (int k0 = 0; k0 < n; k0 += TS) {
            as[row][col] = a[(size_t)t.global[0] * n + k0 + col];
            bs[row][col] = b[(size_t)(k0 + row) * n + t.global[1]];
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < TS; k++) sum += (float)as[row][k] * (float)bs[k][col];
            tile_barrier_wait(t.barrier);
        }
        c[(size_t)t.global[0] * n + t.global[1]] = sum;
    }
}

typedef struct hgemm_data {
    int n, runs;
    half *a, *b;
    float *c;
} hgemm_data;

static void hgemm_repetition(void *context) {
    hgemm_data *d = context;
    for (int r = 0; r < d->runs; r++) hgemm(d->n, d->a, d->b, d->c);
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options at[2];
    int count = hgemm_parse(argc, argv, TS, at);
    for (int s = 0; s < count; s++) {
        bench_options *o = &at[s];
        size_t n = (size_t)o->size, elements = n * n;
        camp_bench_require(o, (2.0 * 2 + 4) * (double)elements, o->size);
        uint16_t *a = bench_alloc(o, elements * sizeof *a), *b = bench_alloc(o, elements * sizeof *b);
        float *c = bench_alloc(o, elements * sizeof *c);
        hgemm_init(a, b, o->size);
        hgemm_data d = {(int)n, o->runs, array_new(half, elements, a), array_new(half, elements, b),
                        array_new(float, elements, NULL)};
        double ms = bench_measure(o, hgemm_repetition, &d);
        array_copy_out(c, d.c, elements);
        hgemm_check(o, "campcc-loops", a, b, c);
        hgemm_report(o, "campcc-loops", ms, "");
        array_delete(d.a);
        array_delete(d.b);
        array_delete(d.c);
        free(a);
        free(b);
        free(c);
    }
    return 0;
}
