// tile() takes one tile size per dimension of its extent.
#include <camp.h>

int main(void) {
    int a[4][6] = {{0}};
    parallel_for_each(t, tile(extent(4, 6), 2)) {
        a[t.global][0] = 1;
    }
    return a[0][0];
}
// expect-error: 6:26: static assertion failed: tile(): the extent must have rank 1, one per tile size
