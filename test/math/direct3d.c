// needs: shaderInt64 shaderFloat64
/* direct3d.c — the direct3d_<name> intrinsics (include/camp_math/direct3d.h)
 * in kernels against their host forms, differential: every function on
 * edge values (+-0, +-1, subnormals, +-inf, NaN, INT_MIN, INT_MAX, 0 and
 * all ones for the bit functions) and pseudo-random arguments.
 *
 * Exact functions must give the host form's bits (a zero's sign may differ
 * where direct3d.h leaves it open; a subnormal argument or result may count
 * as zero, which Vulkan allows a device). mad must give the fused or the
 * unfused result; rcp within Vulkan's 2.5 ulps of 1/x for |x| in
 * [2^-126, 2^126] and IEEE's results at +-0, +-inf and NaN; smoothstep
 * within 2^-19 of the formula evaluated exactly. Also checks the
 * documented edge cases on the host forms (HLSL's semantics). Prints one
 * line per function, the same on any conforming device and in the serial
 * reference mode (test/e2e.py program compares them), and the edge cases'
 * results.
 *
 *   direct3d [--results FILE]   FILE: "name measurement" lines for
 *                               gen_table.py (docs/math.md)
 */
#include <camp.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NRANDOM 2000
#define NF (NRANDOM + 32) /* float arguments: the edge values, then random ones */
#define NI (NRANDOM + 16) /* int arguments */

static const float float_edges[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, -2.0f, 0.25f, 0.75f, 1.5f, 3.0f, 1e-3f, -1e-3f,
    0x1p-140f, -0x1p-140f, 0x1p-149f, FLT_MIN, -FLT_MIN, 1e30f, -1e30f, FLT_MAX, -FLT_MAX, 0x1p126f,
    0x1p-126f, 0x1.8p127f, INFINITY, -INFINITY, NAN, -NAN, 100.0f, 0.1f,
};
static const int int_edges[] = {
    0, 1, -1, 2, -2, INT_MIN, INT_MAX, 0x12345678, -0x12345678, 255, 256, 0x80000, -0x80000, 7, -8, INT_MIN + 1,
};
#define NFEDGE (int)(sizeof float_edges / sizeof *float_edges)
#define NIEDGE (int)(sizeof int_edges / sizeof *int_edges)

/* arguments */
static float fx[NF], fy[NF], fz[NF], lo[NF], hi[NF], sx[NF];
static double dx[NF], dy[NF], dz[NF];
static int ix[NI], iy[NI], iz[NI], ilo[NI], ihi[NI];
static unsigned ux[NI], uy[NI], uz[NI];
/* results, device */
static float clampf_r[NF], saturate_r[NF], madf_r[NF], radians_r[NF], rcp_r[NF], smooth_r[NF], step_r[NF];
static int signf_r[NF];
static double madd_r[NF];
static int abs_r[NI], clampi_r[NI], fbh_r[NI], fbl_r[NI], imax_r[NI], imin_r[NI], madi_r[NI], signi_r[NI];
static unsigned count_r[NI], umax_r[NI], umin_r[NI], madu_r[NI], rev_r[NI];

static uint64_t random_state = 0x9E3779B97F4A7C15ULL;
static uint32_t random_bits(void) {
    random_state ^= random_state >> 12;
    random_state ^= random_state << 25;
    random_state ^= random_state >> 27;
    return (uint32_t)((random_state * 0x2545F4914F6CDD1DULL) >> 32);
}
static float random_float(void) { /* every float but NaN, half of them in [-4, 4] */
    float f;
    if (random_bits() & 1)
        return ((float)(random_bits() >> 8) * 0x1p-24f - 0.5f) * 8.0f;
    do {
        uint32_t u = random_bits();
        memcpy(&f, &u, sizeof f);
    } while (isnan(f));
    return f;
}

