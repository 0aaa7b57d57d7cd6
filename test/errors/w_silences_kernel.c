// -w silences warnings, inside kernels too.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] << 40;
    }
    return a[0];
}
// flags: -w
// expect-quiet
