/* test/math/harness.h — argument sets and error measurement shared by the
 * host accuracy test (accuracy.c) and the device one (gen_device_test.py).
 *
 * Arguments: a fixed list of edge values (+-0, subnormals, +-inf, NaN,
 * powers of two, values near poles and zeros) and pseudo-random values, half
 * uniform over the function's domain and half with a uniformly distributed
 * binary exponent (so that tiny and huge magnitudes are both covered).
 * Error: |result - reference| in ulps of the result's format at the
 * reference, the reference being glibc's long double function (64-bit
 * significand: its own error is about 2^-11 double ulps, so a correctly
 * rounded double result measures at most 0.5 + 2^-10). */
#ifndef CAMP_TEST_MATH_HARNESS_H
#define CAMP_TEST_MATH_HARNESS_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Random arguments per function and format; edge values come on top. */
#ifndef MATH_RANDOM_ARGS
#define MATH_RANDOM_ARGS 2000
#endif
/* Edge values combined pairwise for binary functions: the first N. */
#ifndef MATH_EDGE_PAIRS
#define MATH_EDGE_PAIRS 24
#endif

enum math_domain {
    DOM_NONE,
    DOM_ALL,          /* every finite value */
    DOM_POSITIVE,     /* (0, max] */
    DOM_EXP,          /* [-750, 710] */
    DOM_EXP2,         /* [-1080, 1030] */
    DOM_EXP10,        /* [-330, 315] */
    DOM_LOG1P,        /* (-1, max] */
    DOM_POW_BASE,     /* (0, 100], random sign */
    DOM_POW_EXPONENT, /* [-800, 800], a third of them integers */
    DOM_TRIG,         /* every finite value, a quarter within [-10, 10] */
    DOM_UNIT,         /* [-1, 1] */
    DOM_HYPERBOLIC,   /* [-720, 720] */
    DOM_TANH,         /* [-25, 25] */
    DOM_ACOSH,        /* [1, max] */
    DOM_ERF,          /* [-7, 7] */
    DOM_ERFC,         /* [-7, 30] */
    DOM_GAMMA,        /* [-180, 180] */
    DOM_LGAMMA,       /* [-200, max] */
    DOM_ERFCINV,      /* [0, 2] */
    DOM_PROBABILITY,  /* [0, 1] */
    DOM_PHI,          /* [-40, 10] */
};

/* xorshift64*: the same sequence on every run. */
static inline uint64_t math_random_bits(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}
static inline double math_random_unit(uint64_t *state) { /* [0, 1) */
    return (double)(math_random_bits(state) >> 11) * 0x1p-53;
}

/* lo, hi of a domain for a format whose largest finite value is max. */
static inline void math_domain_range(enum math_domain d, double max, double *lo, double *hi) {
    switch (d) {
    case DOM_POSITIVE: *lo = 0.0; *hi = max; break;
    case DOM_EXP: *lo = -750.0; *hi = 710.0; break;
    case DOM_EXP2: *lo = -1080.0; *hi = 1030.0; break;
    case DOM_EXP10: *lo = -330.0; *hi = 315.0; break;
    case DOM_LOG1P: *lo = -1.0; *hi = max; break;
    case DOM_POW_BASE: *lo = -100.0; *hi = 100.0; break;
    case DOM_POW_EXPONENT: *lo = -800.0; *hi = 800.0; break;
    case DOM_UNIT: *lo = -1.0; *hi = 1.0; break;
    case DOM_HYPERBOLIC: *lo = -720.0; *hi = 720.0; break;
    case DOM_TANH: *lo = -25.0; *hi = 25.0; break;
    case DOM_ACOSH: *lo = 1.0; *hi = max; break;
    case DOM_ERF: *lo = -7.0; *hi = 7.0; break;
    case DOM_ERFC: *lo = -7.0; *hi = 30.0; break;
    case DOM_GAMMA: *lo = -180.0; *hi = 180.0; break;
    case DOM_LGAMMA: *lo = -200.0; *hi = max; break;
    case DOM_ERFCINV: *lo = 0.0; *hi = 2.0; break;
    case DOM_PROBABILITY: *lo = 0.0; *hi = 1.0; break;
    case DOM_PHI: *lo = -40.0; *hi = 10.0; break;
    default: *lo = -max; *hi = max; break;
    }
}

