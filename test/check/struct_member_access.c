// Each pointer a captured struct holds has its own access: a kernel that
// writes through s.out only reads s.in (not copied back, allowed to lie in
// a read-only view); a nested struct's and an array member's pointers are
// told apart too; the whole struct passed to a function that writes one
// member counts every pointer it holds as written; one the kernel does not
// use at all is passed as a null pointer.
// RUN: --dump-kernels -fsyntax-only %s
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: capture 's': value job, push offset {{[0-9]+}}, holding pointers: 's.in' read, 's.out' read-write
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: holding pointers: 'w.io.in' read, 'w.io.out' read-write, 'w.c' read, 'w.d' read-write (through calls)
// CHECK-LABEL: kernel camp_kernel_2
// CHECK: holding pointers: 'w.io.in' unused (passed as a null pointer), 'w.io.out' read, 'w.c' read-write, 'w.d' unused (passed as a null pointer)
// CHECK-LABEL: kernel camp_kernel_3
// CHECK: holding pointers: 's.in' read-write (through calls), 's.out' read-write (through calls)
#include <camp.h>

typedef struct { float *in; float *out; } job;
typedef struct { job io; float *c, *d; } work;

static void put(float *p, int i, float v) restrict(amp) { p[i] = v; }
static void run(job j, int i) restrict(amp) { j.out[i] = j.in[i]; }

void kernels(float *a, float *b, float *c, float *d, int n) {
    job s = {a, b};
    work w = {{a, b}, c, d};
    parallel_for_each(i, extent(n)) { s.out[i] = 2 * s.in[i]; }
    parallel_for_each(i, extent(n)) {
        w.io.out[i] = w.io.in[i] + w.c[i];
        put(w.d, i, 1.0f);
    }
    parallel_for_each(i, extent(n)) {
        float *dst = w.c;
        dst[i] = w.io.out[i];
    }
    parallel_for_each(i, extent(n)) { run(s, i); }
}
