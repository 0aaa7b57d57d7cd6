// needs: shaderInt64 shaderFloat64
/* vector_forms.c — the math functions element-wise on float2/3/4 and
 * double2/3/4 (include/camp_math/vector_forms.h), differential: each lane
 * is the precise scalar form, the same code on the device and in the
 * serial reference mode, so campcc's output must equal the reference's
 * byte for byte (test/e2e.py program).
 *
 * In kernels: the exact functions, fma, the int vector forms and the
 * classification macros on every vector type; each other function on one
 * vector type (every one on every type makes pipelines that lavapipe takes
 * minutes to compile); scalar splats; the classification macros on
 * scalars. Arguments include +-0, subnormals, +-inf, NaN and large values,
 * each lane its own. On the host: every function on every type against its
 * scalar form, lane by lane. And fast_math on float2/3/4, whose lanes must
 * equal the scalar fast_math function's (on the device: one GLSL.std.450
 * instruction on the vector against one per scalar). */
#include <camp.h>
#include <stdio.h>
#include <string.h>

/* double3/double4 are 256-bit vectors: clang on x86-64 without AVX warns
 * at every call passing one by value that the call's ABI differs from AVX
 * code's. Caller and callee are compiled alike here. */
#pragma clang diagnostic ignored "-Wpsabi"

#define N 16 /* threads per kernel */

/* Arguments: lane j of thread i takes args[(i + 3j) % NARGS] as x, and
 * other strides for y and z, so lanes and threads differ. */
static const double args[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -2.75, 3.0, 10.5, 1e-3, 100.25, 1e300, 0x1p-1040, 0x1p-140,
    1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 0.7853981633974483, -37.5, 0.9999, 6.0, -3.5, 1e-310,
};
#define NARGS (int)(sizeof args / sizeof *args)

/* The functions, by how they are called (U: one vector, B: two). The
 * others run on the device on one vector type each: group A on float2, B
 * on float3, C on float4, D on double2, E on double3, F on double4. */
#define EXACT(U, B) \
    U(fabs) U(floor) U(ceil) U(round) U(trunc) U(rint) U(nearbyint) U(logb) \
    B(fmod) B(remainder) B(fmin) B(fmax) B(fdim) B(copysign) B(nextafter)
#define GROUP_A(U, B) U(sqrt) U(exp2) U(sin) U(asinh) U(erf) B(hypot)
#define GROUP_B(U, B) U(cbrt) U(expm1) U(cos) U(acosh) U(lgamma)
#define GROUP_C(U, B) U(exp) U(log1p) U(tan) U(atanh) B(pow)
#define GROUP_D(U, B) U(log) U(asin) U(sinh) U(erfc) B(atan2)
#define GROUP_E(U, B) U(log2) U(acos) U(cosh) U(tgamma)
#define GROUP_F(U, B) U(log10) U(atan) U(tanh)
#define ALL(U, B) \
    EXACT(U, B) GROUP_A(U, B) GROUP_B(U, B) GROUP_C(U, B) GROUP_D(U, B) GROUP_E(U, B) GROUP_F(U, B)
#define CLASSIFY(X) X(isnan) X(isinf) X(isfinite) X(isnormal) X(signbit) X(fpclassify)

/* Slots of each thread's results: vectors, then int vectors. */
#define SLOT(f) SLOT_##f,
enum {
    ALL(SLOT, SLOT) SLOT_fma, SLOT_ldexp, SLOT_scalbn, SLOT_frexp, SLOT_modf, SLOT_modf_integral, SLOT_remquo,
    SLOT_fmax_splat, SLOT_copysign_splat, SLOT_fma_splat, NVEC
};
enum { CLASSIFY(SLOT) SLOT_ilogb, SLOT_frexp_exponent, SLOT_remquo_quotient, NINT };
#define NAME(f) #f,
static const char *const vec_names[NVEC] = {
    ALL(NAME, NAME) "fma", "ldexp", "scalbn", "frexp", "modf", "modf integral", "remquo", "fmax(x, 0.5)",
    "copysign(1, x)", "fma(x, y, 1)"};
static const char *const int_names[NINT] = {CLASSIFY(NAME) "ilogb", "frexp exponent", "remquo quotient"};

/* What a kernel computes on vectors of type V (int vectors I, scalars S):
 * the exact functions and one group of the others. */
