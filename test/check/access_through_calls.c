// What kernels may write, through the amp functions they call: a capture
// passed to functions that only read it stays read-only (not copied back);
// a function writing through a pointer derived from its parameter, through
// a struct member, or passing it on to a writing function makes it written.
// RUN: --dump-kernels -fsyntax-only %s
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: capture 'y': view of float[16], read-write, device
// CHECK: capture 'm': view of float[16][16], read, device
// CHECK: capture 'x': view of float[16], read, device
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: capture 'y': view of float[16], read-write, device
// CHECK: capture 'm': view of float[16][16], read, device
// CHECK: capture 'x': view of float[16], read, device
// CHECK-LABEL: kernel camp_kernel_2
// CHECK: capture 'd': view of float[16], read-write (through calls), device
// CHECK: capture 'x': view of float[16], read, device
// CHECK-LABEL: kernel camp_kernel_3
// CHECK: capture 'd': view of float[16], read-write (through calls), device
// CHECK: capture 'x': view of float[16], read, device
// CHECK-LABEL: kernel camp_kernel_4
// CHECK: capture 'd': view of float[16], read-write (through calls), device
// CHECK: capture 'x': view of float[16], read, device
// CHECK-LABEL: kernel camp_kernel_5
// CHECK: capture 'q': pointer float *, read-write (through calls), device
// CHECK: capture 'p': pointer float *, read, device
#include <camp.h>

#define N 16

struct span {
    float *p;
    int n;
};

/* reads through both */
static float dot(float *row, float *v, int n) restrict(amp) {
    float s = 0;
    for (int j = 0; j < n; j++) s += row[j] * v[j];
    return s;
}

/* reads, through a local copy of the pointer and a call */
static float dot_rows(float *row, float *v) restrict(amp) {
    float *r = row + 0;
    return dot(r, v, N);
}

/* writes through a pointer derived from its parameter */
static void put_second(float *p, float v) restrict(amp) {
    float *q = &p[1];
    *(q - 1) = v;
}

/* writes through a struct member */
static void put_span(struct span s, float v) restrict(amp) { s.p[0] = v; }

/* passes its parameter on to a writing function, reads the other */
static void copy_first(float *dst, float *src) restrict(amp) { put_second(dst, src[0]); }

int main(void) {
    static float m[N][N], x[N], y[N], d[N];
    parallel_for_each(i, extent(N)) { y[i] = dot(m[i], x, N); }
    parallel_for_each(i, extent(N)) { y[i] = dot_rows(m[i], x); }
    parallel_for_each(i, extent(N)) { put_second(&d[i], x[i]); }
    parallel_for_each(i, extent(N)) {
        struct span s = {d, N};
        put_span(s, x[i]);
    }
    parallel_for_each(i, extent(N)) { copy_first(d + i, x + i); }
    float *p = x, *q = d;
    array_view(p, N);
    array_view(q, N);
    parallel_for_each(i, extent(N)) { copy_first(q + i, p + i); }
    return 0;
}
