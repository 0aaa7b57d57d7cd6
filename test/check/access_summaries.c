// Each amp function's summary (access.c): the pointer parameters it may
// write through, itself or in the functions it calls, and the cases that
// count as written because the pointer leaves the analysis' view (converted
// to an integer, in a unit whose amp code makes pointers of integers) or is
// an atomic's target; a struct capture's pointers.
// RUN: --dump-ir -c %s -o /dev/null
// CHECK: after layout
// CHECK: func sum_twice(p: int *): int ; p only read through
// CHECK: func sum(p: int *, n: int): int ; p only read through
// CHECK: func first(s: struct span): int ; s only read through
// CHECK: func put_on(a: int *, b: int *): void ; a written through, b only read through
// CHECK: func put(dst: int *, src: const int *): void ; dst written through, src only read through
// CHECK: func as_integer(p: int *): long ; p written through
// CHECK: func count(p: int *): void ; p written through
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: capture out: int[8] ; view, push offset {{[0-9]+}}, written
// CHECK: capture in: int[8] ; view, push offset {{[0-9]+}}, read only
// CHECK: capture s: struct span ; value, push offset {{[0-9]+}}, read only
// CHECK: capture w: int[8] ; view, push offset {{[0-9]+}}, written (through calls)
#include <camp.h>

struct span {
    int *p;
    int n;
};

static int sum(int *p, int n) restrict(amp) {
    int s = 0;
    for (int j = 0; j < n; j++) s += p[j];
    return s;
}

static int sum_twice(int *p) restrict(amp) { return sum(p, 4) + sum(p + 4, 4); }

static void put(int *dst, const int *src) restrict(amp) { *dst = *src; }

static void put_on(int *a, int *b) restrict(amp) { put(a + 1, b); }

static long as_integer(int *p) restrict(amp) { return (long)p; }

static void count(int *p) restrict(amp) { camp_atomic_fetch_add(p, 1); }

static int *from_integer(long bits) restrict(amp) { return (int *)bits; }

static int first(struct span s) restrict(amp) { return s.p[0]; }

int main(void) {
    int out[8] = {0}, in[8] = {0}, w[8] = {0}, held[8] = {0};
    struct span s = {held, 8};
    parallel_for_each(i, extent(1)) {
        out[0] = sum_twice(in) + first(s);
        put_on(w, in);
        out[1] = (int)as_integer(w);
        count(w);
        out[2] = *from_integer(as_integer(held));
    }
    return out[0];
}
