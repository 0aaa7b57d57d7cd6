/* camp_math/dd.h — double-double arithmetic (a value is hi + lo, |lo| <=
 * ulp(hi)/2, about 106 bits), and the functions built directly on it:
 * correctly rounded sqrt and fma, cbrt, hypot.
 *
 * Error-free transformations here never depend on floating-point
 * contraction: products are split into halves whose partial products are
 * exact, so a fused or unfused a*b+c gives the same value. */
#ifndef CAMP_MATH_DD_H
#define CAMP_MATH_DD_H

/* s + e == a + b exactly (Knuth). */
static inline void camp_dd_two_sum(double a, double b, double *s, double *e) restrict(cpu, amp) {
    double sum = a + b;
    double bv = sum - a;
    *e = (a - (sum - bv)) + (b - bv);
    *s = sum;
}
/* s + e == a + b exactly, for |a| >= |b| or a == 0 (Dekker). */
static inline void camp_dd_fast_two_sum(double a, double b, double *s, double *e) restrict(cpu, amp) {
    double sum = a + b;
    *e = b - (sum - a);
    *s = sum;
}
/* a == hi + lo with hi rounded to 26 significant bits and |lo| < 2^26 ulp(a):
 * done on the bits (Veltkamp's split would change if a*K - a were fused). */
static inline void camp_dd_split(double a, double *hi, double *lo) restrict(cpu, amp) {
    unsigned long long u = camp_double_as_ulong(a);
    double h = camp_ulong_as_double((u + 0x4000000ULL) & ~0x7ffffffULL);
    *hi = h;
    *lo = a - h;
}
/* p + e == a * b exactly, unless a*b overflows or its error underflows. */
static inline void camp_dd_two_prod(double a, double b, double *p, double *e) restrict(cpu, amp) {
    double ah, al, bh, bl;
    double prod = a * b;
    camp_dd_split(a, &ah, &al);
    camp_dd_split(b, &bh, &bl);
    *e = (((ah * bh - prod) + ah * bl) + al * bh) + al * bl;
    *p = prod;
}
static inline void camp_dd_add(double ah, double al, double bh, double bl, double *rh, double *rl) restrict(cpu, amp) {
    double s, e, t, f;
    camp_dd_two_sum(ah, bh, &s, &e);
    camp_dd_two_sum(al, bl, &t, &f);
    e += t;
    camp_dd_fast_two_sum(s, e, &s, &e);
    e += f;
    camp_dd_fast_two_sum(s, e, rh, rl);
}
static inline void camp_dd_add_d(double ah, double al, double b, double *rh, double *rl) restrict(cpu, amp) {
    double s, e;
    camp_dd_two_sum(ah, b, &s, &e);
    e += al;
    camp_dd_fast_two_sum(s, e, rh, rl);
}
static inline void camp_dd_mul(double ah, double al, double bh, double bl, double *rh, double *rl) restrict(cpu, amp) {
    double p, e;
    camp_dd_two_prod(ah, bh, &p, &e);
    e += ah * bl + al * bh;
    camp_dd_fast_two_sum(p, e, rh, rl);
}
static inline void camp_dd_mul_d(double ah, double al, double b, double *rh, double *rl) restrict(cpu, amp) {
    double p, e;
    camp_dd_two_prod(ah, b, &p, &e);
    e += al * b;
    camp_dd_fast_two_sum(p, e, rh, rl);
}
/* The first quotient may be off by a few ulps (an inexact division): the
 * remainder, ah - p exact by Sterbenz, corrects it all the same. */
static inline void camp_dd_div(double ah, double al, double bh, double bl, double *rh, double *rl) restrict(cpu, amp) {
    double q1 = CAMP_MATH_DIV(ah, bh), p, e, r;
    camp_dd_two_prod(q1, bh, &p, &e);
    r = (((ah - p) - e) + al) - q1 * bl;
    camp_dd_fast_two_sum(q1, CAMP_MATH_DIV(r, bh), rh, rl);
}

/* Round-to-odd sum (Boldo & Melquiond): a + b rounded to nearest, and if
 * inexact, the last bit forced to 1, so that a later rounding to fewer bits
 * is correct. */
static inline double camp_math_add_round_to_odd(double a, double b) restrict(cpu, amp) {
    double s, e;
    unsigned long long u;
    camp_dd_two_sum(a, b, &s, &e);
    u = camp_double_as_ulong(s);
    if (e != 0.0 && (u & 1u) == 0u)
        u = ((e > 0.0) == (s > 0.0)) ? u + 1 : u - 1;
    return camp_ulong_as_double(u);
}
/* (hi + lo) * 2^e rounded once, hi + lo exact (or lo rounded to odd) and hi
 * the rounded sum. In the subnormal range the result is a multiple of
 * q = 2^(-1074-e) before scaling: |hi| is rounded onto that grid (adding
 * and subtracting 2^52 q), and lo with the remainder, compared exactly with
 * half a grid step, decides whether to move one step, ties to even. */
