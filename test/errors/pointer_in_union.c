// A pointer a kernel uses must be translated to a device address at launch;
// one held in a union (maybe not a pointer at all) cannot be: the union's
// pointer member is refused where it is used (its other members, and a
// struct holding the union, work: e2e/union_with_pointer_untouched.c).
#include <camp.h>

typedef union { float *p; long bits; } maybe_pointer;

int main(void) {
    float data[4] = {0};
    maybe_pointer m = {data};
    parallel_for_each(i, extent(4)) { m.p[i] = 1.0f; }
    return 0;
}
// expect-error: 12:41: member 'p' of union 'maybe_pointer' holds a pointer, which amp code cannot use from a union
