// A pointer a kernel uses must be translated to a device address at launch;
// one stored in an array the kernel captures cannot be.
#include <camp.h>

typedef struct { float *p; int n; } span;

int main(void) {
    float data[4] = {0};
    span spans[2] = {{data, 4}, {data, 4}};
    parallel_for_each(i, extent(2)) { spans[i].p[0] = 2.0f; }
    return 0;
}
// expect-error: 10: holds pointers: a kernel cannot use pointers stored in memory
