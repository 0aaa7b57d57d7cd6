// Tile sizes must be integer constants, positive, and at most 1024 threads in all.
// expect-error: 12:43: tile sizes must be integer constant expressions
// expect-error: 15:5: a tile of 2048 threads is too large: at most 1024 threads per tile
// expect-error: 18:43: tile size 0 is out of range
// expect-error: 22:9: cannot assign to 't.global': a tiled index is read-only
#include <camp.h>

int main(void) {
    int a[64];
    int n = 16;
    /* n is a variable: C++ AMP's tile sizes are template arguments */
    parallel_for_each(t, tile(extent(64), n)) {
        a[t.global] = 1;
    }
    parallel_for_each(t, tile(extent(64, 64), 32, 64)) {
        a[t.global[1]] = 1;
    }
    parallel_for_each(t, tile(extent(64), 0)) {
        a[t.global] = 1;
    }
    parallel_for_each(t, tile(extent(64), 16)) {
        t.global = 3;
        a[t.global] = 1;
    }
    return a[0];
}
