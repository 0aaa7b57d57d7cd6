/* test/math/references.h — long double references for the functions of
 * bounds.h that glibc lacks (2.36: no sinpi, cospi, tanpi, rsqrt, rcbrt; exp10l
 * declared only under _GNU_SOURCE). harness.h's table names each
 * function's reference name##l: the macros below make those names these
 * functions.
 *
 * sinpi and cospi reduce x exactly (fmodl by 2, then k/2 + t with
 * |t| <= 1/4) and take sinl or cosl of pi*t: good to a few long double
 * ulps, about 2^-10 double ulps. tanpi reduces x by an integer, exactly,
 * to |t| <= 1/2 and takes tanl(pi t), or 1/tanl(pi (1/2 - |t|)) with t's
 * sign beyond 1/4 (the pole's distance, exact). */
#ifndef CAMP_TEST_MATH_REFERENCES_H
#define CAMP_TEST_MATH_REFERENCES_H

#include <math.h>

#define MATH_PI_L 3.141592653589793238462643383279502884L

/* sin (cos = 0) or cos (cos = 1) of pi x */
static inline long double math_reference_sin_cos_pi(long double x, int cos) {
    long double r, k, t, v;
    int q;
    if (!isfinite(x))
        return x - x; /* NaN */
    r = fmodl(x, 2.0L); /* exact, |r| < 2 */
    k = rintl(2.0L * r);
    t = r - 0.5L * k; /* exact, |t| <= 1/4 */
    q = ((int)k + cos) & 3;
    if (t == 0.0L) {
        if (q & 1)
            return q == 1 ? 1.0L : -1.0L;
        return cos ? 0.0L : copysignl(0.0L, x); /* C23: sinpi(-n) = -0, cospi(n + 1/2) = +0 */
    }
    v = q & 1 ? cosl(MATH_PI_L * t) : sinl(MATH_PI_L * t);
    return q & 2 ? -v : v;
}
static inline long double math_reference_sinpi(long double x) { return math_reference_sin_cos_pi(x, 0); }
static inline long double math_reference_cospi(long double x) { return math_reference_sin_cos_pi(x, 1); }
static inline long double math_reference_rsqrt(long double x) { return 1.0L / sqrtl(x); }
static inline long double math_reference_rcbrt(long double x) { return 1.0L / cbrtl(x); }
/* tan(pi x) */
static inline long double math_reference_tanpi(long double x) {
    long double t, n, s;
    if (!isfinite(x))
        return x - x;
    n = rintl(x);
    t = x - n; /* exact, |t| <= 1/2 */
    if (t == 0.0L) /* C23: +0 for positive even and negative odd n */
        return copysignl(0.0L, fmodl(n, 2.0L) != 0.0L ? -x : x);
    if (fabsl(t) <= 0.25L)
        return tanl(MATH_PI_L * t);
    s = 0.5L - fabsl(t);
    if (s == 0.0L) /* n + 1/2: +inf for even n */
        return fmodl(x - t, 2.0L) == 0.0L ? (t > 0 ? INFINITY : -INFINITY) : (t > 0 ? -INFINITY : INFINITY);
    return copysignl(1.0L / tanl(MATH_PI_L * s), t);
}
/* y with erf(y) = x (erfc = 0) or erfc(y) = x (erfc = 1), y >= 0: 40
 * bisections of [0, 30] (erf and erfc are monotonic), then Newton steps on
 * the long double erfl or erfcl, whichever the target is not near 1 for. */
static inline long double math_reference_erf_solve(long double x, int erfc) {
    long double lo = 0.0L, hi = 30.0L, y;
    for (int i = 0; i < 40; i++) {
        y = 0.5L * (lo + hi);
        if ((erfc ? erfcl(y) < x : erfl(y) > x))
            hi = y;
        else
            lo = y;
    }
    y = 0.5L * (lo + hi);
    for (int i = 0; i < 8; i++) /* f' = 2/sqrt(pi) e^(-y^2) */
        y -= (erfc ? x - erfcl(y) : erfl(y) - x) / (2.0L / sqrtl(MATH_PI_L) * expl(-y * y));
    return y;
}
static inline long double math_reference_erfinv(long double x) {
    if (isnan(x) || fabsl(x) > 1.0L)
        return x - x + NAN;
    if (fabsl(x) == 1.0L)
        return copysignl(INFINITY, x);
    if (fabsl(x) < 0x1p-32L) /* sqrt(pi)/2 (x + pi/12 x^3): Newton's absolute steps would stop short */
        return sqrtl(MATH_PI_L) / 2.0L * (x + MATH_PI_L / 12.0L * x * x * x);
    return copysignl(fabsl(x) <= 0.5L ? math_reference_erf_solve(fabsl(x), 0)
                                      : math_reference_erf_solve(1.0L - fabsl(x), 1), x);
}
static inline long double math_reference_erfcinv(long double q) {
    if (isnan(q) || q < 0.0L || q > 2.0L)
        return q - q + NAN;
    if (q <= 0.5L)
        return q == 0.0L ? INFINITY : math_reference_erf_solve(q, 1);
    if (q >= 1.5L)
        return q == 2.0L ? -INFINITY : -math_reference_erf_solve(2.0L - q, 1);
    return math_reference_erfinv(1.0L - q); /* exact */
}
/* erfc(-x/sqrt 2)/2 with -x/sqrt 2 = a + al, al from an exact remainder
 * and 1/sqrt(2)'s own rounding error, entering through erfc's derivative */
#define MATH_INV_SQRT2_L 0.707106781186547524400844362104849039L
#define MATH_INV_SQRT2_L_ERROR 1.895032558893257079655062e-20L /* 1/sqrt(2) - MATH_INV_SQRT2_L (mpmath) */
static inline long double math_reference_normcdf(long double x) {
    long double c = MATH_INV_SQRT2_L, a, al;
    if (!isfinite(x))
        return isnan(x) ? x : x > 0.0L;
    a = x * c;
    al = fmal(x, c, -a) + x * MATH_INV_SQRT2_L_ERROR; /* x/sqrt 2 - a */
    return 0.5L * (erfcl(-a) + al * (2.0L / sqrtl(MATH_PI_L)) * expl(-a * a));
}
static inline long double math_reference_normcdfinv(long double p) {
    return 0.0L - sqrtl(2.0L) * math_reference_erfcinv(2.0L * p);
}
long double exp10l(long double); /* glibc's, which <math.h> declares only for _GNU_SOURCE */

#define sinpil math_reference_sinpi
#define cospil math_reference_cospi
#define rsqrtl math_reference_rsqrt
#define rcbrtl math_reference_rcbrt
#define tanpil math_reference_tanpi
#define erfinvl math_reference_erfinv
#define erfcinvl math_reference_erfcinv
#define normcdfl math_reference_normcdf
#define normcdfinvl math_reference_normcdfinv
long double scalbl(long double, long double); /* glibc's (POSIX, obsolete), not declared for C17 */

#endif /* CAMP_TEST_MATH_REFERENCES_H */
