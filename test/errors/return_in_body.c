// `return` would leave main from inside a kernel: not allowed.
// expect-error: 10:13: 'return' is not allowed in a parallel_for_each body
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b[4];
    parallel_for_each(i, extent(4)) {
        if (a[i] > 2)
            return 1;
        b[i] = a[i];
    }
    return b[0];
}
