/* camp_math/vector_forms.h — the math functions element-wise on floatN and
 * doubleN.
 *
 * `sqrt(v)`, `pow(v, w)`, `fma(a, b, c)`, ... on float2/3/4 and
 * double2/3/4 are clang overloadable functions of the <math.h> names (C
 * allows one unmarked declaration, <math.h>'s, beside them): each lane is
 * the precise scalar form, camp_precise_<name>f or camp_precise_<name>, so
 * a lane's result is bit for bit the scalar function's, in kernels and in
 * the serial reference mode alike. Only the generic names are overloaded:
 * `sqrtf(float4)` stays an error (sqrtf takes a float). A
 * scalar argument beside a vector is splat (`pow(v, 2.0f)`); vectors of
 * different types or widths do not mix (no overload matches).
 *
 * Integer companions are intN of the same width: ldexp and scalbn take
 * one, frexp and remquo store one, ilogb returns one. The classification
 * macros (isnan, isinf, isfinite, isnormal, signbit, fpclassify) accept
 * vectors too and give an intN: a lane mask, -1 where true and 0 where
 * false, as vector comparisons do (fpclassify: the FP_* value per lane);
 * on scalars they are glibc's builtins as before. lround, lrint, llround,
 * llrint and scalbln have no vector forms (camp.h has no vectors of long).
 *
 * fast_math_<name> is overloaded for float2/3/4 too (not frexp and modf):
 * in kernels campcc makes each one GLSL.std.450 instruction on the whole
 * vector. docs/math.md has the details. */
#ifndef CAMP_MATH_VECTOR_FORMS_H
#define CAMP_MATH_VECTOR_FORMS_H

#define CAMP_OVERLOADABLE_ __attribute__((overloadable))

/* Runs the statements once per lane, `lane` from 0 to n - 1: a loop, not n
 * copies, so that a device compiler, which inlines every call, has one
 * copy of the scalar function per vector call. (A while loop: campcc reads
 * a for statement's header from the source text, which a macro hides.) */
#define CAMP_EACH_LANE_(n, ...) \
    int lane = 0; \
    while (lane < n) { \
        __VA_ARGS__; \
        lane++; \
    }

/* Applies X(vector, int vector, width, scalar, suffix of the scalar forms,
 * ...) to each vector type of the precise forms, and of the fast ones. */
#define CAMP_VECTOR_TYPES_(X, ...) \
    X(float2, int2, 2, float, f, __VA_ARGS__) \
    X(float3, int3, 3, float, f, __VA_ARGS__) \
    X(float4, int4, 4, float, f, __VA_ARGS__) \
    X(double2, int2, 2, double, , __VA_ARGS__) \
    X(double3, int3, 3, double, , __VA_ARGS__) \
    X(double4, int4, 4, double, , __VA_ARGS__)
#define CAMP_FAST_VECTOR_TYPES_(X, ...) \
    X(float2, int2, 2, float, , __VA_ARGS__) \
    X(float3, int3, 3, float, , __VA_ARGS__) \
    X(float4, int4, 4, float, , __VA_ARGS__)

/* Each definer makes `name` on vectors of type V from the scalar function
 * prefix##name##sfx, lane by lane. */
