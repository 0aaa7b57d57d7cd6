// A clang error inside a restrict(amp) function stops the compilation.
#include <camp.h>

int twice(int x) restrict(amp) { return 2 * y; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = twice(a[i]);
    }
    return a[0];
}
// expect-error: 4:45: use of undeclared identifier 'y'
