// needs: shaderInt64 shaderFloat64
/* Complex constants in amp code: a const table of twiddle factors
 * (`{1.0, -I, -1.0, I}`), const scalars written `a + b * I` and `{a, b}`,
 * a static const table in a helper, and C11's CMPLX(x, y) (glibc leaves
 * it undefined for clang, so programs write it over __builtin_complex),
 * whose parts stay as given, an infinity or a NaN included. The serial
 * reference mode prints the same. */
#include <camp.h>
#include <complex.h>
#include <math.h>
#include <stdio.h>

#ifndef CMPLX
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#endif

static const double complex W4[4] = {1.0, -I, -1.0, I};
static const double complex SHIFT = 0.5 - 2.0 * I;
static const float complex HALF = {0.5f, 0.25f};

static double complex twiddle8(int k) restrict(amp) {
    static const double complex w[2] = {CMPLX(1.0, 0.0), CMPLX(0.70710678118654752, -0.70710678118654752)};
    return w[k % 2];
}

int main(void) {
    double complex out[8];
    float complex fo[8];
    double parts[4];
    parallel_for_each(k, extent(8)) {
        out[k] = W4[k % 4] * (2.0 + 1.0 * I) + SHIFT + twiddle8(k);
        fo[k] = HALF * (float)k + CMPLXF(k, -k);
        if (k == 0) {
            double complex z = CMPLX(INFINITY, NAN), y = CMPLX(-0.0, 3.0);
            parts[0] = creal(z);
            parts[1] = cimag(z);
            parts[2] = creal(y);
            parts[3] = cimag(y);
        }
    }
    for (int k = 0; k < 8; k++)
        printf("%.17g%+.17gi %g%+gi\n", creal(out[k]), cimag(out[k]), crealf(fo[k]), cimagf(fo[k]));
    printf("%g %d %g %g\n", parts[0], isnan(parts[1]) != 0, parts[2], parts[3]);
    return 0;
}
