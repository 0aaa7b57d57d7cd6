/* camp_math/amp_extras.h — C++ AMP's precise_math functions that C17's
 * <math.h> lacks: sinpi, cospi, rsqrt, rcbrt, exp10 (C23 and glibc have
 * some of them, not all, and glibc 2.36 none but exp10) and sincos, in
 * double and float forms.
 *
 * Each is a macro naming its camp_precise_ form (sinpi(x) is
 * camp_precise_sinpi(x)), in amp code and on the host alike: a C library
 * that lacks the name cannot serve the host, and one that has it would
 * make a second definition of the same name collide. Evaluated in
 * double-double and rounded once like the rest of the library:
 *
 * - sinpi, cospi: x = k/2 + r exactly (k = rint(2x), |r| <= 1/4: no
 *   multiplication by pi before the reduction, so no error from it), then
 *   sin or cos of the double-double pi*r. Integers give +-0 with x's sign
 *   (sinpi) and half-integers +0 (cospi), as C23 and IEEE 754 ask.
 * - rsqrt, rcbrt: x = m 2^(2k) (2^(3k)), one Newton step from the
 *   quotient of 1 by sqrt(m) (cbrt(m)) with its residual in double-double;
 *   scaling back by 2^-k is exact.
 * - exp10: e^(x ln 10) with x ln 10 as a double-double.
 * - sincos: sin and cos from one argument reduction, bit for bit
 *   camp_precise_sin's and camp_precise_cos's results.
 * - tanpi: the same exact reduction, x = k/2 + t; sin(pi t)/cos(pi t)
 *   (k even) or -cos(pi t)/sin(pi t) (k odd) as a double-double quotient.
 *   As C23 and IEEE 754 ask, an integer n gives +0 where n is even and
 *   positive or odd and negative, -0 otherwise (sinpi(n)/cospi(n)), and
 *   n + 1/2 gives +inf where n is even, -inf where n is odd.
 * - scalb(x, y): x 2^y for a floating y (POSIX's, obsolete in C): NaN where
 *   y is not an integer, as are 0 2^inf and inf 2^-inf; exact but for
 *   rounding into the subnormals, as ldexp.
 * - nan(tagp): the quiet NaN 0x7ff8000000000000 (nanf: 0x7fc00000), that
 *   of nan(""). tagp must be a string literal; its characters are not
 *   parsed into a payload, which C leaves to the implementation. */
#ifndef CAMP_MATH_AMP_EXTRAS_H
#define CAMP_MATH_AMP_EXTRAS_H

/* sin (cos = 0) or cos (cos = 1) of pi x, x finite, as a double. */
static inline double camp_math_sin_cos_pi(double x, int cos) restrict(cpu, amp) {
    double ax = camp_precise_fabs(x), k, r, th, tl, h, l;
    int q;
    if (ax >= 0x1p52) /* an integer: even beyond 2^53, odd below */
        return cos ? (ax >= 0x1p53 || camp_precise_fmod(ax, 2.0) == 0.0 ? 1.0 : -1.0)
                   : camp_precise_copysign(0.0, x);
    k = camp_precise_rint(2.0 * x); /* 2x exact */
    r = x - 0.5 * k;                 /* exact: on x's grid, |r| <= 1/4 */
    q = (int)(long long)k & 3;       /* x = k/2 + r: quadrant k mod 4 */
    q = (q + cos) & 3;               /* cos(t) = sin(t + pi/2) */
    if (r == 0.0) { /* sin of a multiple of pi/2: exact, and the zeros' signs */
        if (q & 1)
            return q == 1 ? 1.0 : -1.0;
        return cos ? 0.0 : camp_precise_copysign(0.0, x);
    }
    camp_dd_mul_d(CAMP_PI_HI, CAMP_PI_LO, r, &th, &tl);
    camp_math_sin_cos_dd(th, tl, !(q & 1), &h, &l);
    return q & 2 ? -(h + l) : h + l;
}
static inline double camp_precise_sinpi(double x) restrict(cpu, amp) {
    double h, l;
    if (!camp_precise_isfinite(x))
        return camp_precise_isnan(x) ? x : CAMP_NAN;
    if (x == 0.0)
        return x;
    if (camp_precise_fabs(x) < 0x1p-900) { /* pi x, x^3 below reach; rounded once also where subnormal */
        camp_dd_mul_d(CAMP_PI_HI, CAMP_PI_LO, x * 0x1p200, &h, &l);
        return camp_math_ldexp_dd(h, l, -200);
    }
    return camp_math_sin_cos_pi(x, 0);
}
static inline double camp_precise_cospi(double x) restrict(cpu, amp) {
    if (!camp_precise_isfinite(x))
        return camp_precise_isnan(x) ? x : CAMP_NAN;
    return camp_math_sin_cos_pi(x, 1);
}