#define CAMP_VECTOR_UNARY_(V, I, n, S, sfx, prefix, name) \
    static inline V CAMP_OVERLOADABLE_ name(V x) restrict(cpu, amp) { \
        V r = 0; \
        CAMP_EACH_LANE_(n, r[lane] = prefix##name##sfx(x[lane])) \
        return r; \
    }
#define CAMP_VECTOR_BINARY_(V, I, n, S, sfx, prefix, name) \
    static inline V CAMP_OVERLOADABLE_ name(V x, V y) restrict(cpu, amp) { \
        V r = 0; \
        CAMP_EACH_LANE_(n, r[lane] = prefix##name##sfx(x[lane], y[lane])) \
        return r; \
    }
#define CAMP_VECTOR_TERNARY_(V, I, n, S, sfx, prefix, name) \
    static inline V CAMP_OVERLOADABLE_ name(V x, V y, V z) restrict(cpu, amp) { \
        V r = 0; \
        CAMP_EACH_LANE_(n, r[lane] = prefix##name##sfx(x[lane], y[lane], z[lane])) \
        return r; \
    }
/* (vector, intN): ldexp, scalbn */
#define CAMP_VECTOR_SCALE_(V, I, n, S, sfx, prefix, name) \
    static inline V CAMP_OVERLOADABLE_ name(V x, I k) restrict(cpu, amp) { \
        V r = 0; \
        CAMP_EACH_LANE_(n, r[lane] = prefix##name##sfx(x[lane], k[lane])) \
        return r; \
    }
/* vector -> intN: ilogb */
#define CAMP_VECTOR_TO_INT_(V, I, n, S, sfx, prefix, name) \
    static inline I CAMP_OVERLOADABLE_ name(V x) restrict(cpu, amp) { \
        I r = 0; \
        CAMP_EACH_LANE_(n, r[lane] = prefix##name##sfx(x[lane])) \
        return r; \
    }
/* frexp(vector, intN *), modf(vector, vector *): the scalar form stores
 * each lane's second result into a scalar, gathered into *out */
#define CAMP_VECTOR_OUT_(V, n, scalar_form, name, P, T) \
    static inline V CAMP_OVERLOADABLE_ name(V x, P *out) restrict(cpu, amp) { \
        V r = 0; \
        P o = 0; \
        CAMP_EACH_LANE_(n, T lane_out; r[lane] = scalar_form(x[lane], &lane_out); o[lane] = lane_out) \
        *out = o; \
        return r; \
    }
#define CAMP_VECTOR_FREXP_(V, I, n, S, sfx, prefix, name) CAMP_VECTOR_OUT_(V, n, prefix##name##sfx, name, I, int)
#define CAMP_VECTOR_MODF_(V, I, n, S, sfx, prefix, name) CAMP_VECTOR_OUT_(V, n, prefix##name##sfx, name, V, S)
#define CAMP_VECTOR_REMQUO_(V, I, n, S, sfx, prefix, name) \
    static inline V CAMP_OVERLOADABLE_ name(V x, V y, I *quotient) restrict(cpu, amp) { \
        V r = 0; \
        I q = 0; \
        CAMP_EACH_LANE_(n, int lane_q; r[lane] = prefix##name##sfx(x[lane], y[lane], &lane_q); q[lane] = lane_q) \
        *quotient = q; \
        return r; \
    }

/* ---- precise forms: <math.h> names ---------------------------------------- */

#define CAMP_PRECISE_VECTORS_(definer, name) CAMP_VECTOR_TYPES_(definer, camp_precise_, name)

CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, sqrt)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, cbrt)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, exp)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, exp2)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, expm1)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, log)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, log2)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, log10)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, log1p)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, logb)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, sin)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, cos)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, tan)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, asin)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, acos)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, atan)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, sinh)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, cosh)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, tanh)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, asinh)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, acosh)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, atanh)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, fabs)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, floor)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, ceil)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, round)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, trunc)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, rint)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, nearbyint)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, erf)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, erfc)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, tgamma)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_UNARY_, lgamma)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, pow)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, atan2)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, hypot)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, fmod)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, remainder)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, fmin)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, fmax)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, fdim)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, copysign)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_BINARY_, nextafter)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_TERNARY_, fma)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_SCALE_, ldexp)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_SCALE_, scalbn)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_TO_INT_, ilogb)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_FREXP_, frexp)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_MODF_, modf)
CAMP_PRECISE_VECTORS_(CAMP_VECTOR_REMQUO_, remquo)

/* ---- fast_math on float2/3/4 ---------------------------------------------- *
 * In the serial reference mode lane by lane through the scalar fast_math
 * functions (the C library's); in kernels campcc maps the call, like the
 * scalar one, to one GLSL.std.450 instruction, which takes vectors. */

#define CAMP_FAST_VECTORS_(definer, name) CAMP_FAST_VECTOR_TYPES_(definer, , fast_math_##name)

CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, acos)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, acosh)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, asin)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, asinh)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, atan)
CAMP_FAST_VECTORS_(CAMP_VECTOR_BINARY_, atan2)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, atanh)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, ceil)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, cos)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, cosh)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, exp)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, exp2)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, fabs)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, floor)
CAMP_FAST_VECTORS_(CAMP_VECTOR_TERNARY_, fma)
CAMP_FAST_VECTORS_(CAMP_VECTOR_BINARY_, fmax)
CAMP_FAST_VECTORS_(CAMP_VECTOR_BINARY_, fmin)
CAMP_FAST_VECTORS_(CAMP_VECTOR_BINARY_, fmod)
CAMP_FAST_VECTORS_(CAMP_VECTOR_SCALE_, ldexp)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, log)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, log2)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, log10)
CAMP_FAST_VECTORS_(CAMP_VECTOR_BINARY_, pow)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, round)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, rsqrt)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, sin)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, sinh)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, sqrt)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, tan)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, tanh)
CAMP_FAST_VECTORS_(CAMP_VECTOR_UNARY_, trunc)

/* ---- classification ------------------------------------------------------- *
 * <math.h>'s macros expand to type-generic builtins that refuse vectors;
 * here each becomes an overloadable function: the builtin on float, double
 * and long double (so scalars behave as before), a lane mask on vectors. */

/* mask: CAMP_LANE_MASK_ (-1 where true), or empty for fpclassify (its value) */
#define CAMP_CLASSIFY_VECTOR_(V, I, n, S, sfx, name, mask) \
    static inline I CAMP_OVERLOADABLE_ camp_##name##_(V x) restrict(cpu, amp) { \
        I r = 0; \
        CAMP_EACH_LANE_(n, r[lane] = mask(camp_precise_##name##sfx(x[lane]))) \
        return r; \
    }
#define CAMP_LANE_MASK_(is) (-((is) != 0))
/* long double is host only: amp code refuses the type itself */
#define CAMP_CLASSIFY_(name, builtin, mask) \
    static inline int CAMP_OVERLOADABLE_ camp_##name##_(float x) restrict(cpu, amp) { return builtin; } \
    static inline int CAMP_OVERLOADABLE_ camp_##name##_(double x) restrict(cpu, amp) { return builtin; } \
    static inline int CAMP_OVERLOADABLE_ camp_##name##_(long double x) { return builtin; } \
    CAMP_VECTOR_TYPES_(CAMP_CLASSIFY_VECTOR_, name, mask)

CAMP_CLASSIFY_(isnan, __builtin_isnan(x), CAMP_LANE_MASK_)
CAMP_CLASSIFY_(isinf, __builtin_isinf_sign(x), CAMP_LANE_MASK_)
CAMP_CLASSIFY_(isfinite, __builtin_isfinite(x), CAMP_LANE_MASK_)
CAMP_CLASSIFY_(isnormal, __builtin_isnormal(x), CAMP_LANE_MASK_)
CAMP_CLASSIFY_(signbit, __builtin_signbit(x), CAMP_LANE_MASK_)
CAMP_CLASSIFY_(fpclassify, __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x),
               )

#undef CAMP_CLASSIFY_
#undef CAMP_CLASSIFY_VECTOR_
#undef CAMP_EACH_LANE_
#undef CAMP_FAST_VECTORS_
#undef CAMP_FAST_VECTOR_TYPES_
#undef CAMP_LANE_MASK_
#undef CAMP_OVERLOADABLE_
#undef CAMP_PRECISE_VECTORS_
#undef CAMP_VECTOR_BINARY_
#undef CAMP_VECTOR_FREXP_
#undef CAMP_VECTOR_MODF_
#undef CAMP_VECTOR_OUT_
#undef CAMP_VECTOR_REMQUO_
#undef CAMP_VECTOR_SCALE_
#undef CAMP_VECTOR_TERNARY_
#undef CAMP_VECTOR_TO_INT_
#undef CAMP_VECTOR_TYPES_
#undef CAMP_VECTOR_UNARY_

#undef isnan
#undef isinf
#undef isfinite
#undef isnormal
#undef signbit
#undef fpclassify
#define isnan(...) camp_isnan_(__VA_ARGS__)
#define isinf(...) camp_isinf_(__VA_ARGS__)
#define isfinite(...) camp_isfinite_(__VA_ARGS__)
#define isnormal(...) camp_isnormal_(__VA_ARGS__)
#define signbit(...) camp_signbit_(__VA_ARGS__)
#define fpclassify(...) camp_fpclassify_(__VA_ARGS__)

#endif /* CAMP_MATH_VECTOR_FORMS_H */