static void make_arguments(void) {
    for (int i = 0; i < NF; i++) {
        fx[i] = i < NFEDGE ? float_edges[i] : random_float();
        fy[i] = i < NFEDGE ? float_edges[(i * 7 + 3) % NFEDGE] : random_float();
        fz[i] = i < NFEDGE ? float_edges[(i * 11 + 5) % NFEDGE] : random_float();
        /* clamp's and smoothstep's bounds: lo < hi, finite; smoothstep's x near them */
        lo[i] = (float)((int)(random_bits() % 2001) - 1000) * 0.125f;
        hi[i] = lo[i] + 0.125f + (float)(random_bits() % 800) * 0.25f;
        sx[i] = i < NFEDGE ? (i % 3 == 0 ? lo[i] : i % 3 == 1 ? hi[i] : float_edges[i])
                           : lo[i] + (hi[i] - lo[i]) * ((float)(random_bits() % 1400) / 1000.0f - 0.2f);
        if (i < NFEDGE && isnan(float_edges[i]))
            sx[i] = float_edges[i];
        dx[i] = i < NFEDGE ? fx[i] : (double)random_float() * (1.0 + 0x1p-40 * (random_bits() % 1000));
        dy[i] = i < NFEDGE ? fy[i] : (double)random_float() * (1.0 - 0x1p-41 * (random_bits() % 1000));
        dz[i] = i < NFEDGE ? fz[i] : (i & 1 ? -dx[i] * dy[i] : (double)random_float());
    }
    for (int i = 0; i < NI; i++) {
        ix[i] = i < NIEDGE ? int_edges[i] : (int)random_bits();
        iy[i] = i < NIEDGE ? int_edges[(i * 5 + 1) % NIEDGE] : (int)random_bits();
        iz[i] = i < NIEDGE ? int_edges[(i * 3 + 7) % NIEDGE] : (int)(random_bits() >> (random_bits() % 32));
        ilo[i] = iy[i] < iz[i] ? iy[i] : iz[i];
        ihi[i] = iy[i] < iz[i] ? iz[i] : iy[i];
        ux[i] = (unsigned)ix[i], uy[i] = (unsigned)iy[i], uz[i] = (unsigned)iz[i];
    }
}

static void run_kernels(void) {
    parallel_for_each(i, extent(NF)) {
        clampf_r[i] = direct3d_clamp(fx[i], lo[i], hi[i]);
        saturate_r[i] = direct3d_saturate(fx[i]);
        madf_r[i] = direct3d_mad(fx[i], fy[i], fz[i]);
        radians_r[i] = direct3d_radians(fx[i]);
        rcp_r[i] = direct3d_rcp(fx[i]);
    }
    /* (a kernel's captures are limited: the rest in a second one) */
    parallel_for_each(i, extent(NF)) {
        smooth_r[i] = direct3d_smoothstep(lo[i], hi[i], sx[i]);
        step_r[i] = direct3d_step(fy[i], fx[i]);
        signf_r[i] = direct3d_sign(fx[i]);
        madd_r[i] = direct3d_mad(dx[i], dy[i], dz[i]);
    }
    parallel_for_each(i, extent(NI)) {
        abs_r[i] = direct3d_abs(ix[i]);
        clampi_r[i] = direct3d_clamp(ix[i], ilo[i], ihi[i]);
        count_r[i] = direct3d_countbits(ux[i]);
        fbh_r[i] = direct3d_firstbithigh(ix[i]);
        fbl_r[i] = direct3d_firstbitlow(ix[i]);
        imax_r[i] = direct3d_imax(ix[i], iy[i]);
        imin_r[i] = direct3d_imin(ix[i], iy[i]);
    }
    parallel_for_each(i, extent(NI)) {
        umax_r[i] = direct3d_umax(ux[i], uy[i]);
        umin_r[i] = direct3d_umin(ux[i], uy[i]);
        madi_r[i] = direct3d_mad(ix[i], iy[i], iz[i]);
        madu_r[i] = direct3d_mad(ux[i], uy[i], uz[i]);
        rev_r[i] = direct3d_reversebits(ux[i]);
        signi_r[i] = direct3d_sign(ix[i]);
    }
}

