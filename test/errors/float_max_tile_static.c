// camp_atomic_fetch_max and _min on a float are a compare-and-swap of its
// bits, which tile_static memory has no address for: an error that says
// what to do instead.
#include <camp.h>

int main(void) {
    static float out[64], best[1];
    parallel_for_each(t, tile(extent(64), 64)) {
        tile_static float m;
        if (t.local == 0) m = 0.0f;
        tile_barrier_wait(t.barrier);
        camp_atomic_fetch_max(&m, out[t.global]);
        tile_barrier_wait(t.barrier);
        if (t.local == 0) camp_atomic_fetch_max(&best[0], m);
    }
    return (int)best[0];
}
// expect-error: 12:9: camp_atomic_fetch_max and _min on a float in tile_static memory: they work on its bits, which only views and arrays have
