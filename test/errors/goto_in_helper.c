// goto in a restrict(amp) function.
#include <camp.h>

int clamp(int x) restrict(amp) {
    if (x < 0)
        goto zero;
    return x;
zero:
    return 0;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = clamp(a[i]);
    }
    return a[0];
}
// expect-error: 6:9: 'goto' is not allowed in amp code
