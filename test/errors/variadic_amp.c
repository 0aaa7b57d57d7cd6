// A restrict(amp) function cannot be variadic.
#include <camp.h>

int sum(int n, ...) restrict(amp) {
    return n;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = sum(1, a[i]);
    }
    return a[0];
}
// expect-error: 4:5: restrict(amp) function 'sum' cannot be variadic
