// Double atomics work on views and arrays (a compare-and-swap of the
// value's 64 bits), not on tile_static memory.
#include <camp.h>

int main(void) {
    double sums[4] = {0};
    parallel_for_each(t, tile(extent(256), 64)) {
        tile_static double sum;
        if (t.local == 0) sum = 0;
        tile_barrier_wait(t.barrier);
        camp_atomic_fetch_add(&sum, 0.5);
        tile_barrier_wait(t.barrier);
        if (t.local == 0) sums[t.tile] = sum;
    }
    return (int)sums[0];
}
// expect-error: 11:9: atomic operation on a double in tile_static memory: double atomics work on views and arrays (sum into a view, or into a tile_static float)
