// A pointer a kernel uses must be translated to a device address at launch;
// one held in a union (maybe not a pointer at all), or stored in an array,
// cannot be.
// expect-error: 15: holds a pointer in a union
// expect-error: 16: holds pointers: a kernel cannot use pointers stored in memory
#include <camp.h>

typedef union { float *p; long bits; } maybe_pointer;
typedef struct { float *p; int n; } span;

int main(void) {
    float data[4] = {0};
    maybe_pointer m = {data};
    span spans[2] = {{data, 4}, {data, 4}};
    parallel_for_each(i, extent(4)) { m.p[i] = 1.0f; }
    parallel_for_each(i, extent(2)) { spans[i].p[0] = 2.0f; }
    return 0;
}
