/* camp_math/bits.h — bit casts and the exact functions of the device math
 * library: classification, fabs, copysign, rounding to integers, frexp,
 * ldexp, scalbn, ilogb, logb, modf, lround, lrint, fmin, fmax, fdim,
 * nextafter, fmod, remainder, remquo.
 * Every result here is exact (no rounding), so float forms go through the
 * double forms except where the sign or payload of a NaN matters. */
#ifndef CAMP_MATH_BITS_H
#define CAMP_MATH_BITS_H

#include <string.h>

/* ---- Bit casts: intrinsics (OpBitcast) in kernels, memcpy on the host ---- */

static inline unsigned camp_float_as_uint(float x) restrict(cpu, amp) {
    unsigned u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static inline float camp_uint_as_float(unsigned u) restrict(cpu, amp) {
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}
static inline unsigned long long camp_double_as_ulong(double x) restrict(cpu, amp) {
    unsigned long long u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static inline double camp_ulong_as_double(unsigned long long u) restrict(cpu, amp) {
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

#define CAMP_SIGN_BIT 0x8000000000000000ULL
#define CAMP_ABS_MASK 0x7fffffffffffffffULL
#define CAMP_EXP_MASK 0x7ff0000000000000ULL
#define CAMP_FRAC_MASK 0x000fffffffffffffULL
#define CAMP_HIDDEN_BIT 0x0010000000000000ULL

/* NaN and infinity from their bits: Vulkan does not promise that 0/0 gives
 * a NaN or that arithmetic on a NaN keeps it, so the library never relies
 * on either; a NaN argument is returned as it is. */
#define CAMP_NAN camp_ulong_as_double(0x7ff8000000000000ULL)
#define CAMP_INFINITY camp_ulong_as_double(CAMP_EXP_MASK)

/* The NaN among x and y, for functions of two arguments. */
#define CAMP_EITHER_NAN(x, y) (camp_precise_isnan(x) ? (x) : (y))

/* 2^n for -1022 <= n <= 1023, exactly. */
static inline double camp_math_pow2(int n) restrict(cpu, amp) {
    return camp_ulong_as_double((unsigned long long)(n + 1023) << 52);
}

/* Biased exponent field of x (0 for zero and subnormals, 2047 for inf/NaN). */
static inline int camp_math_exponent_field(double x) restrict(cpu, amp) {
    return (int)((camp_double_as_ulong(x) >> 52) & 0x7ff);
}

/* ---- Classification -------------------------------------------------------- */

static inline int camp_precise_isnan(double x) restrict(cpu, amp) {
    return (camp_double_as_ulong(x) & CAMP_ABS_MASK) > CAMP_EXP_MASK;
}
static inline int camp_precise_isinf(double x) restrict(cpu, amp) {
    return (camp_double_as_ulong(x) & CAMP_ABS_MASK) == CAMP_EXP_MASK;
}
static inline int camp_precise_isfinite(double x) restrict(cpu, amp) {
    return (camp_double_as_ulong(x) & CAMP_ABS_MASK) < CAMP_EXP_MASK;
}
static inline int camp_precise_isnormal(double x) restrict(cpu, amp) {
    int e = camp_math_exponent_field(x);
    return e != 0 && e != 2047;
}
static inline int camp_precise_signbit(double x) restrict(cpu, amp) {
    return (int)(camp_double_as_ulong(x) >> 63);
}
static inline int camp_precise_isnanf(float x) restrict(cpu, amp) {
    return (camp_float_as_uint(x) & 0x7fffffffu) > 0x7f800000u;
}
static inline int camp_precise_isinff(float x) restrict(cpu, amp) {
    return (camp_float_as_uint(x) & 0x7fffffffu) == 0x7f800000u;
}
static inline int camp_precise_isfinitef(float x) restrict(cpu, amp) {
    return (camp_float_as_uint(x) & 0x7fffffffu) < 0x7f800000u;
}
static inline int camp_precise_isnormalf(float x) restrict(cpu, amp) {
    unsigned e = (camp_float_as_uint(x) >> 23) & 0xffu;
    return e != 0 && e != 0xffu;
}
static inline int camp_precise_signbitf(float x) restrict(cpu, amp) {
    return (int)(camp_float_as_uint(x) >> 31);
}

static inline int camp_precise_fpclassify(double x) restrict(cpu, amp) {
    int e = camp_math_exponent_field(x);
    if (e == 2047)
        return camp_precise_isnan(x) ? FP_NAN : FP_INFINITE;
    if (e == 0) /* on the bits: a flushing comparison would call a subnormal zero */
        return (camp_double_as_ulong(x) & CAMP_ABS_MASK) == 0 ? FP_ZERO : FP_SUBNORMAL;
    return FP_NORMAL;
}
static inline int camp_precise_fpclassifyf(float x) restrict(cpu, amp) {
    unsigned e = (camp_float_as_uint(x) >> 23) & 0xffu;
    if (e == 0xffu)
        return camp_precise_isnanf(x) ? FP_NAN : FP_INFINITE;
    if (e == 0)
        return (camp_float_as_uint(x) & 0x7fffffffu) == 0 ? FP_ZERO : FP_SUBNORMAL;
    return FP_NORMAL;
}

/* ---- Comparison macros: isgreater, ..., isunordered ------------------------- */

/* An integer that orders like x, -0 and +0 alike, for x not NaN: comparing
 * these is exact also where a device flushes float subnormals. */
static inline long long camp_math_order_key(double x) restrict(cpu, amp) {
    unsigned long long u = camp_double_as_ulong(x);
    long long magnitude = (long long)(u & CAMP_ABS_MASK);
    return (u >> 63) ? -magnitude : magnitude;
}
static inline int camp_math_order_keyf(float x) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x);
    int magnitude = (int)(u & 0x7fffffffu);
    return (u >> 31) ? -magnitude : magnitude;
}
static inline int camp_precise_isunordered(double x, double y) restrict(cpu, amp) {
    return camp_precise_isnan(x) || camp_precise_isnan(y);
}
static inline int camp_precise_isunorderedf(float x, float y) restrict(cpu, amp) {
    return camp_precise_isnanf(x) || camp_precise_isnanf(y);
}
/* name(x, y): x op y, false where either is NaN, in double and float */
#define CAMP_MATH_COMPARISON(name, op)                                                        \
    static inline int camp_precise_##name(double x, double y) restrict(cpu, amp) {            \
        return !camp_precise_isunordered(x, y) && camp_math_order_key(x) op camp_math_order_key(y); \
    }                                                                                         \
    static inline int camp_precise_##name##f(float x, float y) restrict(cpu, amp) {           \
        return !camp_precise_isunorderedf(x, y) && camp_math_order_keyf(x) op camp_math_order_keyf(y); \
    }
