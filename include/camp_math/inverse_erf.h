/* camp_math/inverse_erf.h — C++ AMP's precise_math erfinv, erfcinv, phi
 * (the standard normal distribution function) and probit (its inverse),
 * double and float, as macros for camp_precise_<name> like amp_extras.h's;
 * phi and probit under CUDA's names, normcdf and normcdfinv: a macro named
 * phi took over programs' own phi (an angle, a flux limiter), a declared
 * function of another file silently so.
 *
 * - erfinv, erfcinv: Giles' single-precision approximation ("Approximating
 *   the erfinv function", 2010) as the first guess, or erfc's asymptotic
 *   form where erfc(y) is below 2^-23, then Halley steps, y -= d/(1 + y d)
 *   with the Newton step d: on erf(y) - x for |x| <= 1/2, and on
 *   erfc(y) - q beyond (q = 1 - |x|, exact), so that a target near 1 loses
 *   nothing to its distance from 1. erfc and e^(-y^2) carry a common power
 *   of 2 (special.h's camp_math_erfc_fraction_dd), which keeps the residual
 *   exact where erfc(y) is subnormal. erfinv(+-1) = +-inf, erfcinv(0) =
 *   +inf, erfcinv(2) = -inf; NaN outside [-1, 1] and [0, 2].
 * - normcdf(x) = erfc(-x/sqrt 2)/2 with -x/sqrt 2 a double-double: its low
 *   part enters through erfc's derivative, so the tails (normcdf(-37) is
 *   about 10^-300) keep their accuracy; 1 - erfc(x/sqrt 2)/2 in
 *   double-double for x > 0.
 * - normcdfinv(p) = -sqrt 2 erfcinv(2p), the product of double-doubles
 *   rounded once; normcdfinv(0) = -inf, normcdfinv(1) = +inf,
 *   normcdfinv(1/2) = +0, NaN outside [0, 1]. */
#ifndef CAMP_MATH_INVERSE_ERF_H
#define CAMP_MATH_INVERSE_ERF_H

/* erfc(a), a >= 0, as 2^k (rh + rl) and e^(-a^2) as 2^k m: returns k. */
static inline int camp_math_erfc_scaled(double a, double *rh, double *rl, double *m) restrict(cpu, amp) {
    double eh, el, wh, wl, mh, ml;
    int k;
    if (a >= 2.5)
        return camp_math_erfc_fraction_dd(a, rh, rl, m);
    camp_math_erf_series(a, &eh, &el);
    camp_dd_add_d(-eh, -el, 1.0, rh, rl);
    camp_dd_two_prod(a, a, &wh, &wl);
    k = camp_math_exp_dd(-wh, -wl, &mh, &ml);
    *m = mh * camp_math_pow2(k); /* k >= -10: exact */
    return 0;
}

/* Giles' approximation of erfinv(x), w = -log(1 - x^2), to about 4e-7. */
static inline double camp_math_erfinv_guess(double x, double w) restrict(cpu, amp) {
    double p;
    if (w < 5.0) {
        w -= 2.5;
        p = 2.81022636e-08;
        p = 3.43273939e-07 + p * w;
        p = -3.5233877e-06 + p * w;
        p = -4.39150654e-06 + p * w;
        p = 0.00021858087 + p * w;
        p = -0.00125372503 + p * w;
        p = -0.00417768164 + p * w;
        p = 0.246640727 + p * w;
        p = 1.50140941 + p * w;
    } else {
        w = camp_precise_sqrt(w) - 3.0;
        p = -0.000200214257;
        p = 0.000100950558 + p * w;
        p = 0.00134934322 + p * w;
        p = -0.00367342844 + p * w;
        p = 0.00573950773 + p * w;
        p = -0.0076224613 + p * w;
        p = 0.00943887047 + p * w;
        p = 1.00167406 + p * w;
        p = 2.83297682 + p * w;
    }
    return p * x;
}

/* One Halley step from y given the Newton step d: the correction, -d/(1 + y d). */
static inline double camp_math_halley(double y, double d) restrict(cpu, amp) {
    return -CAMP_MATH_DIV(d, 1.0 + y * d);
}

/* erfinv(x) 2^60 for |x| < 2^-28: sqrt(pi)/2 x, the x^3 term below 2^-56
 * of it; scaled so that subnormal x keep their bits. */
