// A rank-2 extent with three tile sizes.
#include <camp.h>

int main(void) {
    int a[4][6] = {{0}};
    tiled_extent3 te = tile(extent(4, 6), 2, 2, 2);
    return a[0][0] + te.tile[0];
}
// expect-error: 6:24: static assertion failed: tile(): the extent must have rank 3, one per tile size