/* 1/sqrt(x): x = m 2^(2k), m in [0.5, 2); y = 1/sqrt(m) to within a few
 * ulps, then y + y (1 - m y^2) / 2 with the residual in double-double. */
static inline double camp_precise_rsqrt(double x) restrict(cpu, amp) {
    double m, y, ph, pl, eh, el;
    int e;
    if (camp_precise_isnan(x))
        return x;
    if (x == 0.0)
        return camp_precise_copysign(CAMP_INFINITY, x); /* a pole, with the zero's sign */
    if (x < 0.0)
        return CAMP_NAN;
    if (camp_precise_isinf(x))
        return 0.0;
    m = camp_precise_frexp(x, &e); /* [0.5, 1) */
    if (e & 1) {
        m *= 2.0;
        e -= 1;
    }
    y = CAMP_MATH_DIV(1.0, camp_precise_sqrt(m));
    camp_dd_two_prod(y, y, &ph, &pl);
    camp_dd_mul_d(ph, pl, m, &ph, &pl);
    camp_dd_add(1.0, 0.0, -ph, -pl, &eh, &el);
    camp_dd_fast_two_sum(y, y * (eh + el) * 0.5, &ph, &pl);
    return camp_precise_ldexp(ph + pl, -e / 2); /* exact: the result is normal */
}
/* 1/cbrt(x): x = a 2^(3k), a in [0.5, 4); y = 1/cbrt(a) to within a few
 * ulps, then y + y (1 - a y^3) / 3 with the residual in double-double. */
static inline double camp_precise_rcbrt(double x) restrict(cpu, amp) {
    double a, y, ph, pl, eh, el;
    int e, k;
    if (camp_precise_isnan(x))
        return x;
    if (x == 0.0)
        return camp_precise_copysign(CAMP_INFINITY, x);
    if (camp_precise_isinf(x))
        return camp_precise_copysign(0.0, x);
    a = camp_precise_frexp(camp_precise_fabs(x), &e);
    k = e >= 0 ? e / 3 : -((-e + 2) / 3);
    a = camp_precise_ldexp(a, e - 3 * k);
    y = CAMP_MATH_DIV(1.0, camp_precise_cbrt(a));
    camp_dd_two_prod(y, y, &ph, &pl);
    camp_dd_mul_d(ph, pl, y, &ph, &pl);
    camp_dd_mul_d(ph, pl, a, &ph, &pl);
    camp_dd_add(1.0, 0.0, -ph, -pl, &eh, &el);
    camp_dd_fast_two_sum(y, CAMP_MATH_DIV(y * (eh + el), 3.0), &ph, &pl);
    return camp_precise_copysign(camp_precise_ldexp(ph + pl, -k), x); /* exact: normal */
}

static inline double camp_precise_exp10(double x) restrict(cpu, amp) {
    double th, tl;
    if (camp_precise_isnan(x))
        return x;
    if (x > 400.0) /* beyond the overflow threshold (308.25...), and x ln 10 kept finite */
        return CAMP_INFINITY;
    if (x < -400.0) /* below half the least subnormal (10^-323.6) */
        return 0.0;
    camp_dd_mul_d(CAMP_LN10_HI, CAMP_LN10_LO, x, &th, &tl);
    return camp_math_exp_of_dd(th, tl);
}

/* camp_precise_sin(x) and camp_precise_cos(x), the reduction shared. */
static inline void camp_precise_sincos(double x, double *sin, double *cos) restrict(cpu, amp) {
    double rh, rl, h, l;
    int n;
    if (!camp_precise_isfinite(x)) {
        *sin = *cos = camp_precise_isnan(x) ? x : CAMP_NAN;
        return;
    }
    n = camp_math_reduce_pio2(x, &rh, &rl);
    camp_math_sin_cos_dd(rh, rl, !(n & 1), &h, &l);
    *sin = camp_precise_fabs(x) < 0x1p-26 ? x : n & 2 ? -(h + l) : h + l;
    n = (n + 1) & 3;
    camp_math_sin_cos_dd(rh, rl, !(n & 1), &h, &l);
    *cos = n & 2 ? -(h + l) : h + l;
}