static inline void camp_math_erfinv_small(double x, double *rh, double *rl) restrict(cpu, amp) {
    camp_dd_div(x * 0x1p60, 0.0, CAMP_TWO_OVER_SQRTPI_HI, CAMP_TWO_OVER_SQRTPI_LO, rh, rl);
}
/* y with erf(y) = x for 0 < |x| <= 1/2, as a double-double. */
static inline void camp_math_erfinv_central(double x, double *rh, double *rl) restrict(cpu, amp) {
    double y, c = 0.0, eh, el, wh, wl, mh, ml, d;
    int i, k;
    if (camp_precise_fabs(x) < 0x1p-28) {
        camp_math_erfinv_small(x, &eh, &el);
        *rh = eh * 0x1p-60; /* exact: normal */
        *rl = el * 0x1p-60;
        return;
    }
    y = camp_math_erfinv_guess(x, -camp_precise_log1p(-x * x));
    for (i = 0; i < 3; i++) {
        y += c;
        camp_math_erf_series(camp_precise_fabs(y), &eh, &el);
        if (y < 0.0) {
            eh = -eh;
            el = -el;
        }
        camp_dd_add_d(eh, el, -x, &eh, &el); /* erf(y) - x */
        camp_dd_two_prod(y, y, &wh, &wl);
        k = camp_math_exp_dd(-wh, -wl, &mh, &ml);
        d = CAMP_MATH_DIV(eh + el, CAMP_TWO_OVER_SQRTPI_HI * mh * camp_math_pow2(k));
        c = camp_math_halley(y, d);
    }
    camp_dd_fast_two_sum(y, c, rh, rl);
}

/* y > 0 with erfc(y) = q for 0 < q <= 1/2, as a double-double. */
static inline void camp_math_erfcinv_tail(double q, double *rh, double *rl) restrict(cpu, amp) {
    double w = -camp_precise_log(q * (2.0 - q)), l, y, c = 0.0, h, lo, m, d;
    int i, k;
    if (w < 16.0) {
        y = camp_math_erfinv_guess(1.0 - q, w);
    } else { /* erfc(y) ~ e^(-y^2)/(y sqrt(pi)) (1 - 1/(2y^2)) */
        l = -camp_precise_log(q);
        y = camp_precise_sqrt(l);
        for (i = 0; i < 3; i++)
            y = camp_precise_sqrt(l - camp_precise_log(y) - 0.5723649429247001 /* ln sqrt(pi) */ +
                                  camp_precise_log1p(CAMP_MATH_DIV(-0.5, y * y)));
    }
    for (i = 0; i < 4; i++) {
        y += c;
        y = y < 0.25 ? 0.25 : y > 28.0 ? 28.0 : y; /* (never, from the first guesses) */
        k = camp_math_erfc_scaled(y, &h, &lo, &m);
        camp_dd_add_d(h, lo, -camp_precise_ldexp(q, -k), &h, &lo); /* (erfc(y) - q) 2^-k, q's scaling exact */
        d = -CAMP_MATH_DIV(h + lo, CAMP_TWO_OVER_SQRTPI_HI * m);
        c = camp_math_halley(y, d);
    }
    camp_dd_fast_two_sum(y, c, rh, rl);
}

/* erfinv(x) for finite 0 < |x| < 1 as a double-double. */
static inline void camp_math_erfinv_dd(double x, double *rh, double *rl) restrict(cpu, amp) {
    if (camp_precise_fabs(x) <= 0.5) {
        camp_math_erfinv_central(x, rh, rl);
        return;
    }
    camp_math_erfcinv_tail(1.0 - camp_precise_fabs(x), rh, rl); /* exact: Sterbenz */
    if (x < 0.0) {
        *rh = -*rh;
        *rl = -*rl;
    }
}
/* erfcinv(q) for 0 < q < 2 as a double-double. */
static inline void camp_math_erfcinv_dd(double q, double *rh, double *rl) restrict(cpu, amp) {
    if (q <= 0.5) {
        camp_math_erfcinv_tail(q, rh, rl);
    } else if (q >= 1.5) {
        camp_math_erfcinv_tail(2.0 - q, rh, rl); /* exact: Sterbenz */
        *rh = -*rh;
        *rl = -*rl;
    } else if (q == 1.0) {
        *rh = *rl = 0.0;
    } else {
        camp_math_erfinv_central(1.0 - q, rh, rl); /* exact: Sterbenz */
    }
}

