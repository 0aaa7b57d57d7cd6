/* camp_math/exp_log.h — exponentials, logarithms, pow, and the hyperbolic
 * functions, all evaluated in double-double and rounded once at the end.
 *
 * exp: x = k ln2 + r (ln 2 in three parts, the first two short enough that
 * k * part is exact), e^r - 1 by its Taylor series in double-double for
 * |r| <= 0.35. log: x = 2^k m with m in [sqrt(1/2), sqrt(2)), and
 * log m = 2 atanh(f), f = (m-1)/(m+1), |f| <= 0.172, by its series in f^2. */
#ifndef CAMP_MATH_EXP_LOG_H
#define CAMP_MATH_EXP_LOG_H

/* ---- exp core --------------------------------------------------------------- */

/* e^r - 1 for |r| <= 0.36, relative error about 2^-104. */
static inline void camp_math_expm1_poly(double rh, double rl, double *qh, double *ql) restrict(cpu, amp) {
    double sh = camp_inv_factorial_HI[24], sl = camp_inv_factorial_LO[24];
    int n;
    for (n = 23; n >= 1; n--) {
        camp_dd_mul(sh, sl, rh, rl, &sh, &sl);
        camp_dd_add(sh, sl, camp_inv_factorial_HI[n], camp_inv_factorial_LO[n], &sh, &sl);
    }
    camp_dd_mul(sh, sl, rh, rl, qh, ql);
}
/* x = k ln2 + r for |x| < 1100; returns k, r as a double-double. */
static inline int camp_math_exp_reduce(double xh, double xl, double *rh, double *rl) restrict(cpu, amp) {
    double kd = camp_precise_rint(xh * CAMP_INV_LN2_HI);
    double t = xh - kd * CAMP_LN2_PART_1; /* exact: both factors short, Sterbenz */
    double a, b;
    camp_dd_two_sum(t, -kd * CAMP_LN2_PART_2, &a, &b);
    b += xl - kd * CAMP_LN2_PART_3;
    camp_dd_fast_two_sum(a, b, rh, rl);
    return (int)kd;
}
/* e^x = 2^k (mh + ml) for |xh| < 1100; returns k. */
static inline int camp_math_exp_dd(double xh, double xl, double *mh, double *ml) restrict(cpu, amp) {
    double rh, rl, qh, ql;
    int k = camp_math_exp_reduce(xh, xl, &rh, &rl);
    camp_math_expm1_poly(rh, rl, &qh, &ql);
    camp_dd_fast_two_sum(1.0, qh, mh, ml);
    *ml += ql;
    return k;
}
/* e^x - 1 as a double-double for |x| <= 45. */
static inline void camp_math_expm1_dd(double x, double *eh, double *el) restrict(cpu, amp) {
    double rh, rl, qh, ql, p, ah, al;
    int k = camp_math_exp_reduce(x, 0.0, &rh, &rl);
    camp_math_expm1_poly(rh, rl, &qh, &ql);
    if (k == 0) {
        *eh = qh;
        *el = ql;
        return;
    }
    /* 2^k (1 + q) - 1 = 2^k q + (2^k - 1) */
    p = camp_math_pow2(k);
    camp_dd_two_sum(p, -1.0, &ah, &al);
    camp_dd_add(qh * p, ql * p, ah, al, eh, el);
}
/* e^(xh + xl) rounded once; overflow and underflow included. */
static inline double camp_math_exp_of_dd(double xh, double xl) restrict(cpu, amp) {
    double mh, ml;
    int k;
    if (xh > 710.0)
        return CAMP_INFINITY;
    if (xh < -746.0)
        return 0.0;
    k = camp_math_exp_dd(xh, xl, &mh, &ml);
    return camp_math_ldexp_dd(mh, ml, k);
}

/* ---- log core --------------------------------------------------------------- */

