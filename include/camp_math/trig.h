/* camp_math/trig.h — sin, cos, tan and their inverses.
 *
 * Reduction x = n pi/2 + r, |r| <= ~pi/4, r as a double-double: for
 * |x| < 2^19 with pi/2 in four parts (the first three short enough that
 * n * part is exact), beyond that by Payne-Hanek: the integer significand
 * times a 256-bit window of 2/pi's bits, in 32-bit limbs. Kernels: Taylor
 * series on [-pi/4, pi/4] in double-double. atan: a table of atan(j/8) and
 * atan(v) = atan(c) + atan((v - c)/(1 + v c)). */
#ifndef CAMP_MATH_TRIG_H
#define CAMP_MATH_TRIG_H

/* |x| >= 2^19 finite: x = n pi/2 + r; returns n mod 4. */
static inline int camp_math_reduce_pio2_large(double ax, double *rh, double *rl) restrict(cpu, amp) {
    unsigned s[12], w[8], g[5];
    int e, j0, i, u, limb, off, q, negative;
    unsigned long long m = camp_math_significand(ax, &e), t, carry;
    double h, l;
    e -= 1075; /* ax = m * 2^e, e >= -33 */
    /* the window skips the words of 2/pi whose products are multiples of 4 */
    j0 = e >= 2 ? (e - 2) / 32 : 0;
    for (i = 0; i < 8; i++)
        w[i] = camp_two_over_pi_bits[j0 + 7 - i];
    for (i = 0; i < 12; i++)
        s[i] = 0;
    carry = 0;
    for (i = 0; i < 8; i++) {
        t = (m & 0xffffffffULL) * w[i] + carry;
        s[i] = (unsigned)t;
        carry = t >> 32;
    }
    s[8] = (unsigned)carry;
    carry = 0;
    for (i = 0; i < 8; i++) {
        t = (m >> 32) * w[i] + s[i + 1] + carry;
        s[i + 1] = (unsigned)t;
        carry = t >> 32;
    }
    s[9] = (unsigned)carry;
    /* ax * 2/pi = S * 2^(e - 32 (j0 + 8)): bit u of S has weight 1. g gets
     * the 160 bits from u - 128 up: 128 fraction bits, then the quadrant. */
    u = 32 * (j0 + 8) - e;
    limb = (u - 128) >> 5;
    off = (u - 128) & 31;
    for (i = 0; i < 5; i++)
        g[i] = (s[limb + i] >> off) | (off ? s[limb + i + 1] << (32 - off) : 0u);
    q = (int)(g[4] & 3u);
    negative = (g[3] >> 31) != 0;
    if (negative) { /* fraction >= 1/2: take fraction - 1, the next quadrant */
        q += 1;
        carry = 1;
        for (i = 0; i < 4; i++) {
            t = (unsigned long long)(~g[i]) + carry;
            g[i] = (unsigned)t;
            carry = t >> 32;
        }
    }
    h = (double)g[0] * 0x1p-128;
    l = 0.0;
    for (i = 1; i < 4; i++)
        camp_dd_add_d(h, l, (double)g[i] * camp_math_pow2(32 * i - 128), &h, &l);
    camp_dd_mul(h, l, CAMP_PIO2_HI, CAMP_PIO2_LO, rh, rl);
    if (negative) {
        *rh = -*rh;
        *rl = -*rl;
    }
    return q & 3;
}
/* x finite: x = n pi/2 + r with r = rh + rl; returns n mod 4. */
static inline int camp_math_reduce_pio2(double x, double *rh, double *rl) restrict(cpu, amp) {
    double ax = camp_precise_fabs(x), n, t, a, b, c;
    int q;
    if (ax <= CAMP_PIO4) {
        *rh = x;
        *rl = 0.0;
        return 0;
    }
    if (ax < 0x1p19) {
        n = camp_precise_rint(x * CAMP_TWO_OVER_PI);
        t = x - n * CAMP_PIO2_PART_1; /* exact: short factors, Sterbenz */
        camp_dd_two_sum(t, -n * CAMP_PIO2_PART_2, &a, &b);
        camp_dd_two_sum(a, -n * CAMP_PIO2_PART_3, &a, &c);
        camp_dd_fast_two_sum(a, (b + c) - n * CAMP_PIO2_PART_4, rh, rl);
        return (int)n & 3;
    }
    q = camp_math_reduce_pio2_large(ax, rh, rl);
    if (x < 0.0) {
        *rh = -*rh;
        *rl = -*rl;
        q = -q;
    }
    return q & 3;
}
/* sin t (odd = 1) or cos t (odd = 0) for |t| <= pi/4 given as a double-double,
 * to double-double accuracy: the Taylor series, Horner in t^2, to 1/29!. */
