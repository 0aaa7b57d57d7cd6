// A rank-2 extent with three tile sizes: clang's type error names both ranks.
#include <camp.h>

int main(void) {
    int a[4][6] = {{0}};
    tiled_extent3 te = tile(extent(4, 6), 2, 2, 2);
    return a[0][0] + te.tile[0];
}
// expect-error: 6:24: initializing 'int3' (vector of 3 'int' values) with an expression of incompatible type 'int2'