CAMP_MATH_COMPARISON(isgreater, >)
CAMP_MATH_COMPARISON(isgreaterequal, >=)
CAMP_MATH_COMPARISON(isless, <)
CAMP_MATH_COMPARISON(islessequal, <=)
CAMP_MATH_COMPARISON(islessgreater, !=)
#undef CAMP_MATH_COMPARISON

/* ---- Sign manipulation ----------------------------------------------------- */

/* <stdlib.h>'s abs, labs and llabs (C++ AMP's abs on integers); the most
 * negative value is its own absolute value, as two's complement hardware
 * gives it (C leaves it undefined). */
static inline int camp_precise_abs(int x) restrict(cpu, amp) { return x < 0 ? (int)(0u - (unsigned)x) : x; }
static inline long camp_precise_labs(long x) restrict(cpu, amp) {
    return x < 0 ? (long)(0ul - (unsigned long)x) : x;
}
static inline long long camp_precise_llabs(long long x) restrict(cpu, amp) {
    return x < 0 ? (long long)(0ull - (unsigned long long)x) : x;
}

static inline double camp_precise_fabs(double x) restrict(cpu, amp) {
    return camp_ulong_as_double(camp_double_as_ulong(x) & CAMP_ABS_MASK);
}
static inline double camp_precise_copysign(double x, double y) restrict(cpu, amp) {
    return camp_ulong_as_double((camp_double_as_ulong(x) & CAMP_ABS_MASK) |
                                (camp_double_as_ulong(y) & CAMP_SIGN_BIT));
}
static inline float camp_precise_fabsf(float x) restrict(cpu, amp) {
    return camp_uint_as_float(camp_float_as_uint(x) & 0x7fffffffu);
}
static inline float camp_precise_copysignf(float x, float y) restrict(cpu, amp) {
    return camp_uint_as_float((camp_float_as_uint(x) & 0x7fffffffu) |
                              (camp_float_as_uint(y) & 0x80000000u));
}

