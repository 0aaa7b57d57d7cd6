// A union is held as words: nothing in it can be pointed at, and a pointer
// held in one cannot be told from its other members (which work). Each is
// reported where it is used, before any code is generated.
#include <camp.h>

typedef union { float f[4]; int n[4]; } quad;
typedef union { int *p; long bits; } maybe_pointer;
static const quad table = {{1, 2, 3, 4}};

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        quad u = {{0}};
        float *f = u.f;
        int *n = &u.n[1];
        maybe_pointer m;
        m.bits = 0;
        v[i] = (int)*f + *n + (int)m.bits + (int)table.f[1] + *m.p;
    }
    return v[0];
}
// expect-error: 14:22: a pointer to a member of a union is not supported in amp code
// expect-error: 15:18: a pointer to a member of a union is not supported in amp code
// expect-error: 18:50: a constant union, or a constant holding one, cannot be used in amp code
// expect-error: 18:66: member 'p' of union 'maybe_pointer' holds a pointer, which amp code cannot use from a union
