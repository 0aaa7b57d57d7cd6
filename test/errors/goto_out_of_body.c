// goto out of a parallel_for_each body would leave the kernel.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        if (a[i] > 2)
            goto done;
        a[i] = 0;
    }
done:
    return a[0];
}
// expect-error: 8:13: 'goto' out of a parallel_for_each body is not allowed
