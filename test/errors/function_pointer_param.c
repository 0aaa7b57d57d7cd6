// A restrict(amp) function cannot take a function pointer.
#include <camp.h>

int apply(int (*op)(int), int x) restrict(amp) {
    return op(x);
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] * 2;
    }
    return a[0] + apply(0, 1);
}
// expect-error: 4:17: function pointers are not allowed in amp code
