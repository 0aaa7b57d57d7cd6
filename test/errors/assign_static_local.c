// A static struct holding a pointer is copied into each launch, not
// shared: its pointer means nothing on the accelerator.
#include <camp.h>

int main(void) {
    static struct {
        int *where;
        int seen;
    } last;
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        --last.seen;
        a[i] = 1;
    }
    return a[0] + last.seen;
}
// expect-error: 12:9: cannot write static or global variable 'last' in a kernel (kernels see a copy of its value: it holds a pointer)
