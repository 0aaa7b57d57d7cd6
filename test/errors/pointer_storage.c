// What a pointer into private memory cannot do (SPIR-V has no addresses
// there): each use that disagrees with what the pointer points into is
// reported where it is, before any code is emitted, also in a helper
// checked for the call that passes a local array (a row passed, or held from its declaration, is not).
// Two arrays a pointer switches between are one array (double buffers), unless one is used whole (&b).
#include <camp.h>

typedef struct pair { int x[2]; int *p; } pair;

static int sum2(const int *p) restrict(amp) { return p[0] + p[1]; }

static int pick(int *p, int *q) restrict(amp) {
    int *r = p;
    r = q;
    return *r;
}

int main(void) {
    int v[16] = {0};
    parallel_for_each(i, extent(16)) {
        int a[4] = {i, 1, 2, 3}, b[4] = {0}, m[2][2] = {{0}}, n[4] = {0};
        int *p = a, (*whole)[4] = &b;
        p = b;
        int *row = m[1];
        pair s = {{1, 2}, a};
        int *c = i ? a : &v[i];
        int d = &a[1] < &n[2];
        int e = &a[0] == &v[0];
        int f = sum2(m[0]) + sum2(s.x);
        long *g = (long *)a;
        v[i] = *p + *row + s.x[0] + *c + d + e + f + (int)*g + pick(a, &v[i]) + (*whole)[0];
    }
    return 0;
}
// expect-error: 23:9: pointer 'p' is given two variables ('a' and 'b'); campcc makes such arrays one only where each is only indexed or pointed into
// expect-error: 25:27: a pointer into local or tile_static memory cannot be stored in memory
// expect-error: 26:18: the two sides of '?:' point into different memory
// expect-error: 27:17: comparison of pointers into different local objects is not supported
// expect-error: 28:17: a pointer into local or tile_static memory has no address to convert
// expect-error: 30:19: cast of a pointer into local or tile_static memory to another pointer type is not supported
// expect-error: 14:5: pointer 'r' is assigned pointers into different memory
