/* The math library's float arithmetic must round operation by operation
 * (exact_fp.py checks the SPIR-V): calls of every family of functions, and
 * user arithmetic that campcc must leave free to fuse. */
#include <camp.h>
#include <math.h>
#include <stdio.h>

#define N 4
int main(void) {
    double x[N] = {0.5, 2.5, 7.25, -3.75}, small[N] = {0.0625, 0.3125, 0.90625, -0.46875}, r[24 * N];
    float xf[N] = {0.5f, 2.5f, 7.25f, -3.75f}, rf[4 * N];
    parallel_for_each(i, extent(N)) {
        double v = x[i];
        int o = 24 * i;
        r[o + 0] = lgamma(v);
        r[o + 1] = tgamma(v);
        r[o + 2] = erf(v);
        r[o + 3] = erfc(v);
        r[o + 4] = pow(v, 1.5);
        r[o + 5] = exp(v);
        r[o + 6] = expm1(v);
        r[o + 7] = log(fabs(v));
        r[o + 8] = log1p(fabs(v));
        r[o + 9] = sin(v);
        r[o + 10] = cos(v);
        r[o + 11] = tan(v);
        r[o + 12] = atan2(v, 3.0);
        r[o + 13] = asin(small[i]);
        r[o + 14] = cbrt(v);
        r[o + 15] = hypot(v, 2.0);
        r[o + 16] = fma(v, v, 1.0);
        r[o + 17] = sqrt(fabs(v));
        r[o + 18] = fmod(v, 0.7);
        r[o + 19] = remainder(v, 0.7);
        r[o + 20] = sinh(v);
        r[o + 21] = asinh(v);
        r[o + 22] = lgamma((double2){v, 1.5}).x;
        r[o + 23] = atanh(small[i]);
        rf[4 * i + 0] = lgammaf(xf[i]);
        rf[4 * i + 1] = powf(xf[i], 2.5f);
        rf[4 * i + 2] = sinf(xf[i]);
        rf[4 * i + 3] = expf(xf[i]);
    }
#ifndef LIBRARY_ONLY
    /* user arithmetic: no NoContraction (not a division, whose correction
     * toward the rounded quotient rounds step by step: check/float_division.c) */
    parallel_for_each(i, extent(N)) { r[i] = -(x[i] * x[i] + 1.0) * 3.0; }
#endif
    for (int i = 0; i < 24 * N; i++) printf("%a\n", r[i]);
    for (int i = 0; i < 4 * N; i++) printf("%a\n", (double)rf[i]);
    return 0;
}
