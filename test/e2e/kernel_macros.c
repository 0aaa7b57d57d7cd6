// needs: shaderFloat64 shaderInt64
// kernels: 11
/* Kernels written by the program's own macros, as C writes type-generic
 * code: a macro that defines a function per element type (## pasting its
 * name, # naming the type), instantiated through an X-macro, macros that
 * begin a kernel (FOR_EACH) or hold its whole body (variadic, commas and
 * all), one from a header of the program, GNU's `, ## __VA_ARGS__`, and a
 * use written over several lines, with code after it on the same lines. */
#include <camp.h>
#include <stdio.h>

#include "kernel_macros.h"

#define STR(x) #x
#define FOR_EACH(i, n) parallel_for_each(i, extent(n))
#define KERNEL(n, ...) parallel_for_each(idx, extent(n)) { __VA_ARGS__ }
#define DEFINE_OPS(T, SUF) \
    static void add_##SUF(T *restrict out, const T *a, const T *b, int n) { \
        parallel_for_each(i, extent(n)) { out[i] = a[i] + b[i]; } \
    } \
    static void scale_##SUF(T *out, const T *a, T s, int n) { \
        FOR_EACH(j, n) { out[j] = a[j] * s; } \
    } \
    static const char *name_##SUF = STR(T);
#define ALL_TYPES(X) X(float, f) X(int, i) X(double, d)
ALL_TYPES(DEFINE_OPS)

/* a format and the values it prints, the kernel writing a[0] */
#define FIRST_OF(a, n, fmt, ...) \
    do { \
        parallel_for_each(k, extent(1)) { a[k] = n; } \
        printf(fmt "\n", a[0], ##__VA_ARGS__); \
    } while (0)

int main(void) {
    float fa[10], fb[10], fo[10];
    int ia[10], ib[10], io[10];
    double da[10], db[10], dout[10];
    for (int i = 0; i < 10; i++) {
        fa[i] = i * 0.25f, fb[i] = 2 * i, ia[i] = i - 3, ib[i] = 3 * i;
        da[i] = i * 0.5, db[i] = 1.0 / (i + 1);
    }
    add_f(fo, fa, fb, 10), add_i(io, ia, ib, 10), add_d(dout, da, db, 10);
    for (int i = 0; i < 10; i++) printf("add %s %g, %s %d, %s %.17g\n", name_f, fo[i], name_i, io[i], name_d, dout[i]);
    scale_f(fo, fa, 3.5f, 10), scale_i(io, ia, -2, 10), scale_d(dout, db, 1e3, 10);
    for (int i = 0; i < 10; i++) printf("scale %g %d %.17g\n", fo[i], io[i], dout[i]);

    int v[16];
    KERNEL(16, int a = idx * 2, b = idx % 3; v[idx] = a + b;)
    for (int i = 0; i < 16; i++) printf("kernel %d\n", v[i]);
    HDR_FILL(v + 4, 8, -7)
    for (int i = 0; i < 16; i++) printf("fill %d\n", v[i]);

    int w[8], u[2];
    FOR_EACH(k,
             8) { w[k] = k * k; } printf("multi-line %d\n",
                                         w[7]);
    FIRST_OF(u, 42, "first %d");
    FIRST_OF(u, 7, "first %d of %d %s", 2, "uses");
    return 0;
}
