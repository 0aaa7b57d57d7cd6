/* matrix_add: C = A + B over n x n floats (row-major). Small integers, so
 * every sum is exact. */
#ifndef PROBLEM_MATRIX_ADD_H
#define PROBLEM_MATRIX_ADD_H
#include "../bench.h"

enum { MATRIX_ADD_SIZE = 8192, MATRIX_ADD_QUICK = 200, MATRIX_ADD_RUNS = 50 };

static inline float matrix_add_a(long long i) { return (float)bench_hash((unsigned long long)i, 3, 17) - 8.0f; }
static inline float matrix_add_b(long long i) { return (float)bench_hash((unsigned long long)i, 4, 17) - 8.0f; }

static inline void matrix_add_init(float *a, float *b, long long n) {
    for (long long i = 0; i < n * n; i++) a[i] = matrix_add_a(i), b[i] = matrix_add_b(i);
}

static inline void matrix_add_check(const bench_options *o, const char *impl, const float *c) {
    long long n = o->size;
    for (long long i = 0; i < n * n; i++) {
        double want = (double)matrix_add_a(i) + matrix_add_b(i);
        if (c[i] != want) {
            char at[64];
            snprintf(at, sizeof at, "c[%lld][%lld]", i / n, i % n);
            bench_wrong(o, impl, at, c[i], want);
        }
    }
}

/* 12 bytes per element: a and b read, c written. */
static inline void matrix_add_report(const bench_options *o, const char *impl, double ms) {
    char size[48];
    snprintf(size, sizeof size, "%lldx%lld", o->size, o->size);
    bench_report(o, size, impl, ms, 12.0 * (double)o->size * (double)o->size, 1e9, "GB/s");
}
#endif
