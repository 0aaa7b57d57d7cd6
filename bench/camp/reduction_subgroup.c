/* reduction_subgroup — reduction's sum of 64 Mi floats with subgroup
 * operations: a grid of GRID tiles strides over the data, each thread
 * adding float4s (one 128-bit load each, neighbouring threads on
 * neighbouring float4s), as the fastest CUDA sum does, four loads issued
 * before their sums (1-2% faster on an H200 than one at a time, and
 * the same sum: the order of the additions is the loop's); each tile adds its
 * threads' sums subgroup by subgroup (subgroup_reduce_add), then its first
 * subgroup adds the subgroups' sums: one barrier per tile where the tree
 * in tile_static memory has nine. The last tile to finish (a ticket from a
 * counter, camp_device_fence between) adds the GRID partial sums, in the
 * order a second kernel did: one launch where there were two. */
#include "reduction_main.h"

#define TS REDUCTION_TILE
#ifndef GRID
#define GRID 2112 /* 16 tiles per multiprocessor of an H200 (132): measured best of 528-16384 */
#endif
#define ITEMS REDUCTION_ITEMS

/* The sum of the tile's values v, in its first subgroup's threads (0
 * elsewhere): sums holds one per subgroup, TS / subgroup_size() of them. */
static float tile_sum(float v, float *sums, tile_barrier barrier) restrict(amp) {
    float subgroup_sum = subgroup_reduce_add(v);
    if (subgroup_lane() == 0) sums[subgroup_id()] = subgroup_sum;
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    float sum = 0.0f;
    if (subgroup_id() == 0) {
        for (unsigned i = subgroup_lane(); i < TS / subgroup_size(); i += subgroup_size()) sum += sums[i];
        sum = subgroup_reduce_add(sum);
    }
    return sum;
}

static unsigned as_uint(float f) restrict(amp) {
    union { float f; unsigned u; } v;
    v.f = f;
    return v.u;
}

static float as_float(unsigned u) restrict(amp) {
    union { float f; unsigned u; } v;
    v.u = u;
    return v.f;
}

static void repetition(void *context) {
    reduction_data *d = context;
    /* GRID tiles (fewer for a small n) */
    int quads = d->n / 4, grid = d->n / REDUCTION_CHUNK < GRID ? d->n / REDUCTION_CHUNK : GRID, tiles = grid;
    const float *in = d->in;
    unsigned *partial = (unsigned *)d->partial, *tickets = d->tickets;
    float *total = d->total;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(t, tile(extent(grid * TS), TS)) {
            tile_static float sums[TS];
            tile_static int last;
            const float4 *in4 = (const float4 *)in;
            float sum = 0.0f;
            int stride = grid * TS, i = t.global;
            /* four loads in flight before their sums, added in the order
             * of the loop below, which takes the last few */
            for (; i + 3 * stride < quads; i += 4 * stride) {
                float4 v0 = in4[i], v1 = in4[i + stride], v2 = in4[i + 2 * stride], v3 = in4[i + 3 * stride];
                sum += (v0.x + v0.y) + (v0.z + v0.w);
                sum += (v1.x + v1.y) + (v1.z + v1.w);
                sum += (v2.x + v2.y) + (v2.z + v2.w);
                sum += (v3.x + v3.y) + (v3.z + v3.w);
            }
            for (; i < quads; i += stride) {
                float4 v = in4[i];
                sum += (v.x + v.y) + (v.z + v.w);
            }
            sum = tile_sum(sum, sums, t.barrier);
            bool leader = subgroup_id() == 0 && subgroup_lane() == 0;
            if (leader) {
                camp_atomic_store(&partial[t.tile], as_uint(sum));
                camp_device_fence(); /* the partial sum before the ticket */
                last = camp_atomic_fetch_inc(&tickets[0]) == (unsigned)tiles - 1;
                camp_device_fence(); /* the ticket before the partial sums read */
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            if (last) {
                sum = 0.0f;
                for (int i = t.local; i < tiles; i += TS) sum += as_float(camp_atomic_load(&partial[i]));
                sum = tile_sum(sum, sums, t.barrier);
                if (leader) {
                    total[0] = sum;
                    camp_atomic_store(&tickets[0], 0u);
                }
            }
        }
    }
    camp_bench_wait();
}

int main(int argc, char **argv) { return reduction_main(argc, argv, "reduction_subgroup", repetition); }
