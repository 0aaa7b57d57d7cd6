/* reduction — the sum of 64 Mi floats: a tiled kernel writes one partial
 * sum per 4096 floats (a tree in tile_static memory), a one-tile kernel
 * adds the partial sums the same way (problems/reduction.h). */
#include <camp.h>

#include "../problems/reduction.h"
#include "camp_bench.h"

#define TS REDUCTION_TILE
#define ITEMS REDUCTION_ITEMS

typedef struct reduction_data {
    int n, runs;
    float *in, *partial, *total;
} reduction_data;

static void repetition(void *context) {
    reduction_data *d = context;
    int tiles = d->n / REDUCTION_CHUNK;
    const float *in = d->in;
    float *partial = d->partial, *total = d->total;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(t, tile(extent(tiles * TS), TS)) {
            tile_static float sums[TS];
            const float *chunk = in + t.tile * REDUCTION_CHUNK;
            float sum = 0.0f;
            for (int k = 0; k < ITEMS; k++) sum += chunk[k * TS + t.local];
            sums[t.local] = sum;
            tile_barrier_wait(t.barrier);
            for (int stride = TS / 2; stride > 0; stride /= 2) {
                if (t.local < stride) sums[t.local] += sums[t.local + stride];
                tile_barrier_wait(t.barrier);
            }
            if (t.local == 0) partial[t.tile] = sums[0];
        }
        parallel_for_each(t, tile(extent(TS), TS)) {
            tile_static float sums[TS];
            float sum = 0.0f;
            for (int i = t.local; i < tiles; i += TS) sum += partial[i];
            sums[t.local] = sum;
            tile_barrier_wait(t.barrier);
            for (int stride = TS / 2; stride > 0; stride /= 2) {
                if (t.local < stride) sums[t.local] += sums[t.local + stride];
                tile_barrier_wait(t.barrier);
            }
            if (t.local == 0) total[0] = sums[0];
        }
    }
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "reduction", REDUCTION_SIZE, REDUCTION_QUICK, REDUCTION_RUNS);
    reduction_validate(&o);
    camp_bench_require(&o, 4.0 * (double)o.size * 1.001, o.size);
    size_t n = (size_t)o.size;
    float *in = bench_alloc(&o, n * sizeof *in), total = 0;
    reduction_init(in, o.size);
    reduction_data d = {(int)n, o.runs, array_new(float, n, in), array_new(float, n / REDUCTION_CHUNK, NULL),
                        array_new(float, 1, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out(&total, d.total, 1);
    reduction_check(&o, "campcc", in, total);
    reduction_report(&o, "campcc", ms);
    array_delete(d.in);
    array_delete(d.partial);
    array_delete(d.total);
    free(in);
    return 0;
}
