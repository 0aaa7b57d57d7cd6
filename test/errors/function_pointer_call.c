// Calling through a captured function pointer.
#include <camp.h>

int twice(int x) restrict(amp) { return 2 * x; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int (*f)(int) = twice;
    parallel_for_each(i, extent(4)) {
        a[i] = f(a[i]);
    }
    return a[0];
}
// expect-error: 10:16: calls through function pointers are not allowed in amp code
