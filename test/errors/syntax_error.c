// A C syntax error: clang's own diagnostic, in clang's format.
// expect-error: 9:16: expected expression
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b[4];
    parallel_for_each(i, extent(4)) {
        b[i] = ;
    }
    return a[0] + b[0];
}
