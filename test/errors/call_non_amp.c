// A kernel may call only restrict(amp) functions.
// expect-error: 13:16: call to non-amp function 'host_twice'
#include <camp.h>

int host_twice(int x) {
    return 2 * x;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b[4];
    parallel_for_each(i, extent(4)) {
        b[i] = host_twice(a[i]);
    }
    return b[0];
}
