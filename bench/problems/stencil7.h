/* stencil7: the 7-point stencil over an n x n x n grid of floats (z, y, x;
 * x fastest): each interior point becomes C0 * itself + C1 * the sum of its
 * six neighbours (added in the order -x, +x, -y, +y, -z, +z); boundary
 * points are copied. */
#ifndef PROBLEM_STENCIL7_H
#define PROBLEM_STENCIL7_H
#include "../bench.h"

#define STENCIL_C0 0.5f
#define STENCIL_C1 (1.0f / 12.0f)
enum { STENCIL_SIZE = 512, STENCIL_QUICK = 24, STENCIL_RUNS = 30 };

static inline void stencil7_init(float *in, long long n) {
    for (long long i = 0; i < n * n * n; i++) in[i] = (float)bench_hash((unsigned long long)i, 5, 17) - 8.0f;
}

/* Checks out against in; the GPU may contract into fused multiply-adds. */
static inline void stencil7_check(const bench_options *o, const char *impl, const float *in, const float *out) {
    long long n = o->size, plane = n * n;
    for (long long z = 0; z < n; z++)
        for (long long y = 0; y < n; y++)
            for (long long x = 0; x < n; x++) {
                long long i = z * plane + y * n + x;
                double want = in[i];
                if (x > 0 && y > 0 && z > 0 && x < n - 1 && y < n - 1 && z < n - 1) {
                    float sum = in[i - 1] + in[i + 1] + in[i - n] + in[i + n] + in[i - plane] + in[i + plane];
                    want = (double)STENCIL_C0 * in[i] + (double)STENCIL_C1 * sum;
                }
                if (!bench_close(out[i], want, 1e-5)) {
                    char at[96];
                    snprintf(at, sizeof at, "out[%lld][%lld][%lld]", z, y, x);
                    bench_wrong(o, impl, at, out[i], want);
                }
            }
}

/* 8 bytes per point: each point read once (neighbours come from caches)
 * and written once. */
static inline void stencil7_report(const bench_options *o, const char *impl, double ms) {
    char size[48];
    snprintf(size, sizeof size, "%lld^3", o->size);
    bench_report(o, size, impl, ms, 8.0 * (double)o->size * (double)o->size * (double)o->size, 1e9, "GB/s");
}
#endif
