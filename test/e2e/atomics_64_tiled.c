// needs: shaderInt64 shaderSharedInt64Atomics
// test: tiled
/* Atomics on 64-bit integers in tile_static memory: each tile sums its
 * values shifted past 32 bits into one unsigned long long, and the
 * program checks every tile's sum against its own. */
#include <camp.h>
#include <stdio.h>

#define N 4096
#define TILE 64

int main(void) {
    static unsigned values[N];
    for (int i = 0; i < N; i++) values[i] = 3000000000u - (unsigned)(i * 7919 % 100003);
    static unsigned long long per_tile[N / TILE];
    static long long lowest[N / TILE];
    parallel_for_each(t, tile(extent(N), TILE)) {
        tile_static unsigned long long count;
        tile_static long long low;
        if (t.local == 0) count = 0, low = 0;
        tile_barrier_wait(t.barrier);
        camp_atomic_fetch_add(&count, (unsigned long long)values[t.global] << 8);
        camp_atomic_fetch_min(&low, -(long long)values[t.global] * 1000);
        tile_barrier_wait(t.barrier);
        if (t.local == 0) per_tile[t.tile] = count, lowest[t.tile] = low;
    }
    int right = 0;
    for (int b = 0; b < N / TILE; b++) {
        unsigned long long want = 0;
        long long want_low = 0;
        for (int k = 0; k < TILE; k++) {
            want += (unsigned long long)values[b * TILE + k] << 8;
            long long v = -(long long)values[b * TILE + k] * 1000;
            if (v < want_low) want_low = v;
        }
        right += per_tile[b] == want && lowest[b] == want_low;
    }
    printf("tiles right %d of %d\n", right, N / TILE);
    return right == N / TILE ? 0 : 1;
}
