// clang's warnings inside a kernel are shown (the host compiler never sees
// the kernel's body); the program still compiles.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] << 40;
    }
    return a[0];
}
// expect-warning: 8:21: shift count >= width of type [-Wshift-count-overflow]