static inline double camp_math_ldexp_dd(double hi, double lo, int e) restrict(cpu, amp) {
    double r, grid, q, a, b, u, d, n;
    camp_dd_two_sum(hi, lo, &r, &lo); /* |lo| <= ulp(r)/2 from here on */
    if (camp_precise_fabs(r) >= camp_precise_ldexp(1.0, -1022 - e))
        return camp_precise_ldexp(r, e);
    hi = r;
    grid = camp_precise_ldexp(1.0, 52 - 1074 - e);
    q = grid * 0x1p-52;
    a = camp_precise_fabs(hi);
    b = hi < 0.0 ? -lo : lo;
    u = (a + grid) - grid; /* a rounded to the grid */
    d = a - u;             /* exact, |d| <= q/2; the value is u + d + b */
    n = camp_precise_ldexp(u, 1074 + e); /* u / q, exact */
    if (b > 0.5 * q - d || (b == 0.5 * q - d && camp_precise_trunc(0.5 * n) != 0.5 * n))
        u += q;
    else if (b < -0.5 * q - d || (b == -0.5 * q - d && camp_precise_trunc(0.5 * n) != 0.5 * n))
        u -= q;
    return camp_precise_ldexp(camp_precise_copysign(u, hi), e);
}
/* a / b for finite nonzero a and b within a hair of half an ulp, also where
 * the quotient is subnormal or overflows, however inexact the division. */
static inline double camp_math_div(double a, double b) restrict(cpu, amp) {
    int ea, eb;
    double qh, ql, ma = camp_precise_frexp(a, &ea), mb = camp_precise_frexp(b, &eb);
    if (ea - eb < -1076)
        return camp_precise_copysign(0.0, ma * mb); /* below half the least subnormal */
    camp_dd_div(ma, 0.0, mb, 0.0, &qh, &ql);
    return camp_math_ldexp_dd(qh, ql, ea - eb);
}

/* ---- sqrt: correctly rounded, digit by digit on the integer significand ---- */

static inline double camp_precise_sqrt(double x) restrict(cpu, amp) {
    int e, j;
    unsigned long long m, q = 0, r = 0, t;
    if (x == 0.0 || camp_precise_isnan(x) || (x > 0.0 && camp_precise_isinf(x)))
        return x; /* +-0, +inf, NaN */
    if (x < 0.0)
        return CAMP_NAN; /* invalid */
    m = camp_math_significand(x, &e);
    e -= 1075; /* x = m * 2^e */
    if (e & 1) {
        m <<= 1;
        e -= 1;
    }
    /* q = floor(sqrt(m * 2^52)), 53 bits, two radicand bits per step; the
     * radicand's low 52 bits are zero. */
    for (j = 0; j < 53; j++) {
        unsigned long long pair = j <= 26 ? (m >> (52 - 2 * j)) & 3u : 0u;
        r = (r << 2) | pair;
        t = (q << 2) | 1u;
        if (r >= t) {
            r -= t;
            q = (q << 1) | 1u;
        } else {
            q <<= 1;
        }
    }
    if (r > q) /* m*2^52 > (q + 1/2)^2: round up (no ties: the square is not an integer) */
        q += 1;
    /* sqrt(x) = q * 2^((e - 52)/2); adding q puts its hidden bit into the exponent */
    return camp_ulong_as_double(((unsigned long long)((e - 52) / 2 + 52 + 1022) << 52) + q);
}
static inline void camp_dd_sqrt(double ah, double al, double *rh, double *rl) restrict(cpu, amp) {
    double s, p, e;
    if (ah <= 0.0) {
        *rh = camp_precise_sqrt(ah);
        *rl = 0.0;
        return;
    }
    s = camp_precise_sqrt(ah);
    camp_dd_two_prod(s, s, &p, &e);
    camp_dd_fast_two_sum(s, CAMP_MATH_DIV(((ah - p) - e) + al, 2.0 * s), rh, rl);
}

/* ---- fma -------------------------------------------------------------------- */

/* x*y + z with one rounding (Boldo & Melquiond): x and y are scaled to
 * [0.5, 1) so that their product ph + pl is exact, z by the same power of
 * two; then ph + z == sh + sl exactly, and sh + round_to_odd(sl + pl) rounds
 * once, also in the subnormal range (camp_math_ldexp_dd). */
