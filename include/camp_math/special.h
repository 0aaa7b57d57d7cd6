/* camp_math/special.h — erf, erfc, lgamma, tgamma, in double-double.
 *
 * erf: for |x| < 2.5 the series erf x = 2/sqrt(pi) e^(-x^2)
 * sum 2^n x^(2n+1) / (1*3*...*(2n+1)), whose terms are all positive; beyond,
 * erfc's continued fraction erfc x = e^(-x^2)/sqrt(pi) / (x + (1/2)/(x +
 * 1/(x + (3/2)/(x + ...)))), evaluated backwards. lgamma (and lgamma_r,
 * which gives the sign too, as POSIX's lgamma_r does): Taylor series
 * about 1 and 2 (its positive zeros) and about its first four negative
 * zeros, elsewhere the recurrence up to 20 (where the truncated series is good to 2^-106) and
 * Stirling's series; reflection for x < 0. tgamma = +-e^lgamma. */
#ifndef CAMP_MATH_SPECIAL_H
#define CAMP_MATH_SPECIAL_H

/* ---- erf, erfc ------------------------------------------------------------------ */

/* erf(a) for 0 <= a < 2.5 as a double-double. */
static inline void camp_math_erf_series(double a, double *rh, double *rl) restrict(cpu, amp) {
    double wh, wl, th = a, tl = 0.0, sh = a, sl = 0.0, mh, ml;
    int n, k;
    camp_dd_two_prod(a, a, &wh, &wl); /* a^2 */
    for (n = 1; n < 120 && th > sh * 0x1p-110; n++) {
        camp_dd_mul(th, tl, 2.0 * wh, 2.0 * wl, &th, &tl);
        camp_dd_div(th, tl, 2.0 * n + 1.0, 0.0, &th, &tl);
        camp_dd_add(sh, sl, th, tl, &sh, &sl);
    }
    k = camp_math_exp_dd(-wh, -wl, &mh, &ml);
    camp_dd_mul(sh, sl, mh, ml, &sh, &sl);
    camp_dd_mul(sh, sl, CAMP_TWO_OVER_SQRTPI_HI, CAMP_TWO_OVER_SQRTPI_LO, &sh, &sl);
    *rh = sh * camp_math_pow2(k); /* k >= -10: exact */
    *rl = sl * camp_math_pow2(k);
}
/* erfc(a) for a >= 2.5 as 2^k (rh + rl), and e^(-a^2) as 2^k m (with
 * m's error): returns k. Scaled, the inverse functions (inverse_erf.h)
 * work with it where erfc(a) is subnormal. */
static inline int camp_math_erfc_fraction_dd(double a, double *rh, double *rl, double *m) restrict(cpu, amp) {
    double fh = a, fl = 0.0, wh, wl, mh, ml;
    int n, k;
    for (n = 20 + (int)CAMP_MATH_DIV(600.0, a * a); n >= 1; n--) {
        camp_dd_div(0.5 * n, 0.0, fh, fl, &fh, &fl);
        camp_dd_add_d(fh, fl, a, &fh, &fl);
    }
    camp_dd_two_prod(a, a, &wh, &wl);
    k = camp_math_exp_dd(-wh, -wl, &mh, &ml);
    *m = mh;
    camp_dd_mul(mh, ml, CAMP_INV_SQRTPI_HI, CAMP_INV_SQRTPI_LO, &mh, &ml);
    camp_dd_div(mh, ml, fh, fl, rh, rl);
    return k;
}
/* erfc(a) for 2.5 <= a <= 27.3, rounded once (also into the subnormal range). */
static inline double camp_math_erfc_fraction(double a) restrict(cpu, amp) {
    double h, l, m;
    int k = camp_math_erfc_fraction_dd(a, &h, &l, &m);
    return camp_math_ldexp_dd(h, l, k);
}
static inline double camp_precise_erf(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), rh, rl;
    if (camp_precise_isnan(x))
        return x;
    if (a >= 6.0)
        return camp_precise_copysign(1.0, x); /* erfc(6) is below half an ulp of 1 */
    if (x == 0.0)
        return x;
    if (a < 0x1p-28) { /* 2x/sqrt(pi); scaled so that subnormal x keep their bits */
        camp_dd_mul_d(CAMP_TWO_OVER_SQRTPI_HI, CAMP_TWO_OVER_SQRTPI_LO, x * 0x1p60, &rh, &rl);
        return camp_math_ldexp_dd(rh, rl, -60);
    }
    if (a < 2.5) {
        camp_math_erf_series(a, &rh, &rl);
        return camp_precise_copysign(rh + rl, x);
    }
    camp_dd_two_sum(1.0, -camp_math_erfc_fraction(a), &rh, &rl);
    return camp_precise_copysign(rh + rl, x);
}
static inline double camp_precise_erfc(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), rh, rl;
    if (camp_precise_isnan(x))
        return x;
    if (x < -6.0)
        return 2.0;
    if (x > 27.3)
        return 0.0;
    if (a < 2.5) { /* 1 - erf(x): erf in double-double keeps the difference exact enough */
        camp_math_erf_series(a, &rh, &rl);
        if (x < 0.0) {
            rh = -rh;
            rl = -rl;
        }
        camp_dd_add_d(-rh, -rl, 1.0, &rh, &rl);
        return rh + rl;
    }
    if (x < 0.0) { /* 2 - erfc(|x|) */
        camp_dd_two_sum(2.0, -camp_math_erfc_fraction(a), &rh, &rl);
        return rh + rl;
    }
    return camp_math_erfc_fraction(a);
}

