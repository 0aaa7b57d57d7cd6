// amp code has no call stack: recursion is a compile error.
// expect-error: 8: recursion is not allowed in amp code
#include <camp.h>

int factorial(int n) restrict(amp) {
    if (n <= 1)
        return 1;
    return n * factorial(n - 1);
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b[4];
    parallel_for_each(i, extent(4)) {
        b[i] = factorial(a[i]);
    }
    return b[0];
}
