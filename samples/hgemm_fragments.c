// needs: shaderInt64 shaderFloat16 subgroupBasic
/* hgemm_fragments.c — a half-precision matrix multiply on the matrix units
 * (tensor cores), with matrix fragments: C = A x B, A and B in half, C in
 * float. Each subgroup of a tile computes a 32 x 32 block of C as 2 x 2
 * accumulators of 16 x 16, stepping along k 16 at a time: load a 16 x 16
 * fragment of A and one of B for each row and column of the block, multiply
 * and add. A device without cooperative matrices runs the same kernel as
 * scalar code. The tile hands its blocks to its subgroups whatever their
 * width. Prints a check against the CPU on stdout, the kernel time and the
 * rate on stderr. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 256     /* a multiple of the blocks */
#define BLOCK 32  /* C per subgroup */
#define TILE 64   /* threads per tile */

static double seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC); /* C11 */
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static half a[N * N], b[N * N];
static float c[N * N];

int main(void) {
    /* multiples of 1/8 up to 1: every product and partial sum is exact in float */
    for (int i = 0; i < N * N; i++) {
        a[i] = (half)((i * 7 % 17 - 8) / 8.0f);
        b[i] = (half)((i * 5 % 13 - 6) / 8.0f);
    }
    int blocks = (N / BLOCK) * (N / BLOCK);
    double start = seconds();
    parallel_for_each(t, tile(extent(blocks * TILE), TILE)) {
        /* this tile's blocks: TILE / subgroup_size() of them, one per subgroup
         * (a subgroup wider than the tile takes the tile's first block) */
        int per_tile = TILE / (int)subgroup_size() > 0 ? TILE / (int)subgroup_size() : 1;
        int block = t.tile * per_tile + (int)subgroup_id();
        if (block < blocks && (int)subgroup_id() < per_tile) {
            int row = block / (N / BLOCK) * BLOCK, col = block % (N / BLOCK) * BLOCK;
            fragment_acc(float, 16, 16, 16) acc[4]; /* acc[2 * i + j]: rows 16 i, columns 16 j */
            for (int i = 0; i < 4; i++) fragment_fill(acc[i], 0.0f);
            for (int k = 0; k < N; k += 16) {
                fragment_a(half, 16, 16, 16) fa[2];
                fragment_b(half, 16, 16, 16) fb[2];
                for (int i = 0; i < 2; i++) fragment_load(fa[i], a + (row + 16 * i) * N + k, N, fragment_row_major);
                for (int j = 0; j < 2; j++) fragment_load(fb[j], b + k * N + col + 16 * j, N, fragment_row_major);
                for (int i = 0; i < 2; i++)
                    for (int j = 0; j < 2; j++) fragment_mma(acc[2 * i + j], fa[i], fb[j], acc[2 * i + j]);
            }
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2; j++)
                    fragment_store(c + (row + 16 * i) * N + col + 16 * j, acc[2 * i + j], N, fragment_row_major);
        }
    }
    float first = c[0]; /* the host's first read waits for the kernel (implicit synchronization) */
    double elapsed = seconds() - start;
    (void)first;

    int wrong = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float sum = 0;
            for (int k = 0; k < N; k++) sum += (float)a[i * N + k] * (float)b[k * N + j];
            wrong += sum != c[i * N + j];
        }
    if (wrong) printf("half-precision matrix multiply %dx%d: %d elements differ from the CPU\n", N, N, wrong);
    else printf("half-precision matrix multiply %dx%d: matches the CPU\n", N, N);
    fprintf(stderr, "kernel and copies: %.3f ms (%.2f GFLOP/s)\n", elapsed * 1e3, 2.0 * N * N * N / elapsed / 1e9);
    return wrong != 0;
}
