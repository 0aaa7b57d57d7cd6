// needs: shaderInt64
// test: tiled
/* Tile barriers that must keep their fence on views and those that need
 * none (compiler/ir/fence.c): threads of a tile pass values to each other
 * through a view across a barrier (which must publish the writes before
 * it), across loop iterations, and through a helper that writes; results
 * checked on the host. test/fences.py checks which barriers of this file
 * fence views, in the order of the `// fence:` comments. */
#include <camp.h>
#include <stdio.h>

#define TS 64
enum { N = TS * 4, ROUNDS = 3 };

static void put(int *p, int v) restrict(amp) { *p = v; }

int main(void) {
    static int in[N], mirror[N], swapped[N], ring[N], helped[N];
    for (int i = 0; i < N; i++) in[i] = i * 7 + 3;
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int s[TS];
        s[t.local] = in[t.global];
        tile_barrier_wait(t.barrier); // fence: tile_static (no view written yet)
        mirror[t.global] = s[TS - 1 - t.local];
        tile_barrier_wait(t.barrier); // fence: all (mirror written before it)
        swapped[t.global] = mirror[t.tile_origin + (t.local ^ 1)];
    }
    int rounds = ROUNDS; /* a run-time count: a constant one is unrolled at -O2, barriers and all */
    parallel_for_each(t, tile(extent(N), TS)) {
        ring[t.global] = in[t.global];
        for (int r = 0; r < rounds; r++) {
            tile_barrier_wait(t.barrier); // fence: all (ring written before, and on the previous round)
            int next = ring[t.tile_origin + (t.local + 1) % TS];
            tile_barrier_wait(t.barrier); // fence: all
            ring[t.global] = next;
        }
    }
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int flag[1];
        if (t.local == 0) flag[0] = 1;
        tile_barrier_wait(t.barrier); // fence: tile_static (a tile_static write only)
        put(&helped[t.global], in[t.global] + flag[0]);
        tile_barrier_wait(t.barrier); // fence: all (the helper wrote a view)
        int other = helped[t.tile_origin + (t.local + 3) % TS];
        tile_barrier_wait(t.barrier); // fence: all
        helped[t.global] += other;
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int tile0 = i / TS * TS, l = i % TS;
        int want_mirror = in[tile0 + TS - 1 - l];
        int want_swapped = in[tile0 + TS - 1 - (l ^ 1)];
        int want_ring = in[tile0 + (l + ROUNDS) % TS];
        int want_helped = in[i] + 1 + in[tile0 + (l + 3) % TS] + 1;
        if (mirror[i] != want_mirror || swapped[i] != want_swapped || ring[i] != want_ring || helped[i] != want_helped) {
            if (bad++ < 5)
                printf("element %d: mirror %d (want %d) swapped %d (want %d) ring %d (want %d) helped %d (want %d)\n", i,
                       mirror[i], want_mirror, swapped[i], want_swapped, ring[i], want_ring, helped[i], want_helped);
        }
    }
    printf("%s\n", bad ? "WRONG" : "fences ok");
    return bad != 0;
}
