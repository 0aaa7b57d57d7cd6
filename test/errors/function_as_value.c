// Using a function's address as a value.
#include <camp.h>

int twice(int x) restrict(amp) { return 2 * x; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = &twice != 0;
    }
    return a[0];
}
// expect-error: 9:16: function pointers are not allowed in amp code