/* ---- lgamma, tgamma ------------------------------------------------------------------ */

/* lgamma(c + z) - lgamma(c) for c = 1 (about = 0) or c = 2 (about = 1):
 * sum_k>=2 a_k z^k from the table, plus a1 z, all in double-double. */
static inline void camp_math_lgamma_taylor(double zh, double zl, int about, double a1h, double a1l, double *rh,
                                           double *rl) restrict(cpu, amp) {
    double sh = camp_lgamma_taylor_HI[40 * about + 39], sl = camp_lgamma_taylor_LO[40 * about + 39];
    int k;
    for (k = 38; k >= 0; k--) {
        camp_dd_mul(sh, sl, zh, zl, &sh, &sl);
        camp_dd_add(sh, sl, camp_lgamma_taylor_HI[40 * about + k], camp_lgamma_taylor_LO[40 * about + k], &sh, &sl);
    }
    camp_dd_mul(sh, sl, zh, zl, &sh, &sl);
    camp_dd_add(sh, sl, a1h, a1l, &sh, &sl);
    camp_dd_mul(sh, sl, zh, zl, rh, rl);
}
/* lgamma(y) for y = yh + yl > 0, as a double-double. */
static inline void camp_math_lgamma_positive(double yh, double yl, double *rh, double *rl) restrict(cpu, amp) {
    double ph = 1.0, pl = 0.0, lh, ll, qh, ql, th, tl, rh2, rl2, zh, zl, sh = 0.0, sl = 0.0;
    int k;
    if (camp_precise_fabs(yh - 1.0) < 0.2) {
        camp_dd_fast_two_sum(yh - 1.0, yl, &th, &tl);
        camp_math_lgamma_taylor(th, tl, 0, -CAMP_EULER_GAMMA_HI, -CAMP_EULER_GAMMA_LO, rh, rl);
        return;
    }
    if (camp_precise_fabs(yh - 2.0) < 0.2) {
        camp_dd_fast_two_sum(yh - 2.0, yl, &th, &tl);
        camp_math_lgamma_taylor(th, tl, 1, CAMP_ONE_MINUS_EULER_GAMMA_HI, CAMP_ONE_MINUS_EULER_GAMMA_LO, rh, rl);
        return;
    }
    /* lgamma(y) = lgamma(y + n) - log(y (y+1) ... (y+n-1)) */
    while (yh < 20.0) {
        camp_dd_mul(ph, pl, yh, yl, &ph, &pl);
        camp_dd_add_d(yh, yl, 1.0, &yh, &yl);
    }
    /* Stirling: (y - 1/2) log y - y + log sqrt(2 pi) + sum B_2k / (2k (2k-1) y^(2k-1)) */
    camp_math_log_dd(yh, yl, &lh, &ll);
    camp_dd_add_d(yh, yl, -0.5, &th, &tl);
    camp_dd_mul(th, tl, lh, ll, &th, &tl);
    camp_dd_add(th, tl, -yh, -yl, &th, &tl);
    camp_dd_div(1.0, 0.0, yh, yl, &rh2, &rl2); /* 1/y */
    camp_dd_mul(rh2, rl2, rh2, rl2, &zh, &zl);  /* 1/y^2 */
    for (k = 13; k >= 0; k--) {
        camp_dd_mul(sh, sl, zh, zl, &sh, &sl);
        camp_dd_add(sh, sl, camp_stirling_HI[k], camp_stirling_LO[k], &sh, &sl);
    }
    camp_dd_mul(sh, sl, rh2, rl2, &sh, &sl);
    camp_dd_add(th, tl, sh, sl, &th, &tl);
    camp_dd_add(th, tl, CAMP_LN_SQRT_2PI_HI, CAMP_LN_SQRT_2PI_LO, &th, &tl);
    /* minus log(y (y+1) ... (y+n-1)); where n is 0, log 1 is exactly 0 */
    camp_math_log_dd(ph, pl, &qh, &ql);
    camp_dd_add(th, tl, -qh, -ql, rh, rl);
}
/* |sin(pi x)| for finite x, not an integer, as a double-double: x mod 2 is exact. */
static inline void camp_math_abs_sinpi(double x, double *rh, double *rl) restrict(cpu, amp) {
    double r = x - 2.0 * camp_precise_rint(0.5 * x); /* [-1, 1], exact */
    double n = camp_precise_rint(2.0 * r), f = r - 0.5 * n, th, tl, sh, sl;
    camp_dd_mul_d(CAMP_PI_HI, CAMP_PI_LO, f, &th, &tl); /* pi f, |f| <= 1/4 */
    camp_math_sin_cos_dd(th, tl, !((int)n & 1), &sh, &sl);
    if (sh < 0.0) {
        sh = -sh;
        sl = -sl;
    }
    *rh = sh;
    *rl = sl;
}
/* lgamma(x) for finite x that is not 0 or a negative integer, as a double-double. */
static inline void camp_math_lgamma_dd(double x, double *rh, double *rl) restrict(cpu, amp) {
    double yh, yl, sh, sl, lh, ll, p = 0.0;
    int i, k;
    if (x > 0.0) {
        camp_math_lgamma_positive(x, 0.0, rh, rl);
        return;
    }
    /* near a zero z below -2: the Taylor series about z, t = x - z in double-double */
    for (i = 0; i < 4; i++) {
        int row = 13 * i; /* z as 3 parts, psi(z) as 2, then psi^(k-1)(z)/k!, k = 2..9 */
        if (camp_precise_fabs(x - camp_lgamma_negative_zeros[row]) < 0x1p-12) {
            /* x - z_1 exact (Sterbenz) */
            camp_dd_two_sum(x - camp_lgamma_negative_zeros[row], -camp_lgamma_negative_zeros[row + 1], &yh, &yl);
            yl -= camp_lgamma_negative_zeros[row + 2];
            for (k = 12; k >= 5; k--)
                p = p * yh + camp_lgamma_negative_zeros[row + k];
            camp_dd_mul(yh, yl, camp_lgamma_negative_zeros[row + 3], camp_lgamma_negative_zeros[row + 4], &sh, &sl);
            camp_dd_add_d(sh, sl, p * yh * yh, rh, rl);
            return;
        }
    }
    /* lgamma(x) = log(pi / |sin(pi x)|) - lgamma(1 - x) */
    camp_dd_two_sum(1.0, -x, &yh, &yl);
    camp_math_lgamma_positive(yh, yl, &lh, &ll);
    camp_math_abs_sinpi(x, &sh, &sl);
    camp_math_log_dd(sh, sl, &sh, &sl);
    camp_dd_add(CAMP_LN_PI_HI, CAMP_LN_PI_LO, -sh, -sl, &sh, &sl);
    camp_dd_add(sh, sl, -lh, -ll, rh, rl);
}
static inline double camp_precise_lgamma(double x) restrict(cpu, amp) {
    double rh, rl, ax = camp_precise_fabs(x);
    if (camp_precise_isnan(x))
        return x;
    if (camp_precise_isinf(x) || (x <= 0.0 && camp_precise_trunc(x) == x))
        return CAMP_INFINITY; /* poles, and +-inf */
    if (ax < 0x1p-70)
        return -camp_precise_log(ax); /* gamma x is below half an ulp */
    if (x > 0x1p1000) { /* x (log x - 1): the rest is far below an ulp */
        camp_math_log_dd(x, 0.0, &rh, &rl);
        camp_dd_add_d(rh, rl, -1.0, &rh, &rl);
        if (camp_precise_isinf(x * rh))
            return CAMP_INFINITY; /* beyond about 2.556e305 */
        camp_dd_mul_d(rh, rl, x, &rh, &rl);
        return rh + rl;
    }
    camp_math_lgamma_dd(x, &rh, &rl);
    return rh + rl;
}
/* lgamma(x) and, in *sign, the sign of gamma(x) as glibc's lgamma_r gives
 * it: -1 on (-1, 0), (-3, -2), ... and for -0; 1 elsewhere (the poles and
 * NaN included). */
