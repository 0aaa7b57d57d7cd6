/* test/math/accuracy.c — host accuracy test of the device math library:
 * every camp_precise_* function of test/math/bounds.h, float and double
 * forms, over its argument set (harness.h), against glibc's long double
 * functions; fails if a measured error exceeds its bound. Also checks the
 * functions with integer or pointer results (frexp, ldexp, modf, remquo,
 * ilogb, nextafter, classification) for exact agreement with glibc.
 *
 *   accuracy [--results FILE]   FILE: "name float_ulps double_ulps" lines
 *                               for gen_table.py (docs/math.md) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camp.h"
#include "harness.h"

enum math_kind { UNARY, BINARY, TERNARY };

typedef struct math_function {
    const char *name;
    enum math_kind kind;
    enum math_domain x_domain, y_domain;
    double float_bound, double_bound;
    void (*precise_float)(void), (*precise_double)(void), (*reference)(void);
} math_function;

#define CAMP_MATH_FUNCTION(name, kind, dx, dy, fb, db) \
    {#name, kind, dx, dy, fb, db, (void (*)(void))camp_precise_##name##f, \
     (void (*)(void))camp_precise_##name, (void (*)(void))name##l},
static const math_function functions[] = {
#include "bounds.h"
};
#undef CAMP_MATH_FUNCTION

typedef float (*f1)(float);
typedef float (*f2)(float, float);
typedef float (*f3)(float, float, float);
typedef double (*d1)(double);
typedef double (*d2)(double, double);
typedef double (*d3)(double, double, double);
typedef long double (*l1)(long double);
typedef long double (*l2)(long double, long double);
typedef long double (*l3)(long double, long double, long double);

typedef struct worst {
    double error;
    double args[3];
    long double got, ref;
} worst;

/* Evaluates f at (x, y, z) in one format and folds the error into *w. */
static void measure(const math_function *f, int is_float, double x, double y, double z, worst *w) {
    long double got, ref;
    double err;
    if (is_float) {
        float a = (float)x, b = (float)y, c = (float)z;
        x = a, y = b, z = c;
        switch (f->kind) {
        case UNARY: got = ((f1)f->precise_float)(a); break;
        case BINARY: got = ((f2)f->precise_float)(a, b); break;
        default: got = ((f3)f->precise_float)(a, b, c); break;
        }
    } else {
        switch (f->kind) {
        case UNARY: got = ((d1)f->precise_double)(x); break;
        case BINARY: got = ((d2)f->precise_double)(x, y); break;
        default: got = ((d3)f->precise_double)(x, y, z); break;
        }
    }
    switch (f->kind) {
    case UNARY: ref = ((l1)f->reference)(x); break;
    case BINARY: ref = ((l2)f->reference)(x, y); break;
    default: ref = ((l3)f->reference)(x, y, z); break;
    }
    err = math_ulp_error(got, ref, is_float);
    /* C99 leaves the sign of fmin(+0, -0) and fmax(+0, -0) unspecified */
    if (got == 0 && ref == 0 && (strcmp(f->name, "fmin") == 0 || strcmp(f->name, "fmax") == 0))
        err = 0.0;
    if (err > w->error || (err != err && w->error == w->error)) {
        w->error = err;
        w->args[0] = x, w->args[1] = y, w->args[2] = z;
        w->got = got, w->ref = ref;
    }
}

/* Max error of f in one format over its whole argument set. */
static worst measure_function(const math_function *f, int is_float) {
    worst w = {0.0, {0, 0, 0}, 0, 0};
    uint64_t state = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(f - functions) * 0x100000001B3ULL;
    int i, j;
    for (i = 0; i < MATH_EDGE_COUNT; i++)
        measure(f, is_float, math_edge_values[i], 1.0, 1.0, &w);
    if (f->kind != UNARY)
        for (i = 0; i < MATH_EDGE_PAIRS; i++)
            for (j = 0; j < MATH_EDGE_PAIRS; j++)
                measure(f, is_float, math_edge_values[i], math_edge_values[j],
                        math_edge_values[(i + j) % MATH_EDGE_PAIRS], &w);
    for (i = 0; i < MATH_RANDOM_ARGS; i++) {
        double x = math_random_arg(f->x_domain, is_float, &state);
        double y = f->kind == UNARY ? 1.0 : math_random_arg(f->y_domain, is_float, &state);
        double z = f->kind == TERNARY ? math_random_arg(f->y_domain, is_float, &state) : 0.0;
        if (f->kind == TERNARY && (i & 1)) /* cancellation: z near -x*y */
            z = -(is_float ? (double)(float)(x * y) : x * y) * (1.0 + (double)(i % 7 - 3) * 0x1p-52);
        measure(f, is_float, x, y, z, &w);
    }
    return w;
}

/* ---- Exact checks of the functions with integer or pointer results ---------------- */

static int exact_failures;

