// A component of a captured vector is part of a copy.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int2 range = {0, 4};
    parallel_for_each(i, extent(4)) {
        range.x = i;
        a[i] = range.y;
    }
    return a[0];
}
// expect-error: 8:9: cannot assign to captured variable 'range'
