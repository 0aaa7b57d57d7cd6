// needs: shaderInt64
// test: tiled
/* Histogram: each tile counts its values into tile_static bins with
 * atomics (Workgroup scope), then adds its bins to the global histogram
 * with atomics (Device scope). The host counts the same values. */
#include <camp.h>
#include <stdio.h>

#define BINS 16
#define TS 64
enum { N = 64 * 200 };

int main(void) {
    static unsigned values[N];
    unsigned hist[BINS] = {0}, want[BINS] = {0};
    for (int i = 0; i < N; i++) {
        values[i] = (unsigned)(i * 2654435761u) >> 7;
        want[values[i] % BINS]++;
    }
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static unsigned bins[BINS];
        if (t.local < BINS) bins[t.local] = 0;
        tile_barrier_wait(t.barrier);
        camp_atomic_fetch_inc(&bins[values[t.global] % BINS]);
        tile_barrier_wait(t.barrier);
        if (t.local < BINS) camp_atomic_fetch_add(&hist[t.local], bins[t.local]);
    }
    int bad = 0;
    unsigned total = 0;
    for (int b = 0; b < BINS; b++) {
        total += hist[b];
        if (hist[b] != want[b]) {
            printf("bin %d: %u, want %u\n", b, hist[b], want[b]);
            bad++;
        }
    }
    printf("histogram of %d values in %d bins: total %u, %s\n", N, BINS, total, bad ? "MISMATCH" : "matches the CPU");
    return bad != 0;
}
