// needs: shaderInt64 shaderInt16
// test: addresses
/* Elements of views reached through 1 to 3 levels of indexing, which
 * campcc computes as one offset from the view's address: fixed-size
 * arrays (32-bit offsets), variable-length arrays and pointers to them
 * (their row sizes from hidden captures, some levels variable and some
 * fixed), indexes of other integer types, an index computed as x - 1, and
 * the index sums campcc splits into terms and constants (neighbours,
 * negations, constant multiples, widening casts, constants that cancel). */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    (void)argv;
    int n = 5 + argc; /* 6: not a constant to the compiler */
    static float g[4][5][6], h[3][4][5];
    int m[n][n + 1];
    float *pbuf = malloc(sizeof(float) * 3 * n * 4), *qbuf = malloc(sizeof(float) * 2 * n * n);
    float *rbuf = malloc(sizeof(float) * 4 * n * n);
    static float s[4][6][6];
    float (*p)[n][4] = (float (*)[n][4])pbuf;
    float (*q)[n][n] = (float (*)[n][n])qbuf;
    for (int i = 0; i < 4 * 5 * 6; i++) ((float *)g)[i] = (float)i;
    for (int i = 0; i < 3 * n * 4; i++) pbuf[i] = 0;
    for (int i = 0; i < 2 * n * n; i++) qbuf[i] = (float)(i % 7);
    array_view(pbuf, 3 * n * 4);
    array_view(qbuf, 2 * n * n);
    const float (*r)[n][n] = (const float (*)[n][n])rbuf;
    for (int i = 0; i < 4 * n * n; i++) rbuf[i] = (float)(i % 11) - 3.0f;
    array_view(rbuf, 4 * n * n);

    parallel_for_each(i, extent(3, 4, 5)) {
        long z = i[0];
        unsigned y = (unsigned)i[1];
        short x = (short)i[2];
        /* a negative index into an inner row is undefined in C (UBSan's bounds check
         * says so), so x == 0 reads the same element, the previous row's last, by name */
        float back = (x > 0 ? g[z][y + 1][x - 1] : g[z][y][5]) + g[z + 1][y][x];
        h[z][y][x] = back * 0.5f + g[z][y][x + 1];
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c <= n; c++) m[r][c] = r - c;
    parallel_for_each(i, extent(n, n + 1)) { m[i[0]][i[1]] = i[0] * 10 + i[1] * m[i[0]][i[1]]; }
    parallel_for_each(i, extent(3, n, 4)) {
        p[i[0]][i[1]][i[2]] = q[i[0] % 2][i[1]][(i[2] + i[1]) % n] + (float)(i[0] * 100 + i[1] * 10 + i[2]);
    }
    parallel_for_each(i, extent(3, n)) { /* a row of a variable-length array through a pointer variable */
        float (*plane)[4] = p[i[0]];
        plane[i[1]][i[0]] += 1000.0f;
    }
    parallel_for_each(i, extent(2, n, n)) { q[i[0]][i[1]][i[2]] = q[i[0]][i[1]][i[2]] * 2.0f - (float)i[2]; }
    parallel_for_each(i, extent(2, n - 2, n - 2)) {
        int z = i[0] + 1, y = i[1] + 1, x = i[2] + 1;
        float a = r[z - 1][y][x] + r[z + 1][y][x] + r[z][-(-y) - 1][x] + r[z][y + 1][2 * x - x];
        float b = r[z][y][(long)(x + 1)] + r[z][y][x + 1000000 - 1000000 - 1] + r[z][(y + 1) * 3 - 2 * y - 3][x];
        s[z][y][x] = a * 0.25f + b - g[z][y - 1][x + 1] + (float)(z * 100 + y * 10 + x);
    }
    array_view_synchronize(pbuf);
    array_view_synchronize(qbuf);

    double sum = 0;
    for (int i = 0; i < 3 * 4 * 5; i++) sum = sum * 0.5 + ((float *)h)[i];
    unsigned long long ms = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c <= n; c++) ms = ms * 3 + (unsigned)m[r][c];
    double ps = 0, qs = 0;
    for (int i = 0; i < 3 * n * 4; i++) ps += pbuf[i] * (i % 5 + 1);
    for (int i = 0; i < 2 * n * n; i++) qs += qbuf[i] * (i % 3 + 1);
    double ss = 0;
    for (int i = 0; i < 4 * 6 * 6; i++) ss = ss * 0.75 + ((float *)s)[i];
    printf("h %.6f m %llu p %.3f q %.3f s %.4f s[2][4][4] %g\n", sum, ms, ps, qs, ss, s[2][4][4]);
    printf("h[2][3][4] %g m[%d][%d] %d p[2][%d][3] %g q[1][2][3] %g\n", h[2][3][4], n - 1, n, m[n - 1][n],
           n - 1, p[2][n - 1][3], q[1][2][3]);
    array_view_release(pbuf);
    array_view_release(qbuf);
    array_view_release(rbuf);
    free(rbuf);
    free(pbuf);
    free(qbuf);
    return 0;
}
