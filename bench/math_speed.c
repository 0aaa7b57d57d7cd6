/* math_speed — the speed of precise math calls in a kernel (not a timed
 * test; see docs/performance.md): each of n threads evaluates
 * powf(expf(sinf(v)), 1.25f) over 8 values, n = 64 Mi by default. Built
 * twice, as math_speed (large math functions called, campcc's default) and
 * math_speed_inlined (-fcamp-inline-math: every call inlined), to compare
 * the two on one device. Prints the median of the timed repetitions after
 * one warm-up launch, and checks 4096 spread results against the host's
 * camp_precise_* forms (within one float ulp) before printing a time.
 *
 * usage: math_speed [n [repetitions]] */
#include <camp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { INNER = 8 };

/* camp_precise_powf is what powf becomes in a kernel: named here so that
 * the host's check runs the same library rather than glibc's. */
static float chain(float v) restrict(cpu, amp) {
    float s = 0.0f;
    for (int k = 0; k < INNER; k++)
        s += camp_precise_powf(camp_precise_expf(camp_precise_sinf(v + 0.125f * (float)k)), 1.25f);
    return s;
}

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void run(const float *x, float *r, int n) {
    parallel_for_each(i, extent(n)) { r[i] = chain(x[i]); }
    camp_accelerator_view_wait(camp_default_view());
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 64L << 20;
    int reps = argc > 2 ? atoi(argv[2]) : 10;
    if (n < 1 || n > 1L << 28 || reps < 1 || reps > 1000) {
        fprintf(stderr, "usage: math_speed [n (1..2^28) [repetitions (1..1000)]]\n");
        return 2;
    }
    float *x = malloc(sizeof *x * (size_t)n), *r = malloc(sizeof *r * (size_t)n);
    double *times = malloc(sizeof *times * (size_t)reps);
    if (!x || !r || !times) {
        fprintf(stderr, "math_speed: out of memory for n = %ld\n", n);
        return 2;
    }
    for (long i = 0; i < n; i++) x[i] = (float)(i % 4096) * 0x1p-10f - 2.0f; /* [-2, 2) */
    array_view(x, (int)n);
    array_view(r, (int)n);
    printf("device: %s\n", camp_default_accelerator_name());
    run(x, r, (int)n); /* warm-up: pipeline and copies in */
    for (int k = 0; k < reps; k++) {
        double start = now_s();
        run(x, r, (int)n);
        times[k] = now_s() - start;
    }
    array_view_synchronize(r);
    for (long i = 0; i < n; i += n / 4096 > 0 ? n / 4096 : 1) {
        float want = chain(x[i]), got = r[i];
        if (!(fabsf(got - want) <= nextafterf(fabsf(want), INFINITY) - fabsf(want))) {
            printf("FAIL element %ld: x = %a, kernel %a, host %a\n", i, (double)x[i], (double)got, (double)want);
            return 1;
        }
    }
    qsort(times, (size_t)reps, sizeof *times, by_value);
    double median = times[reps / 2];
    printf("n = %ld, %d calls of powf, expf and sinf each per element: median %.3f ms over %d runs, "
           "%.3g G calls/s\n", n, INNER, median * 1e3, reps, 3.0 * INNER * (double)n / median * 1e-9);
    free(x), free(r), free(times);
    return 0;
}