static inline double camp_precise_lgamma_r(double x, int *sign) restrict(cpu, amp) {
    double f = camp_precise_floor(x);
    int negative = x < 0.0 && !camp_precise_isinf(x) && f != x && f != 2.0 * camp_precise_floor(0.5 * f);
    *sign = negative || (x == 0.0 && camp_precise_signbit(x)) ? -1 : 1;
    return camp_precise_lgamma(x);
}
static inline double camp_precise_tgamma(double x) restrict(cpu, amp) {
    double rh, rl, r;
    if (camp_precise_isnan(x))
        return x;
    if (x == 0.0)
        return camp_precise_copysign(CAMP_INFINITY, x); /* pole */
    if (x < 0.0 && (camp_precise_isinf(x) || camp_precise_trunc(x) == x))
        return CAMP_NAN; /* invalid */
    if (x > 171.7)
        return CAMP_INFINITY;
    if (x < -185.0)
        r = 0.0;
    else if (camp_precise_fabs(x) < 0x1p-70)
        return camp_math_div(1.0, x); /* gamma(x) = 1/x - euler's constant: below half an ulp */
    else {
        camp_math_lgamma_dd(x, &rh, &rl);
        r = camp_math_exp_of_dd(rh, rl);
    }
    /* gamma is negative on (-1, 0), (-3, -2), ...: where floor(x) is odd */
    if (x < 0.0 && camp_precise_floor(x) != 2.0 * camp_precise_floor(0.5 * camp_precise_floor(x)))
        r = -r;
    return r;
}

#endif /* CAMP_MATH_SPECIAL_H */
