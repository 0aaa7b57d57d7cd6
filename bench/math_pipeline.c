// needs: shaderInt64 shaderFloat64
/* math_pipeline — what a kernel calling 24 different precise float
 * functions costs to create (not a timed test; see docs/performance.md).
 * The first launch creates the kernel's pipeline (the driver compiles the
 * SPIR-V to machine code); the second reuses it. Prints both, as wall and
 * process CPU time, then checks every result against glibc (within one
 * float ulp of the double function rounded to float) and exits 1 on the
 * first wrong one. Run with CAMP_PIPELINE_CACHE=0 (and, on Mesa drivers,
 * MESA_SHADER_CACHE_DISABLE=true) so that no cache answers for the driver.
 *
 * usage: math_pipeline */
#include <camp.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

enum { N = 256, FUNCTIONS = 24 };

static const char *const names[FUNCTIONS] = {
    "cbrtf", "expf",  "exp2f", "expm1f", "logf",  "log2f",  "log10f", "log1pf",
    "powf",  "sinf",  "cosf",  "tanf",   "asinf", "acosf",  "atanf",  "atan2f",
    "sinhf", "coshf", "tanhf", "asinhf", "acoshf", "atanhf", "erff",  "erfcf",
};

/* The same 24 functions on the host, through glibc's double forms. */
static double reference(int k, double v) {
    switch (k) {
    case 0: return cbrt(v);
    case 1: return exp(v);
    case 2: return exp2(v);
    case 3: return expm1(v);
    case 4: return log(v);
    case 5: return log2(v);
    case 6: return log10(v);
    case 7: return log1p(v);
    case 8: return pow(v, 1.5);
    case 9: return sin(v);
    case 10: return cos(v);
    case 11: return tan(v);
    case 12: return asin(v);
    case 13: return acos(v);
    case 14: return atan(v);
    case 15: return atan2(v, 2.0);
    case 16: return sinh(v);
    case 17: return cosh(v);
    case 18: return tanh(v);
    case 19: return asinh(v);
    case 20: return acosh(v + 1.0);
    case 21: return atanh(v * 0.5);
    case 22: return erf(v);
    default: return erfc(v);
    }
}

static void now(double *wall, double *cpu) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    *wall = t.tv_sec + t.tv_nsec * 1e-9;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    *cpu = t.tv_sec + t.tv_nsec * 1e-9;
}

static void launch(const float *x, float *r) {
    parallel_for_each(i, extent(N)) {
        float v = x[i];
        float *o = &r[FUNCTIONS * i];
        o[0] = cbrtf(v), o[1] = expf(v), o[2] = exp2f(v), o[3] = expm1f(v);
        o[4] = logf(v), o[5] = log2f(v), o[6] = log10f(v), o[7] = log1pf(v);
        o[8] = powf(v, 1.5f), o[9] = sinf(v), o[10] = cosf(v), o[11] = tanf(v);
        o[12] = asinf(v), o[13] = acosf(v), o[14] = atanf(v), o[15] = atan2f(v, 2.0f);
        o[16] = sinhf(v), o[17] = coshf(v), o[18] = tanhf(v), o[19] = asinhf(v);
        o[20] = acoshf(v + 1.0f), o[21] = atanhf(v * 0.5f), o[22] = erff(v), o[23] = erfcf(v);
    }
    array_view_synchronize(r);
}

int main(void) {
    static float x[N], r[N * FUNCTIONS];
    for (int i = 0; i < N; i++) x[i] = 0.00390625f * (float)(i + 1); /* (0, 1]: every function's domain */
    array_view(x, N);
    array_view(r, N * FUNCTIONS);
    printf("device: %s\n", camp_default_accelerator_name());

    double w0, c0, w1, c1, w2, c2;
    now(&w0, &c0);
    launch(x, r);
    now(&w1, &c1);
    launch(x, r);
    now(&w2, &c2);
    printf("first launch (pipeline creation): %.3f s wall, %.3f s CPU\n", w1 - w0, c1 - c0);
    printf("second launch: %.3f s wall, %.3f s CPU\n", w2 - w1, c2 - c1);

    for (int i = 0; i < N; i++)
        for (int k = 0; k < FUNCTIONS; k++) {
            float want = (float)reference(k, x[i]), got = r[FUNCTIONS * i + k];
            if (!(fabsf(got - want) <= nextafterf(fabsf(want), INFINITY) - fabsf(want))) {
                printf("FAIL %s(%a) = %a, glibc %a\n", names[k], (double)x[i], (double)got, (double)want);
                return 1;
            }
        }
    printf("all %d results within one ulp of glibc\n", N * FUNCTIONS);
    return 0;
}
