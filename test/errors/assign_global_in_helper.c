// Neither can a restrict(amp) function.
#include <camp.h>

int calls;

int counted(int x) restrict(amp) {
    calls += 1;
    return x;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = counted(a[i]);
    }
    return a[0];
}
// expect-error: 7:5: cannot write static or global variable 'calls' in a restrict(amp) function (kernels see a copy of its value: pass it by address, as a pointer parameter)
