// needs: shaderInt64 shaderFloat16 subgroupBasic
// test: tiled
// Tiled matrix multiplies of halves written as C++ AMP programs write them
// (tile_static tiles of A and B, a barrier, a loop of multiply-adds into a
// float, a barrier) are lowered to matrix fragments with no change to the
// source (--dump-kernels says so: check/matmul_lowering.c): a tile of
// 16 x 16 with one accumulator, and one of 32 x 32 (four accumulators,
// two multiply-adds a pass) whose sum starts at 1 and which uses its sum
// after the loop. The inputs are small integers, so every sum is exact in
// float whatever order the matrix units add in: each element against the
// host's product, exactly.
#include <camp.h>
#include <stdio.h>

enum { M = 64, N = 96, K = 64 };

static half a[M * K], b[K * N];
static float c16[M * N], c32[M * N];

int main(void) {
    for (int i = 0; i < M * K; i++) a[i] = (half)(i % 7 - 3);
    for (int i = 0; i < K * N; i++) b[i] = (half)(i % 5 - 2);
    parallel_for_each(t, tile(extent(M, N), 16, 16)) {
        tile_static half as[16][16], bs[16][16];
        int row = t.local[0], col = t.local[1];
        float sum = 0.0f;
        for (int k0 = 0; k0 < K; k0 += 16) {
            as[row][col] = a[t.global[0] * K + k0 + col];
            bs[row][col] = b[(k0 + row) * N + t.global[1]];
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < 16; k++) sum += (float)as[row][k] * (float)bs[k][col];
            tile_barrier_wait(t.barrier);
        }
        c16[t.global[0] * N + t.global[1]] = sum;
    }
    parallel_for_each(t, tile(extent(M, N), 32, 32)) {
        tile_static half as[32][32], bs[32][32];
        float sum = 1;
        for (int k0 = 0; k0 < K; k0 += 32) {
            as[t.local[0]][t.local[1]] = a[t.global[0] * K + k0 + t.local[1]];
            bs[t.local[0]][t.local[1]] = b[(k0 + t.local[0]) * N + t.global[1]];
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < 32; ++k) sum += (float)bs[k][t.local[1]] * (float)as[t.local[0]][k];
            tile_barrier_wait(t.barrier);
        }
        c32[t.global[0] * N + t.global[1]] = 2 * sum;
    }
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float s = 0;
            for (int k = 0; k < K; k++) s += (float)a[i * K + k] * (float)b[k * N + j];
            if (c16[i * N + j] != s || c32[i * N + j] != 2 * (s + 1)) {
                if (bad++ < 5) printf("(%d, %d): %g %g, expected %g %g\n", i, j, c16[i * N + j], c32[i * N + j], s,
                                      2 * (s + 1));
            }
        }
    printf("%s\n", bad ? "wrong" : "multiply loops: right");
    return bad != 0;
}