/* ---- Rounding to integers ---------------------------------------------------- */

static inline double camp_precise_trunc(double x) restrict(cpu, amp) {
    unsigned long long u = camp_double_as_ulong(x);
    int e = camp_math_exponent_field(x) - 1023;
    if (e >= 52)
        return x; /* already an integer, inf or NaN */
    if (e < 0)
        return camp_ulong_as_double(u & CAMP_SIGN_BIT);
    return camp_ulong_as_double(u & ~((CAMP_FRAC_MASK >> e)));
}
/* floor, ceil, round, rint, modf: t = trunc(x) is x itself for integers,
 * infinities and NaN, which are returned before any arithmetic. */
static inline double camp_precise_floor(double x) restrict(cpu, amp) {
    double t = camp_precise_trunc(x);
    return t > x ? t - 1.0 : t; /* t - 1 is exact: |t| < 2^52 when t != x */
}
static inline double camp_precise_ceil(double x) restrict(cpu, amp) {
    double t = camp_precise_trunc(x);
    return t < x ? t + 1.0 : t;
}
/* Halfway cases away from zero. x - t is exact. */
static inline double camp_precise_round(double x) restrict(cpu, amp) {
    double t = camp_precise_trunc(x);
    if (!camp_precise_isfinite(x))
        return x;
    if (camp_precise_fabs(x - t) >= 0.5)
        t += camp_precise_copysign(1.0, x);
    return t;
}
/* Halfway cases to even (the default rounding mode: rint and nearbyint). */
static inline double camp_precise_rint(double x) restrict(cpu, amp) {
    double t = camp_precise_trunc(x);
    double f = camp_precise_fabs(x - t);
    if (!camp_precise_isfinite(x))
        return x;
    if (f > 0.5 || (f == 0.5 && camp_precise_trunc(t * 0.5) != t * 0.5))
        t += camp_precise_copysign(1.0, x);
    return t;
}
static inline double camp_precise_nearbyint(double x) restrict(cpu, amp) {
    return camp_precise_rint(x);
}
/* lround, llround, lrint, llrint: the rounded value as an integer; where it
 * does not fit (and for NaN) the most negative value, as x86-64's glibc. */
static inline long long camp_math_to_llong(double r) restrict(cpu, amp) {
    return r >= -0x1p63 && r < 0x1p63 ? (long long)r : (long long)CAMP_SIGN_BIT;
}
static inline long camp_precise_lround(double x) restrict(cpu, amp) {
    return (long)camp_math_to_llong(camp_precise_round(x));
}
static inline long long camp_precise_llround(double x) restrict(cpu, amp) {
    return camp_math_to_llong(camp_precise_round(x));
}
static inline long camp_precise_lrint(double x) restrict(cpu, amp) {
    return (long)camp_math_to_llong(camp_precise_rint(x));
}
static inline long long camp_precise_llrint(double x) restrict(cpu, amp) {
    return camp_math_to_llong(camp_precise_rint(x));
}
static inline double camp_precise_modf(double x, double *integral) restrict(cpu, amp) {
    double t = camp_precise_trunc(x);
    *integral = t;
    if (camp_precise_isnan(x))
        return x;
    if (camp_precise_isinf(x))
        return camp_precise_copysign(0.0, x);
    return camp_precise_copysign(x - t, x);
}

/* ---- Exponent manipulation ------------------------------------------------- */

static inline double camp_precise_frexp(double x, int *exponent) restrict(cpu, amp) {
    int e = camp_math_exponent_field(x);
    int bias = 1022;
    if (x == 0.0 || e == 2047) {
        *exponent = 0;
        return x; /* +-0, +-inf, NaN */
    }
    if (e == 0) { /* subnormal: scale into the normal range */
        x *= 0x1p54;
        e = camp_math_exponent_field(x);
        bias += 54;
    }
    *exponent = e - bias;
    return camp_ulong_as_double((camp_double_as_ulong(x) & ~CAMP_EXP_MASK) | (1022ULL << 52));
}
/* x * 2^n with one rounding: large |n| is applied in exact steps first; a
 * step towards the subnormal range stops at 2^-969 so that only the last
 * multiplication rounds. */
