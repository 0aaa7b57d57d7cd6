// Tile sizes are integer constant expressions (they size tile_static
// memory and the workgroup): the error points at the size as written.
#include <camp.h>

int main(void) {
    int a[4][6] = {{0}};
    int rows = 2;
    parallel_for_each(t, tile(extent(4, 6), rows, 2)) {
        a[t.global[0]][t.global[1]] = 1;
    }
    return a[0][0];
}
// expect-error: 8:45: tile sizes must be integer constant expressions