/* 2 atanh(f) = log((1+f)/(1-f)) for |f| <= 0.18 given as a double-double. */
static inline void camp_math_log_series(double fh, double fl, double *rh, double *rl) restrict(cpu, amp) {
    double gh, gl, sh = camp_inv_odd_HI[22], sl = camp_inv_odd_LO[22];
    int n;
    camp_dd_mul(fh, fl, fh, fl, &gh, &gl);
    for (n = 21; n >= 0; n--) {
        camp_dd_mul(sh, sl, gh, gl, &sh, &sl);
        camp_dd_add(sh, sl, camp_inv_odd_HI[n], camp_inv_odd_LO[n], &sh, &sl);
    }
    camp_dd_mul(sh, sl, 2.0 * fh, 2.0 * fl, rh, rl);
}
/* x = xh + xl > 0 finite as 2^k m, m in [sqrt(1/2), sqrt(2)); returns k and
 * log m as a double-double. */
static inline int camp_math_log_reduce(double xh, double xl, double *lh, double *ll) restrict(cpu, amp) {
    int k;
    double mh = camp_precise_frexp(xh, &k), ml, nh, nl, dh, dl, fh, fl;
    if (mh < 0x1.6a09e667f3bcdp-1) {
        mh *= 2.0;
        k -= 1;
    }
    ml = camp_precise_ldexp(xl, -k);
    camp_dd_two_sum(mh - 1.0, ml, &nh, &nl); /* mh - 1 exact (Sterbenz) */
    camp_dd_two_sum(mh, 1.0, &dh, &dl);
    dl += ml;
    camp_dd_div(nh, nl, dh, dl, &fh, &fl);
    camp_math_log_series(fh, fl, lh, ll);
    return k;
}
/* k * ln 2 as a double-double, |k| < 2^11. */
static inline void camp_math_k_ln2(int k, double *rh, double *rl) restrict(cpu, amp) {
    camp_dd_fast_two_sum(k * CAMP_LN2_PART_1, k * CAMP_LN2_PART_2, rh, rl);
    *rl += k * CAMP_LN2_PART_3;
}
/* log(x) of a positive finite double-double. */
static inline void camp_math_log_dd(double xh, double xl, double *rh, double *rl) restrict(cpu, amp) {
    double lh, ll, kh, kl;
    int k = camp_math_log_reduce(xh, xl, &lh, &ll);
    camp_math_k_ln2(k, &kh, &kl);
    camp_dd_add(kh, kl, lh, ll, rh, rl);
}
/* log(1 + u) for u = uh + ul > -1: near u = 0 through f = u/(2+u), so that
 * small u keep their relative accuracy. */
static inline void camp_math_log1p_dd(double uh, double ul, double *rh, double *rl) restrict(cpu, amp) {
    double dh, dl, fh, fl, mh, ml;
    if (camp_precise_fabs(uh) < 0.25) {
        camp_dd_two_sum(2.0, uh, &dh, &dl);
        dl += ul;
        camp_dd_div(uh, ul, dh, dl, &fh, &fl);
        camp_math_log_series(fh, fl, rh, rl);
        return;
    }
    camp_dd_two_sum(1.0, uh, &mh, &ml);
    camp_dd_fast_two_sum(mh, ml + ul, &mh, &ml);
    camp_math_log_dd(mh, ml, rh, rl);
}
/* The special cases shared by log, log2, log10: NaN, x < 0, 0, +inf.
 * Returns 1 and sets *result when x is one of them. */
static inline int camp_math_log_special(double x, double *result) restrict(cpu, amp) {
    if (camp_precise_isnan(x)) {
        *result = x;
        return 1;
    }
    if (x == 0.0) {
        *result = -CAMP_INFINITY;
        return 1;
    }
    if (x < 0.0) {
        *result = CAMP_NAN;
        return 1;
    }
    if (camp_precise_isinf(x)) {
        *result = x;
        return 1;
    }
    return 0;
}

/* ---- exp, exp2, expm1 --------------------------------------------------------------- */

