/* camp_math/float_forms.h — the float forms of the precise functions.
 *
 * Each evaluates the double form and rounds once to float: the double
 * result is within about one double ulp, 2^-29 float ulps, so the float
 * result is the correctly rounded one except in rare double-rounding ties
 * (never more than 0.5 + 2^-28 float ulps). C++ AMP's precise_math needs
 * double support anyway. Functions whose result is exact in double (fmod,
 * remainder, ldexp, ...) are exact in float too; fma uses a round-to-odd
 * sum so that its double-to-float rounding is the only one.
 *
 * Float subnormals: a device may flush them in every float operation,
 * conversions to and from double included (NVIDIA does, DenormPreserve or
 * not), so the forms here never convert, compare or compute with a float
 * that may be subnormal: they widen through camp_math_float_to_double and
 * narrow through camp_math_double_to_float, which handle float subnormals
 * on their bits (they are normal doubles), and otherwise work on the bits. */
#ifndef CAMP_MATH_FLOAT_FORMS_H
#define CAMP_MATH_FLOAT_FORMS_H

/* x as a double, exactly, whatever the device does with float subnormals. */
static inline double camp_math_float_to_double(float x) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x);
    double m;
    if (u & 0x7f800000u)
        return (double)x; /* normal, infinite or NaN */
    m = (double)(u & 0x007fffffu) * 0x1p-149; /* zero or subnormal: exact, and a normal double */
    return camp_ulong_as_double(camp_double_as_ulong(m) | (unsigned long long)(u >> 31) << 63);
}
/* x rounded to float (to nearest, ties to even), also where the result is
 * subnormal on a device that flushes float subnormals: then the significand
 * in units of 2^-149 is rounded in double and the bits assembled. */
static inline float camp_math_double_to_float(double x) restrict(cpu, amp) {
    double a = camp_precise_fabs(x), m;
    unsigned sign = (unsigned)(camp_double_as_ulong(x) >> 32) & 0x80000000u;
    if (!(a < 0x1p-126))
        return (float)x; /* a normal float, an overflow, infinity or NaN */
    m = a * 0x1p149;           /* exact: below 2^23 */
    m = (m + 0x1p52) - 0x1p52; /* to an integer, ties to even: ulp(2^52) is 1 */
    /* m == 2^23 is the least normal float: its bits are the same sum */
    return camp_uint_as_float(sign | (unsigned)m);
}

#define CAMP_MATH_FLOAT_UNARY(name) \
    static inline float camp_precise_##name##f(float x) restrict(cpu, amp) { \
        return camp_math_double_to_float(camp_precise_##name(camp_math_float_to_double(x))); \
    }
#define CAMP_MATH_FLOAT_BINARY(name) \
    static inline float camp_precise_##name##f(float x, float y) restrict(cpu, amp) { \
        return camp_math_double_to_float( \
            camp_precise_##name(camp_math_float_to_double(x), camp_math_float_to_double(y))); \
    }

CAMP_MATH_FLOAT_UNARY(cbrt)
CAMP_MATH_FLOAT_UNARY(exp)
CAMP_MATH_FLOAT_UNARY(exp2)
CAMP_MATH_FLOAT_UNARY(expm1)
CAMP_MATH_FLOAT_UNARY(log)
CAMP_MATH_FLOAT_UNARY(log2)
CAMP_MATH_FLOAT_UNARY(log10)
CAMP_MATH_FLOAT_UNARY(log1p)
CAMP_MATH_FLOAT_UNARY(logb)
CAMP_MATH_FLOAT_UNARY(sin)
CAMP_MATH_FLOAT_UNARY(cos)
CAMP_MATH_FLOAT_UNARY(tan)
CAMP_MATH_FLOAT_UNARY(asin)
CAMP_MATH_FLOAT_UNARY(acos)
CAMP_MATH_FLOAT_UNARY(atan)
CAMP_MATH_FLOAT_UNARY(sinh)
CAMP_MATH_FLOAT_UNARY(cosh)
CAMP_MATH_FLOAT_UNARY(tanh)
CAMP_MATH_FLOAT_UNARY(asinh)
CAMP_MATH_FLOAT_UNARY(acosh)
CAMP_MATH_FLOAT_UNARY(atanh)
CAMP_MATH_FLOAT_UNARY(erf)
CAMP_MATH_FLOAT_UNARY(erfc)
CAMP_MATH_FLOAT_UNARY(tgamma)
CAMP_MATH_FLOAT_UNARY(lgamma)
CAMP_MATH_FLOAT_BINARY(pow)
CAMP_MATH_FLOAT_BINARY(atan2)
CAMP_MATH_FLOAT_BINARY(hypot)
CAMP_MATH_FLOAT_BINARY(fmod)
CAMP_MATH_FLOAT_BINARY(remainder)
CAMP_MATH_FLOAT_BINARY(fdim)

#undef CAMP_MATH_FLOAT_UNARY
#undef CAMP_MATH_FLOAT_BINARY

