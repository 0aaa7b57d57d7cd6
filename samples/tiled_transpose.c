// needs: shaderInt64
/* tiled_transpose.c — matrix transpose through tile_static memory: each
 * 16 x 16 tile reads a block row by row, waits at its barrier, and writes
 * the block transposed, so that neighbouring threads read and write
 * neighbouring elements. Prints a check against the CPU on stdout and the
 * kernel time on stderr. */
#include <camp.h>
#include <stdio.h>
#include <time.h>

#define TS 16
#define ROWS 512
#define COLS 768

static double seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC); /* C11 */
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static float in[ROWS][COLS], out[COLS][ROWS];

int main(void) {
    int rows = ROWS, cols = COLS;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) in[i][j] = (float)(i * cols + j);

    double start = seconds();
    parallel_for_each(t, tile(extent(rows, cols), TS, TS)) {
        tile_static float block[TS][TS + 1]; /* +1: no memory bank conflicts */
        block[t.local[0]][t.local[1]] = in[t.global[0]][t.global[1]];
        tile_barrier_wait(t.barrier);
        /* the transposed tile, written at this thread's own local position */
        out[t.tile_origin[1] + t.local[0]][t.tile_origin[0] + t.local[1]] = block[t.local[1]][t.local[0]];
    }
    double elapsed = seconds() - start;

    long wrong = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) wrong += out[j][i] != in[i][j];
    printf("transpose %dx%d: %s\n", rows, cols, wrong ? "DIFFERS from the CPU" : "matches the CPU");
    fprintf(stderr, "kernel time (with copies): %.3f ms\n", elapsed * 1e3);
    return wrong != 0;
}