static inline double camp_precise_erfinv(double x) restrict(cpu, amp) {
    double h, l;
    if (camp_precise_isnan(x))
        return x;
    if (x == 0.0)
        return x;
    if (camp_precise_fabs(x) >= 1.0)
        return camp_precise_fabs(x) == 1.0 ? camp_precise_copysign(CAMP_INFINITY, x) : CAMP_NAN;
    if (camp_precise_fabs(x) < 0x1p-28) { /* rounded once, also into the subnormals */
        camp_math_erfinv_small(x, &h, &l);
        return camp_math_ldexp_dd(h, l, -60);
    }
    camp_math_erfinv_dd(x, &h, &l);
    return h + l;
}
static inline double camp_precise_erfcinv(double q) restrict(cpu, amp) {
    double h, l;
    if (camp_precise_isnan(q))
        return q;
    if (q <= 0.0 || q >= 2.0)
        return q == 0.0 ? CAMP_INFINITY : q == 2.0 ? -CAMP_INFINITY : CAMP_NAN;
    camp_math_erfcinv_dd(q, &h, &l);
    return h + l;
}

static inline double camp_precise_normcdf(double x) restrict(cpu, amp) {
    double ah, al, h, l, m;
    int k;
    if (camp_precise_isnan(x))
        return x;
    if (x < -40.0) /* erfc(28.28...)/2: below half the least subnormal */
        return 0.0;
    if (x > 9.0) /* erfc(6.36...)/2: below a quarter ulp of 1 */
        return 1.0;
    camp_dd_mul_d(CAMP_INV_SQRT2_HI, CAMP_INV_SQRT2_LO, camp_precise_fabs(x), &ah, &al); /* |x|/sqrt 2 */
    k = camp_math_erfc_scaled(ah, &h, &l, &m);
    /* erfc(ah + al) = erfc(ah) - al 2/sqrt(pi) e^(-ah^2), to al^2's order */
    camp_dd_add_d(h, l, -al * CAMP_TWO_OVER_SQRTPI_HI * m, &h, &l);
    if (x < 0.0)
        return camp_math_ldexp_dd(h, l, k - 1);
    h *= 0.5 * camp_math_pow2(k); /* k >= -70 here: exact */
    l *= 0.5 * camp_math_pow2(k);
    camp_dd_add_d(-h, -l, 1.0, &h, &l);
    return h + l;
}

static inline double camp_precise_normcdfinv(double p) restrict(cpu, amp) {
    double h, l;
    if (camp_precise_isnan(p))
        return p;
    if (p <= 0.0 || p >= 1.0)
        return p == 0.0 ? -CAMP_INFINITY : p == 1.0 ? CAMP_INFINITY : CAMP_NAN;
    camp_math_erfcinv_dd(2.0 * p, &h, &l); /* 2p exact */
    camp_dd_mul(h, l, -CAMP_SQRT2_HI, -CAMP_SQRT2_LO, &h, &l);
    return h + l + 0.0; /* + 0.0: normcdfinv(1/2) = +0 */
}

/* The float forms: the double form, rounded once (float_forms.h). */
static inline float camp_precise_erfinvf(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_erfinv(camp_math_float_to_double(x)));
}
static inline float camp_precise_erfcinvf(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_erfcinv(camp_math_float_to_double(x)));
}
static inline float camp_precise_normcdff(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_normcdf(camp_math_float_to_double(x)));
}
static inline float camp_precise_normcdfinvf(float x) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_normcdfinv(camp_math_float_to_double(x)));
}

#define erfinv(x) camp_precise_erfinv(x)
#define erfinvf(x) camp_precise_erfinvf(x)
#define erfcinv(x) camp_precise_erfcinv(x)
#define erfcinvf(x) camp_precise_erfcinvf(x)
#define normcdf(x) camp_precise_normcdf(x)
#define normcdff(x) camp_precise_normcdff(x)
#define normcdfinv(x) camp_precise_normcdfinv(x)
#define normcdfinvf(x) camp_precise_normcdfinvf(x)

#endif /* CAMP_MATH_INVERSE_ERF_H */
