// An amp function called from a kernel may call only amp functions too.
// expect-error: 10:12: call to non-amp function 'host_square'
#include <camp.h>

int host_square(int x) {
    return x * x;
}

int amp_square_plus_one(int x) restrict(amp) {
    return host_square(x) + 1;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b[4];
    parallel_for_each(i, extent(4)) {
        b[i] = amp_square_plus_one(a[i]);
    }
    return b[0];
}
