// needs: shaderInt64 shaderInt8 shaderFloat16 subgroupBasic
// test: tiled
// Matrix fragments: C = A × B in half inputs with a float accumulator, A
// row-major and B column-major, each subgroup of a tile of 64 threads
// computing 32×32 blocks of C as a 2×2 array of accumulators (however many
// subgroups the device makes of a tile), then scaled element by element
// through fragment_length/get/set; the same in 8-bit integers into int
// (16×16×32); accumulators loaded from memory (C += A × B); a fragment in
// an amp function. Every element against the host's product, exactly: the
// inputs are small integers, so every sum is exact in float.
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

enum { M = 64, N = 96, K = 48, T = 64, BLOCK = 32 };

static half a[M * K], bt[N * K]; /* bt: B column-major (B[k][n] at bt[n * K + k]) */
static float c[M * N], c2[M * N];
static int8_t ia[M * 64], ib[64 * N];
static int ic[M * N];

/* acc += A's 16 rows at row × B's 16 columns at col, over all of K */
static void multiply_block(fragment_acc(float, 16, 16, 16) *acc, const half *pa, const half *pb, int row, int col)
    restrict(amp) {
    for (int k = 0; k < K; k += 16) {
        fragment_a(half, 16, 16, 16) fa;
        fragment_b(half, 16, 16, 16) fb;
        fragment_load(fa, pa + row * K + k, K, fragment_row_major);
        fragment_load(fb, pb + col * K + k, K, fragment_col_major);
        fragment_mma(*acc, fa, fb, *acc);
    }
}

int main(void) {
    for (int i = 0; i < M * K; i++) a[i] = (half)(i * 7 % 13 - 6);
    for (int i = 0; i < N * K; i++) bt[i] = (half)(i * 5 % 11 - 5);
    for (int i = 0; i < M * 64; i++) ia[i] = (int8_t)(i * 3 % 17 - 8);
    for (int i = 0; i < 64 * N; i++) ib[i] = (int8_t)(i * 11 % 19 - 9);
    for (int i = 0; i < M * N; i++) c2[i] = (float)(i % 7);

    int blocks = (M / BLOCK) * (N / BLOCK);
    parallel_for_each(t, tile(extent(blocks * T), T)) {
        int per_tile = T / (int)subgroup_size();
        for (int b = t.tile * per_tile + (int)subgroup_id(); b < (t.tile + 1) * per_tile && b < blocks;
             b += (int)subgroup_size() > T ? 1 : per_tile) {
            int row = b / (N / BLOCK) * BLOCK, col = b % (N / BLOCK) * BLOCK;
            fragment_acc(float, 16, 16, 16) acc[4];
            for (int i = 0; i < 4; i++) {
                fragment_fill(acc[i], 0.0f);
                multiply_block(&acc[i], a, bt, row + i / 2 * 16, col + i % 2 * 16);
                for (int e = 0; e < fragment_length(acc[i]); e++) fragment_set(acc[i], e, 2 * fragment_get(acc[i], e));
                fragment_store(c + (row + i / 2 * 16) * N + col + i % 2 * 16, acc[i], N, fragment_row_major);
            }
        }
    }
    /* one 16×16 block per subgroup, a tile of one subgroup's worth or more */
    parallel_for_each(t, tile(extent((M / 16) * (N / 16) * T), T)) {
        int per_tile = T / (int)subgroup_size();
        int b = t.tile * per_tile + (int)subgroup_id();
        if (per_tile == 0) b = t.tile; /* a subgroup larger than the tile */
        int row = b / (N / 16) * 16, col = b % (N / 16) * 16;
        if (b < (M / 16) * (N / 16)) {
            fragment_acc(float, 16, 16, 16) acc;
            fragment_load(acc, c2 + row * N + col, N, fragment_row_major);
            multiply_block(&acc, a, bt, row, col);
            fragment_store(c2 + row * N + col, acc, N, fragment_row_major);

            fragment_acc(int, 16, 16, 32) iacc;
            fragment_fill(iacc, 1);
            for (int k = 0; k < 64; k += 32) {
                fragment_a(int8_t, 16, 16, 32) fa;
                fragment_b(int8_t, 16, 16, 32) fb;
                fragment_load(fa, ia + row * 64 + k, 64, fragment_row_major);
                fragment_load(fb, ib + k * N + col, N, fragment_row_major);
                fragment_mma(iacc, fa, fb, iacc);
            }
            fragment_store(ic + col * M + row, iacc, M, fragment_col_major); /* ic: C column-major */
        }
    }
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float s = 0;
            int is = 1;
            for (int k = 0; k < K; k++) s += (float)a[i * K + k] * (float)bt[j * K + k];
            for (int k = 0; k < 64; k++) is += ia[i * 64 + k] * ib[k * N + j];
            float s2 = (float)((i * N + j) % 7) + s;
            if (c[i * N + j] != 2 * s || c2[i * N + j] != s2 || ic[j * M + i] != is) {
                if (bad++ < 5)
                    printf("(%d, %d): %g %g %d, expected %g %g %d\n", i, j, c[i * N + j], c2[i * N + j], ic[j * M + i],
                           2 * s, s2, is);
            }
        }
    printf("%s\n", bad ? "wrong" : "fragments: right");
    return bad != 0;
}
