// A helper with tile_static memory (or a barrier) called from a non-tiled kernel.
// expect-error: 20:9: 'uses_tile' uses tile_static memory or tile barriers, so it can be called only from a tiled kernel
// expect-error: 21:9: 'waits' uses tile_static memory or tile barriers, so it can be called only from a tiled kernel
#include <camp.h>

static void uses_tile(int *out, int i) restrict(amp) {
    tile_static int scratch[4];
    scratch[i % 4] = i;
    out[i] = scratch[0];
}

static void waits(tile_barrier b) restrict(amp) { tile_barrier_wait(b); }

static void calls_waits(tile_barrier b) restrict(amp) { waits(b); }

int main(void) {
    int a[64];
    tile_barrier none = {0};
    parallel_for_each(i, extent(64)) {
        uses_tile(a, i);
        waits(none);
    }
    parallel_for_each(t, tile(extent(64), 16)) {
        uses_tile(a, t.global);
        calls_waits(t.barrier);
    }
    return a[0];
}