static inline double camp_precise_fma(double x, double y, double z) restrict(cpu, amp) {
    double mx, my, zs, ph, pl, sh, sl, v;
    int ex, ey, ez, e;
    if (camp_precise_isnan(x) || camp_precise_isnan(y) || camp_precise_isnan(z))
        return CAMP_NAN;
    if (camp_precise_isinf(x) || camp_precise_isinf(y)) {
        double p = camp_precise_copysign(CAMP_INFINITY, camp_precise_signbit(x) != camp_precise_signbit(y) ? -1.0 : 1.0);
        if (x == 0.0 || y == 0.0 || (camp_precise_isinf(z) && camp_precise_signbit(z) != camp_precise_signbit(p)))
            return CAMP_NAN; /* 0 * inf, inf - inf */
        return p;
    }
    if (!camp_precise_isfinite(z))
        return z; /* x*y is finite even where its rounding would overflow */
    if (x == 0.0 || y == 0.0)
        return x * y + z; /* an exact zero product: signed-zero rules of the sum */
    if (z == 0.0)
        return x * y; /* one rounding; x*y + z would turn an underflow to -0 into +0 */
    mx = camp_precise_frexp(x, &ex);
    my = camp_precise_frexp(y, &ey);
    camp_precise_frexp(z, &ez);
    e = ex + ey; /* |x*y| in [2^(e-2), 2^e) */
    if (ez - e > 110)
        return z; /* |x*y| is far below a quarter ulp of z */
    /* a z far below the product only decides ties: any tiny value of its sign does */
    zs = ez - e < -110 ? camp_precise_copysign(0x1p-200, z) : camp_precise_ldexp(z, -e);
    camp_dd_two_prod(mx, my, &ph, &pl);
    camp_dd_two_sum(ph, zs, &sh, &sl);
    v = camp_math_add_round_to_odd(sl, pl);
    return camp_math_ldexp_dd(sh, v, e);
}

/* ---- cbrt ------------------------------------------------------------------ */

/* Halley iterations from a crude start, then one Newton step with the
 * residual a - y^3 computed in double-double. */
static inline double camp_precise_cbrt(double x) restrict(cpu, amp) {
    int e, k, i;
    double a, y, ph, pl, ch, cl, rh, rl, y3;
    if (x == 0.0 || !camp_precise_isfinite(x))
        return x;
    a = camp_precise_frexp(camp_precise_fabs(x), &e); /* |x| = a * 2^e, a in [0.5, 1) */
    /* e = 3k + r with r in {0, 1, 2}: a*2^r in [0.5, 4) */
    k = e >= 0 ? e / 3 : -((-e + 2) / 3);
    a = camp_precise_ldexp(a, e - 3 * k);
    y = 0.7 + 0.3 * a;
    for (i = 0; i < 5; i++) {
        y3 = y * y * y;
        y = CAMP_MATH_DIV(y * (y3 + 2.0 * a), 2.0 * y3 + a);
    }
    camp_dd_two_prod(y, y, &ph, &pl);
    camp_dd_mul_d(ph, pl, y, &ch, &cl);
    camp_dd_add(a, 0.0, -ch, -cl, &rh, &rl);
    y += CAMP_MATH_DIV(rh + rl, 3.0 * y * y);
    return camp_precise_copysign(camp_precise_ldexp(y, k), x);
}

/* ---- hypot ------------------------------------------------------------------ */

static inline double camp_precise_hypot(double x, double y) restrict(cpu, amp) {
    double ax = camp_precise_fabs(x), ay = camp_precise_fabs(y), t, scale = 1.0;
    double sh, sl, th, tl, rh, rl;
    if (camp_precise_isinf(x) || camp_precise_isinf(y))
        return camp_ulong_as_double(CAMP_EXP_MASK); /* +inf, even beside a NaN */
    if (camp_precise_isnan(x) || camp_precise_isnan(y))
        return CAMP_EITHER_NAN(x, y);
    if (ax < ay) {
        t = ax;
        ax = ay;
        ay = t;
    }
    if (ay == 0.0 || ax > ay * 0x1p60)
        return ax + ay; /* ay^2 is below half an ulp of ax^2 */
    if (ax > 0x1p500) {
        ax *= 0x1p-600;
        ay *= 0x1p-600;
        scale = 0x1p600;
    } else if (ay < 0x1p-500) {
        ax *= 0x1p600;
        ay *= 0x1p600;
        scale = 0x1p-600;
    }
    camp_dd_two_prod(ax, ax, &sh, &sl);
    camp_dd_two_prod(ay, ay, &th, &tl);
    camp_dd_add(sh, sl, th, tl, &sh, &sl);
    camp_dd_sqrt(sh, sl, &rh, &rl);
    return (rh + rl) * scale;
}

#endif /* CAMP_MATH_DD_H */
