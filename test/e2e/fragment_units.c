// needs: shaderInt64 shaderInt8 shaderFloat16 subgroupBasic
// test: tiled
// Input fragments loaded from tile_static memory filled with 16-byte
// copies (uint4): a tile stages A's 16 rows (half, with a large value and a
// subnormal among them) and B's 16 columns, and the 8-bit integers of
// another A, then its first subgroup multiplies them, A row-major and B
// column-major; every element against the host's product: the integers
// exactly, the floats within 1e-5 of the sum of the products' magnitudes
// (tensor cores add a row's products in their own order and precision:
// on an H200 a row holding both the large value and the subnormal came
// out 2^-10 from the host's sum of about 140).
#include <camp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

enum { N = 32, K8 = 64 };

static half a[N * N], bt[N * N]; /* bt: B column-major */
static float c[N * N];
static int8_t ia[N * K8], ib[K8 * N];
static int ic[N * N];

int main(void) {
    for (int i = 0; i < N * N; i++) a[i] = (half)(i * 7 % 13 - 6) / 4, bt[i] = (half)(i * 5 % 11 - 5);
    a[3] = (half)(65504.0f / 1024), a[4] = (half)0x1p-20f;
    for (int i = 0; i < N * K8; i++) ia[i] = (int8_t)(i * 3 % 17 - 8);
    for (int i = 0; i < K8 * N; i++) ib[i] = (int8_t)(i * 11 % 19 - 9);
    parallel_for_each(t, tile(extent((N / 16) * (N / 16) * 32), 32)) {
        tile_static uint4 sa[16 * N / 8], sb[16 * N / 8], sia[16 * K8 / 16];
        int row = t.tile / (N / 16) * 16, col = t.tile % (N / 16) * 16;
        for (int q = t.local; q < 16 * N / 8; q += 32) {
            sa[q] = *(const uint4 *)(a + (row + q / (N / 8)) * N + q % (N / 8) * 8);
            sb[q] = *(const uint4 *)(bt + (col + q / (N / 8)) * N + q % (N / 8) * 8);
        }
        for (int q = t.local; q < 16 * K8 / 16; q += 32) sia[q] = *(const uint4 *)(ia + (row + q / 4) * K8 + q % 4 * 16);
        tile_barrier_wait(t.barrier);
        if (subgroup_id() == 0) {
            fragment_acc(float, 16, 16, 16) acc;
            fragment_fill(acc, 0.0f);
            for (int k = 0; k < N; k += 16) {
                fragment_a(half, 16, 16, 16) fa;
                fragment_b(half, 16, 16, 16) fb;
                fragment_load(fa, sa + k / 8, N, fragment_row_major);
                fragment_load(fb, sb + k / 8, N, fragment_col_major);
                fragment_mma(acc, fa, fb, acc);
            }
            fragment_store(c + row * N + col, acc, N, fragment_row_major);
            fragment_acc(int, 16, 16, 32) iacc;
            fragment_fill(iacc, 0);
            for (int k = 0; k < K8; k += 32) {
                fragment_a(int8_t, 16, 16, 32) fa;
                fragment_b(int8_t, 16, 16, 32) fb;
                fragment_load(fa, sia + k / 16, K8, fragment_row_major);
                fragment_load(fb, ib + k * N + col, N, fragment_row_major);
                fragment_mma(iacc, fa, fb, iacc);
            }
            fragment_store(ic + row * N + col, iacc, N, fragment_row_major);
        }
    }
    int bad = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float s = 0, magnitude = 0;
            int is = 0;
            for (int k = 0; k < N; k++) {
                float product = (float)a[i * N + k] * (float)bt[j * N + k];
                s += product;
                magnitude += fabsf(product);
            }
            for (int k = 0; k < K8; k++) is += ia[i * K8 + k] * ib[k * N + j];
            if (!(fabsf(c[i * N + j] - s) <= 1e-5f * magnitude) || ic[i * N + j] != is) {
                if (bad++ < 4) printf("(%d, %d): %g %d, expected %g %d\n", i, j, c[i * N + j], ic[i * N + j], s, is);
            }
        }
    printf("%s\n", bad ? "wrong" : "fragments from 16-byte units: right");
    return bad != 0;
}
