// C++ AMP's argument order, the extent first: one error for the line
// (clang's dozen about the macro's expansion, and those at each use of
// the index, left out).
#include <camp.h>

int main(void) {
    int a[16];
    parallel_for_each(extent(16), idx) {
        a[idx] = idx;
    }
    return a[0];
}
// expect-error: 8:5: parallel_for_each takes the index's name first, then the extent: parallel_for_each(idx, extent(n))
// expect-errors: 1