static void expect_same(const char *what, double x, double got, double want) {
    if (memcmp(&got, &want, sizeof got) != 0 && !(isnan(got) && isnan(want))) {
        printf("FAIL %s(%a): got %a, glibc %a\n", what, x, got, want);
        exact_failures++;
    }
}
static void expect_int(const char *what, double x, long got, long want) {
    if (got != want) {
        printf("FAIL %s(%a): got %ld, glibc %ld\n", what, x, got, want);
        exact_failures++;
    }
}

static void check_exact(void) {
    uint64_t state = 12345;
    int i, e1, e2, q1, q2, n;
    for (i = 0; i < MATH_EDGE_COUNT + MATH_RANDOM_ARGS; i++) {
        double x = i < MATH_EDGE_COUNT ? math_edge_values[i] : math_random_arg(DOM_ALL, 0, &state);
        double y = math_random_arg(DOM_ALL, 0, &state), ip1, ip2;
        float xf = (float)x, yf = (float)y, fp1, fp2;
        n = (int)(math_random_bits(&state) % 4400) - 2200;
        expect_same("frexp", x, camp_precise_frexp(x, &e1), frexp(x, &e2));
        if (!isnan(x) && !isinf(x))
            expect_int("frexp exponent", x, e1, e2);
        expect_same("frexpf", xf, camp_precise_frexpf(xf, &e1), frexpf(xf, &e2));
        if (!isnan(xf) && !isinf(xf))
            expect_int("frexpf exponent", xf, e1, e2);
        expect_same("ldexp", x, camp_precise_ldexp(x, n), ldexp(x, n));
        expect_same("ldexp", x, camp_precise_ldexp(x, n / 40), ldexp(x, n / 40));
        expect_same("ldexpf", xf, camp_precise_ldexpf(xf, n / 10), ldexpf(xf, n / 10));
        expect_same("modf", x, camp_precise_modf(x, &ip1), modf(x, &ip2));
        expect_same("modf integral part", x, ip1, ip2);
        expect_same("modff", xf, camp_precise_modff(xf, &fp1), modff(xf, &fp2));
        expect_same("modff integral part", xf, fp1, fp2);
        expect_same("remquo", x, camp_precise_remquo(x, y, &q1), remquo(x, y, &q2));
        if (!isnan(remquo(x, y, &q2)))
            expect_int("remquo quotient bits", x, q1 & 7, q2 & 7);
        expect_same("nextafter", x, camp_precise_nextafter(x, y), nextafter(x, y));
        expect_same("nextafterf", xf, camp_precise_nextafterf(xf, yf), nextafterf(xf, yf));
        expect_int("ilogb", x, camp_precise_ilogb(x), ilogb(x));
        expect_int("ilogbf", xf, camp_precise_ilogbf(xf), ilogbf(xf));
        expect_int("isnan", x, camp_precise_isnan(x), isnan(x) != 0);
        expect_int("isinf", x, camp_precise_isinf(x), isinf(x) != 0);
        expect_int("isfinite", x, camp_precise_isfinite(x), isfinite(x) != 0);
        expect_int("isnormal", x, camp_precise_isnormal(x), isnormal(x) != 0);
        expect_int("signbit", x, camp_precise_signbit(x), signbit(x) != 0);
        expect_int("isnanf", xf, camp_precise_isnanf(xf), isnan(xf) != 0);
        expect_int("isinff", xf, camp_precise_isinff(xf), isinf(xf) != 0);
        expect_int("isfinitef", xf, camp_precise_isfinitef(xf), isfinite(xf) != 0);
        expect_int("isnormalf", xf, camp_precise_isnormalf(xf), isnormal(xf) != 0);
        expect_int("signbitf", xf, camp_precise_signbitf(xf), signbit(xf) != 0);
    }
}

int main(int argc, char **argv) {
    FILE *results = NULL;
    size_t i;
    int failures = 0, is_float;
    if (argc == 3 && strcmp(argv[1], "--results") == 0) {
        results = fopen(argv[2], "w");
        if (!results) {
            perror(argv[2]);
            return 2;
        }
    }
    for (i = 0; i < sizeof functions / sizeof functions[0]; i++) {
        const math_function *f = &functions[i];
        double measured[2];
        for (is_float = 1; is_float >= 0; is_float--) {
            double bound = is_float ? f->float_bound : f->double_bound;
            worst w = measure_function(f, is_float);
            int ok = w.error <= bound + MATH_REFERENCE_SLACK;
            measured[!is_float] = w.error;
            printf("%s %-10s %-6s max %.3f ulp (bound %g)", ok ? "ok  " : "FAIL", f->name,
                   is_float ? "float" : "double", w.error, bound);
            if (w.error > 0)
                printf("  at (%a, %a, %a): %La, glibc %La", w.args[0], w.args[1], w.args[2], w.got,
                       w.ref);
            printf("\n");
            failures += !ok;
        }
        if (results)
            fprintf(results, "%s %.3f %.3f\n", f->name, measured[0], measured[1]);
    }
    check_exact();
    if (results)
        fclose(results);
    failures += exact_failures;
    printf("%d failure%s\n", failures, failures == 1 ? "" : "s");
    return failures != 0;
}