#define CALL_UNARY(f) out[SLOT_##f] = f(x);
#define CALL_BINARY(f) out[SLOT_##f] = f(x, y);
#define CALL_CLASSIFY(f) iout[SLOT_##f] = f(x);
#define APPLY(V, I, S, GROUP) \
    static void apply_##V(V x, V y, V z, I k, V out[NVEC], I iout[NINT]) restrict(cpu, amp) { \
        EXACT(CALL_UNARY, CALL_BINARY) \
        GROUP(CALL_UNARY, CALL_BINARY) \
        CLASSIFY(CALL_CLASSIFY) \
        out[SLOT_fma] = fma(x, y, z); \
        out[SLOT_ldexp] = ldexp(x, k); \
        out[SLOT_scalbn] = scalbn(y, k); \
        out[SLOT_frexp] = frexp(x, &iout[SLOT_frexp_exponent]); \
        out[SLOT_modf] = modf(x, &out[SLOT_modf_integral]); \
        out[SLOT_remquo] = remquo(x, y, &iout[SLOT_remquo_quotient]); \
        iout[SLOT_ilogb] = ilogb(x); \
        out[SLOT_fmax_splat] = fmax(x, (S)0.5); \
        out[SLOT_copysign_splat] = copysign((S)1, x); \
        out[SLOT_fma_splat] = fma(x, y, (S)1); \
    }
APPLY(float2, int2, float, GROUP_A)
APPLY(float3, int3, float, GROUP_B)
APPLY(float4, int4, float, GROUP_C)
APPLY(double2, int2, double, GROUP_D)
APPLY(double3, int3, double, GROUP_E)
APPLY(double4, int4, double, GROUP_F)

/* A value as printed: NaN's sign and payload are not specified. */
static void print_value(double v) {
    if (v != v) printf(" nan");
    else printf(" %a", v);
}

/* Host side per type: the arguments; the results the kernel computed, as
 * printed; and every function against its scalar form lane by lane,
 * counting lanes that differ. */
#define PRECISE(name, s) _Generic((s), float: camp_precise_##name##f, double: camp_precise_##name)
#define HOST_UNARY(f) \
    { \
        __typeof__(x) r = f(x); \
        for (int j = 0; j < lanes; j++) mismatches += !same_bits(r[j], PRECISE(f, x[j])(x[j])); \
    }
#define HOST_BINARY(f) \
    { \
        __typeof__(x) r = f(x, y); \
        for (int j = 0; j < lanes; j++) mismatches += !same_bits(r[j], PRECISE(f, x[j])(x[j], y[j])); \
    }
#define MARK(f) computed[SLOT_##f] = 1;
#define HOST(V, I, S, n, GROUP) \
    static void fill_##V(V *x, V *y, V *z, I *k) { \
        for (int i = 0; i < N; i++) \
            for (int j = 0; j < n; j++) { \
                x[i][j] = (S)args[(i + 3 * j) % NARGS]; \
                y[i][j] = (S)args[(7 * i + j + 1) % NARGS]; \
                z[i][j] = (S)args[(5 * i + 2 * j + 2) % NARGS]; \
                k[i][j] = (i * 37 + j * 11) % 300 - 150; \
            } \
    } \
    static void print_##V(V out[][NVEC], I iout[][NINT]) { \
        int computed[NVEC] = {0}; \
        EXACT(MARK, MARK) \
        GROUP(MARK, MARK) \
        for (int f = SLOT_fma; f < NVEC; f++) computed[f] = 1; \
        for (int f = 0; f < NVEC; f++) \
            for (int i = 0; computed[f] && i < N; i++) { \
                printf("%s %s %d:", #V, vec_names[f], i); \
                for (int j = 0; j < n; j++) print_value(out[i][f][j]); \
                printf("\n"); \
            } \
        for (int f = 0; f < NINT; f++) \
            for (int i = 0; i < N; i++) { \
                printf("%s %s %d:", #V, int_names[f], i); \
                for (int j = 0; j < n; j++) printf(" %d", iout[i][f][j]); \
                printf("\n"); \
            } \
    } \
    static int host_mismatches_##V(const V *xs, const V *ys) { \
        const int lanes = n; \
        int mismatches = 0; \
        for (int i = 0; i < N; i++) { \
            V x = xs[i], y = ys[i]; \
            ALL(HOST_UNARY, HOST_BINARY) \
        } \
        return mismatches; \
    }

static int same_bits(double a, double b) {
    return memcmp(&a, &b, sizeof a) == 0 || (a != a && b != b);
}
HOST(float2, int2, float, 2, GROUP_A)
HOST(float3, int3, float, 3, GROUP_B)
HOST(float4, int4, float, 4, GROUP_C)
HOST(double2, int2, double, 2, GROUP_D)
HOST(double3, int3, double, 3, GROUP_E)
HOST(double4, int4, double, 4, GROUP_F)

/* fast_math on float vectors: each call on a vector (on the device one
 * GLSL.std.450 instruction) beside the scalar function on each lane; the
 * host checks that they agree bit for bit (or are both NaN). u is in
 * (0, 1), w = 1 + u: each function within its domain. */