static inline void camp_math_sin_cos_dd(double th, double tl, int odd, double *rh, double *rl) restrict(cpu, amp) {
    double zh, zl, sh = 0.0, sl = 0.0, ch, cl;
    int k;
    camp_dd_mul(th, tl, th, tl, &zh, &zl);
    for (k = 14 - odd; k >= 0; k--) { /* (-1)^k t^2k / (2k + odd)! */
        ch = camp_inv_factorial_HI[2 * k + odd];
        cl = camp_inv_factorial_LO[2 * k + odd];
        camp_dd_mul(sh, sl, zh, zl, &sh, &sl);
        camp_dd_add(sh, sl, (k & 1) ? -ch : ch, (k & 1) ? -cl : cl, &sh, &sl);
    }
    if (odd)
        camp_dd_mul(sh, sl, th, tl, &sh, &sl);
    *rh = sh;
    *rl = sl;
}
/* sin (which = 0) or cos (which = 1) of x; quadrant n turns one into the other. */
static inline double camp_math_sin_cos(double x, int which) restrict(cpu, amp) {
    double rh, rl, h, l;
    int n;
    n = (camp_math_reduce_pio2(x, &rh, &rl) + which) & 3;
    camp_math_sin_cos_dd(rh, rl, !(n & 1), &h, &l);
    return n & 2 ? -(h + l) : h + l;
}
static inline double camp_precise_sin(double x) restrict(cpu, amp) {
    if (!camp_precise_isfinite(x))
        return camp_precise_isnan(x) ? x : CAMP_NAN;
    if (camp_precise_fabs(x) < 0x1p-26)
        return x; /* x^3/6 is below half an ulp */
    return camp_math_sin_cos(x, 0);
}
static inline double camp_precise_cos(double x) restrict(cpu, amp) {
    if (!camp_precise_isfinite(x))
        return camp_precise_isnan(x) ? x : CAMP_NAN;
    return camp_math_sin_cos(x, 1);
}
static inline double camp_precise_tan(double x) restrict(cpu, amp) {
    double rh, rl, sh, sl, ch, cl, th, tl;
    int n;
    if (!camp_precise_isfinite(x))
        return camp_precise_isnan(x) ? x : CAMP_NAN;
    if (camp_precise_fabs(x) < 0x1p-27)
        return x; /* x^3/3 is below half an ulp */
    n = camp_math_reduce_pio2(x, &rh, &rl);
    camp_math_sin_cos_dd(rh, rl, 1, &sh, &sl);
    camp_math_sin_cos_dd(rh, rl, 0, &ch, &cl);
    if (n & 1)
        camp_dd_div(-ch, -cl, sh, sl, &th, &tl);
    else
        camp_dd_div(sh, sl, ch, cl, &th, &tl);
    return th + tl;
}

/* ---- Inverse functions ---------------------------------------------------------- */

