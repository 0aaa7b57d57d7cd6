// Which variables of the function around a kernel are each thread's own
// (no capture at all) and which stay captures or shared views: loop
// counters and temporaries surely assigned before they are read, a struct
// assigned member by member, out-parameters of sincos and of a helper that
// writes through its parameter first (`*p = ...` then `*p *= 2`); a
// variable read before it is assigned, one whose address goes to a helper
// that reads through it, and one the kernel never reads stay as they were.
// RUN: --dump-kernels -fsyntax-only %s
// CHECK-LABEL: kernel camp_kernel_0
// CHECK-NOT: capture 'j'
// CHECK-NOT: capture 'tmp'
// CHECK-NOT: capture 'acc'
// CHECK-NOT: capture 's'
// CHECK-NOT: capture 'c'
// CHECK-NOT: capture 'mant'
// CHECK-NOT: capture 'e'
// CHECK: capture 'out'
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: capture 'total': view of the variable int, read-write (through calls)
// CHECK: capture 'seed': value int
#include <camp.h>
#include <math.h>

typedef struct {
    double re, im;
} pair;

static void split(double v, double *mant, int *e) restrict(cpu, amp) {
    *mant = frexp(v, e);
    *mant *= 2;
}

static void bump(int *t, int by) restrict(amp) { camp_atomic_fetch_add(t, by + *t * 0); }

void f(int n, double *out) {
    int j, e, total = 0, seed = 3;
    double tmp, s, c, mant;
    pair acc;
    parallel_for_each(i, extent(n)) {
        tmp = 0;
        for (j = 0; j < n; j++) tmp += j;
        acc.re = tmp;
        acc.im = 1;
        sincos(tmp, &s, &c);
        split(tmp, &mant, &e);
        out[i] = acc.re * acc.im + s + c + mant * e;
    }
    parallel_for_each(i, extent(n)) {
        bump(&total, i + seed);
    }
}