static inline double camp_precise_exp(double x) restrict(cpu, amp) {
    if (camp_precise_isnan(x))
        return x;
    return camp_math_exp_of_dd(x, 0.0);
}
/* 2^x = 2^k e^(f ln2) with k = rint(x), f = x - k exact. */
static inline double camp_precise_exp2(double x) restrict(cpu, amp) {
    double kd, f, th, tl, mh, ml;
    int j;
    if (camp_precise_isnan(x))
        return x;
    if (x > 1025.0)
        return CAMP_INFINITY;
    if (x < -1076.0)
        return 0.0;
    kd = camp_precise_rint(x);
    f = x - kd;
    camp_dd_mul_d(CAMP_LN2_HI, CAMP_LN2_LO, f, &th, &tl);
    j = camp_math_exp_dd(th, tl, &mh, &ml);
    return camp_math_ldexp_dd(mh, ml, j + (int)kd);
}
static inline double camp_precise_expm1(double x) restrict(cpu, amp) {
    double eh, el;
    if (camp_precise_isnan(x))
        return x;
    if (x > 710.0)
        return CAMP_INFINITY;
    if (x < -38.0)
        return -1.0; /* e^x is below half an ulp of 1 */
    if (camp_precise_fabs(x) < 0x1p-54)
        return x; /* x^2/2 is below half an ulp of x (also for 0 and subnormals) */
    if (x > 45.0)
        return camp_precise_exp(x); /* the -1 is below half an ulp */
    camp_math_expm1_dd(x, &eh, &el);
    return eh + el;
}

/* ---- log, log2, log10, log1p ----------------------------------------------------- */

static inline double camp_precise_log(double x) restrict(cpu, amp) {
    double rh, rl;
    if (camp_math_log_special(x, &rh))
        return rh;
    camp_math_log_dd(x, 0.0, &rh, &rl);
    return rh + rl;
}
static inline double camp_precise_log2(double x) restrict(cpu, amp) {
    double lh, ll, rh, rl;
    int k;
    if (camp_math_log_special(x, &rh))
        return rh;
    k = camp_math_log_reduce(x, 0.0, &lh, &ll);
    camp_dd_mul(lh, ll, CAMP_INV_LN2_HI, CAMP_INV_LN2_LO, &rh, &rl);
    camp_dd_add_d(rh, rl, (double)k, &rh, &rl);
    return rh + rl;
}
static inline double camp_precise_log10(double x) restrict(cpu, amp) {
    double lh, ll, rh, rl, kh, kl;
    int k;
    if (camp_math_log_special(x, &rh))
        return rh;
    k = camp_math_log_reduce(x, 0.0, &lh, &ll);
    camp_dd_mul(lh, ll, CAMP_INV_LN10_HI, CAMP_INV_LN10_LO, &rh, &rl);
    camp_dd_mul_d(CAMP_LOG10_2_HI, CAMP_LOG10_2_LO, (double)k, &kh, &kl);
    camp_dd_add(rh, rl, kh, kl, &rh, &rl);
    return rh + rl;
}
static inline double camp_precise_log1p(double x) restrict(cpu, amp) {
    double rh, rl;
    if (camp_precise_isnan(x))
        return x;
    if (x == -1.0)
        return -CAMP_INFINITY;
    if (x < -1.0)
        return CAMP_NAN;
    if (camp_precise_isinf(x))
        return x;
    if (camp_precise_fabs(x) < 0x1p-54)
        return x; /* x^2/2 is below half an ulp of x */
    camp_math_log1p_dd(x, 0.0, &rh, &rl);
    return rh + rl;
}

/* ---- pow -------------------------------------------------------------------------------- */

/* 1 if y is an odd integer, 0 otherwise (every double >= 2^53 is even). */
static inline int camp_math_is_odd_integer(double y) restrict(cpu, amp) {
    double h = 0.5 * y;
    return camp_precise_fabs(y) < 0x1p53 && camp_precise_trunc(y) == y && camp_precise_trunc(h) != h;
}
static inline int camp_math_is_integer(double y) restrict(cpu, amp) {
    return camp_precise_isfinite(y) && camp_precise_trunc(y) == y;
}
/* C99 Annex F's cases first; then |x|^y = e^(y log|x|) with the product in
 * double-double, and the sign for negative x and odd integer y. */
