/* nbody: the gravitational acceleration of each of n bodies from all n
 * (softened: a_i = sum over j of m_j d / (|d|^2 + eps^2)^(3/2), d = p_j - p_i;
 * the body itself adds 0). Bodies are float4s (x, y, z, mass); the results
 * float4s (ax, ay, az, 0). Tiled: each tile of 256 threads (one body each)
 * stages 256 bodies at a time in tile_static memory; 1 / sqrt is the
 * device's native reciprocal square root. n must be a multiple of 256. The
 * check compares a sample of 256 bodies with the CPU's (in double). */
#ifndef PROBLEM_NBODY_H
#define PROBLEM_NBODY_H
#include <math.h>

#include "../bench.h"

#define NBODY_EPS2 0.01f
enum { NBODY_SIZE = 64 << 10, NBODY_QUICK = 1024, NBODY_RUNS = 5, NBODY_TILE = 256, NBODY_SAMPLES = 256 };

static inline void nbody_validate(const bench_options *o) {
    if (o->size % NBODY_TILE) bench_refuse(o, "the size must be a multiple of 256");
}

/* Body i as x, y, z, mass: a cube of side 2, masses in [0.5, 1.5). */
static inline void nbody_init(float *bodies, long long n) {
    for (long long i = 0; i < n; i++) {
        for (int c = 0; c < 3; c++)
            bodies[4 * i + c] = (float)bench_hash((unsigned long long)i, 13 + c, 2048) / 1024.0f - 1.0f;
        bodies[4 * i + 3] = 0.5f + (float)bench_hash((unsigned long long)i, 16, 1024) / 1024.0f;
    }
}

/* Within 1e-3 of the sum of the terms' magnitudes (float sums of n terms). */
static inline void nbody_check(const bench_options *o, const char *impl, const float *bodies, const float *acc) {
    long long n = o->size;
    for (int s = 0; s < NBODY_SAMPLES; s++) {
        long long i = s == 0 ? n - 1 : bench_hash((unsigned long long)s, 17, (unsigned)n);
        double want[3] = {0, 0, 0}, magnitude = 0;
        for (long long j = 0; j < n; j++) {
            double d[3], r2 = NBODY_EPS2;
            for (int c = 0; c < 3; c++) d[c] = (double)bodies[4 * j + c] - bodies[4 * i + c], r2 += d[c] * d[c];
            double scale = bodies[4 * j + 3] / (r2 * sqrt(r2));
            for (int c = 0; c < 3; c++) want[c] += d[c] * scale;
            magnitude += sqrt(r2 - NBODY_EPS2) * scale;
        }
        for (int c = 0; c < 3; c++)
            if (!bench_close(acc[4 * i + c], want[c], 1e-3 * magnitude + 1e-6)) {
                char at[64];
                snprintf(at, sizeof at, "acceleration[%lld].%c", i, "xyz"[c]);
                bench_wrong(o, impl, at, acc[4 * i + c], want[c]);
            }
    }
}

/* 20 floating-point operations per interaction (the usual count). */
static inline void nbody_report(const bench_options *o, const char *impl, double ms) {
    char size[32];
    double n = (double)o->size;
    bench_report(o, bench_count_token(o->size, size, sizeof size), impl, ms, 20.0 * n * n, 1e12, "TFLOP/s");
}
#endif
