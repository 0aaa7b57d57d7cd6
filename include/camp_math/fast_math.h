/* camp_math/fast_math.h — C++ AMP's fast_math: float functions with the
 * device's native precision. On the host (serial reference mode) these call
 * the C library's float functions; in kernels campcc maps each one to the
 * GLSL.std.450 instruction in this table:
 *
 *   fast_math_acos   Acos        fast_math_fmax   FMax
 *   fast_math_acosh  Acosh       fast_math_fmin   FMin
 *   fast_math_asin   Asin        fast_math_frexp  Frexp (float, int *)
 *   fast_math_asinh  Asinh       fast_math_ldexp  Ldexp (float, int)
 *   fast_math_atan   Atan        fast_math_log    Log
 *   fast_math_atan2  Atan2       fast_math_log2   Log2
 *   fast_math_atanh  Atanh       fast_math_log10  Log2, then OpFMul by log10(2)
 *   fast_math_ceil   Ceil        fast_math_modf   Modf (float, float *)
 *   fast_math_cos    Cos         fast_math_pow    Pow
 *   fast_math_cosh   Cosh        fast_math_round  Round (halfway: either way)
 *   fast_math_exp    Exp         fast_math_rsqrt  InverseSqrt
 *   fast_math_exp2   Exp2        fast_math_sin    Sin
 *   fast_math_fabs   FAbs        fast_math_sinh   Sinh
 *   fast_math_floor  Floor       fast_math_sqrt   Sqrt
 *   fast_math_fma    Fma         fast_math_tan    Tan
 *   fast_math_fmod   OpFRem      fast_math_tanh   Tanh
 *                                fast_math_trunc  Trunc
 *
 * log10 has no instruction of its own; it is the one composite. fmod is
 * SPIR-V's OpFRem, C's truncated remainder (the sign of x; fmod(-0, y)
 * may be +0: lavapipe computes x - y trunc(x/y)), not an extended
 * instruction. The
 * documented domain of each (where the 1e-3 relative target holds) is in
 * docs/math.md. */
#ifndef CAMP_MATH_FAST_MATH_H
#define CAMP_MATH_FAST_MATH_H

#define CAMP_FAST_UNARY(name, libm) \
    static inline float fast_math_##name(float x) restrict(cpu, amp) { return libm(x); }
#define CAMP_FAST_BINARY(name, libm) \
    static inline float fast_math_##name(float x, float y) restrict(cpu, amp) { return libm(x, y); }

CAMP_FAST_UNARY(acos, acosf)
CAMP_FAST_UNARY(acosh, acoshf)
CAMP_FAST_UNARY(asin, asinf)
CAMP_FAST_UNARY(asinh, asinhf)
CAMP_FAST_UNARY(atan, atanf)
CAMP_FAST_BINARY(atan2, atan2f)
CAMP_FAST_UNARY(atanh, atanhf)
CAMP_FAST_UNARY(ceil, ceilf)
CAMP_FAST_UNARY(cos, cosf)
CAMP_FAST_UNARY(cosh, coshf)
CAMP_FAST_UNARY(exp, expf)
CAMP_FAST_UNARY(exp2, exp2f)
CAMP_FAST_UNARY(fabs, fabsf)
CAMP_FAST_UNARY(floor, floorf)
CAMP_FAST_BINARY(fmax, fmaxf)
CAMP_FAST_BINARY(fmin, fminf)
CAMP_FAST_BINARY(fmod, fmodf)
CAMP_FAST_UNARY(log, logf)
CAMP_FAST_UNARY(log2, log2f)
CAMP_FAST_UNARY(log10, log10f)
CAMP_FAST_BINARY(pow, powf)
CAMP_FAST_UNARY(round, roundf)
CAMP_FAST_UNARY(sin, sinf)
CAMP_FAST_UNARY(sinh, sinhf)
CAMP_FAST_UNARY(sqrt, sqrtf)
CAMP_FAST_UNARY(tan, tanf)
CAMP_FAST_UNARY(tanh, tanhf)
CAMP_FAST_UNARY(trunc, truncf)

#undef CAMP_FAST_UNARY
#undef CAMP_FAST_BINARY

static inline float fast_math_rsqrt(float x) restrict(cpu, amp) { return 1.0f / sqrtf(x); }
static inline float fast_math_fma(float x, float y, float z) restrict(cpu, amp) { return fmaf(x, y, z); }
static inline float fast_math_frexp(float x, int *exponent) restrict(cpu, amp) { return frexpf(x, exponent); }
static inline float fast_math_ldexp(float x, int n) restrict(cpu, amp) { return ldexpf(x, n); }
static inline float fast_math_modf(float x, float *integral) restrict(cpu, amp) { return modff(x, integral); }

#endif /* CAMP_MATH_FAST_MATH_H */
