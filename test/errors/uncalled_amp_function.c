// restrict(amp) functions are checked even when no kernel calls them.
#include <camp.h>

int host_only(int x) { return x; }

int unused(int x) restrict(amp) {
    return host_only(x);
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] + 1;
    }
    return a[0];
}
// expect-error: 7:12: call to non-amp function 'host_only'
