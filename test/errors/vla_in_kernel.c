// A VLA declared in a kernel: its size would differ per thread.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        int scratch[a[i]];
        scratch[0] = 1;
        a[i] = scratch[0];
    }
    return a[0];
}
// expect-error: 7:13: variable-length array 'scratch' cannot be declared in amp code: give it a constant length
