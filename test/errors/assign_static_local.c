// A static local of the enclosing function is not the kernel's either.
#include <camp.h>

int main(void) {
    static int seen = 0;
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        --seen;
        a[i] = 1;
    }
    return a[0] + seen;
}
// expect-error: 8:9: cannot write static or global variable 'seen' in amp code
