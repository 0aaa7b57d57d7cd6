// needs: shaderInt64 shaderFloat64
/* C's `#pragma STDC FP_CONTRACT OFF` in front of compensated arithmetic:
 * the functions and kernels it covers round every float operation on
 * their own, as -ffp-contract=off does for a whole file (fp_exact.c), so
 * Kahan summation and TwoSum keep their error terms and give the CPU's
 * bits; a function before the pragma is left free to fuse. Clang's own
 * spelling, `#pragma clang fp contract(off)`, inside a function covers
 * that function. Without them the driver may regroup the error terms away
 * (Mesa rewrites (t - s) - y). */
#include <camp.h>
#include <stdio.h>

#define N 40
#define TERMS 1500

static float base[N], kahan[N], kahan2[N];
static double big[N], small[N], hi[N], lo[N];

static float scaled(float x, float k) restrict(cpu, amp) { return x * k * 0.01f; } /* may fuse: before the pragma */

#pragma STDC FP_CONTRACT OFF

static float kahan_sum(int i) restrict(cpu, amp) {
    float s = 0.0f, c = 0.0f;
    for (int k = 0; k < TERMS; k++) {
        float y = scaled(base[i], (float)(k % 7 + 1)) - c, t = s + y;
        c = (t - s) - y;
        s = t;
    }
    return s;
}

/* s + *err == a + b exactly */
static double two_sum(double a, double b, double *err) restrict(cpu, amp) {
    double s = a + b, bv = s - a;
    *err = (a - (s - bv)) + (b - bv);
    return s;
}

static void sums(void) {
    parallel_for_each(i, extent(N)) {
        kahan[i] = kahan_sum(i);
        double e;
        hi[i] = two_sum(big[i], small[i], &e);
        lo[i] = e;
    }
}

#pragma STDC FP_CONTRACT ON

static void sums_inline(void) {
#pragma clang fp contract(off)
    parallel_for_each(i, extent(N)) {
        float s = 0.0f, c = 0.0f;
        for (int k = 0; k < TERMS; k++) {
            float y = base[i] * (float)(k % 5 + 1) * 0.01f - c, t = s + y;
            c = (t - s) - y;
            s = t;
        }
        kahan2[i] = s;
    }
}

int main(void) {
    for (int i = 0; i < N; i++) {
        base[i] = 0.1f * (float)(i + 1);
        big[i] = 1e16 * (double)(i + 1);
        small[i] = 0.37 * (double)(i + 3);
    }
    sums();
    sums_inline();
    for (int i = 0; i < N; i++) printf("%2d %a %a %a %a\n", i, kahan[i], kahan2[i], hi[i], lo[i]);
    return 0;
}
