// Which untiled kernels take 4 elements per thread (2 of 8-byte ones):
// those reaching every view only at their own element, reading none after
// writing one, calling math functions and amp functions of arithmetic
// only. A neighbour's element, a loop (in the kernel or in a function it
// calls), a read after a write, a pointer, elements of two sizes and a
// body of more than 1,000 expression nodes, the functions it calls counted
// in (expf is over), leave a kernel as written.
// RUN: --dump-kernels -c %s -o /dev/null
// CHECK-LABEL: kernel camp_kernel_0:
// CHECK: vectorized x4: a thread takes 4 consecutive elements along x, with 128-bit accesses to 'x' (loaded), 'y' (loaded, stored)
// CHECK-LABEL: kernel camp_kernel_1:
// CHECK: vectorized x4: {{.*}} 'a' (loaded), 'b' (loaded), 'c' (stored)
// CHECK-LABEL: kernel camp_kernel_2:
// CHECK: vectorized x2: {{.*}} 'd' (loaded, stored)
// CHECK-LABEL: kernel camp_kernel_3:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_4:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_5:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_6:
// CHECK: vectorized x4
// CHECK-LABEL: kernel camp_kernel_7:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_8:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_9:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_10:
// CHECK: vectorized x4
// CHECK-LABEL: kernel camp_kernel_11:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_12:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_13:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_14:
// CHECK: vectorized x4: {{.*}} 'x' (loaded), 'y' (loaded, stored)
// CHECK-LABEL: kernel camp_kernel_15:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_16:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_17:
// CHECK-NOT: vectorized
// CHECK-LABEL: kernel camp_kernel_18:
// CHECK: vectorized x4: {{.*}} 'x' (loaded), 'y' (stored)
// CHECK-LABEL: kernel camp_kernel_19:
// CHECK: vectorized x4: {{.*}} 'x' (loaded), 'y' (loaded, stored)
// CHECK: capabilities
#include <camp.h>
#include <math.h>

#define X10(e) e * e + e + e * e + e + e + e + e + e + e + e

static float twice(float v) restrict(amp) { return 2 * v; }

static float power(float v, int n) restrict(amp) {
    float p = 1;
    for (int k = 0; k < n; k++) p *= v;
    return p;
}

void kernels(int n, const float *x, float *y, float (*c)[n], const float (*a)[n], const float (*b)[n], double *d) {
    parallel_for_each(i, extent(n)) { y[i] = 2.0f * x[i] + y[i]; }
    parallel_for_each(i, extent(n, n)) { c[i[0]][i[1]] = a[i[0]][i[1]] + b[i[0]][i[1]]; }
    parallel_for_each(i, extent(n)) { d[i] *= 3.0; }
    /* reached only under a condition: y may be shorter than the extent */
    parallel_for_each(i, extent(n)) {
        float v = x[i];
        if (v > 0) y[i] = v;
    }
    parallel_for_each(i, extent(n - 1)) { y[i] = x[i + 1]; }          /* a neighbour */
    parallel_for_each(i, extent(n)) {                                  /* a loop */
        for (int k = 0; k < 3; k++) y[i] += x[i];
    }
    parallel_for_each(i, extent(n)) { y[i] = twice(x[i]); }            /* arithmetic */
    parallel_for_each(i, extent(n)) {                                  /* x may be y */
        y[i] = 1;
        y[i] += x[i];
    }
    parallel_for_each(i, extent(n)) {                                  /* a pointer */
        const float *p = x;
        y[i] = p[i];
    }
    parallel_for_each(i, extent(n)) { y[i] = (float)x[i] + (float)d[i]; } /* 4-byte and 8-byte elements */
    parallel_for_each(i, extent(n)) { y[i] = X10(X10(x[i])); }         /* under 1,000 nodes */
    parallel_for_each(i, extent(n)) { y[i] = X10(X10(X10(x[i]))); }    /* over 1,000 */
    parallel_for_each(i, extent(n)) { y[i] = expf(x[i]) + sqrtf(x[i]); } /* expf's body counted in: over 1,000 */
    parallel_for_each(i, extent(n)) { y[i] = power(x[i], 3); }         /* a loop of the program's */
    /* read by every thread, written under a condition: loaded too, for the elements left as they were */
    parallel_for_each(i, extent(n)) {
        float v = x[i], w = y[i];
        if (v > 0) y[i] = v + w;
    }
    parallel_for_each(i, extent(n)) { if (i < n / 2) y[i] = x[i]; }     /* both only under a condition */
    parallel_for_each(i, extent(n)) { y[i] = i < n / 2 ? x[i] : 0; }    /* x in a branch of ?: */
    parallel_for_each(i, extent(n)) { y[i] = i < n / 2 && x[i] > 0; }   /* x right of && */
    parallel_for_each(i, extent(n)) { y[i] = x[i] > 0 || i < n / 2; }   /* x left of ||: every thread */
    parallel_for_each(i, extent(n)) { y[i] = sqrtf(x[i]) + fabsf(y[i]); } /* small math functions */
}
