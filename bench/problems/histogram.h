/* histogram: 256 bins of n bytes, read as 32-bit words. One tile of 256
 * threads per 4096 words (16 Ki bytes): each thread counts the 4 bytes of
 * 16 words (strided by 256) with atomics on the tile's tile_static bins,
 * then adds each bin to the global bins with one atomic. The global bins
 * are not cleared between runs: after k runs each holds k times the count
 * (modulo 2^32). n must be a multiple of 16384. */
#ifndef PROBLEM_HISTOGRAM_H
#define PROBLEM_HISTOGRAM_H
#include "../bench.h"

enum { HISTOGRAM_SIZE = 64 << 20, HISTOGRAM_QUICK = 1 << 16, HISTOGRAM_RUNS = 100, HISTOGRAM_TILE = 256,
       HISTOGRAM_WORDS = 16, HISTOGRAM_BINS = 256, HISTOGRAM_CHUNK = 4 * HISTOGRAM_TILE * HISTOGRAM_WORDS };

static inline void histogram_validate(const bench_options *o) {
    if (o->size % HISTOGRAM_CHUNK) bench_refuse(o, "the size must be a multiple of 16384");
}

static inline void histogram_init(unsigned char *bytes, long long n) {
    for (long long i = 0; i < n; i++) bytes[i] = (unsigned char)bench_hash((unsigned long long)i, 8, 256);
}

static inline void histogram_check(const bench_options *o, const char *impl, const unsigned char *bytes,
                                   const unsigned *bins) {
    unsigned long long count[HISTOGRAM_BINS] = {0};
    for (long long i = 0; i < o->size; i++) count[bytes[i]]++;
    for (int b = 0; b < HISTOGRAM_BINS; b++) {
        unsigned want = (unsigned)(count[b] * (unsigned long long)bench_total_runs(o));
        if (bins[b] != want) {
            char at[32];
            snprintf(at, sizeof at, "bin %d", b);
            bench_wrong(o, impl, at, bins[b], want);
        }
    }
}

/* Bytes counted per second. */
static inline void histogram_report(const bench_options *o, const char *impl, double ms) {
    char size[32];
    bench_report(o, bench_count_token(o->size, size, sizeof size), impl, ms, (double)o->size, 1e9, "GB/s");
}
#endif