/* ---- comparison ------------------------------------------------------------------- */

static int failures;

/* a subnormal as the zero of its sign: what a flushing device sees */
static float flush(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }
static double flushd(double x) { return fpclassify(x) == FP_SUBNORMAL ? copysign(0.0, x) : x; }

/* got is want, bit for bit (NaN as any NaN); any_zero: a zero of either sign */
static int same_float(float got, float want, int any_zero) {
    if (isnan(got) || isnan(want))
        return isnan(got) && isnan(want);
    if (any_zero && got == 0.0f && want == 0.0f)
        return 1;
    return memcmp(&got, &want, sizeof got) == 0;
}
static int same_double(double got, double want) {
    if (isnan(got) || isnan(want))
        return isnan(got) && isnan(want);
    return memcmp(&got, &want, sizeof got) == 0;
}

/* One function's verdict: mismatches (the first few shown) and its measurement. */
typedef struct verdict {
    const char *name;
    int mismatches;
    char measured[64];
} verdict;

#define MAX_VERDICTS 32
static verdict verdicts[MAX_VERDICTS];
static int nverdicts;

static verdict *begin(const char *name) {
    verdict *v = &verdicts[nverdicts++];
    v->name = name;
    v->mismatches = 0;
    snprintf(v->measured, sizeof v->measured, "exact");
    return v;
}
static void mismatch(verdict *v, const char *fmt, double a, double b, double c, double got, double want) {
    if (v->mismatches++ < 4) {
        printf("FAIL %s(", v->name);
        printf(fmt, a, b, c);
        printf("): got %a, want %a\n", got, want);
    }
}

/* An exact float function's result: the host form's, or, where an argument
 * or the result is subnormal, the host form's on the arguments with
 * subnormals flushed, flushed too (any_zero: a zero of either sign). */
static void expect_float(verdict *v, float got, float want, float want_flushed, int any_zero, double a, double b,
                         double c) {
    if (!same_float(got, want, any_zero) && !same_float(got, flush(want_flushed), any_zero))
        mismatch(v, "%a, %a, %a", a, b, c, got, want);
}

