// needs: shaderInt64 shaderBufferFloat32AtomicAdd shaderBufferFloat32Atomics
// test: tiled
/* camp_atomic_fetch_add and camp_atomic_exchange on float, in a view and
 * in tile_static memory (they need VK_EXT_shader_atomic_float; libcamp
 * refuses the kernel clearly on devices without it). Halves and small
 * integers add exactly in any order. */
#include <camp.h>
#include <stdio.h>

#define TS 64
enum { N = TS * 8, TILES = N / TS };

int main(void) {
    float sum[1] = {0.0f}, last[1] = {-1.0f}, tile_sum[TILES], olds[N];
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static float acc;
        tile_static float slot;
        if (t.local == 0) {
            acc = 0.0f;
            slot = -1.0f;
        }
        tile_barrier_wait(t.barrier);
        camp_atomic_fetch_add(&acc, 0.5f);
        camp_atomic_fetch_add(&sum[0], (float)(t.global % 4));
        olds[t.global] = camp_atomic_exchange(&slot, (float)t.local);
        camp_atomic_exchange(&last[0], 3.0f);
        tile_barrier_wait(t.barrier);
        if (t.local == 0) tile_sum[t.tile] = acc + slot - slot;
    }
    int bad = 0;
    float want = 0.0f;
    for (int i = 0; i < N; i++) want += (float)(i % 4);
    if (sum[0] != want) bad++, printf("view sum %g, want %g\n", sum[0], want);
    if (last[0] != 3.0f) bad++, printf("view exchange left %g\n", last[0]);
    for (int tile = 0; tile < TILES; tile++) {
        if (tile_sum[tile] != TS * 0.5f) bad++, printf("tile %d sum %g\n", tile, tile_sum[tile]);
        int negatives = 0;
        for (int l = 0; l < TS; l++) negatives += olds[tile * TS + l] == -1.0f;
        if (negatives != 1) bad++, printf("tile %d: %d threads saw the initial value\n", tile, negatives);
    }
    printf("float atomics: sum %g, %s\n", sum[0], bad ? "MISMATCH" : "ok");
    return bad != 0;
}
