// needs: shaderInt64
/* tiled_matmul.c — matrix multiply with tiles: each 16 x 16 tile of
 * threads computes a 16 x 16 block of C = A x B, staging blocks of A and B
 * in tile_static memory so that each value read from the accelerator's
 * memory is used 16 times. Prints a check against the CPU on stdout and the
 * kernel time on stderr. N is not a multiple of the tile on purpose. */
#include <camp.h>
#include <stdio.h>
#include <time.h>

#define TS 16
#define N 250

static double seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC); /* C11 */
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static float a[N][N], b[N][N], c[N][N];

int main(void) {
    int n = N;
    /* small integers: every partial sum is exact, so the CPU's answer is bit-identical */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = (float)((i + 2 * j) % 7 - 3);
            b[i][j] = (float)((3 * i + j) % 5 - 2);
        }

    double start = seconds();
    /* tile_pad: sizes that are not a multiple of 16 run whole tiles; the
     * extra threads load zeros and write nothing */
    parallel_for_each(t, tile_pad(tile(extent(n, n), TS, TS))) {
        tile_static float as[TS][TS + 1]; /* +1: no memory bank conflicts */
        tile_static float bs[TS][TS + 1];
        int row = t.global[0], col = t.global[1], ly = t.local[0], lx = t.local[1];
        float sum = 0.0f;
        for (int k0 = 0; k0 < n; k0 += TS) {
            as[ly][lx] = row < n && k0 + lx < n ? a[row][k0 + lx] : 0.0f;
            bs[ly][lx] = k0 + ly < n && col < n ? b[k0 + ly][col] : 0.0f;
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < TS; k++) sum += as[ly][k] * bs[k][lx];
            tile_barrier_wait(t.barrier);
        }
        if (row < n && col < n) c[row][col] = sum;
    }
    double elapsed = seconds() - start;

    long wrong = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float s = 0.0f;
            for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
            wrong += c[i][j] != s;
        }
    printf("tiled matrix multiply %dx%d: %s\n", n, n, wrong ? "DIFFERS from the CPU" : "matches the CPU");
    fprintf(stderr, "kernel time (with copies): %.3f ms\n", elapsed * 1e3);
    return wrong != 0;
}
