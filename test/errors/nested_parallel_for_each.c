// Kernels cannot launch kernels.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        parallel_for_each(j, extent(2)) {
            a[j] = i;
        }
    }
    return a[0];
}
// expect-error: 7:9: parallel_for_each cannot be nested in amp code
