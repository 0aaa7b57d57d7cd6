// A kernel cannot write a thread's own global: each thread of the host has
// one, and kernels would share none of them.
#include <camp.h>

_Thread_local int last_index;

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        last_index = i;
        a[i] = 0;
    }
    return a[0];
}
// expect-error: 10:9: cannot write static or global variable 'last_index' in a kernel (kernels see a copy of its value: a thread's own variable)
// expect-note: 5:19: 'last_index' declared here
