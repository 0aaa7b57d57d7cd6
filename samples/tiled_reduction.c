// needs: shaderInt64
/* tiled_reduction.c — the sum of many integers by tree reduction: each tile
 * of 256 threads adds its values pairwise in tile_static memory (halving
 * the active threads between barriers) and adds its total to the result
 * with one atomic. Prints a check against the CPU on stdout and the kernel
 * time on stderr. N is not a multiple of the tile on purpose. */
#include <camp.h>
#include <stdio.h>
#include <time.h>

#define TS 256
#define N 1000003

static double seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC); /* C11 */
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int data[N];

int main(void) {
    int n = N;
    for (int i = 0; i < n; i++) data[i] = (int)((i * 2654435761u) >> 24) - 128;
    int total[1] = {0};

    double start = seconds();
    parallel_for_each(t, tile_pad(tile(extent(n), TS))) {
        tile_static int partial[TS];
        partial[t.local] = t.global < n ? data[t.global] : 0;
        tile_barrier_wait(t.barrier);
        for (int stride = TS / 2; stride > 0; stride /= 2) {
            if (t.local < stride) partial[t.local] += partial[t.local + stride];
            tile_barrier_wait(t.barrier);
        }
        if (t.local == 0) camp_atomic_fetch_add(&total[0], partial[0]);
    }
    double elapsed = seconds() - start;

    long long want = 0;
    for (int i = 0; i < n; i++) want += data[i];
    printf("tree reduction of %d ints: %d, %s\n", n, total[0],
           total[0] == want ? "matches the CPU" : "DIFFERS from the CPU");
    fprintf(stderr, "kernel time (with copies): %.3f ms\n", elapsed * 1e3);
    return total[0] != want;
}