/* tan(pi x): x = k/2 + t exactly, |t| <= 1/4, and tan(t pi + k pi/2). */
static inline double camp_precise_tanpi(double x) restrict(cpu, amp) {
    double ax = camp_precise_fabs(x), k, t, th, tl, sh, sl, ch, cl, h, l;
    int q;
    if (!camp_precise_isfinite(x))
        return camp_precise_isnan(x) ? x : CAMP_NAN;
    if (x == 0.0)
        return x;
    if (ax < 0x1p-900) { /* pi x, as sinpi */
        camp_dd_mul_d(CAMP_PI_HI, CAMP_PI_LO, x * 0x1p200, &h, &l);
        return camp_math_ldexp_dd(h, l, -200);
    }
    if (ax >= 0x1p52) /* an integer n: even beyond 2^53; the zero's sign is x's, flipped where n is odd */
        return camp_precise_copysign(0.0, ax < 0x1p53 && camp_precise_fmod(ax, 2.0) != 0.0 ? -x : x);
    k = camp_precise_rint(2.0 * x);
    t = x - 0.5 * k;           /* exact, |t| <= 1/4 */
    q = (int)(long long)k & 3; /* x = n + q/2 (mod 2) */
    if (t == 0.0) {
        if (q & 1) /* a pole, n + 1/2: +inf for even n */
            return q == 1 ? CAMP_INFINITY : -CAMP_INFINITY;
        return camp_precise_copysign(0.0, q == 2 ? -x : x);
    }
    camp_dd_mul_d(CAMP_PI_HI, CAMP_PI_LO, t, &th, &tl);
    camp_math_sin_cos_dd(th, tl, 1, &sh, &sl);
    camp_math_sin_cos_dd(th, tl, 0, &ch, &cl);
    if (q & 1)
        camp_dd_div(-ch, -cl, sh, sl, &h, &l);
    else
        camp_dd_div(sh, sl, ch, cl, &h, &l);
    return h + l;
}

/* x 2^y for an integral y; y beyond +-65536 saturates (every result is then 0 or inf). */
static inline double camp_precise_scalb(double x, double y) restrict(cpu, amp) {
    if (camp_precise_isnan(x) || camp_precise_isnan(y))
        return x + y;
    if (camp_precise_isinf(y)) {
        if (y > 0.0)
            return x == 0.0 ? CAMP_NAN : x * y;
        return camp_precise_isinf(x) ? CAMP_NAN : CAMP_MATH_DIV(x, -y);
    }
    if (camp_precise_rint(y) != y)
        return CAMP_NAN;
    return camp_precise_ldexp(x, y > 65536.0 ? 65536 : y < -65536.0 ? -65536 : (int)y);
}

static inline double camp_precise_nan(void) restrict(cpu, amp) { return CAMP_NAN; }

/* The float forms: the double form, rounded once (float_forms.h). */
static inline float camp_precise_sinpif(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_sinpi(camp_math_float_to_double(x)));
}
static inline float camp_precise_cospif(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_cospi(camp_math_float_to_double(x)));
}
static inline float camp_precise_rsqrtf(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_rsqrt(camp_math_float_to_double(x)));
}
static inline float camp_precise_rcbrtf(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_rcbrt(camp_math_float_to_double(x)));
}
static inline float camp_precise_exp10f(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_exp10(camp_math_float_to_double(x)));
}
static inline void camp_precise_sincosf(float x, float *sin, float *cos) restrict(cpu, amp) {
    double s, c;
    camp_precise_sincos(camp_math_float_to_double(x), &s, &c);
    *sin = camp_math_double_to_float(s);
    *cos = camp_math_double_to_float(c);
}

static inline float camp_precise_tanpif(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_tanpi(camp_math_float_to_double(x)));
}
static inline float camp_precise_scalbf(float x, float y) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_scalb(camp_math_float_to_double(x), camp_math_float_to_double(y)));
}
static inline float camp_precise_nanf(void) restrict(cpu, amp) { return camp_math_double_to_float(CAMP_NAN); }

#define sinpi(x) camp_precise_sinpi(x)
#define sinpif(x) camp_precise_sinpif(x)
#define cospi(x) camp_precise_cospi(x)
#define cospif(x) camp_precise_cospif(x)
#define rsqrt(x) camp_precise_rsqrt(x)
#define rsqrtf(x) camp_precise_rsqrtf(x)
#define rcbrt(x) camp_precise_rcbrt(x)
#define rcbrtf(x) camp_precise_rcbrtf(x)
#define exp10(x) camp_precise_exp10(x)
#define exp10f(x) camp_precise_exp10f(x)
#define tanpi(x) camp_precise_tanpi(x)
#define tanpif(x) camp_precise_tanpif(x)
#define scalb(x, y) camp_precise_scalb(x, y)
#define scalbf(x, y) camp_precise_scalbf(x, y)
/* "" tagp: a compile-time error unless tagp is a string literal */
#define nan(tagp) ((void)sizeof("" tagp), camp_precise_nan())
#define nanf(tagp) ((void)sizeof("" tagp), camp_precise_nanf())
#define sincos(x, sin, cos) camp_precise_sincos(x, sin, cos)
#define sincosf(x, sin, cos) camp_precise_sincosf(x, sin, cos)

#endif /* CAMP_MATH_AMP_EXTRAS_H */
