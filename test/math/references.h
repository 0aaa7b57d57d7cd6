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
long double exp10l(long double); /* glibc's, which <math.h> declares only for _GNU_SOURCE */

#define sinpil math_reference_sinpi
#define cospil math_reference_cospi
#define rsqrtl math_reference_rsqrt
#define rcbrtl math_reference_rcbrt
#define tanpil math_reference_tanpi
long double scalbl(long double, long double); /* glibc's (POSIX, obsolete), not declared for C17 */

#endif /* CAMP_TEST_MATH_REFERENCES_H */
