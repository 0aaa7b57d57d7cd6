// needs: shaderInt64 shaderFloat64
// cflags: -ffp-contract=off
/* Compensated arithmetic in kernels: built with -ffp-contract=off, every
 * float operation rounds on its own (NoContraction), so Kahan summation and
 * Knuth's TwoSum keep their error terms and give the CPU's bits; without it
 * the driver may regroup them away (Mesa rewrites (a + b) - a to b). */
#include <camp.h>
#include <stdio.h>

#define N 48
#define TERMS 2000

/* s + *err == a + b exactly */
static double two_sum(double a, double b, double *err) restrict(cpu, amp) {
    double s = a + b, bv = s - a;
    *err = (a - (s - bv)) + (b - bv);
    return s;
}

int main(void) {
    float base[N], naive[N], kahan[N];
    double big[N], small[N], hi[N], lo[N];
    for (int i = 0; i < N; i++) {
        base[i] = 0.1f * (float)(i + 1);
        big[i] = 1e16 * (double)(i + 1);
        small[i] = 0.37 * (double)(i + 3);
    }
    parallel_for_each(i, extent(N)) {
        float s = 0.0f, c = 0.0f, plain = 0.0f;
        for (int k = 0; k < TERMS; k++) {
            float term = base[i] * (float)(k % 7 + 1) * 0.01f;
            float y = term - c, t = s + y;
            c = (t - s) - y;
            s = t;
            plain += term;
        }
        naive[i] = plain;
        kahan[i] = s;
        double e;
        hi[i] = two_sum(big[i], small[i], &e);
        lo[i] = e;
    }
    for (int i = 0; i < N; i++) printf("%2d %a %a %a %a\n", i, naive[i], kahan[i], hi[i], lo[i]);
    return 0;
}
