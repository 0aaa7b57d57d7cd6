/* saxpy: y = a * x + y over n floats, in place, run after run. Inputs are
 * small integers, so after k runs every y is exactly y0 + k * a * x. */
#ifndef PROBLEM_SAXPY_H
#define PROBLEM_SAXPY_H
#include "../bench.h"

#define SAXPY_A 2.0f
enum { SAXPY_SIZE = 64 << 20, SAXPY_QUICK = 1 << 16, SAXPY_RUNS = 50 };

static inline float saxpy_x(long long i) { return (float)bench_hash((unsigned long long)i, 1, 17) - 8.0f; }
static inline float saxpy_y0(long long i) { return (float)bench_hash((unsigned long long)i, 2, 17) - 8.0f; }

static inline void saxpy_init(float *x, float *y, long long n) {
    for (long long i = 0; i < n; i++) x[i] = saxpy_x(i), y[i] = saxpy_y0(i);
}

/* y after every run of the kernel (bench_total_runs). */
static inline void saxpy_check(const bench_options *o, const char *impl, const float *y) {
    double runs = (double)bench_total_runs(o);
    for (long long i = 0; i < o->size; i++) {
        double want = saxpy_y0(i) + runs * SAXPY_A * saxpy_x(i);
        if (y[i] != want) {
            char at[64];
            snprintf(at, sizeof at, "y[%lld]", i);
            bench_wrong(o, impl, at, y[i], want);
        }
    }
}

/* 12 bytes per element: x and y read, y written. */
static inline void saxpy_report(const bench_options *o, const char *impl, double ms) {
    char size[32];
    bench_report(o, bench_count_token(o->size, size, sizeof size), impl, ms, 12.0 * (double)o->size, 1e9, "GB/s");
}
#endif
