// needs: shaderInt64 shaderFloat64 shaderBufferFloat32Atomics shaderBufferInt64Atomics
// test: tiled
/* camp_atomic_load and camp_atomic_store on float and double, as CUDA's
 * threadFenceReduction publishes each block's partial sum: each tile
 * stores its float and double sums whole, takes a ticket, and the tile
 * that takes the last one loads every partial and writes the totals; a
 * float in tile_static memory is stored and loaded the same way. Checked
 * against the serial sums (the partials are small integers: exact). */
#include <camp.h>
#include <stdio.h>

#define TILES 16
#define TS 64

int main(void) {
    float in[TILES * TS], partial[TILES] = {0}, total[1] = {0}, shared_seen[TILES] = {0};
    double dpartial[TILES] = {0}, dtotal[1] = {0};
    unsigned ticket[1] = {0};
    for (int i = 0; i < TILES * TS; i++) in[i] = (float)(i % 7);
    parallel_for_each(t, tile(extent(TILES * TS), TS)) {
        tile_static float s[TS];
        tile_static float flag;
        tile_static unsigned last;
        s[t.local] = in[t.global];
        if (t.local == 0) camp_atomic_store(&flag, 2.5f);
        tile_barrier_wait(t.barrier);
        for (int k = TS / 2; k > 0; k >>= 1) {
            if (t.local < k) s[t.local] += s[t.local + k];
            tile_barrier_wait(t.barrier);
        }
        if (t.local == 0) {
            shared_seen[t.tile] = camp_atomic_load(&flag);
            camp_atomic_store(&partial[t.tile], s[0]);
            camp_atomic_store(&dpartial[t.tile], (double)s[0] * 0.5);
        }
        tile_barrier_wait_with_global_memory_fence(t.barrier);
        if (t.local == 0) last = camp_atomic_fetch_inc(&ticket[0]) == TILES - 1;
        tile_barrier_wait(t.barrier);
        if (last && t.local == 0) {
            float sum = 0;
            double dsum = 0;
            for (int k = 0; k < TILES; k++) sum += camp_atomic_load(&partial[k]), dsum += camp_atomic_load(&dpartial[k]);
            total[0] = sum;
            dtotal[0] = dsum;
        }
    }
    float want = 0;
    for (int i = 0; i < TILES * TS; i++) want += in[i];
    int bad = total[0] != want || dtotal[0] != want * 0.5;
    for (int k = 0; k < TILES; k++) bad |= shared_seen[k] != 2.5f;
    printf("%g %g (want %g %g) %s\n", total[0], dtotal[0], want, want * 0.5, bad ? "FAIL" : "PASS");
    return bad;
}