#define FAST_UNARY(X, ...) \
    X(acos, u, __VA_ARGS__) X(acosh, w, __VA_ARGS__) X(asin, u, __VA_ARGS__) X(asinh, u, __VA_ARGS__) \
    X(atan, w, __VA_ARGS__) X(atanh, u, __VA_ARGS__) X(ceil, w, __VA_ARGS__) X(cos, u, __VA_ARGS__) \
    X(cosh, u, __VA_ARGS__) X(exp, w, __VA_ARGS__) X(exp2, w, __VA_ARGS__) X(fabs, u, __VA_ARGS__) \
    X(floor, w, __VA_ARGS__) X(log, w, __VA_ARGS__) X(log2, w, __VA_ARGS__) X(log10, w, __VA_ARGS__) \
    X(round, w, __VA_ARGS__) X(rsqrt, w, __VA_ARGS__) X(sin, u, __VA_ARGS__) X(sinh, u, __VA_ARGS__) \
    X(sqrt, w, __VA_ARGS__) X(tan, u, __VA_ARGS__) X(tanh, u, __VA_ARGS__) X(trunc, w, __VA_ARGS__)
#define FAST_BINARY(X, ...) \
    X(atan2, __VA_ARGS__) X(fmax, __VA_ARGS__) X(fmin, __VA_ARGS__) X(fmod, __VA_ARGS__) X(pow, __VA_ARGS__)
#define FAST_SLOT(f, ...) FAST_##f,
#define FAST_NAME(f, ...) "fast_math_" #f,
enum { FAST_UNARY(FAST_SLOT, ) FAST_BINARY(FAST_SLOT, ) FAST_fma, FAST_ldexp, NFAST };
static const char *const fast_names[NFAST] = {FAST_UNARY(FAST_NAME, ) FAST_BINARY(FAST_NAME, ) "fast_math_fma",
                                              "fast_math_ldexp"};

