/* camp_math/float_forms.h — the float forms of the precise functions.
 *
 * Each evaluates the double form and rounds once to float: the double
 * result is within about one double ulp, 2^-29 float ulps, so the float
 * result is the correctly rounded one except in rare double-rounding ties
 * (never more than 0.5 + 2^-28 float ulps). C++ AMP's precise_math needs
 * double support anyway. Functions whose result is exact in double (fmod,
 * remainder, ldexp, ...) are exact in float too; fma uses a round-to-odd
 * sum so that its double-to-float rounding is the only one. */
#ifndef CAMP_MATH_FLOAT_FORMS_H
#define CAMP_MATH_FLOAT_FORMS_H

#define CAMP_MATH_FLOAT_UNARY(name) \
    static inline float camp_precise_##name##f(float x) restrict(cpu, amp) { \
        return (float)camp_precise_##name((double)x); \
    }
#define CAMP_MATH_FLOAT_BINARY(name) \
    static inline float camp_precise_##name##f(float x, float y) restrict(cpu, amp) { \
        return (float)camp_precise_##name((double)x, (double)y); \
    }

CAMP_MATH_FLOAT_UNARY(sqrt)
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
CAMP_MATH_FLOAT_UNARY(floor)
CAMP_MATH_FLOAT_UNARY(ceil)
CAMP_MATH_FLOAT_UNARY(round)
CAMP_MATH_FLOAT_UNARY(trunc)
CAMP_MATH_FLOAT_UNARY(rint)
CAMP_MATH_FLOAT_UNARY(nearbyint)
CAMP_MATH_FLOAT_UNARY(erf)
CAMP_MATH_FLOAT_UNARY(erfc)
CAMP_MATH_FLOAT_UNARY(tgamma)
CAMP_MATH_FLOAT_UNARY(lgamma)
CAMP_MATH_FLOAT_BINARY(pow)
CAMP_MATH_FLOAT_BINARY(atan2)
CAMP_MATH_FLOAT_BINARY(hypot)
CAMP_MATH_FLOAT_BINARY(fmod)
CAMP_MATH_FLOAT_BINARY(remainder)
CAMP_MATH_FLOAT_BINARY(fmin)
CAMP_MATH_FLOAT_BINARY(fmax)
CAMP_MATH_FLOAT_BINARY(fdim)

#undef CAMP_MATH_FLOAT_UNARY
#undef CAMP_MATH_FLOAT_BINARY

static inline float camp_precise_frexpf(float x, int *exponent) restrict(cpu, amp) {
    return (float)camp_precise_frexp((double)x, exponent);
}
static inline float camp_precise_ldexpf(float x, int n) restrict(cpu, amp) {
    /* clamp so that the double intermediate cannot overflow or underflow
     * where the float result would not */
    n = n > 400 ? 400 : n < -400 ? -400 : n;
    return (float)camp_precise_ldexp((double)x, n);
}
static inline float camp_precise_scalbnf(float x, int n) restrict(cpu, amp) {
    return camp_precise_ldexpf(x, n);
}
static inline float camp_precise_scalblnf(float x, long n) restrict(cpu, amp) {
    return camp_precise_ldexpf(x, n > 1000 ? 1000 : n < -1000 ? -1000 : (int)n);
}
static inline long camp_precise_lroundf(float x) restrict(cpu, amp) { return camp_precise_lround((double)x); }
static inline long long camp_precise_llroundf(float x) restrict(cpu, amp) { return camp_precise_llround((double)x); }
static inline long camp_precise_lrintf(float x) restrict(cpu, amp) { return camp_precise_lrint((double)x); }
static inline long long camp_precise_llrintf(float x) restrict(cpu, amp) { return camp_precise_llrint((double)x); }
static inline int camp_precise_ilogbf(float x) restrict(cpu, amp) {
    return camp_precise_ilogb((double)x);
}
static inline float camp_precise_modff(float x, float *integral) restrict(cpu, amp) {
    double i, f = camp_precise_modf((double)x, &i);
    *integral = (float)i;
    return (float)f;
}
static inline float camp_precise_remquof(float x, float y, int *quotient) restrict(cpu, amp) {
    return (float)camp_precise_remquo((double)x, (double)y, quotient);
}
static inline float camp_precise_nextafterf(float x, float y) restrict(cpu, amp) {
    unsigned u = camp_float_as_uint(x);
    if (camp_precise_isnanf(x) || camp_precise_isnanf(y))
        return camp_precise_isnanf(x) ? x : y;
    if (x == y)
        return y;
    if (x == 0.0f)
        return camp_precise_copysignf(0x1p-149f, y);
    u = ((x < y) == (x > 0.0f)) ? u + 1 : u - 1;
    return camp_uint_as_float(u);
}
/* x*y is exact in double; the sum is rounded to odd so that the final
 * rounding to float is the only one that counts. */
static inline float camp_precise_fmaf(float x, float y, float z) restrict(cpu, amp) {
    double p = (double)x * (double)y;
    if (!camp_precise_isfinite(p) || !camp_precise_isfinitef(z))
        return (float)camp_precise_fma((double)x, (double)y, (double)z); /* special values */
    return (float)camp_math_add_round_to_odd(p, (double)z);
}

#endif /* CAMP_MATH_FLOAT_FORMS_H */