/* One random argument of domain d; is_float: representable as a float. */
static inline double math_random_arg(enum math_domain d, int is_float, uint64_t *state) {
    double max = is_float ? FLT_MAX : DBL_MAX, lo, hi, x, bound;
    int min_exp = is_float ? -149 : -1074, max_exp;
    math_domain_range(d, max, &lo, &hi);
    if (d == DOM_TRIG && math_random_bits(state) % 4 == 0) {
        lo = -10.0;
        hi = 10.0;
    }
    if (d == DOM_POW_EXPONENT && math_random_bits(state) % 3 == 0)
        return (double)((int64_t)(math_random_bits(state) % 1601) - 800);
    for (;;) {
        if (math_random_bits(state) & 1) {
            x = lo + (hi - lo) * math_random_unit(state);
            if (!isfinite(x)) /* hi - lo overflowed: pick a half */
                x = (math_random_bits(state) & 1 ? hi : lo) * math_random_unit(state);
        } else {
            bound = fabs(lo) > fabs(hi) ? fabs(lo) : fabs(hi);
            max_exp = ilogb(bound) + 1;
            x = ldexp(1.0 + math_random_unit(state),
                      min_exp + (int)(math_random_bits(state) % (uint64_t)(max_exp - min_exp)));
            if (math_random_bits(state) & 1)
                x = -x;
        }
        if (is_float)
            x = (float)x;
        if (x >= lo && x <= hi && isfinite(x))
            return x;
    }
}

/* Edge values every function sees; the first MATH_EDGE_PAIRS are paired. */
static const double math_edge_values[] = {
    0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0,
    0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp-1023, DBL_MAX, -DBL_MAX,
    0x1p-149, 0x1p-126, FLT_MAX, 3.0, -3.0, 1.5, -2.5,
    /* near poles, zeros and thresholds */
    0x1.fffffffffffffp-1, 0x1.0000000000001p+0, -0x1.fffffffffffffp-1, 0x1.6a09e667f3bcdp-1,
    0x1.921fb54442d18p+0, -0x1.921fb54442d18p+0, 0x1.921fb54442d18p+1, 0x1.921fb54442d18p+2,
    0x1.6bcc41e9p+2, 0x1.1p+1020, 1e22, 0x1.62e42fefa39efp+9, 709.78, 709.79, -708.4, -745.1,
    -745.2, 88.72, 88.73, -103.9, 1024.0, -1074.0, -1075.0, 128.0, -150.0, 1e-300, 1e300,
    0.1, -0.1, 10.0, 100.0, 1000.0, 27.0, 26.5, 171.6, 171.7, 35.0, 0.0625, 7.0, 1e-8,
    -0.5 - 0x1p-30, -1.0 + 0x1p-40, -2.0 - 0x1p-40, 1.0 + 0x1p-30, 2.0 - 0x1p-30, 0x1p-30,
    3.141592653589793, 6.283185307179586, 0x1p54, 0x1p60, 0x1p120, 0x1.5p1000,
    /* the doubles nearest lgamma's first zeros below -2 */
    -2.4570247382208006, -2.7476826467274127, -3.1435808883499798, -3.9552942848585784,
};
#define MATH_EDGE_COUNT ((int)(sizeof math_edge_values / sizeof math_edge_values[0]))

/* Error of got in ulps of its format (p significant bits, smallest normal
 * exponent emin) against the reference ref. Infinite results count as
 * 2^(emax+1); a NaN where none belongs, or a zero of the wrong sign (also
 * where the reference underflows to zero in the format), is infinitely
 * wrong. */
static inline double math_ulp_error(long double got, long double ref, int is_float) {
    int p = is_float ? 24 : 53, emin = is_float ? -126 : -1022;
    long double top = is_float ? 0x1p128L : 0x1p1024L, ulp;
    if (isnan(ref) || isnan(got))
        return isnan(ref) && isnan(got) ? 0.0 : INFINITY;
    if (got == 0 && (is_float ? (long double)(float)ref : (long double)(double)ref) == 0 &&
        signbit(got) != signbit(ref))
        return INFINITY; /* a result that underflows keeps its sign */
    if (fabsl(ref) >= top - ldexpl(top, -p - 1))
        ref = ref > 0 ? INFINITY : -INFINITY; /* rounds to infinity in the format */
    if (got == ref)
        return signbit(got) == signbit(ref) ? 0.0 : INFINITY;
    if (isinf(got))
        got = got > 0 ? top : -top;
    if (isinf(ref))
        ref = ref > 0 ? top : -top;
    ulp = ldexpl(1.0L, (ref == 0 ? emin : ilogbl(ref) < emin ? emin : ilogbl(ref)) - p + 1);
    return (double)(fabsl(got - ref) / ulp);
}

/* The reference's own error allowance on top of each bound, in ulps. */
#define MATH_REFERENCE_SLACK (1.0 / 1024.0)

/* ---- The functions under test (bounds.h) ------------------------------------------- */

enum math_kind { UNARY, BINARY, TERNARY };

typedef struct math_function {
    const char *name;
    enum math_kind kind;
    enum math_domain x_domain, y_domain;
    double float_bound, double_bound;
    void (*reference)(void); /* glibc's long double function, cast */
} math_function;

