// return as the whole body of a parallel_for_each.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4))
        return 1;
    return a[0];
}
// expect-error: 7:9: 'return' is not allowed in a parallel_for_each body
