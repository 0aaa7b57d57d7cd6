/* hgemm: C = A x B, n x n, A and B in half (IEEE binary16) and C in float,
 * all row-major: half-precision inputs with float accumulation, the
 * tensor cores' GEMM. Each program measures 4096^3 and 8192^3 (--size N:
 * only N, --quick: 256).
 *
 * The inputs are multiples of 1/8 in [-1, 1], exact in half; every product
 * is a multiple of 1/64, and every partial sum (at most n in magnitude) is
 * exact in float for n up to 2^18, so the result is exact in any order of
 * addition, and also through tensor cores that truncate while they align
 * the terms of a sum (n <= 2^15: 21 significant bits at most). The check
 * compares a sample of elements (the four corners and 4096 others), each
 * a dot product in double on the CPU, within 1/256: a quarter of the
 * smallest error that one wrong or missing product makes. */
#ifndef PROBLEM_HGEMM_H
#define PROBLEM_HGEMM_H
#include <stdint.h>

#include "../bench.h"

enum { HGEMM_QUICK = 256, HGEMM_SAMPLES = 4096, HGEMM_RUNS = 10 };
/* The largest n: the twins index elements with 32-bit offsets. */
enum { HGEMM_MAX = 1 << 15 };

/* The command line (bench.h's) and the sizes it asks for: --size's or
 * --quick's alone, else 4096 and 8192; one set of options per size in
 * at[], each refused unless a multiple of `multiple`; their number. */
static inline int hgemm_parse(int argc, char **argv, int multiple, bench_options at[2]) {
    bench_options o = bench_parse(argc, argv, "hgemm", 0, HGEMM_QUICK, HGEMM_RUNS);
    long long sizes[2] = {o.size, 0};
    int count = o.size ? 1 : 2;
    if (!o.size) sizes[0] = 4096, sizes[1] = 8192;
    char why[80];
    snprintf(why, sizeof why, "the size must be a multiple of %d and at most %d", multiple, (int)HGEMM_MAX);
    for (int s = 0; s < count; s++) {
        at[s] = o, at[s].size = sizes[s];
        if (sizes[s] % multiple || sizes[s] > HGEMM_MAX) bench_refuse(&at[s], why);
    }
    return count;
}

/* The half with the value of `x`, a normal float or zero exact in half (as
 * every input is). */
static inline uint16_t hgemm_half(float x) {
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    uint16_t sign = (uint16_t)(bits >> 16 & 0x8000u);
    if ((bits & 0x7fffffffu) == 0) return sign;
    return (uint16_t)(sign | (((bits >> 23 & 0xffu) - 127 + 15) << 10) | (bits >> 13 & 0x3ffu));
}

/* The value of a normal half or zero (every input). */
static inline float hgemm_float(uint16_t h) {
    uint32_t bits = (uint32_t)(h & 0x8000u) << 16;
    if (h & 0x7fffu) bits |= ((uint32_t)(h >> 10 & 0x1fu) - 15 + 127) << 23 | (uint32_t)(h & 0x3ffu) << 13;
    float x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

static inline void hgemm_init(uint16_t *a, uint16_t *b, long long n) {
    for (long long i = 0; i < n * n; i++) {
        a[i] = hgemm_half(((float)bench_hash((unsigned long long)i, 13, 17) - 8.0f) / 8.0f);
        b[i] = hgemm_half(((float)bench_hash((unsigned long long)i, 14, 17) - 8.0f) / 8.0f);
    }
}

static inline void hgemm_check(const bench_options *o, const char *impl, const uint16_t *a, const uint16_t *b,
                               const float *c) {
    long long n = o->size;
    for (int s = 0; s < HGEMM_SAMPLES + 4; s++) {
        long long i, j;
        bench_matrix_sample(s, n, &i, &j);
        double want = 0;
        for (long long k = 0; k < n; k++) want += (double)hgemm_float(a[i * n + k]) * hgemm_float(b[k * n + j]);
        if (!bench_close(c[i * n + j], want, 1.0 / 256)) {
            char at[64];
            snprintf(at, sizeof at, "c[%lld][%lld]", i, j);
            bench_wrong(o, impl, at, c[i * n + j], want);
        }
    }
}

/* 2 n^3 floating-point operations; `keys` as bench_report_keys's. */
static inline void hgemm_report(const bench_options *o, const char *impl, double ms, const char *keys) {
    char size[48];
    snprintf(size, sizeof size, "%lld^3", o->size);
    double n = (double)o->size;
    bench_report_keys(o, size, impl, ms, 2.0 * n * n * n, 1e12, "TFLOP/s", keys);
}
#endif
