/* sgemm_tiled — C = A x B, 4096 x 4096 floats: each 16 x 16 tile of threads
 * computes a 16 x 16 block of C, staging 16 x 16 blocks of A and B in
 * tile_static memory (each value read from memory is used 16 times). */
#include <camp.h>

#include "sgemm_main.h"

#define TS SGEMM_TILE

/* c = a x b for n x n matrices, n a multiple of TS. */
static void sgemm_tiled(int n, const float *a_data, const float *b_data, float *c_data) {
    const float(*a)[n] = (const float(*)[n])a_data;
    const float(*b)[n] = (const float(*)[n])b_data;
    float(*c)[n] = (float(*)[n])c_data;
    parallel_for_each(t, tile(extent(n, n), TS, TS)) {
        tile_static float as[TS][TS];
        tile_static float bs[TS][TS];
        int row = t.global[0], col = t.global[1], ly = t.local[0], lx = t.local[1];
        float sum = 0.0f;
        for (int k0 = 0; k0 < n; k0 += TS) {
            as[ly][lx] = a[row][k0 + lx];
            bs[ly][lx] = b[k0 + ly][col];
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < TS; k++) sum += as[ly][k] * bs[k][lx];
            tile_barrier_wait(t.barrier);
        }
        c[row][col] = sum;
    }
}

int main(int argc, char **argv) { return sgemm_main(argc, argv, "sgemm_tiled", sgemm_tiled, TS, SGEMM_TILED_RUNS); }
