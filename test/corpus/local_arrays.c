// needs: shaderInt64
/* Fixed-size local arrays in kernels: 1-D with and without initializers
 * (the rest zero), 2-D and 3-D with nested initializers, dynamic indexing
 * by loop counters and by data, arrays of structs and of floats, whole-row
 * iteration, and sizeof of a local array. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 256

int main(void) {
    int in[N], sorted_min[N], lookup[N], mat[N], cube[N];
    float fsum[N];
    for (int i = 0; i < N; i++) in[i] = (i * 7919) % 1000 - 500;

    /* A 1-D local array filled by a loop, then insertion-sorted. */
    parallel_for_each(i, extent(N)) {
        int a[8];
        for (int k = 0; k < 8; k++) a[k] = in[(i + k * 31) % N];
        for (int k = 1; k < 8; k++) {
            int v = a[k], j = k - 1;
            while (j >= 0 && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
        sorted_min[i] = a[0] * 10000 + a[7] + a[3] * 3;
    }
    /* An initialized table (missing elements are zero) indexed by data. */
    parallel_for_each(i, extent(N)) {
        int table[10] = {3, 1, 4, 1, 5, 9, 2, 6};
        int idx = (in[i] + 500) % 10;
        table[idx] += i;
        lookup[i] = table[idx] * 100 + table[9] + table[8] + (int)sizeof table;
    }
    /* A 2-D local array: a 3x3 matrix times itself. */
    parallel_for_each(i, extent(N)) {
        int m[3][3] = {{i % 5, 1, 2}, {3, i % 7 - 3, 5}, {6, 7, -(i % 3)}};
        int p[3][3];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) {
                p[r][c] = 0;
                for (int k = 0; k < 3; k++) p[r][c] += m[r][k] * m[k][c];
            }
        mat[i] = p[0][0] + p[1][1] * 3 + p[2][2] * 5 + p[0][2] * 7 - p[2][0];
    }
    /* A 3-D local array, and a float array summed with exact values. */
    parallel_for_each(i, extent(N)) {
        int g[2][3][4];
        float f[5] = {0.5f, 0.25f};
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 3; b++)
                for (int c = 0; c < 4; c++) g[a][b][c] = a * 100 + b * 10 + c + i;
        int s = 0;
        for (int b = 0; b < 3; b++) s += g[i % 2][b][i % 4] * (b + 1);
        cube[i] = s + g[1][2][3] + (int)(sizeof g / sizeof g[0][0]);
        f[i % 5] += (float)i;
        fsum[i] = f[0] + f[1] * 2.0f + f[2] + f[3] + f[4] * 0.5f;
    }

    print_array("%d", sorted_min, N);
    print_array("%d", lookup, N);
    print_array("%d", mat, N);
    print_array("%d", cube, N);
    print_array("%a", fsum, N);
    return 0;
}