static void compare_floats(void) {
    verdict *v = begin("clamp_float");
    for (int i = 0; i < NF; i++)
        expect_float(v, clampf_r[i], direct3d_clamp(fx[i], lo[i], hi[i]), direct3d_clamp(flush(fx[i]), lo[i], hi[i]),
                     1, fx[i], lo[i], hi[i]);
    v = begin("saturate");
    for (int i = 0; i < NF; i++)
        expect_float(v, saturate_r[i], direct3d_saturate(fx[i]), direct3d_saturate(flush(fx[i])), 1, fx[i], 0, 0);
    v = begin("radians");
    for (int i = 0; i < NF; i++)
        expect_float(v, radians_r[i], direct3d_radians(fx[i]), direct3d_radians(flush(fx[i])), 0, fx[i], 0, 0);
    v = begin("step");
    for (int i = 0; i < NF; i++)
        expect_float(v, step_r[i], direct3d_step(fy[i], fx[i]), direct3d_step(flush(fy[i]), flush(fx[i])), 0, fy[i],
                     fx[i], 0);
    v = begin("sign_float");
    for (int i = 0; i < NF; i++)
        if (signf_r[i] != direct3d_sign(fx[i]) && signf_r[i] != direct3d_sign(flush(fx[i])))
            mismatch(v, "%a, %a, %a", fx[i], 0, 0, signf_r[i], direct3d_sign(fx[i]));

    /* mad: fused or unfused (two statements: C contracts only within one) */
    int fused = 0, unfused = 0;
    v = begin("mad_float");
    for (int i = 0; i < NF; i++) {
        float f = fmaf(fx[i], fy[i], fz[i]), p = fx[i] * fy[i], u = p + fz[i];
        float ff = flush(fmaf(flush(fx[i]), flush(fy[i]), flush(fz[i])));
        float pf = flush(flush(fx[i]) * flush(fy[i])), uf = flush(pf + flush(fz[i]));
        int is_fused = same_float(madf_r[i], f, 0) || same_float(madf_r[i], ff, 0);
        int is_unfused = same_float(madf_r[i], u, 0) || same_float(madf_r[i], uf, 0);
        if (!is_fused && !is_unfused)
            mismatch(v, "%a, %a, %a", fx[i], fy[i], fz[i], madf_r[i], u);
        fused += is_fused && !is_unfused;
        unfused += is_unfused && !is_fused;
    }
    snprintf(v->measured, sizeof v->measured, "%s", fused && unfused ? "both" : fused ? "fused" : "unfused");
    int dfused = 0, dunfused = 0;
    v = begin("mad_double");
    for (int i = 0; i < NF; i++) {
        double f = fma(dx[i], dy[i], dz[i]), p = dx[i] * dy[i], u = p + dz[i];
        double ff = flushd(fma(flushd(dx[i]), flushd(dy[i]), flushd(dz[i])));
        double pf = flushd(flushd(dx[i]) * flushd(dy[i])), uf = flushd(pf + flushd(dz[i]));
        int is_fused = same_double(madd_r[i], f) || same_double(madd_r[i], ff);
        int is_unfused = same_double(madd_r[i], u) || same_double(madd_r[i], uf);
        if (!is_fused && !is_unfused)
            mismatch(v, "%a, %a, %a", dx[i], dy[i], dz[i], madd_r[i], u);
        dfused += is_fused && !is_unfused;
        dunfused += is_unfused && !is_fused;
    }
    snprintf(v->measured, sizeof v->measured, "%s", dfused && dunfused ? "both" : dfused ? "fused" : "unfused");

    /* rcp: ulps of the float at 1/x, within Vulkan's range; IEEE at the specials */
    double worst = 0.0;
    v = begin("rcp");
    for (int i = 0; i < NF; i++) {
        double a = fabs((double)fx[i]), exact = 1.0 / (double)fx[i];
        if (a >= 0x1p-126 && a <= 0x1p126) {
            double ulp = ldexp(1.0, ilogb(exact) - 23), err = fabs((double)rcp_r[i] - exact) / ulp;
            worst = err > worst ? err : worst;
            if (!(err <= 2.5))
                mismatch(v, "%a, %a, %a", fx[i], 0, 0, rcp_r[i], exact);
        } else if ((a == 0.0 || isinf(fx[i]) || isnan(fx[i])) && !same_float(rcp_r[i], 1.0f / fx[i], 0)) {
            mismatch(v, "%a, %a, %a", fx[i], 0, 0, rcp_r[i], 1.0f / fx[i]);
        }
    }
    snprintf(v->measured, sizeof v->measured, "%.3g ulp", worst);

    /* smoothstep: against t*t*(3 - 2t) in double, t from the exact quotient */
    double worst_abs = 0.0;
    v = begin("smoothstep");
    for (int i = 0; i < NF; i++) {
        double t = ((double)sx[i] - lo[i]) / ((double)hi[i] - lo[i]), want, err;
        t = isnan(t) ? 0.0 : t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
        want = t * t * (3.0 - 2.0 * t);
        err = fabs((double)smooth_r[i] - want);
        worst_abs = err > worst_abs ? err : worst_abs;
        if (!(err <= 0x1p-19) || ((t == 0.0 || t == 1.0) && smooth_r[i] != (float)want))
            mismatch(v, "%a, %a, %a", lo[i], hi[i], sx[i], smooth_r[i], want);
    }
    snprintf(v->measured, sizeof v->measured, "%.3g absolute", worst_abs);
}

#define INT_EXACT(label, result, expr)                                                                \
    do {                                                                                              \
        verdict *v = begin(label);                                                                    \
        for (int i = 0; i < NI; i++)                                                                  \
            if ((long long)result[i] != (long long)(expr))                                            \
                mismatch(v, "%.0f, %.0f, %.0f", ix[i], iy[i], iz[i], result[i], (double)(expr));      \
    } while (0)

