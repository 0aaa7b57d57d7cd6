// A variable used in several blocks of a kernel (loops, branches) is one
// capture, whatever block first used it: one argument, one implicit view.
// Five pointers used in four loops each fit the kernel's 128 bytes of
// arguments as five captures.
// RUN: --dump-kernels -fsyntax-only %s
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: capture 'src': pointer const unsigned int *, read
// CHECK-NEXT: capture 'n': value int
// CHECK-NEXT: capture 's': value int
// CHECK-NEXT: capture 'g': view of float[64], read-write
// CHECK-NEXT: capture 'dst': pointer unsigned int *, read-write
// CHECK-NOT: capture '
// CHECK-LABEL: kernel camp_kernel_1
// CHECK-COUNT-5: capture '{{[a-e]}}': pointer float *
// CHECK-NOT: capture '
#include <camp.h>

float g[64];

void shift_add(unsigned *dst, const unsigned *src, int n, int s) {
    parallel_for_each(t, tile(extent(n), 64)) {
        unsigned ahead[4];
        for (int k = 0; k < 4; k++) ahead[k] = src[t.global + k];
        for (int start = 0; start < n; start += 256) {
            for (int k = 0; k < 4; k++) {
                ahead[k] += start < n ? src[start + k] >> s : 0u;
                g[t.local] += 1.0f;
            }
            if (s > 1) dst[start] = ahead[0] + (src[start] >> s);
        }
        g[t.local] *= 2.0f;
        dst[t.global] += (unsigned)n;
    }
}

void five(float *a, float *b, float *c, float *d, float *e, int n) {
    parallel_for_each(i, extent(n)) {
        for (int k = 0; k < 2; k++) a[i] += b[i] + c[i] + d[i] + e[i];
        for (int k = 0; k < 2; k++) b[i] += a[i] + c[i] + d[i] + e[i];
        for (int k = 0; k < 2; k++) c[i] += a[i] + b[i] + d[i] + e[i];
        for (int k = 0; k < 2; k++) d[i] += a[i] + b[i] + c[i] + e[i];
    }
}
