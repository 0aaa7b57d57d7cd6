// needs: shaderInt64
// test: tiled
/* Tree reduction: each tile of 256 threads sums its elements in a
 * tile_static array, halving the active threads between barriers; thread 0
 * of each tile writes the tile's sum, and a second tiled kernel reduces
 * the partial sums. The barrier sits in a loop whose trip count is the
 * same for the whole tile; only the additions depend on t.local. */
#include <camp.h>
#include <stdio.h>

#define TS 256
enum { N = TS * TS };

int main(void) {
    static int data[N], partial[TS], total[1];
    long long want = 0;
    for (int i = 0; i < N; i++) {
        data[i] = (i * 37) % 101 - 50;
        want += data[i];
    }
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int s[TS];
        s[t.local] = data[t.global];
        tile_barrier_wait(t.barrier);
        for (int stride = TS / 2; stride > 0; stride /= 2) {
            if (t.local < stride) s[t.local] += s[t.local + stride];
            tile_barrier_wait(t.barrier);
        }
        if (t.local == 0) partial[t.tile] = s[0];
    }
    parallel_for_each(t, tile(extent(TS), TS)) {
        tile_static int s[TS];
        s[t.local] = partial[t.global];
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        int stride = TS / 2;
        while (stride > 0) {
            if (t.local < stride) s[t.local] += s[t.local + stride];
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            stride >>= 1;
        }
        if (t.local == 0) total[0] = s[0];
    }
    long long part = 0;
    int bad = 0;
    for (int i = 0; i < TS; i++) {
        long long w = 0;
        for (int j = 0; j < TS; j++) w += data[i * TS + j];
        part += partial[i];
        if (partial[i] != w && bad++ < 5) printf("partial[%d] = %d, want %lld\n", i, partial[i], w);
    }
    if (total[0] != want) bad++;
    printf("tree reduction of %d ints: %d (CPU %lld, partials %lld): %s\n", N, total[0], want, part,
           bad ? "MISMATCH" : "ok");
    return bad != 0;
}
