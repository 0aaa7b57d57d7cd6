// A pointer a kernel uses must be translated to a device address at launch;
// one stored in an array the kernel captures cannot be: refused where the
// kernel reads it (the array's other members may be read:
// e2e/arrays_of_structs_with_pointers.c), where it reads a struct holding
// one whole, and where it stores one there (the host would read the
// device's address).
#include <camp.h>

typedef struct { float *p; int n; } span;

int main(void) {
    float data[4] = {0};
    span spans[2] = {{data, 4}, {data, 4}};
    float other[4];
    parallel_for_each(i, extent(2)) { spans[i].p[0] = 2.0f; }
    parallel_for_each(i, extent(2)) {
        span s = spans[i];
        other[i] = (float)s.n;
    }
    parallel_for_each(i, extent(2)) { spans[i].p = other; }
    return 0;
}
// expect-error: 15:48: a pointer read from a view's memory: a kernel cannot use pointers stored in a view (they are the host's addresses); store indices instead
// expect-error: 17:18: a struct holding pointers read whole from a view's memory: a kernel cannot use pointers stored in a view (they are the host's addresses); read the members it uses one by one, and store indices instead of pointers
// expect-error: 20:39: a pointer stored into a view's memory: the host would read the device's address; store an index instead
