// needs: shaderInt64 shaderFloat64 shaderBufferInt64Atomics
/* Atomics on 64-bit integers (long long, unsigned long long, and
 * int64_t and uint64_t, which are long and unsigned long here) and on
 * double, as CUDA programs use atomicAdd, atomicMin and atomicCAS on them:
 * a sum past 2^32, an argmin packed as value and index in one word, a
 * count in uint64_t, a signed running total, a lock-free maximum by
 * compare-exchange, and doubles summed (of values whose sums are exact in
 * any order) and exchanged. The serial reference mode prints the same
 * (atomics_64_tiled.c: in tile_static memory). */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

#define N 4096

int main(void) {
    static unsigned values[N];
    static double halves[N];
    for (int i = 0; i < N; i++) {
        values[i] = 3000000000u - (unsigned)(i * 7919 % 100003);
        halves[i] = (i % 17) * 0.5 - 4;
    }
    unsigned long long total[1] = {0}, argmin[1] = {~0ull}, largest[1] = {0};
    uint64_t counted[1] = {0};
    int64_t running[1] = {1000};
    long long last[1] = {0};
    double sum[1] = {0}, swapped[1] = {-1};
    parallel_for_each(i, extent(N)) {
        camp_atomic_fetch_add(&total[0], (unsigned long long)values[i]);
        camp_atomic_fetch_min(&argmin[0], (unsigned long long)values[i] << 32 | (unsigned)i);
        if (values[i] % 3 == 0) camp_atomic_fetch_inc(&counted[0]);
        camp_atomic_fetch_sub(&running[0], (int64_t)(i % 5));
        unsigned long long seen = camp_atomic_load(&largest[0]), mine = (unsigned long long)values[i] * 3;
        while (seen < mine && !camp_atomic_compare_exchange(&largest[0], &seen, mine)) {}
        camp_atomic_fetch_add(&sum[0], halves[i]);
        if (i == N - 1) {
            camp_atomic_store(&last[0], -(long long)values[i] * 5);
            camp_atomic_exchange(&swapped[0], halves[i] * 2);
        }
    }
    unsigned long long want_total = 0, want_argmin = ~0ull;
    double want_sum = 0;
    for (int i = 0; i < N; i++) {
        want_total += values[i];
        unsigned long long packed = (unsigned long long)values[i] << 32 | (unsigned)i;
        if (packed < want_argmin) want_argmin = packed;
        want_sum += halves[i];
    }
    printf("total %llu (%s), argmin value %u at %u (%s)\n", total[0], total[0] == want_total ? "right" : "WRONG",
           (unsigned)(argmin[0] >> 32), (unsigned)argmin[0], argmin[0] == want_argmin ? "right" : "WRONG");
    printf("counted %llu, running %lld, largest %llu, last %lld\n", (unsigned long long)counted[0],
           (long long)running[0], largest[0], last[0]);
    printf("sum %.1f (%s), swapped %g\n", sum[0], sum[0] == want_sum ? "right" : "WRONG", swapped[0]);

    return 0;
}
