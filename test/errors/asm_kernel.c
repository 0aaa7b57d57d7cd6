// Inline assembly in a kernel.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        __asm__ volatile("nop");
        a[i] = 1;
    }
    return a[0];
}
// expect-error: 7:9: inline assembly is not allowed in amp code