/* atan(v) for v = vh + vl in [0, 1] as a double-double. */
static inline void camp_math_atan_unit(double vh, double vl, double *rh, double *rl) restrict(cpu, amp) {
    int j = (int)(vh * 8.0 + 0.5), n;
    double c = j * 0.125, nh, nl, dh, dl, ph, pl, th, tl, z, p = 0.0;
    camp_dd_two_sum(vh - c, vl, &nh, &nl); /* vh - c exact (Sterbenz) */
    camp_dd_two_prod(c, vh, &ph, &pl);
    camp_dd_two_sum(1.0, ph, &dh, &dl);
    dl += pl + c * vl;
    camp_dd_div(nh, nl, dh, dl, &th, &tl); /* |t| <= 1/16 */
    z = th * th;
    for (n = 10; n >= 1; n--) /* sum (-1)^n z^(n-1) / (2n+1) */
        p = p * z + ((n & 1) ? -camp_inv_odd_HI[n] : camp_inv_odd_HI[n]);
    camp_dd_fast_two_sum(th, th * z * p + tl, &th, &tl);
    camp_dd_add(camp_atan_eighths_HI[j], camp_atan_eighths_LO[j], th, tl, rh, rl);
}
/* atan(u) for a double-double u >= 0: beyond 1 as pi/2 - atan(1/u). */
static inline void camp_math_atan_dd(double uh, double ul, double *rh, double *rl) restrict(cpu, amp) {
    double vh, vl;
    if (uh <= 1.0) {
        camp_math_atan_unit(uh, ul, rh, rl);
        return;
    }
    camp_dd_div(1.0, 0.0, uh, ul, &vh, &vl);
    camp_math_atan_unit(vh, vl, &vh, &vl);
    camp_dd_add(CAMP_PIO2_HI, CAMP_PIO2_LO, -vh, -vl, rh, rl);
}
static inline double camp_precise_atan(double x) restrict(cpu, amp) {
    double rh, rl, a = camp_precise_fabs(x);
    if (camp_precise_isnan(x))
        return x;
    if (a < 0x1p-27)
        return x; /* x^3/3 is below half an ulp */
    if (a > 0x1p55)
        return camp_precise_copysign(CAMP_PIO2_HI, x); /* pi/2 - 1/x rounds to it */
    camp_math_atan_dd(a, 0.0, &rh, &rl);
    return camp_precise_copysign(rh + rl, x);
}
static inline double camp_precise_atan2(double y, double x) restrict(cpu, amp) {
    double ax = camp_precise_fabs(x), ay = camp_precise_fabs(y), uh, ul, rh, rl;
    int ex, ey;
    if (camp_precise_isnan(x) || camp_precise_isnan(y))
        return CAMP_EITHER_NAN(x, y);
    if (y == 0.0)
        return camp_precise_signbit(x) ? camp_precise_copysign(CAMP_PI_HI, y) : y;
    if (x == 0.0)
        return camp_precise_copysign(CAMP_PIO2_HI, y);
    if (camp_precise_isinf(x)) {
        if (camp_precise_isinf(y))
            return camp_precise_copysign(x > 0.0 ? CAMP_PIO4 : CAMP_3PIO4, y);
        return camp_precise_copysign(x > 0.0 ? 0.0 : CAMP_PI_HI, y);
    }
    if (camp_precise_isinf(y))
        return camp_precise_copysign(CAMP_PIO2_HI, y);
    camp_precise_frexp(ax, &ex);
    camp_precise_frexp(ay, &ey);
    if (ey - ex > 60)
        return camp_precise_copysign(CAMP_PIO2_HI, y); /* pi/2 -+ |x/y| rounds to it */
    if (ex - ey > 60) /* atan(y/x) rounds to y/x; pi - |y/x| to pi */
        return x > 0.0 ? camp_math_div(y, x) : camp_precise_copysign(CAMP_PI_HI, y);
    ax = camp_precise_ldexp(ax, -ex);
    ay = camp_precise_ldexp(ay, -ex);
    camp_dd_div(ay, 0.0, ax, 0.0, &uh, &ul);
    camp_math_atan_dd(uh, ul, &rh, &rl);
    if (x < 0.0)
        camp_dd_add(CAMP_PI_HI, CAMP_PI_LO, -rh, -rl, &rh, &rl);
    return camp_precise_copysign(rh + rl, y);
}
/* asin x = atan(x / sqrt((1 - x)(1 + x))), both factors exact double-doubles. */
static inline double camp_precise_asin(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), oh, ol, ph, pl, uh, ul;
    if (camp_precise_isnan(x))
        return x;
    if (a > 1.0)
        return CAMP_NAN;
    if (a < 0x1p-26)
        return x; /* x^3/6 is below half an ulp */
    if (a == 1.0)
        return camp_precise_copysign(CAMP_PIO2_HI, x);
    camp_dd_two_sum(1.0, -a, &oh, &ol);
    camp_dd_two_sum(1.0, a, &ph, &pl);
    camp_dd_mul(oh, ol, ph, pl, &oh, &ol);
    camp_dd_sqrt(oh, ol, &oh, &ol);
    camp_dd_div(a, 0.0, oh, ol, &uh, &ul);
    camp_math_atan_dd(uh, ul, &uh, &ul);
    return camp_precise_copysign(uh + ul, x);
}
/* acos x = 2 atan(sqrt((1 - x)/(1 + x))): no cancellation anywhere in [-1, 1]. */
static inline double camp_precise_acos(double x) restrict(cpu, amp) {
    double nh, nl, dh, dl;
    if (camp_precise_isnan(x))
        return x;
    if (camp_precise_fabs(x) > 1.0)
        return CAMP_NAN;
    if (x == 1.0)
        return 0.0;
    if (x == -1.0)
        return CAMP_PI_HI;
    camp_dd_two_sum(1.0, -x, &nh, &nl);
    camp_dd_two_sum(1.0, x, &dh, &dl);
    camp_dd_div(nh, nl, dh, dl, &nh, &nl);
    camp_dd_sqrt(nh, nl, &nh, &nl);
    camp_math_atan_dd(nh, nl, &nh, &nl);
    return 2.0 * (nh + nl);
}

#endif /* CAMP_MATH_TRIG_H */