/* ---- Exact functions on the bits: no double, no float arithmetic ----------
 * Rounding to an integer and the larger or smaller of two need neither: a
 * kernel that calls only these (and fabsf, copysignf) runs on devices
 * without doubles, and a float subnormal is never flushed (floorf(-1e-40f)
 * is -1). Each gives the double form's result, bit for bit. */

/* x's exponent, unbiased (-127 for zeros and subnormals, 128 for
 * infinities and NaNs), and the mask of its fraction bits below the units
 * (for 0 <= e < 23). */
static inline int camp_math_float_exponent(unsigned u) restrict(cpu, amp) { return (int)(u >> 23 & 0xffu) - 127; }
static inline unsigned camp_math_float_fraction_mask(int e) restrict(cpu, amp) { return 0x007fffffu >> e; }

static inline float camp_precise_truncf(float x) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x);
    int e = camp_math_float_exponent(u);
    if (e >= 23)
        return x; /* integral, infinite or NaN */
    if (e < 0)
        return camp_uint_as_float(u & 0x80000000u);
    return camp_uint_as_float(u & ~camp_math_float_fraction_mask(e));
}
/* floorf (up = 0) and ceilf (up = 1): away from zero where x's sign says. */
static inline float camp_math_floor_or_ceilf(float x, unsigned up) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x), away = (u >> 31) ^ up, m;
    int e = camp_math_float_exponent(u);
    if (e >= 23)
        return x;
    if (e < 0) /* +-0 stays; else 0 of x's sign, or 1 */
        return (u & 0x7fffffffu) && away ? camp_uint_as_float((u & 0x80000000u) | 0x3f800000u)
                                         : camp_uint_as_float(u & 0x80000000u);
    m = camp_math_float_fraction_mask(e);
    if (!(u & m))
        return x;
    return camp_uint_as_float(((away ? u + m : u)) & ~m); /* a carry into the exponent is right */
}
static inline float camp_precise_floorf(float x) restrict(cpu, amp) { return camp_math_floor_or_ceilf(x, 0); }
static inline float camp_precise_ceilf(float x) restrict(cpu, amp) { return camp_math_floor_or_ceilf(x, 1); }
/* roundf: halves away from zero. */
static inline float camp_precise_roundf(float x) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x), m;
    int e = camp_math_float_exponent(u);
    if (e >= 23)
        return x;
    if (e < -1) /* below 1/2 */
        return camp_uint_as_float(u & 0x80000000u);
    if (e == -1) /* [1/2, 1) */
        return camp_uint_as_float((u & 0x80000000u) | 0x3f800000u);
    m = camp_math_float_fraction_mask(e);
    return camp_uint_as_float((u + (m + 1) / 2) & ~m);
}
/* rintf, nearbyintf: to nearest, halves to even (the default rounding). */
static inline float camp_math_rint_evenf(float x) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x), m, half, fraction, base;
    int e = camp_math_float_exponent(u);
    if (e >= 23)
        return x;
    if (e < -1 || (e == -1 && !(u & 0x007fffffu))) /* at most 1/2: 0 */
        return camp_uint_as_float(u & 0x80000000u);
    if (e == -1) /* (1/2, 1) */
        return camp_uint_as_float((u & 0x80000000u) | 0x3f800000u);
    m = camp_math_float_fraction_mask(e);
    half = (m + 1) / 2;
    fraction = u & m;
    base = u & ~m;
    return camp_uint_as_float(fraction > half || (fraction == half && (base & (m + 1))) ? base + m + 1 : base);
}
static inline float camp_precise_rintf(float x) restrict(cpu, amp) { return camp_math_rint_evenf(x); }
static inline float camp_precise_nearbyintf(float x) restrict(cpu, amp) { return camp_math_rint_evenf(x); }

/* sqrtf, correctly rounded, without double: x = m 2^e with m's 24 bits
 * (a subnormal's normalized) and e made even; the integer square root q of
 * X = m 2^s (s = 22 or 24, so that q has 24 bits) from the device's own
 * square root, corrected to floor(sqrt(X)) in 64-bit integers, plus 1
 * where X - q^2 > q (the root is past q + 1/2: a square root of a float is
 * never a tie). */
static inline float fast_math_sqrt(float x) restrict(cpu, amp);
static inline float camp_precise_sqrtf(float x) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x), m = u & 0x007fffffu, field = u >> 23;
    int e, s;
    unsigned long long big, q;
    if (u > 0x80000000u && u <= 0xff800000u)
        return camp_uint_as_float(0x7fc00000u); /* below 0: NaN */
    if ((u & 0x7fffffffu) == 0 || (u & 0x7fffffffu) >= 0x7f800000u)
        return x; /* +-0, +infinity, NaN */
    if (field == 0) { /* subnormal: m shifted to 24 bits */
        int shift = camp_builtin_clz(m) - 8;
        m <<= shift;
        e = -149 - shift;
    } else {
        m |= 0x00800000u;
        e = (int)field - 150;
    }
    if (e & 1) {
        m <<= 1;
        e -= 1;
    }
    s = m >> 24 ? 22 : 24;
    big = (unsigned long long)m << s;
    q = (unsigned long long)fast_math_sqrt((float)big);
    while (q * q > big)
        q--;
    while ((q + 1) * (q + 1) <= big)
        q++;
    if (big - q * q > q)
        q++;
    /* the root is q 2^((e - s) / 2), q in [2^23, 2^24]: 2^24 carries into the exponent */
    return camp_uint_as_float((unsigned)((e - s) / 2 + 150) * 0x00800000u + (unsigned)q - 0x00800000u);
}

