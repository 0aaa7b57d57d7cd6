// break would leave the parallel_for_each body.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        if (a[i] > 2) {
            break;
        }
        a[i] = 0;
    }
    return a[0];
}
// expect-error: 8:13: 'break' is not allowed in a parallel_for_each body
