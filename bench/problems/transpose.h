/* transpose: out = in^T over n x n floats, through 32 x 32 blocks in
 * tile_static memory (32 x 8 threads per tile, 4 rows each); n must be a
 * multiple of 32. */
#ifndef PROBLEM_TRANSPOSE_H
#define PROBLEM_TRANSPOSE_H
#include "../bench.h"

enum { TRANSPOSE_SIZE = 8192, TRANSPOSE_QUICK = 256, TRANSPOSE_RUNS = 50, TRANSPOSE_BLOCK = 32, TRANSPOSE_ROWS = 8 };

static inline void transpose_validate(const bench_options *o) {
    if (o->size % TRANSPOSE_BLOCK) bench_refuse(o, "the size must be a multiple of 32");
}

static inline void transpose_init(float *in, long long n) {
    for (long long i = 0; i < n * n; i++) in[i] = (float)bench_hash((unsigned long long)i, 6, 1 << 20);
}

static inline void transpose_check(const bench_options *o, const char *impl, const float *in, const float *out) {
    long long n = o->size;
    for (long long i = 0; i < n; i++)
        for (long long j = 0; j < n; j++)
            if (out[j * n + i] != in[i * n + j]) {
                char at[64];
                snprintf(at, sizeof at, "out[%lld][%lld]", j, i);
                bench_wrong(o, impl, at, out[j * n + i], in[i * n + j]);
            }
}

/* 8 bytes per element: read once, written once. */
static inline void transpose_report(const bench_options *o, const char *impl, double ms) {
    char size[48];
    snprintf(size, sizeof size, "%lldx%lld", o->size, o->size);
    bench_report(o, size, impl, ms, 8.0 * (double)o->size * (double)o->size, 1e9, "GB/s");
}
#endif
