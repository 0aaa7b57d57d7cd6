// A 2x2 array of accumulators indexed by loop counters (fragment_mma's
// &acc[i][j] points into a row of it): the loops over it are unrolled at
// -O2 as they are over a 1-D array, so the cooperative-matrix module has
// one instruction per fragment operation of each pass (2 steps of K, each
// 2 + 2 loads and 2 x 2 products; 4 stores).
// RUN: -O2 --dump-kernels %s -o /dev/null
// CHECK: matrix fragments: 16x16x16, half inputs, float accumulator
// CHECK: cooperative-matrix module
// CHECK: instructions: OpCooperativeMatrixLoadNV x8 OpCooperativeMatrixStoreNV x4 OpCooperativeMatrixMulAddNV x8
#include <camp.h>

static half a[32 * 32], b[32 * 32];
static float c[32 * 32];

int main(void) {
    parallel_for_each(t, tile(extent(32), 32)) {
        fragment_acc(float, 16, 16, 16) acc[2][2];
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) fragment_fill(acc[i][j], 0.0f);
        for (int k = 0; k < 32; k += 16) {
            fragment_a(half, 16, 16, 16) fa[2];
            fragment_b(half, 16, 16, 16) fb[2];
            for (int i = 0; i < 2; i++) fragment_load(fa[i], a + i * 16 * 32 + k, 32, fragment_row_major);
            for (int j = 0; j < 2; j++) fragment_load(fb[j], b + k * 32 + j * 16, 32, fragment_row_major);
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2; j++) fragment_mma(acc[i][j], fa[i], fb[j], acc[i][j]);
        }
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) fragment_store(c + i * 16 * 32 + j * 16, acc[i][j], 32, fragment_row_major);
    }
    return 0;
}
