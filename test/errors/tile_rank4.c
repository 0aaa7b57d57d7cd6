// Tiled kernels have rank 1 to 3, as in C++ AMP: a rank-4 extent in
// tile(...) is clang's type error at the domain.
// expect-error: 8:26: initializing 'int3' (vector of 3 'int' values) with an expression of incompatible type 'int4'
#include <camp.h>

int main(void) {
    int out[16];
    parallel_for_each(t, tile(extent(1, 2, 2, 4), 1, 2, 4)) { out[t.global.x] = 1; }
    return out[0];
}
