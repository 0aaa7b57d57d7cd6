// A type written before parallel_for_each's index, as a loop variable's.
#include <camp.h>

int main(void) {
    int a[16];
    parallel_for_each(int idx, extent(16)) {
        a[idx] = idx;
    }
    return a[0];
}
// expect-error: 6:23: parallel_for_each declares its index itself: write only its name, parallel_for_each(idx, extent(n))
// expect-errors: 1
