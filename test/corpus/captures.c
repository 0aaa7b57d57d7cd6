// needs: shaderInt64 shaderFloat64 shaderInt16 shaderInt8 storagePushConstant8 storagePushConstant16
/* What kernels capture from the enclosing function: a struct captured by
 * value (with a nested struct and an array member), scalars of several
 * types, complete arrays of rank 1, 2 and 3 read and written, an array of
 * structs, and 1-D and 2-D variable-length arrays (`float m[n][k]`) whose
 * sizes are only known at run time. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 240

typedef struct config {
    int scale;
    struct { short lo, hi; } limits;
    float bias;
    int taps[3];
} config;

static int make_rows(int seed) { return seed % 7 + 9; } /* run-time sizes for the VLAs */

int main(void) {
    config cfg = {3, {-40, 90}, 0.25f, {1, -2, 4}};
    long long big = 5000000000LL;
    unsigned char small = 200;
    double dd = 0.375;
    int a1[N], out1[N];
    int a2[12][20], out2[12][20];
    int a3[4][6][10], out3[4][6][10];
    float fout[N];
    for (int i = 0; i < N; i++) a1[i] = i * 13 % 97 - 48;
    for (int r = 0; r < 12; r++)
        for (int c = 0; c < 20; c++) a2[r][c] = r * 20 - c * 3;
    for (int d = 0; d < 4; d++)
        for (int r = 0; r < 6; r++)
            for (int c = 0; c < 10; c++) a3[d][r][c] = d * 1000 + r * 10 + c;

    /* A struct captured by value, and scalars of several types. */
    parallel_for_each(i, extent(N)) {
        int v = a1[i] * cfg.scale;
        v = v < cfg.limits.lo ? cfg.limits.lo : v > cfg.limits.hi ? cfg.limits.hi : v;
        int t = 0;
        for (int k = 0; k < 3; k++) t += cfg.taps[k] * a1[(i + k) % N];
        out1[i] = v * 1000 + t + (int)(big / 1000000000) + small;
        fout[i] = (float)a1[i] * cfg.bias + (float)dd;
    }
    /* A 2-D array and a 3-D array, read with neighbours and written. */
    parallel_for_each(p, extent(12, 20)) {
        int r = p[0], c = p[1];
        int up = r > 0 ? a2[r - 1][c] : 0, left = c > 0 ? a2[r][c - 1] : 0;
        out2[r][c] = a2[r][c] * 2 + up - left;
    }
    parallel_for_each(p, extent(4, 6, 10)) {
        out3[p[0]][p[1]][p[2]] = a3[3 - p[0]][p[1]][9 - p[2]] + a3[p[0]][5 - p[1]][p[2]] * 2;
    }

    /* VLAs: 1-D and 2-D with run-time sizes. */
    int rows = make_rows(N), cols = make_rows(N + 3) + 4;
    int v1[rows];
    float vm[rows][cols];
    int vout[rows][cols];
    for (int r = 0; r < rows; r++) {
        v1[r] = r * r - 10;
        for (int c = 0; c < cols; c++) vm[r][c] = (float)(r - c) * 0.5f;
    }
    parallel_for_each(p, extent(rows, cols)) {
        int r = p[0], c = p[1];
        vout[r][c] = (int)(vm[r][c] * 4.0f) + v1[r] * 100 + v1[(r + c) % rows];
        vm[r][c] += (float)c;
    }
    parallel_for_each(r, extent(rows)) {
        int s = 0;
        for (int c = 0; c < cols; c++) s += vout[r][c];
        v1[r] = s;
    }

    print_array("%d", out1, N);
    print_array("%a", fout, N);
    print_array2("%d", out2, 12, 20);
    for (int d = 0; d < 4; d++) print_array2("%d", out3[d], 6, 10);
    printf("VLA %d x %d\n", rows, cols);
    print_array2("%d", vout, rows, cols);
    print_array2("%a", vm, rows, cols);
    print_array("%d", v1, rows);
    return 0;
}
