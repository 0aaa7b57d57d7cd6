// A restrict(amp) function may write a global that kernels share with the
// host, but not one holding a pointer, which would mean nothing there.
#include <camp.h>

struct last_seen {
    int *where;
    int count;
} last;

int counted(int x) restrict(amp) {
    last.count += 1;
    return x;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = counted(a[i]);
    }
    return a[0];
}
// expect-error: 11:5: cannot write static or global variable 'last' in a restrict(amp) function (kernels see a copy of its value: it holds a pointer)