static inline double camp_precise_ldexp(double x, int n) restrict(cpu, amp) {
    if (n > 1023) {
        x *= 0x1p1023;
        n -= 1023;
        if (n > 1023) {
            x *= 0x1p1023;
            n = n - 1023 > 1023 ? 1023 : n - 1023;
        }
    } else if (n < -1022) {
        x *= 0x1p-969;
        n += 969;
        if (n < -1022) {
            x *= 0x1p-969;
            n = n + 969 < -1022 ? -1022 : n + 969;
        }
    }
    return x * camp_math_pow2(n);
}
static inline double camp_precise_scalbn(double x, int n) restrict(cpu, amp) {
    return camp_precise_ldexp(x, n);
}
static inline double camp_precise_scalbln(double x, long n) restrict(cpu, amp) {
    return camp_precise_ldexp(x, n > 100000 ? 100000 : n < -100000 ? -100000 : (int)n);
}
/* Unbiased exponent of x as an int; FP_ILOGB0 / INT_MAX / FP_ILOGBNAN for 0, inf, NaN. */
static inline int camp_precise_ilogb(double x) restrict(cpu, amp) {
    int e;
    if (x == 0.0)
        return FP_ILOGB0;
    if (camp_precise_isnan(x))
        return FP_ILOGBNAN;
    if (camp_precise_isinf(x))
        return 0x7fffffff;
    camp_precise_frexp(x, &e);
    return e - 1;
}
static inline double camp_precise_logb(double x) restrict(cpu, amp) {
    if (x == 0.0)
        return -CAMP_INFINITY;
    if (!camp_precise_isfinite(x))
        return camp_precise_isnan(x) ? x : CAMP_INFINITY;
    return (double)camp_precise_ilogb(x);
}

/* ---- Comparisons -------------------------------------------------------------- */

/* A NaN argument is ignored; -0 counts as less than +0. */
static inline double camp_precise_fmax(double x, double y) restrict(cpu, amp) {
    if (camp_precise_isnan(x))
        return y;
    if (camp_precise_isnan(y))
        return x;
    if (x == y)
        return camp_precise_signbit(x) ? y : x;
    return x > y ? x : y;
}
static inline double camp_precise_fmin(double x, double y) restrict(cpu, amp) {
    if (camp_precise_isnan(x))
        return y;
    if (camp_precise_isnan(y))
        return x;
    if (x == y)
        return camp_precise_signbit(x) ? x : y;
    return x < y ? x : y;
}
static inline double camp_precise_fdim(double x, double y) restrict(cpu, amp) {
    if (camp_precise_isnan(x) || camp_precise_isnan(y))
        return CAMP_EITHER_NAN(x, y);
    return x > y ? x - y : 0.0;
}
static inline double camp_precise_nextafter(double x, double y) restrict(cpu, amp) {
    unsigned long long u = camp_double_as_ulong(x);
    if (camp_precise_isnan(x) || camp_precise_isnan(y))
        return CAMP_EITHER_NAN(x, y);
    if (x == y)
        return y;
    if (x == 0.0)
        return camp_precise_copysign(0x1p-1074, y);
    /* away from zero: the bit pattern grows; towards zero: it shrinks */
    u = ((x < y) == (x > 0.0)) ? u + 1 : u - 1;
    return camp_ulong_as_double(u);
}

/* ---- fmod, remainder, remquo --------------------------------------------------- */

/* How far nonzero m < 2^52 shifts left to reach 2^52 <= m < 2^53: without a
 * loop, which some drivers' compilers pay for dearly once inlined at every
 * call (lavapipe's LLVM analyses each loop against all code before it). */
static inline int camp_math_subnormal_shift(unsigned long long m) restrict(cpu, amp) {
    return camp_builtin_clzll(m) - 11;
}
/* Integer significand and exponent of a finite nonzero |x|: |x| = m * 2^(e - 1075)
 * with 2^52 <= m < 2^53 (subnormals normalised). */