/* x's bits as a signed integer in the order of the values: -0 just below
 * +0 (as fmin and fmax order them), NaNs outside everything. */
static inline int camp_math_float_order(float x) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x);
    return (int)(u >> 31 ? ~(u & 0x7fffffffu) : u);
}
static inline int camp_math_float_is_nan(float x) restrict(cpu, amp) {
    return (camp_float_as_uint(x) & 0x7fffffffu) > 0x7f800000u;
}
/* A NaN argument is ignored. */
static inline float camp_precise_fmaxf(float x, float y) restrict(cpu, amp) {
    if (camp_math_float_is_nan(x))
        return y;
    if (camp_math_float_is_nan(y))
        return x;
    return camp_math_float_order(x) >= camp_math_float_order(y) ? x : y;
}
static inline float camp_precise_fminf(float x, float y) restrict(cpu, amp) {
    if (camp_math_float_is_nan(x))
        return y;
    if (camp_math_float_is_nan(y))
        return x;
    return camp_math_float_order(x) <= camp_math_float_order(y) ? x : y;
}

static inline float camp_precise_frexpf(float x, int *exponent) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_frexp(camp_math_float_to_double(x), exponent));
}
static inline float camp_precise_ldexpf(float x, int n) restrict(cpu, amp) {
    /* clamp so that the double intermediate cannot overflow or underflow
     * where the float result would not */
    n = n > 400 ? 400 : n < -400 ? -400 : n;
    return camp_math_double_to_float(camp_precise_ldexp(camp_math_float_to_double(x), n));
}
static inline float camp_precise_scalbnf(float x, int n) restrict(cpu, amp) {
    return camp_precise_ldexpf(x, n);
}
static inline float camp_precise_scalblnf(float x, long n) restrict(cpu, amp) {
    return camp_precise_ldexpf(x, n > 1000 ? 1000 : n < -1000 ? -1000 : (int)n);
}
static inline long camp_precise_lroundf(float x) restrict(cpu, amp) {
    return camp_precise_lround(camp_math_float_to_double(x));
}
static inline long long camp_precise_llroundf(float x) restrict(cpu, amp) {
    return camp_precise_llround(camp_math_float_to_double(x));
}
static inline long camp_precise_lrintf(float x) restrict(cpu, amp) {
    return camp_precise_lrint(camp_math_float_to_double(x));
}
static inline long long camp_precise_llrintf(float x) restrict(cpu, amp) {
    return camp_precise_llrint(camp_math_float_to_double(x));
}
static inline int camp_precise_ilogbf(float x) restrict(cpu, amp) {
    return camp_precise_ilogb(camp_math_float_to_double(x));
}
static inline float camp_precise_modff(float x, float *integral) restrict(cpu, amp) {
    double i, f = camp_precise_modf(camp_math_float_to_double(x), &i);
    *integral = camp_math_double_to_float(i);
    return camp_math_double_to_float(f);
}
static inline float camp_precise_remquof(float x, float y, int *quotient) restrict(cpu, amp) {
    return camp_math_double_to_float(
        camp_precise_remquo(camp_math_float_to_double(x), camp_math_float_to_double(y), quotient));
}
static inline float camp_precise_lgammaf_r(float x, int *sign) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_lgamma_r(camp_math_float_to_double(x), sign));
}
/* Compared as doubles (a flushing float comparison would call two
 * subnormals equal); the step is on the bits. */
static inline float camp_precise_nextafterf(float x, float y) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x);
    double dx = camp_math_float_to_double(x), dy = camp_math_float_to_double(y);
    if (camp_precise_isnanf(x) || camp_precise_isnanf(y))
        return camp_precise_isnanf(x) ? x : y;
    if (dx == dy)
        return y;
    if (dx == 0.0) /* the least subnormal, with the sign of y */
        return camp_uint_as_float(1u | (camp_float_as_uint(y) & 0x80000000u));
    u = ((dx < dy) == (dx > 0.0)) ? u + 1 : u - 1;
    return camp_uint_as_float(u);
}
/* x*y is exact in double; the sum is rounded to odd so that the final
 * rounding to float is the only one that counts. */
static inline float camp_precise_fmaf(float x, float y, float z) restrict(cpu, amp) {
    double dx = camp_math_float_to_double(x), dy = camp_math_float_to_double(y);
    double dz = camp_math_float_to_double(z), p = dx * dy;
    if (!camp_precise_isfinite(p) || !camp_precise_isfinite(dz))
        return camp_math_double_to_float(camp_precise_fma(dx, dy, dz)); /* special values */
    return camp_math_double_to_float(camp_math_add_round_to_odd(p, dz));
}

#endif /* CAMP_MATH_FLOAT_FORMS_H */