#include "references.h" /* the references glibc lacks */

typedef long double (*math_ref1)(long double);
typedef long double (*math_ref2)(long double, long double);
typedef long double (*math_ref3)(long double, long double, long double);

#define CAMP_MATH_FUNCTION(name, kind, dx, dy, fb, db) {#name, kind, dx, dy, fb, db, (void (*)(void))name##l},
static const math_function math_functions[] = {
#include "bounds.h"
};
#undef CAMP_MATH_FUNCTION
#define MATH_FUNCTION_COUNT ((int)(sizeof math_functions / sizeof math_functions[0]))

/* Arguments of one function: edge values, edge pairs (binary and ternary
 * functions), then random ones; for fma every other random z is near -x*y
 * (cancellation) and every tenth is +-0. Returns how many; each array needs
 * MATH_MAX_ARGS. */
#define MATH_MAX_ARGS (MATH_EDGE_COUNT + MATH_EDGE_PAIRS * MATH_EDGE_PAIRS + MATH_RANDOM_ARGS)
static inline int math_arguments(const math_function *f, int is_float, double *x, double *y, double *z) {
    uint64_t state = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(f - math_functions) * 0x100000001B3ULL;
    int i, j, n = 0;
    for (i = 0; i < MATH_EDGE_COUNT; i++, n++)
        x[n] = math_edge_values[i], y[n] = 1.0, z[n] = 1.0;
    if (f->kind != UNARY)
        for (i = 0; i < MATH_EDGE_PAIRS; i++)
            for (j = 0; j < MATH_EDGE_PAIRS; j++, n++)
                x[n] = math_edge_values[i], y[n] = math_edge_values[j],
                z[n] = math_edge_values[(i + j) % MATH_EDGE_PAIRS];
    for (i = 0; i < MATH_RANDOM_ARGS; i++, n++) {
        x[n] = math_random_arg(f->x_domain, is_float, &state);
        y[n] = f->kind == UNARY ? 1.0 : math_random_arg(f->y_domain, is_float, &state);
        z[n] = f->kind == TERNARY ? math_random_arg(f->y_domain, is_float, &state) : 0.0;
        if (f->kind == TERNARY && (i & 1))
            z[n] = -(is_float ? (double)(float)(x[n] * y[n]) : x[n] * y[n]) * (1.0 + (double)(i % 7 - 3) * 0x1p-52);
        if (f->kind == TERNARY && i % 10 == 2) /* a zero z beside products that may underflow */
            z[n] = i % 20 == 2 ? 0.0 : -0.0;
    }
    if (is_float)
        for (i = 0; i < n; i++)
            x[i] = (float)x[i], y[i] = (float)y[i], z[i] = (float)z[i];
    return n;
}

/* The largest error of results got[0..n) and where it happened. */
typedef struct math_worst {
    double error;
    double args[3];
    long double got, ref;
} math_worst;

static inline math_worst math_compare(const math_function *f, int is_float, const double *x, const double *y,
                                      const double *z, const double *got, int n) {
    math_worst w = {0.0, {0, 0, 0}, 0, 0};
    long double ref;
    double err;
    int i;
    for (i = 0; i < n; i++) {
        switch (f->kind) {
        case UNARY: ref = ((math_ref1)f->reference)(x[i]); break;
        case BINARY: ref = ((math_ref2)f->reference)(x[i], y[i]); break;
        default: ref = ((math_ref3)f->reference)(x[i], y[i], z[i]); break;
        }
        err = math_ulp_error(got[i], ref, is_float);
        /* C99 leaves the sign of fmin(+0, -0) and fmax(+0, -0) unspecified */
        if (got[i] == 0 && ref == 0 && (strcmp(f->name, "fmin") == 0 || strcmp(f->name, "fmax") == 0))
            err = 0.0;
        if (err > w.error) {
            w.error = err;
            w.args[0] = x[i], w.args[1] = y[i], w.args[2] = z[i];
            w.got = got[i], w.ref = ref;
        }
    }
    return w;
}

/* Prints one result line; returns 1 if the error is within the bound. */
static inline int math_report(const math_function *f, int is_float, math_worst w) {
    double bound = is_float ? f->float_bound : f->double_bound;
    int ok = w.error <= bound + MATH_REFERENCE_SLACK;
    printf("%s %-10s %-6s max %.3f ulp (bound %g)", ok ? "ok  " : "FAIL", f->name, is_float ? "float" : "double",
           w.error, bound);
    if (w.error > 0)
        printf("  at (%a, %a, %a): %La, glibc %La", w.args[0], w.args[1], w.args[2], w.got, w.ref);
    printf("\n");
    return ok;
}

#endif /* CAMP_TEST_MATH_HARNESS_H */