static inline double camp_precise_pow(double x, double y) restrict(cpu, amp) {
    double ax = camp_precise_fabs(x), lh, ll, th, tl, r;
    int negative = camp_precise_signbit(x) && camp_math_is_odd_integer(y);
    if (y == 0.0 || x == 1.0)
        return 1.0;
    if (x == -1.0 && camp_precise_isfinite(y))
        return camp_math_is_integer(y) ? (negative ? -1.0 : 1.0) : CAMP_NAN;
    if (camp_precise_isnan(x) || camp_precise_isnan(y))
        return CAMP_EITHER_NAN(x, y);
    if (camp_precise_isinf(y)) {
        if (ax == 1.0)
            return 1.0;
        return (ax < 1.0) == (y < 0.0) ? CAMP_INFINITY : 0.0;
    }
    if (x == 0.0 || camp_precise_isinf(x)) {
        /* |x|^y is +inf or +0; the sign survives for odd integer y */
        r = (x == 0.0) == (y < 0.0) ? CAMP_INFINITY : 0.0;
        return negative ? -r : r;
    }
    if (x < 0.0 && !camp_math_is_integer(y))
        return CAMP_NAN;
    camp_math_log_dd(ax, 0.0, &lh, &ll);
    th = y * lh;
    if (th > 710.0)
        r = CAMP_INFINITY;
    else if (th < -746.0)
        r = 0.0;
    else {
        camp_dd_mul_d(lh, ll, y, &th, &tl);
        r = camp_math_exp_of_dd(th, tl);
    }
    return negative ? -r : r;
}

/* ---- Hyperbolic functions ----------------------------------------------------------------- */

