/* sgemm: C = A x B, n x n floats, row-major. The inputs are multiples of
 * 1/8 in [-1, 1], so every product is a multiple of 1/64 and every partial
 * sum (at most n in magnitude) is exact in float for n up to 2^18: the
 * result is exact in any order of addition, with or without fused
 * multiply-adds. The check compares a sample of elements (all four corners
 * and 256 others) with the CPU's. */
#ifndef PROBLEM_SGEMM_H
#define PROBLEM_SGEMM_H
#include "../bench.h"

enum { SGEMM_SIZE = 4096, SGEMM_QUICK = 128, SGEMM_SAMPLES = 256 };
/* sgemm_tiled: 16 x 16 threads per tile, one element of C each. */
enum { SGEMM_TILE = 16, SGEMM_TILED_RUNS = 3 };
/* sgemm_blocked: 16 x 16 threads per tile, a 128 x 128 block of C per tile,
 * 8 x 8 per thread, 8 along k per step. */
enum { SGEMM_BLOCK = 128, SGEMM_PER_THREAD = 8, SGEMM_BLOCKED_RUNS = 10 };

static inline void sgemm_validate(const bench_options *o, int multiple) {
    char why[64];
    snprintf(why, sizeof why, "the size must be a multiple of %d", multiple);
    if (o->size % multiple || o->size > (1 << 18)) bench_refuse(o, why);
}

static inline void sgemm_init(float *a, float *b, long long n) {
    for (long long i = 0; i < n * n; i++) {
        a[i] = ((float)bench_hash((unsigned long long)i, 9, 17) - 8.0f) / 8.0f;
        b[i] = ((float)bench_hash((unsigned long long)i, 10, 17) - 8.0f) / 8.0f;
    }
}

static inline void sgemm_check(const bench_options *o, const char *impl, const float *a, const float *b,
                               const float *c) {
    long long n = o->size;
    for (int s = 0; s < SGEMM_SAMPLES + 4; s++) {
        long long i, j;
        bench_matrix_sample(s, n, &i, &j);
        double want = 0;
        for (long long k = 0; k < n; k++) want += (double)a[i * n + k] * b[k * n + j];
        if (c[i * n + j] != want) {
            char at[64];
            snprintf(at, sizeof at, "c[%lld][%lld]", i, j);
            bench_wrong(o, impl, at, c[i * n + j], want);
        }
    }
}

/* 2 n^3 floating-point operations. */
static inline void sgemm_report(const bench_options *o, const char *impl, double ms) {
    char size[48];
    snprintf(size, sizeof size, "%lld^3", o->size);
    double n = (double)o->size;
    bench_report(o, size, impl, ms, 2.0 * n * n * n, 1e12, "TFLOP/s");
}
#endif
