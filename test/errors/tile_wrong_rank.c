// tile() takes one tile size per dimension of its extent: clang's type
// error at the extent names the mismatch (a rank-2 extent where rank 1 is
// expected).
#include <camp.h>

int main(void) {
    int a[4][6] = {{0}};
    parallel_for_each(t, tile(extent(4, 6), 2)) {
        a[t.global][0] = 1;
    }
    return a[0][0];
}
// expect-error: 8:26: initializing 'int' with an expression of incompatible type 'int2'