/* The n lanes of a vector, each L(lane, ...). */
#define LANES_2(L, ...) L(0, __VA_ARGS__), L(1, __VA_ARGS__)
#define LANES_3(L, ...) LANES_2(L, __VA_ARGS__), L(2, __VA_ARGS__)
#define LANES_4(L, ...) LANES_3(L, __VA_ARGS__), L(3, __VA_ARGS__)
#define LANE_1(j, f, a) f((a)[j])
#define LANE_2(j, f, a, b) f((a)[j], (b)[j])
#define LANE_3(j, f, a, b, c) f((a)[j], (b)[j], (c)[j])
#define FAST_CALL_UNARY(f, a, V, n) \
    vec[FAST_##f] = fast_math_##f(a); \
    lanes[FAST_##f] = (V){LANES_##n(LANE_1, fast_math_##f, a)};
#define FAST_CALL_BINARY(f, V, n) \
    vec[FAST_##f] = fast_math_##f(u, w); \
    lanes[FAST_##f] = (V){LANES_##n(LANE_2, fast_math_##f, u, w)};
#define FAST_APPLY(V, I, n) \
    static void fast_##V(V u, I k, V vec[NFAST], V lanes[NFAST]) restrict(cpu, amp) { \
        V w = 1.0f + u; \
        FAST_UNARY(FAST_CALL_UNARY, V, n) \
        FAST_BINARY(FAST_CALL_BINARY, V, n) \
        vec[FAST_fma] = fast_math_fma(u, w, u); \
        lanes[FAST_fma] = (V){LANES_##n(LANE_3, fast_math_fma, u, w, u)}; \
        vec[FAST_ldexp] = fast_math_ldexp(u, k); \
        lanes[FAST_ldexp] = (V){LANES_##n(LANE_2, fast_math_ldexp, u, k)}; \
    }
FAST_APPLY(float2, int2, 2)
FAST_APPLY(float3, int3, 3)
FAST_APPLY(float4, int4, 4)

/* For each function: per thread, 1 if the vector call's lanes are the scalar calls'. */
#define PRINT_FAST(V, n) \
    static void print_fast_##V(V vec[][NFAST], V lanes[][NFAST]) { \
        for (int f = 0; f < NFAST; f++) { \
            printf("%s %s lanes equal the scalar function's:", #V, fast_names[f]); \
            for (int i = 0; i < N; i++) { \
                int same = 1; \
                for (int j = 0; j < n; j++) same &= same_bits(vec[i][f][j], lanes[i][f][j]); \
                printf(" %d", same); \
            } \
            printf("\n"); \
        } \
    }
PRINT_FAST(float2, 2)
PRINT_FAST(float3, 3)
PRINT_FAST(float4, 4)

/* Per type: the kernel's arrays, filled. */
#define ARRAYS(V, I) \
    V V##_x[N], V##_y[N], V##_z[N], V##_out[N][NVEC]; \
    I V##_k[N], V##_iout[N][NINT]; \
    fill_##V(V##_x, V##_y, V##_z, V##_k)

int main(void) {
    ARRAYS(float2, int2);
    ARRAYS(float3, int3);
    ARRAYS(float4, int4);
    ARRAYS(double2, int2);
    ARRAYS(double3, int3);
    ARRAYS(double4, int4);
    parallel_for_each(i, extent(N))
        apply_float2(float2_x[i], float2_y[i], float2_z[i], float2_k[i], float2_out[i], float2_iout[i]);
    parallel_for_each(i, extent(N))
        apply_float3(float3_x[i], float3_y[i], float3_z[i], float3_k[i], float3_out[i], float3_iout[i]);
    parallel_for_each(i, extent(N))
        apply_float4(float4_x[i], float4_y[i], float4_z[i], float4_k[i], float4_out[i], float4_iout[i]);
    parallel_for_each(i, extent(N))
        apply_double2(double2_x[i], double2_y[i], double2_z[i], double2_k[i], double2_out[i], double2_iout[i]);
    parallel_for_each(i, extent(N))
        apply_double3(double3_x[i], double3_y[i], double3_z[i], double3_k[i], double3_out[i], double3_iout[i]);
    parallel_for_each(i, extent(N))
        apply_double4(double4_x[i], double4_y[i], double4_z[i], double4_k[i], double4_out[i], double4_iout[i]);
    print_float2(float2_out, float2_iout);
    print_float3(float3_out, float3_iout);
    print_float4(float4_out, float4_iout);
    print_double2(double2_out, double2_iout);
    print_double3(double3_out, double3_iout);
    print_double4(double4_out, double4_iout);

    /* on the host: every function on every type (the float types' lanes
     * through the float forms) */
    int mismatches = host_mismatches_float2(float2_x, float2_y) + host_mismatches_float3(float3_x, float3_y) +
                     host_mismatches_float4(float4_x, float4_y) + host_mismatches_double2(double2_x, double2_y) +
                     host_mismatches_double3(double3_x, double3_y) + host_mismatches_double4(double4_x, double4_y);
    printf("host: lanes of a vector form that differ from the scalar form: %d\n", mismatches);

    /* the classification macros on scalars, now calls of overloadable
     * functions: float and double, every argument */
    double scalar_d[NARGS];
    float scalar_f[NARGS];
    int classes[NARGS][12];
    for (int i = 0; i < NARGS; i++) {
        scalar_d[i] = args[i];
        scalar_f[i] = (float)args[i];
    }
    parallel_for_each(i, extent(NARGS)) {
        double d = scalar_d[i];
        float f = scalar_f[i];
        int *c = classes[i];
        c[0] = isnan(d) != 0, c[1] = isinf(d), c[2] = isfinite(d) != 0, c[3] = isnormal(d) != 0;
        c[4] = signbit(d) != 0, c[5] = fpclassify(d);
        c[6] = isnan(f) != 0, c[7] = isinf(f), c[8] = isfinite(f) != 0, c[9] = isnormal(f) != 0;
        c[10] = signbit(f) != 0, c[11] = fpclassify(f);
    }
    for (int i = 0; i < NARGS; i++) {
        printf("scalar classification of %a: double", args[i]);
        for (int j = 0; j < 12; j++) printf(j == 6 ? ", float %d" : " %d", classes[i][j]);
        printf("\n");
    }

    /* fast_math: u in (0, 1), lanes and threads apart */
    float2 u2[N];
    float3 u3[N];
    float4 u4[N];
    float2 fast2[N][NFAST], lanes2[N][NFAST];
    float3 fast3[N][NFAST], lanes3[N][NFAST];
    float4 fast4[N][NFAST], lanes4[N][NFAST];
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < 4; j++) u4[i][j] = (float)(i * 4 + j + 1) / (4 * N + 2);
        u2[i] = u4[i].wx;
        u3[i] = u4[i].zxy;
    }
    parallel_for_each(i, extent(N)) fast_float2(u2[i], float2_k[i], fast2[i], lanes2[i]);
    parallel_for_each(i, extent(N)) fast_float3(u3[i], float3_k[i], fast3[i], lanes3[i]);
    parallel_for_each(i, extent(N)) fast_float4(u4[i], float4_k[i], fast4[i], lanes4[i]);
    print_fast_float2(fast2, lanes2);
    print_fast_float3(fast3, lanes3);
    print_fast_float4(fast4, lanes4);
    return mismatches != 0;
}