static void compare_ints(void) {
    INT_EXACT("abs", abs_r, direct3d_abs(ix[i]));
    INT_EXACT("clamp_int", clampi_r, direct3d_clamp(ix[i], ilo[i], ihi[i]));
    INT_EXACT("countbits", count_r, direct3d_countbits(ux[i]));
    INT_EXACT("firstbithigh", fbh_r, direct3d_firstbithigh(ix[i]));
    INT_EXACT("firstbitlow", fbl_r, direct3d_firstbitlow(ix[i]));
    INT_EXACT("imax", imax_r, direct3d_imax(ix[i], iy[i]));
    INT_EXACT("imin", imin_r, direct3d_imin(ix[i], iy[i]));
    INT_EXACT("umax", umax_r, direct3d_umax(ux[i], uy[i]));
    INT_EXACT("umin", umin_r, direct3d_umin(ux[i], uy[i]));
    INT_EXACT("mad_int", madi_r, direct3d_mad(ix[i], iy[i], iz[i]));
    for (int i = 0; i < NI; i++) /* mad_int covers the unsigned form too */
        if (madu_r[i] != direct3d_mad(ux[i], uy[i], uz[i]))
            mismatch(&verdicts[nverdicts - 1], "%.0f, %.0f, %.0f", ux[i], uy[i], uz[i], madu_r[i],
                     direct3d_mad(ux[i], uy[i], uz[i]));
    INT_EXACT("reversebits", rev_r, direct3d_reversebits(ux[i]));
    INT_EXACT("sign_int", signi_r, direct3d_sign(ix[i]));
}

/* ---- the documented edge cases, on the host forms ---------------------------------- */

