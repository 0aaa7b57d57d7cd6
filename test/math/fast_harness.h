/* test/math/fast_harness.h — arguments and relative-error measurement of the
 * fast_math functions (fast_bounds.h), shared by the host test (fast_math.c)
 * and the device test that gen_device_test.py writes. Needs harness.h. */
#ifndef CAMP_TEST_MATH_FAST_HARNESS_H
#define CAMP_TEST_MATH_FAST_HARNESS_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FAST_MATH_TARGET 1e-3
#define FAST_MATH_ARGS 20000

/* rsqrt's reference, rsqrtl: references.h, through harness.h */

typedef struct fast_function {
    const char *name;
    enum math_kind kind;
    double x_lo, x_hi, y_lo, y_hi;
    void (*reference)(void); /* glibc's long double function, cast */
} fast_function;

#define CAMP_FAST_MATH(name, kind, xl, xh, yl, yh, instruction, vulkan) \
    {#name, kind, xl, xh, yl, yh, (void (*)(void))name##l},
static const fast_function fast_functions[] = {
#include "fast_bounds.h"
};
#undef CAMP_FAST_MATH
#define FAST_FUNCTION_COUNT ((int)(sizeof fast_functions / sizeof fast_functions[0]))

/* Uniform in [lo, hi], or, for wide positive ranges, uniform in the exponent. */
static inline float fast_arg(double lo, double hi, uint64_t *state) {
    double u = math_random_unit(state);
    if (lo > 0 && hi / lo > 1e3)
        return (float)(lo * pow(hi / lo, u));
    return (float)(lo + (hi - lo) * u);
}

/* FAST_MATH_ARGS arguments of function i. */
static inline void fast_arguments(int i, float *x, float *y) {
    const fast_function *f = &fast_functions[i];
    uint64_t state = 0x2545F4914F6CDD1DULL + (uint64_t)i;
    for (int k = 0; k < FAST_MATH_ARGS; k++) {
        x[k] = fast_arg(f->x_lo, f->x_hi, &state);
        y[k] = fast_arg(f->y_lo, f->y_hi, &state);
    }
}

/* Largest relative error of got[] (sin, cos, tan: where |f(x)| >= 1/16);
 * prints one line; returns it. */
static inline double fast_compare(int i, const float *x, const float *y, const float *got) {
    const fast_function *f = &fast_functions[i];
    int trig = strcmp(f->name, "sin") == 0 || strcmp(f->name, "cos") == 0 || strcmp(f->name, "tan") == 0;
    double worst = 0, wx = 0, wy = 0;
    for (int k = 0; k < FAST_MATH_ARGS; k++) {
        long double ref = f->kind == UNARY ? ((math_ref1)f->reference)(x[k]) : ((math_ref2)f->reference)(x[k], y[k]);
        double err;
        if ((trig && fabsl(ref) < 0.0625L) || ref == 0)
            continue;
        err = (double)fabsl((got[k] - ref) / ref);
        if (err > worst || err != err)
            worst = err, wx = x[k], wy = y[k];
    }
    printf("%s fast_math_%-6s max relative error %.3g on [%g, %g]", worst <= FAST_MATH_TARGET ? "ok  " : "FAIL",
           f->name, worst, f->x_lo, f->x_hi);
    if (f->kind == BINARY)
        printf(" x [%g, %g]", f->y_lo, f->y_hi);
    printf("  (worst at %a, %a)\n", wx, wy);
    return worst;
}

#endif /* CAMP_TEST_MATH_FAST_HARNESS_H */