static inline unsigned long long camp_math_significand(double x, int *e) restrict(cpu, amp) {
    unsigned long long m = camp_double_as_ulong(x) & CAMP_FRAC_MASK;
    int field = camp_math_exponent_field(x), shift;
    if (field != 0) {
        *e = field;
        return m | CAMP_HIDDEN_BIT;
    }
    shift = camp_math_subnormal_shift(m);
    *e = 1 - shift;
    return m << shift;
}
/* m * 2^(e - 1075) for m < 2^53, a multiple of 2^-1074: exact. */
static inline double camp_math_from_significand(unsigned long long m, int e) restrict(cpu, amp) {
    int shift;
    if (m == 0)
        return 0.0;
    if (e < 1) { /* below the subnormal exponent: the low bits are zero */
        m >>= 1 - e;
        e = 1;
    }
    if (m < CAMP_HIDDEN_BIT && e > 1) { /* normalise as far as the exponent allows */
        shift = camp_math_subnormal_shift(m);
        shift = shift < e - 1 ? shift : e - 1;
        m <<= shift;
        e -= shift;
    }
    if (m < CAMP_HIDDEN_BIT)
        return camp_ulong_as_double(m); /* subnormal: e == 1 */
    return camp_ulong_as_double(((unsigned long long)e << 52) | (m & CAMP_FRAC_MASK));
}
/* |x| mod |y| exactly for finite x, nonzero finite y, |x| >= |y|, and the low
 * 32 bits of the integer quotient. Long division, 11 bits per step. */
static inline double camp_math_mod_quotient(double x, double y, unsigned *quotient) restrict(cpu, amp) {
    int ex, ey, shift;
    unsigned long long mx = camp_math_significand(x, &ex);
    unsigned long long my = camp_math_significand(y, &ey);
    unsigned q = (unsigned)(mx / my);
    int diff = ex - ey;
    mx %= my;
    while (diff > 0) {
        shift = diff > 11 ? 11 : diff;
        mx <<= shift;
        q = (q << shift) + (unsigned)(mx / my);
        mx %= my;
        diff -= shift;
    }
    *quotient = q;
    return camp_math_from_significand(mx, ey);
}
static inline double camp_precise_fmod(double x, double y) restrict(cpu, amp) {
    unsigned q;
    double ax = camp_precise_fabs(x), ay = camp_precise_fabs(y);
    if (camp_precise_isnan(x) || camp_precise_isnan(y))
        return CAMP_EITHER_NAN(x, y);
    if (y == 0.0 || camp_precise_isinf(x))
        return CAMP_NAN; /* invalid */
    if (ax < ay)
        return x; /* also y infinite, x zero */
    return camp_precise_copysign(camp_math_mod_quotient(ax, ay, &q), x);
}
/* x - n*y with n the nearest integer to x/y (ties to even); *quotient gets the
 * sign of x/y and the low 31 bits of |n|. */
static inline double camp_precise_remquo(double x, double y, int *quotient) restrict(cpu, amp) {
    unsigned q = 0;
    double ax = camp_precise_fabs(x), ay = camp_precise_fabs(y), r = ax;
    int above_half;
    *quotient = 0;
    if (camp_precise_isnan(x) || camp_precise_isnan(y))
        return CAMP_EITHER_NAN(x, y);
    if (y == 0.0 || camp_precise_isinf(x))
        return CAMP_NAN;
    if (camp_precise_isinf(y))
        return x;
    if (ax >= ay)
        r = camp_math_mod_quotient(ax, ay, &q);
    /* compare r with ay/2 without overflow or inexact halving */
    if (ay >= 0x1p-1021)
        above_half = r > 0.5 * ay || (r == 0.5 * ay && (q & 1u));
    else
        above_half = 2.0 * r > ay || (2.0 * r == ay && (q & 1u));
    if (above_half) {
        r -= ay; /* exact: ay/2 <= r < ay */
        q += 1;
    }
    q &= 0x7fffffffu;
    *quotient = camp_precise_signbit(x) != camp_precise_signbit(y) ? -(int)q : (int)q;
    return camp_precise_signbit(x) ? -r : r;
}
static inline double camp_precise_remainder(double x, double y) restrict(cpu, amp) {
    int q;
    return camp_precise_remquo(x, y, &q);
}

#endif /* CAMP_MATH_BITS_H */
