// needs: shaderInt64 shaderStorageImageWriteWithoutFormat
// test: tiled
// A read-write texture in a tiled kernel: each thread writes its texel with
// texture_set, and after a tile barrier reads the texels its tile's other
// threads wrote (a rotation within each tile of 16), twice over, through an
// amp function for the second round; the host checks every texel.
#include <camp.h>
#include <stdio.h>

enum { N = 64, T = 16 };

/* the texel of the next thread of the tile */
static int next_in_tile(texture_int_1 t, int global, int local) restrict(amp) {
    return texture_get(t, global - local + (local + 1) % T);
}

int main(void) {
    int start[N];
    for (int i = 0; i < N; i++) start[i] = i * i - 100;
    texture_int_1 t = texture_new(int, extent(N), 32, NULL);
    int first[N], second[N];
    parallel_for_each(ti, tile(extent(N), T)) {
        texture_set(t, ti.global, start[ti.global] * 2);
        tile_barrier_wait(ti.barrier);
        first[ti.global] = texture_get(t, ti.global - ti.local + (ti.local + 3) % T);
        tile_barrier_wait(ti.barrier);
        texture_set(t, ti.global, first[ti.global] + 1);
        tile_barrier_wait(ti.barrier);
        second[ti.global] = next_in_tile(t, ti.global, ti.local);
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int base = i - i % T, want_first = start[base + (i % T + 3) % T] * 2;
        int j = base + (i % T + 1) % T, want_second = start[base + (j % T + 3) % T] * 2 + 1;
        bad += first[i] != want_first || second[i] != want_second;
    }
    printf("tiled read-write: %d wrong\n", bad);
    texture_delete(t);
    return bad != 0;
}
