// tile_barrier_wait given the tiled index rather than its barrier.
#include <camp.h>

int main(void) {
    int a[16];
    parallel_for_each(t, tile(extent(16), 4)) {
        tile_static int s[4];
        s[t.local] = t.global;
        tile_barrier_wait(t);
        a[t.global] = s[3 - t.local];
    }
    return a[0];
}
// expect-error: 9:27: passing 'struct tiled_index1' (parallel_for_each's index) to parameter of incompatible type 'tile_barrier'
// expect-note: 9:27: a tile barrier is the tiled index's member: tile_barrier_wait(t.barrier)
