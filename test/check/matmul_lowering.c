// A tiled multiply loop of tile_static halves into a float is lowered to
// matrix fragments (its kernel gets a cooperative-matrix module); every
// other kernel says why it was not, and stays as written (no module).
// RUN: --dump-kernels %s -o /dev/null
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: multiply loop: the loop at line 44 lowered to matrix fragments of 16x16x16 (half inputs, float accumulator): the tile's 16 x 32 sums in 2 accumulators, 2 multiply-adds each a pass
// CHECK: matrix fragments: 16x16x16, half inputs, float accumulator (line 44)
// CHECK-NEXT: cooperative-matrix module
// CHECK: instructions: OpCooperativeMatrixLoadNV x4 OpCooperativeMatrixStoreNV x1 OpCooperativeMatrixMulAddNV x2
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: multiply loop: not lowered to matrix fragments: its products are rounded to half
// CHECK-NOT: cooperative
// CHECK-LABEL: kernel camp_kernel_2
// CHECK: multiply loop: not lowered to matrix fragments: its tile is not a multiple of 16 x 16
// CHECK-NOT: cooperative
// CHECK-LABEL: kernel camp_kernel_3
// CHECK: multiply loop: not lowered to matrix fragments: its product loop's row and column are not the thread's t.local[0] and t.local[1]
// CHECK-LABEL: kernel camp_kernel_4
// CHECK: multiply loop: not lowered to matrix fragments: its product loop is not between two tile barriers
// CHECK-LABEL: kernel camp_kernel_5
// CHECK: multiply loop: not lowered to matrix fragments: its accumulator is used elsewhere in the loop
// CHECK-LABEL: kernel camp_kernel_6
// CHECK: multiply loop: not lowered to matrix fragments: no loop of multiply-adds of tile_static halves into a float
// CHECK-LABEL: kernel camp_kernel_7
// CHECK: multiply loop: not lowered to matrix fragments: not a tiled kernel of rank 2
// CHECK-NOT: cooperative
#include <camp.h>

enum { M = 64, N = 64, K = 64 };
static half a[M * K], b[K * N];
static float c[M * N];

int main(void) {
    /* a tile of 16 x 32, As 16 x 32 and Bs 32 x 32 (two rows of B a thread) */
    parallel_for_each(t, tile(extent(M, N), 16, 32)) {
        tile_static half as[16][32], bs[32][32];
        int row = t.local[0], col = t.local[1];
        float sum = 0;
        for (int k0 = 0; k0 < K; k0 += 32) {
            as[row][col] = a[t.global[0] * K + k0 + col];
            bs[row][col] = b[(k0 + row) * N + t.global[1]];
            bs[row + 16][col] = b[(k0 + row + 16) * N + t.global[1]];
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < 32; k++) sum += (float)as[row][k] * (float)bs[k][col];
            tile_barrier_wait(t.barrier);
        }
        c[t.global[0] * N + t.global[1]] = sum;
    }
#define MULTIPLY(PRODUCT, ROW, BEFORE, AFTER, EXTRA)                                                                 \
    {                                                                                                              \
        tile_static half as[16][16], bs[16][16];                                                                   \
        int row = t.local[0], col = t.local[1];                                                                    \
        float sum = 0;                                                                                             \
        for (int k0 = 0; k0 < K; k0 += 16) {                                                                       \
            as[row][col] = a[t.global[0] * K + k0 + col];                                                          \
            bs[row][col] = b[(k0 + row) * N + t.global[1]];                                                        \
            BEFORE;                                                                                                \
            for (int k = 0; k < 16; k++) sum += PRODUCT(as[ROW][k], bs[k][col]);                                   \
            AFTER;                                                                                                 \
            EXTRA;                                                                                                 \
        }                                                                                                          \
        c[t.global[0] * N + t.global[1]] = sum;                                                                    \
    }
#define EXACT(x, y) (float)(x) * (float)(y)
#define IN_HALF(x, y) (x) * (y)
#define BARRIER tile_barrier_wait(t.barrier)
    parallel_for_each(t, tile(extent(M, N), 16, 16)) MULTIPLY(IN_HALF, row, BARRIER, BARRIER, (void)0)
    parallel_for_each(t, tile(extent(M, N), 8, 8)) {
        tile_static half as[8][8], bs[8][8];
        float sum = 0;
        for (int k0 = 0; k0 < K; k0 += 8) {
            as[t.local[0]][t.local[1]] = a[t.global[0] * K + k0 + t.local[1]];
            bs[t.local[0]][t.local[1]] = b[(k0 + t.local[0]) * N + t.global[1]];
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < 8; k++) sum += (float)as[t.local[0]][k] * (float)bs[k][t.local[1]];
            tile_barrier_wait(t.barrier);
        }
        c[t.global[0] * N + t.global[1]] = sum;
    }
    parallel_for_each(t, tile(extent(M, N), 16, 16)) MULTIPLY(EXACT, (row + 1) % 16, BARRIER, BARRIER, (void)0)
    parallel_for_each(t, tile(extent(M, N), 16, 16)) MULTIPLY(EXACT, row, BARRIER, (void)0, (void)0)
    parallel_for_each(t, tile(extent(M, N), 16, 16)) MULTIPLY(EXACT, row, BARRIER, BARRIER, sum *= 0.5f)
    parallel_for_each(t, tile(extent(M, N), 16, 16)) { c[t.global[0] * N + t.global[1]] = 0; }
    parallel_for_each(i, extent(M * N)) { c[i] = 1; }
    return 0;
}
