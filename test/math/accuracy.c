/* test/math/accuracy.c — host accuracy test of the device math library:
 * every camp_precise_* function of test/math/bounds.h, float and double
 * forms, over its argument set (harness.h), against glibc's long double
 * functions; fails if a measured error exceeds its bound. Also checks the
 * functions with integer or pointer results (frexp, ldexp, scalbln, modf,
 * remquo, ilogb, lround, lrint, nextafter, classification) for exact
 * agreement with glibc, and sincos for agreement with sin and cos, bit for
 * bit.
 *
 *   accuracy [--results FILE]   FILE: "name float_ulps double_ulps" lines
 *                               for gen_table.py (docs/math.md)
 *
 * Built with -DMATH_FLUSHED_SUBNORMALS=1, it checks the float forms only,
 * with float subnormals flushed as on NVIDIA (flush.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camp.h"
#include "flush.h"
#include "harness.h"

/* camp_precise_<name>f and camp_precise_<name>, in math_functions' order */
typedef struct precise_forms {
    void (*float_form)(void), (*double_form)(void);
} precise_forms;
#define CAMP_MATH_FUNCTION(name, kind, dx, dy, fb, db) \
    {(void (*)(void))camp_precise_##name##f, (void (*)(void))camp_precise_##name},
static const precise_forms precise[] = {
#include "bounds.h"
};
#undef CAMP_MATH_FUNCTION

typedef float (*f1)(float);
typedef float (*f2)(float, float);
typedef float (*f3)(float, float, float);
typedef double (*d1)(double);
typedef double (*d2)(double, double);
typedef double (*d3)(double, double, double);

static double x[MATH_MAX_ARGS], y[MATH_MAX_ARGS], z[MATH_MAX_ARGS], got[MATH_MAX_ARGS];
static float xf[MATH_MAX_ARGS], yf[MATH_MAX_ARGS], zf[MATH_MAX_ARGS], gotf[MATH_MAX_ARGS];

/* Max error of function i in one format over its whole argument set. The
 * float form runs on floats alone (with subnormals flushed in the flushed
 * build): the conversions from and to double are the harness's. */
static math_worst measure(int i, int is_float) {
    const math_function *f = &math_functions[i];
    void (*fn)(void) = is_float ? precise[i].float_form : precise[i].double_form;
    int k, n = math_arguments(f, is_float, x, y, z);
    if (is_float) {
        for (k = 0; k < n; k++)
            xf[k] = (float)x[k], yf[k] = (float)y[k], zf[k] = (float)z[k];
        math_flush_subnormals(1);
        for (k = 0; k < n; k++)
            gotf[k] = f->kind == UNARY    ? ((f1)fn)(xf[k])
                      : f->kind == BINARY ? ((f2)fn)(xf[k], yf[k])
                                          : ((f3)fn)(xf[k], yf[k], zf[k]);
        math_flush_subnormals(0);
        for (k = 0; k < n; k++)
            got[k] = gotf[k];
    } else {
        for (k = 0; k < n; k++)
            got[k] = f->kind == UNARY    ? ((d1)fn)(x[k])
                     : f->kind == BINARY ? ((d2)fn)(x[k], y[k])
                                         : ((d3)fn)(x[k], y[k], z[k]);
    }
    return math_compare(f, is_float, x, y, z, got, n);
}

/* ---- Exact checks of the functions with integer or pointer results ---------------- */

static int exact_failures;

static void expect_same(const char *what, double arg, double result, double want) {
    if (memcmp(&result, &want, sizeof result) != 0 && !(isnan(result) && isnan(want))) {
        printf("FAIL %s(%a): got %a, glibc %a\n", what, arg, result, want);
        exact_failures++;
    }
}
static void expect_int(const char *what, double arg, long result, long want) {
    if (result != want) {
        printf("FAIL %s(%a): got %ld, glibc %ld\n", what, arg, result, want);
        exact_failures++;
    }
}

/* The double forms against glibc; small: scaled into [2^-2, 2^62) (NAN
 * where a is not), where lround and lrint are specified. */
static void check_exact_double(double a, double b, int n, double small) {
    int e1, e2, q1, q2;
    double ip1, ip2;
    expect_same("frexp", a, camp_precise_frexp(a, &e1), frexp(a, &e2));
    if (isfinite(a))
        expect_int("frexp exponent", a, e1, e2);
    expect_same("ldexp", a, camp_precise_ldexp(a, n), ldexp(a, n));
    expect_same("ldexp", a, camp_precise_ldexp(a, n / 40), ldexp(a, n / 40));
    expect_same("modf", a, camp_precise_modf(a, &ip1), modf(a, &ip2));
    expect_same("modf integral part", a, ip1, ip2);
    expect_same("remquo", a, camp_precise_remquo(a, b, &q1), remquo(a, b, &q2));
    if (!isnan(remquo(a, b, &q2)))
        expect_int("remquo quotient bits", a, q1 & 7, q2 & 7);
    expect_same("nextafter", a, camp_precise_nextafter(a, b), nextafter(a, b));
    camp_precise_sincos(a, &ip1, &ip2);
    expect_same("sincos's sin against sin", a, ip1, camp_precise_sin(a));
    expect_same("sincos's cos against cos", a, ip2, camp_precise_cos(a));
    expect_same("scalbln", a, camp_precise_scalbln(a, n * 100L), scalbln(a, n * 100L));
    if (!isnan(small)) {
        expect_int("lround", small, camp_precise_lround(small), lround(small));
        expect_int("llround", small, (long)camp_precise_llround(small), (long)llround(small));
        expect_int("lrint", small, camp_precise_lrint(small), lrint(small));
        expect_int("llrint", small, (long)camp_precise_llrint(small), (long)llrint(small));
    }
    expect_int("fpclassify", a, camp_precise_fpclassify(a), fpclassify(a));
    expect_int("ilogb", a, camp_precise_ilogb(a), ilogb(a));
    expect_int("isnan", a, camp_precise_isnan(a), isnan(a) != 0);
    expect_int("isinf", a, camp_precise_isinf(a), isinf(a) != 0);
    expect_int("isfinite", a, camp_precise_isfinite(a), isfinite(a) != 0);
    expect_int("isnormal", a, camp_precise_isnormal(a), isnormal(a) != 0);
    expect_int("signbit", a, camp_precise_signbit(a), signbit(a) != 0);
}

/* The float forms' results for one argument set, all computed at once so
 * that they run with subnormals flushed in the flushed build. */
typedef struct float_exact {
    float frexp, ldexp, modf, modf_integral, remquo, nextafter, scalbln, sincos_sin, sincos_cos, sin, cos;
    int frexp_exponent, remquo_quotient, fpclassify, ilogb, isnan, isinf, isfinite, isnormal, signbit;
    long lround, llround, lrint, llrint;
} float_exact;

static float_exact float_exact_forms(float a, float b, int n, float small) {
    float_exact r;
    math_flush_subnormals(1);
    r.frexp = camp_precise_frexpf(a, &r.frexp_exponent);
    r.ldexp = camp_precise_ldexpf(a, n / 10);
    r.modf = camp_precise_modff(a, &r.modf_integral);
    r.remquo = camp_precise_remquof(a, b, &r.remquo_quotient);
    r.nextafter = camp_precise_nextafterf(a, b);
    r.scalbln = camp_precise_scalblnf(a, n * 100L);
    camp_precise_sincosf(a, &r.sincos_sin, &r.sincos_cos);
    r.sin = camp_precise_sinf(a);
    r.cos = camp_precise_cosf(a);
    r.lround = camp_precise_lroundf(small);
    r.llround = (long)camp_precise_llroundf(small);
    r.lrint = camp_precise_lrintf(small);
    r.llrint = (long)camp_precise_llrintf(small);
    r.fpclassify = camp_precise_fpclassifyf(a);
    r.ilogb = camp_precise_ilogbf(a);
    r.isnan = camp_precise_isnanf(a);
    r.isinf = camp_precise_isinff(a);
    r.isfinite = camp_precise_isfinitef(a);
    r.isnormal = camp_precise_isnormalf(a);
    r.signbit = camp_precise_signbitf(a);
    math_flush_subnormals(0);
    return r;
}

/* The float forms against glibc; small as for check_exact_double. */
static void check_exact_float(float a, float b, int n, float small) {
    float_exact r = float_exact_forms(a, b, n, small);
    int e, q;
    float ip;
    expect_same("frexpf", a, r.frexp, frexpf(a, &e));
    if (isfinite(a))
        expect_int("frexpf exponent", a, r.frexp_exponent, e);
    expect_same("ldexpf", a, r.ldexp, ldexpf(a, n / 10));
    expect_same("modff", a, r.modf, modff(a, &ip));
    expect_same("modff integral part", a, r.modf_integral, ip);
    expect_same("remquof", a, r.remquo, remquof(a, b, &q));
    if (!isnan(remquof(a, b, &q)))
        expect_int("remquof quotient bits", a, r.remquo_quotient & 7, q & 7);
    expect_same("nextafterf", a, r.nextafter, nextafterf(a, b));
    expect_same("scalblnf", a, r.scalbln, scalblnf(a, n * 100L));
    expect_same("sincosf's sin against sinf", a, r.sincos_sin, r.sin);
    expect_same("sincosf's cos against cosf", a, r.sincos_cos, r.cos);
    if (!isnan(small)) {
        expect_int("lroundf", small, r.lround, lroundf(small));
        expect_int("llroundf", small, r.llround, (long)llroundf(small));
        expect_int("lrintf", small, r.lrint, lrintf(small));
        expect_int("llrintf", small, r.llrint, (long)llrintf(small));
    }
    expect_int("fpclassifyf", a, r.fpclassify, fpclassify(a));
    expect_int("ilogbf", a, r.ilogb, ilogbf(a));
    expect_int("isnanf", a, r.isnan, isnan(a) != 0);
    expect_int("isinff", a, r.isinf, isinf(a) != 0);
    expect_int("isfinitef", a, r.isfinite, isfinite(a) != 0);
    expect_int("isnormalf", a, r.isnormal, isnormal(a) != 0);
    expect_int("signbitf", a, r.signbit, signbit(a) != 0);
}

static void check_exact(void) {
    uint64_t state = 12345;
    int i, n;
    for (i = 0; i < MATH_EDGE_COUNT + MATH_RANDOM_ARGS; i++) {
        double a = i < MATH_EDGE_COUNT ? math_edge_values[i] : math_random_arg(DOM_ALL, 0, &state);
        double b = math_random_arg(DOM_ALL, 0, &state), small = NAN;
        n = (int)(math_random_bits(&state) % 4400) - 2200;
        if (a != 0 && fabs(a) < 0x1p62) /* scaled to [2^-2, 2^62): elsewhere unspecified */
            small = ldexp(a, -ilogb(a) + (int)(math_random_bits(&state) % 64) - 2);
        if (!MATH_FLUSHED_SUBNORMALS)
            check_exact_double(a, b, n, small);
        check_exact_float((float)a, (float)b, n, (float)small);
    }
}

int main(int argc, char **argv) {
    FILE *results = NULL;
    int i, failures = 0, is_float;
    if (argc == 3 && strcmp(argv[1], "--results") == 0) {
        results = fopen(argv[2], "w");
        if (!results) {
            perror(argv[2]);
            return 2;
        }
    }
    if (!math_subnormal_mode_holds()) {
        printf("FAIL the subnormal mode is not the build's (MATH_FLUSHED_SUBNORMALS=%d)\n", MATH_FLUSHED_SUBNORMALS);
        failures++;
    }
    for (i = 0; i < MATH_FUNCTION_COUNT; i++) {
        double measured[2] = {0.0, 0.0};
        for (is_float = 1; is_float >= MATH_FLUSHED_SUBNORMALS; is_float--) {
            math_worst w = measure(i, is_float);
            measured[is_float] = w.error;
            failures += !math_report(&math_functions[i], is_float, w);
        }
        if (results)
            fprintf(results, "%s %.3f %.3f\n", math_functions[i].name, measured[1], measured[0]);
    }
    check_exact();
    if (results)
        fclose(results);
    failures += exact_failures;
    printf("%d failure%s\n", failures, failures == 1 ? "" : "s");
    return failures != 0;
}
