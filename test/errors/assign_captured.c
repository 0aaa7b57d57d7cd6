// Scalars are captured by value and read-only inside a kernel.
// expect-error: 10: cannot assign to captured variable
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int total = 0;
    int b[4];
    parallel_for_each(i, extent(4)) {
        total = a[i];
        b[i] = total;
    }
    return b[0];
}
