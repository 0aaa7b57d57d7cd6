// tile_static outside a tiled kernel or with an initializer; a barrier in a
// non-tiled kernel.
// expect-error: 11:25: tile_static variable 'shared' outside a tiled kernel
// expect-error: 12:9: 'tile_barrier_wait' outside a tiled kernel
// expect-error: 15:25: tile_static variable 'counter' cannot have an initializer
#include <camp.h>

int main(void) {
    int a[64];
    parallel_for_each(i, extent(64)) {
        tile_static int shared;
        tile_barrier_wait((tile_barrier){0});
    }
    parallel_for_each(t, tile(extent(64), 16)) {
        tile_static int counter = 0;
        a[t.global] = counter;
    }
    return a[0];
}
