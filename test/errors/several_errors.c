// Every restriction broken in a unit is reported, not only the first.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int n = 0;
    parallel_for_each(i, extent(4)) {
        __asm__("");
        n += 1;
        a[i] = 0;
    }
    parallel_for_each(i, extent(4)) {
        long double x = 1;
        a[i] = 2;
    }
    return a[0];
}
// expect-error: 8:9: inline assembly is not allowed in amp code
// expect-error: 9:9: cannot assign to captured variable 'n'
// expect-error: 13:21: 'long double' is not allowed in amp code
