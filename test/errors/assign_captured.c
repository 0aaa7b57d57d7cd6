// Scalars are captured by value and read-only inside a kernel.
// expect-error: 13: cannot assign to captured variable
// A variable of the enclosing function that the kernel may read before it
// assigns it is a capture, read-only (one it surely assigns first is each
// thread's own: e2e/kernel_private_variables.c).
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int total = 0;
    int b[4];
    parallel_for_each(i, extent(4)) {
        if (a[i] > 2) total = a[i];
        b[i] = total;
    }
    return b[0];
}