/* e^a/2 +- e^-a/2 for a >= 1 as 2^(k-1) (m +- 2^-2k / m), rounded once. */
static inline double camp_math_exp_pair(double a, double sign) restrict(cpu, amp) {
    double mh, ml, ih, il;
    int k;
    if (a > 711.0)
        return CAMP_INFINITY;
    k = camp_math_exp_dd(a, 0.0, &mh, &ml);
    if (k < 60) {
        camp_dd_div(1.0, 0.0, mh, ml, &ih, &il);
        camp_dd_add(mh, ml, sign * ih * camp_math_pow2(-2 * k), sign * il * camp_math_pow2(-2 * k), &mh, &ml);
    }
    return camp_math_ldexp_dd(mh, ml, k - 1);
}
static inline double camp_precise_sinh(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), eh, el, dh, dl, qh, ql, r;
    if (!camp_precise_isfinite(x))
        return x;
    if (a < 0x1p-27)
        return x; /* x^3/6 is below half an ulp */
    if (a >= 1.0)
        r = camp_math_exp_pair(a, -1.0);
    else {
        /* (E + E/(E+1)) / 2 with E = e^a - 1: no cancellation */
        camp_math_expm1_dd(a, &eh, &el);
        camp_dd_add_d(eh, el, 1.0, &dh, &dl);
        camp_dd_div(eh, el, dh, dl, &qh, &ql);
        camp_dd_add(eh, el, qh, ql, &eh, &el);
        r = 0.5 * (eh + el);
    }
    return camp_precise_copysign(r, x);
}
static inline double camp_precise_cosh(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), eh, el, dh, dl, qh, ql;
    if (!camp_precise_isfinite(x))
        return camp_precise_isnan(x) ? x : CAMP_INFINITY;
    if (a >= 1.0)
        return camp_math_exp_pair(a, 1.0);
    if (a < 0x1p-27)
        return 1.0;
    /* 1 + E^2 / (2 (E + 1)) with E = e^a - 1 */
    camp_math_expm1_dd(a, &eh, &el);
    camp_dd_add_d(eh, el, 1.0, &dh, &dl);
    camp_dd_mul(eh, el, eh, el, &qh, &ql);
    camp_dd_div(qh, ql, 2.0 * dh, 2.0 * dl, &qh, &ql);
    camp_dd_add_d(qh, ql, 1.0, &qh, &ql);
    return qh + ql;
}
static inline double camp_precise_tanh(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), eh, el, dh, dl;
    if (camp_precise_isnan(x))
        return x;
    if (a > 20.0)
        return camp_precise_copysign(1.0, x); /* 1 - tanh is below half an ulp */
    if (a < 0x1p-27)
        return x;
    /* E / (E + 2) with E = e^2a - 1 */
    camp_math_expm1_dd(2.0 * a, &eh, &el);
    camp_dd_add_d(eh, el, 2.0, &dh, &dl);
    camp_dd_div(eh, el, dh, dl, &eh, &el);
    return camp_precise_copysign(eh + el, x);
}
static inline double camp_precise_asinh(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), wh, wl, sh, sl, rh, rl;
    if (!camp_precise_isfinite(x))
        return x;
    if (a < 0x1p-27)
        return x; /* x^3/6 is below half an ulp */
    if (a > 0x1p28) {
        /* log(2a): the 1/(4a^2) term is below half an ulp */
        camp_math_log_dd(a, 0.0, &rh, &rl);
        camp_dd_add(rh, rl, CAMP_LN2_HI, CAMP_LN2_LO, &rh, &rl);
    } else {
        /* log1p(a + a^2 / (1 + sqrt(1 + a^2))) */
        camp_dd_two_prod(a, a, &wh, &wl);
        camp_dd_add_d(wh, wl, 1.0, &sh, &sl);
        camp_dd_sqrt(sh, sl, &sh, &sl);
        camp_dd_add_d(sh, sl, 1.0, &sh, &sl);
        camp_dd_div(wh, wl, sh, sl, &wh, &wl);
        camp_dd_add_d(wh, wl, a, &wh, &wl);
        camp_math_log1p_dd(wh, wl, &rh, &rl);
    }
    return camp_precise_copysign(rh + rl, x);
}
static inline double camp_precise_acosh(double x) restrict(cpu, amp) {
    double th, tl, sh, sl, rh, rl;
    if (camp_precise_isnan(x))
        return x;
    if (x < 1.0)
        return CAMP_NAN;
    if (camp_precise_isinf(x))
        return x;
    if (x > 0x1p28) {
        camp_math_log_dd(x, 0.0, &rh, &rl);
        camp_dd_add(rh, rl, CAMP_LN2_HI, CAMP_LN2_LO, &rh, &rl);
        return rh + rl;
    }
    /* t = x - 1; log1p(t + sqrt(t (t + 2))) */
    camp_dd_two_sum(x, -1.0, &th, &tl);
    camp_dd_add_d(th, tl, 2.0, &sh, &sl);
    camp_dd_mul(sh, sl, th, tl, &sh, &sl);
    camp_dd_sqrt(sh, sl, &sh, &sl);
    camp_dd_add(sh, sl, th, tl, &sh, &sl);
    camp_math_log1p_dd(sh, sl, &rh, &rl);
    return rh + rl;
}
static inline double camp_precise_atanh(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), dh, dl, uh, ul, rh, rl;
    if (camp_precise_isnan(x))
        return x;
    if (a > 1.0)
        return CAMP_NAN;
    if (a == 1.0)
        return camp_precise_copysign(CAMP_INFINITY, x);
    if (a < 0x1p-27)
        return x;
    /* log1p(2a / (1 - a)) / 2 */
    camp_dd_two_sum(1.0, -a, &dh, &dl);
    camp_dd_div(2.0 * a, 0.0, dh, dl, &uh, &ul);
    camp_math_log1p_dd(uh, ul, &rh, &rl);
    return camp_precise_copysign(0.5 * (rh + rl), x);
}

#endif /* CAMP_MATH_EXP_LOG_H */
