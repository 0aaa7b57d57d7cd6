/* test/math/accuracy.c — host accuracy test of the device math library:
 * every camp_precise_* function of test/math/bounds.h, float and double
 * forms, over its argument set (harness.h), against glibc's long double
 * functions; fails if a measured error exceeds its bound. Also checks the
 * functions with integer or pointer results (frexp, ldexp, scalbln, modf,
 * remquo, ilogb, lround, lrint, nextafter, classification) for exact
 * agreement with glibc.
 *
 *   accuracy [--results FILE]   FILE: "name float_ulps double_ulps" lines
 *                               for gen_table.py (docs/math.md) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camp.h"
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

/* Max error of function i in one format over its whole argument set. */
static math_worst measure(int i, int is_float) {
    const math_function *f = &math_functions[i];
    void (*fn)(void) = is_float ? precise[i].float_form : precise[i].double_form;
    int k, n = math_arguments(f, is_float, x, y, z);
    for (k = 0; k < n; k++) {
        if (is_float) {
            float a = (float)x[k], b = (float)y[k], c = (float)z[k];
            got[k] = f->kind == UNARY ? ((f1)fn)(a) : f->kind == BINARY ? ((f2)fn)(a, b) : ((f3)fn)(a, b, c);
        } else {
            got[k] = f->kind == UNARY    ? ((d1)fn)(x[k])
                     : f->kind == BINARY ? ((d2)fn)(x[k], y[k])
                                         : ((d3)fn)(x[k], y[k], z[k]);
        }
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

static void check_exact(void) {
    uint64_t state = 12345;
    int i, e1, e2, q1, q2, n;
    for (i = 0; i < MATH_EDGE_COUNT + MATH_RANDOM_ARGS; i++) {
        double a = i < MATH_EDGE_COUNT ? math_edge_values[i] : math_random_arg(DOM_ALL, 0, &state);
        double b = math_random_arg(DOM_ALL, 0, &state), ip1, ip2;
        float af = (float)a, bf = (float)b, fp1, fp2;
        n = (int)(math_random_bits(&state) % 4400) - 2200;
        expect_same("frexp", a, camp_precise_frexp(a, &e1), frexp(a, &e2));
        if (isfinite(a))
            expect_int("frexp exponent", a, e1, e2);
        expect_same("frexpf", af, camp_precise_frexpf(af, &e1), frexpf(af, &e2));
        if (isfinite(af))
            expect_int("frexpf exponent", af, e1, e2);
        expect_same("ldexp", a, camp_precise_ldexp(a, n), ldexp(a, n));
        expect_same("ldexp", a, camp_precise_ldexp(a, n / 40), ldexp(a, n / 40));
        expect_same("ldexpf", af, camp_precise_ldexpf(af, n / 10), ldexpf(af, n / 10));
        expect_same("modf", a, camp_precise_modf(a, &ip1), modf(a, &ip2));
        expect_same("modf integral part", a, ip1, ip2);
        expect_same("modff", af, camp_precise_modff(af, &fp1), modff(af, &fp2));
        expect_same("modff integral part", af, fp1, fp2);
        expect_same("remquo", a, camp_precise_remquo(a, b, &q1), remquo(a, b, &q2));
        if (!isnan(remquo(a, b, &q2)))
            expect_int("remquo quotient bits", a, q1 & 7, q2 & 7);
        expect_same("remquof", af, camp_precise_remquof(af, bf, &q1), remquof(af, bf, &q2));
        expect_same("nextafter", a, camp_precise_nextafter(a, b), nextafter(a, b));
        expect_same("nextafterf", af, camp_precise_nextafterf(af, bf), nextafterf(af, bf));
        expect_same("scalbln", a, camp_precise_scalbln(a, n * 100L), scalbln(a, n * 100L));
        expect_same("scalblnf", af, camp_precise_scalblnf(af, n * 100L), scalblnf(af, n * 100L));
        if (a != 0 && fabs(a) < 0x1p62) { /* scaled to [2^-2, 2^62): elsewhere unspecified */
            double small = ldexp(a, -ilogb(a) + (int)(math_random_bits(&state) % 64) - 2);
            expect_int("lround", small, camp_precise_lround(small), lround(small));
            expect_int("llround", small, (long)camp_precise_llround(small), (long)llround(small));
            expect_int("lrint", small, camp_precise_lrint(small), lrint(small));
            expect_int("llrint", small, (long)camp_precise_llrint(small), (long)llrint(small));
            expect_int("lroundf", (float)small, camp_precise_lroundf((float)small), lroundf((float)small));
            expect_int("lrintf", (float)small, camp_precise_lrintf((float)small), lrintf((float)small));
            expect_int("llroundf", (float)small, (long)camp_precise_llroundf((float)small), (long)llroundf((float)small));
            expect_int("llrintf", (float)small, (long)camp_precise_llrintf((float)small), (long)llrintf((float)small));
        }
        expect_int("fpclassify", a, camp_precise_fpclassify(a), fpclassify(a));
        expect_int("fpclassifyf", af, camp_precise_fpclassifyf(af), fpclassify(af));
        expect_int("ilogb", a, camp_precise_ilogb(a), ilogb(a));
        expect_int("ilogbf", af, camp_precise_ilogbf(af), ilogbf(af));
        expect_int("isnan", a, camp_precise_isnan(a), isnan(a) != 0);
        expect_int("isinf", a, camp_precise_isinf(a), isinf(a) != 0);
        expect_int("isfinite", a, camp_precise_isfinite(a), isfinite(a) != 0);
        expect_int("isnormal", a, camp_precise_isnormal(a), isnormal(a) != 0);
        expect_int("signbit", a, camp_precise_signbit(a), signbit(a) != 0);
        expect_int("isnanf", af, camp_precise_isnanf(af), isnan(af) != 0);
        expect_int("isinff", af, camp_precise_isinff(af), isinf(af) != 0);
        expect_int("isfinitef", af, camp_precise_isfinitef(af), isfinite(af) != 0);
        expect_int("isnormalf", af, camp_precise_isnormalf(af), isnormal(af) != 0);
        expect_int("signbitf", af, camp_precise_signbitf(af), signbit(af) != 0);
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
    for (i = 0; i < MATH_FUNCTION_COUNT; i++) {
        double measured[2];
        for (is_float = 1; is_float >= 0; is_float--) {
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
