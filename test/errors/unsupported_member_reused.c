// A struct amp code cannot have (a long double, a zero-length array) used
// again after the error, its later members read and written: one error
// where the member is declared, and no crash on the half-built type
// (campcc once took its members' missing types from later uses).
#include <camp.h>

typedef union { float f[4]; struct { long double lo; } wide; unsigned char b[16]; } quad;
typedef union { float f[4]; int n[0]; unsigned char b[16]; } pad;

int main(void) {
    int out[8];
    parallel_for_each(i, extent(8)) {
        quad u;
        u.f[0] = 1.0f;
        quad c = u;
        u.b[i % 16]++;
        out[i] = c.b[1];
    }
    parallel_for_each(i, extent(8)) {
        pad u;
        u.b[i % 16] = 1;
        pad c = u;
        out[i] = c.b[2] + (int)c.f[0];
    }
    return out[0];
}
// expect-error: 7:50: 'long double' is not allowed in amp code
// expect-error: 8:33: zero-length array type 'int[0]' is not supported in amp code