#define EXPECT(expr, want)                                                                  \
    do {                                                                                    \
        double got_ = (double)(expr), want_ = (double)(want);                               \
        if (!(got_ == want_ || (isnan(got_) && isnan(want_)))) {                            \
            printf("FAIL %s is %a, documented %a\n", #expr, got_, want_);                  \
            failures++;                                                                     \
        }                                                                                   \
    } while (0)

static void check_documented(void) {
    EXPECT(direct3d_saturate(NAN), 0.0f);
    EXPECT(direct3d_saturate(-1.0f), 0.0f);
    EXPECT(direct3d_saturate(2.0f), 1.0f);
    EXPECT(direct3d_saturate(INFINITY), 1.0f);
    EXPECT(direct3d_clamp(NAN, 1.0f, 2.0f), 1.0f);
    EXPECT(direct3d_clamp(-INFINITY, 1.0f, 2.0f), 1.0f);
    EXPECT(direct3d_clamp(5, -3, 3), 3);
    EXPECT(direct3d_clamp(INT_MIN, -3, 3), -3);
    EXPECT(direct3d_firstbithigh(0), -1);
    EXPECT(direct3d_firstbithigh(-1), -1);
    EXPECT(direct3d_firstbithigh(1), 0);
    EXPECT(direct3d_firstbithigh(-2), 0);
    EXPECT(direct3d_firstbithigh(INT_MIN), 30);
    EXPECT(direct3d_firstbithigh(INT_MAX), 30);
    EXPECT(direct3d_firstbithigh(0x12345678), 28);
    EXPECT(direct3d_firstbitlow(0), -1);
    EXPECT(direct3d_firstbitlow(12), 2);
    EXPECT(direct3d_firstbitlow(INT_MIN), 31);
    EXPECT(direct3d_countbits(0u), 0);
    EXPECT(direct3d_countbits(0xffffffffu), 32);
    EXPECT(direct3d_countbits(0x12345678u), 13);
    EXPECT(direct3d_reversebits(1u), 0x80000000u);
    EXPECT(direct3d_reversebits(0x12345678u), 0x1e6a2c48u);
    EXPECT(direct3d_sign(-5), -1);
    EXPECT(direct3d_sign(0), 0);
    EXPECT(direct3d_sign(INT_MIN), -1);
    EXPECT(direct3d_sign(-2.0f), -1);
    EXPECT(direct3d_sign(-0.0f), 0);
    EXPECT(direct3d_sign(NAN), 0);
    EXPECT(direct3d_sign(INFINITY), 1);
    EXPECT(direct3d_step(1.0f, NAN), 0.0f);
    EXPECT(direct3d_step(NAN, 1.0f), 0.0f);
    EXPECT(direct3d_step(1.0f, 1.0f), 1.0f);
    EXPECT(direct3d_step(2.0f, 1.0f), 0.0f);
    EXPECT(direct3d_smoothstep(0.0f, 1.0f, 0.5f), 0.5f);
    EXPECT(direct3d_smoothstep(0.0f, 1.0f, NAN), 0.0f);
    EXPECT(direct3d_smoothstep(0.0f, 1.0f, -1.0f), 0.0f);
    EXPECT(direct3d_smoothstep(0.0f, 1.0f, 2.0f), 1.0f);
    EXPECT(direct3d_smoothstep(2.0f, 4.0f, 2.5f), 0.15625f);
    EXPECT(direct3d_mad(INT_MAX, 2, 3), 1);
    EXPECT(direct3d_mad(0xffffffffu, 2u, 3u), 1u);
    EXPECT(direct3d_mad(1.5f, 2.0f, 0.25f), 3.25f);
    EXPECT(direct3d_mad(1.5, 2.0, 0.25), 3.25);
    EXPECT(direct3d_abs(INT_MIN), INT_MIN);
    EXPECT(direct3d_abs(-7), 7);
    EXPECT(direct3d_imax(-1, 1), 1);
    EXPECT(direct3d_imin(INT_MIN, 0), INT_MIN);
    EXPECT(direct3d_umax(0xffffffffu, 1u), 0xffffffffu);
    EXPECT(direct3d_umin(0x80000000u, 1u), 1u);
    EXPECT(direct3d_rcp(4.0f), 0.25f);
    EXPECT(direct3d_rcp(-0.0f), -INFINITY);
    EXPECT(direct3d_radians(180.0f), 0x1.921fb6p+1f);
}

/* ---- main ------------------------------------------------------------------------------ */

#define CAMP_DIRECT3D(name, forms, device, edges) #name,
static const char *const documented[] = {
#include "direct3d_functions.h"
};
#undef CAMP_DIRECT3D
#define NDOCUMENTED (int)(sizeof documented / sizeof *documented)

int main(int argc, char **argv) {
    FILE *results = NULL;
    if (argc == 3 && strcmp(argv[1], "--results") == 0 && !(results = fopen(argv[2], "w"))) {
        perror(argv[2]);
        return 2;
    }
    make_arguments();
    run_kernels();
    compare_floats();
    compare_ints();
    check_documented();
    /* each function of direct3d_functions.h measured once, and no other */
    for (int d = 0; d < NDOCUMENTED; d++) {
        int found = 0;
        for (int k = 0; k < nverdicts; k++)
            found += strcmp(verdicts[k].name, documented[d]) == 0;
        if (found != 1) {
            printf("FAIL %s is measured %d times\n", documented[d], found);
            failures++;
        }
    }
    if (nverdicts != NDOCUMENTED) {
        printf("FAIL %d functions measured, %d documented\n", nverdicts, NDOCUMENTED);
        failures++;
    }
    for (int k = 0; k < nverdicts; k++) {
        printf("%s: %s\n", verdicts[k].name, verdicts[k].mismatches ? "FAIL" : "ok");
        failures += verdicts[k].mismatches;
        if (results)
            fprintf(results, "%s %s\n", verdicts[k].name,
                    verdicts[k].mismatches ? "differs" : verdicts[k].measured);
    }
    if (results)
        fclose(results);
    printf("%d failure%s\n", failures, failures == 1 ? "" : "s");
    return failures != 0;
}
