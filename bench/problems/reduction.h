/* reduction: the sum of n floats in two kernels. The first runs one tile of
 * 256 threads per 4096 floats: each thread adds 16 of them (strided by 256,
 * so that neighbouring threads read neighbouring floats), then the tile
 * adds its 256 sums pairwise in tile_static memory and writes one partial
 * sum. The second, one tile, adds the partial sums the same way. n must be
 * a multiple of 4096. */
#ifndef PROBLEM_REDUCTION_H
#define PROBLEM_REDUCTION_H
#include "../bench.h"

enum { REDUCTION_SIZE = 64 << 20, REDUCTION_QUICK = 1 << 16, REDUCTION_RUNS = 100, REDUCTION_TILE = 256,
       REDUCTION_ITEMS = 16, REDUCTION_CHUNK = REDUCTION_TILE * REDUCTION_ITEMS };

static inline void reduction_validate(const bench_options *o) {
    if (o->size % REDUCTION_CHUNK) bench_refuse(o, "the size must be a multiple of 4096");
}

static inline void reduction_init(float *in, long long n) {
    for (long long i = 0; i < n; i++) in[i] = (float)bench_hash((unsigned long long)i, 7, 16);
}

/* The float sum may differ from the exact one by a few rounding errors. */
static inline void reduction_check(const bench_options *o, const char *impl, const float *in, float total) {
    double want = 0;
    for (long long i = 0; i < o->size; i++) want += in[i];
    if (!bench_close(total, want, 1e-5 * want + 1)) bench_wrong(o, impl, "the sum", total, want);
}

/* 4 bytes per element read (the partial sums are 1/1024 of that). */
static inline void reduction_report(const bench_options *o, const char *impl, double ms) {
    char size[32];
    bench_report(o, bench_count_token(o->size, size, sizeof size), impl, ms, 4.0 * (double)o->size, 1e9, "GB/s");
}
#endif
