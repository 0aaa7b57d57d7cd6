// needs: shaderInt64 shaderFloat16 subgroupBasic
// test: tiled
// Matrix fragments in two-dimensional arrays: each subgroup computes a
// 32×32 block of C = A × B (half inputs, float accumulator, both
// row-major) as a 2×2 grid of accumulators acc[i][j], loading a column of
// two A fragments and a row of two B fragments per step of K, indexed by
// loop counters (unrolled, so that each fragment stays in registers), then
// scales acc[i][j] element by element in an amp function that gets
// &acc[i][j]. Every element against the host's product, exactly (small
// integer inputs make every sum exact).
#include <camp.h>
#include <stdio.h>

enum { M = 64, N = 64, K = 48, T = 64, BLOCK = 32 };

static half a[M * K], b[K * N];
static float c[M * N];

static void scale(fragment_acc(float, 16, 16, 16) *f, float by) restrict(amp) {
    for (int e = 0; e < fragment_length(*f); e++) fragment_set(*f, e, by * fragment_get(*f, e));
}

int main(void) {
    for (int i = 0; i < M * K; i++) a[i] = (half)(i * 7 % 13 - 6);
    for (int i = 0; i < K * N; i++) b[i] = (half)(i * 5 % 11 - 5);
    int blocks = (M / BLOCK) * (N / BLOCK);
    parallel_for_each(t, tile(extent(blocks * T), T)) {
        int per_tile = T / (int)subgroup_size();
        for (int blk = t.tile * per_tile + (int)subgroup_id(); blk < (t.tile + 1) * per_tile && blk < blocks;
             blk += (int)subgroup_size() > T ? 1 : per_tile) {
            int row = blk / (N / BLOCK) * BLOCK, col = blk % (N / BLOCK) * BLOCK;
            fragment_acc(float, 16, 16, 16) acc[2][2];
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2; j++) fragment_fill(acc[i][j], 0.0f);
            for (int k = 0; k < K; k += 16) {
                fragment_a(half, 16, 16, 16) fa[2];
                fragment_b(half, 16, 16, 16) fb[2];
                for (int i = 0; i < 2; i++) fragment_load(fa[i], a + (row + i * 16) * K + k, K, fragment_row_major);
                for (int j = 0; j < 2; j++) fragment_load(fb[j], b + k * N + col + j * 16, N, fragment_row_major);
                for (int i = 0; i < 2; i++)
                    for (int j = 0; j < 2; j++) fragment_mma(acc[i][j], fa[i], fb[j], acc[i][j]);
            }
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2; j++) {
                    scale(&acc[i][j], (float)(i * 2 + j + 1));
                    fragment_store(c + (row + i * 16) * N + col + j * 16, acc[i][j], N, fragment_row_major);
                }
        }
    }
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float s = 0;
            for (int k = 0; k < K; k++) s += (float)a[i * K + k] * (float)b[k * N + j];
            s *= (float)(i % BLOCK / 16 * 2 + j % BLOCK / 16 + 1);
            if (c[i * N + j] != s && bad++ < 4) printf("(%d, %d): %g, expected %g\n", i, j, c[i * N + j], s);
        }
    printf("%s\n", bad ? "wrong" : "2x2 grid of fragments: right");
    return bad != 0;
}
