/* reduction — the sum of 64 Mi floats: a tiled kernel writes one partial
 * sum per 4096 floats (a tree in tile_static memory), a one-tile kernel
 * adds the partial sums the same way (problems/reduction.h). */
#include "reduction_main.h"

#define TS REDUCTION_TILE
#define ITEMS REDUCTION_ITEMS

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

int main(int argc, char **argv) { return reduction_main(argc, argv, "reduction", repetition); }
