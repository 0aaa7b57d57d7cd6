// needs: shaderInt64
/* index_extent.c — the C++ AMP overview's index and extent examples in C AMP.
 *
 * An index of rank 1, 2, 3 is an int, int2, int3; component 0 is the most
 * significant (depth, then row), the last one the column. Each lookup runs
 * in a one-thread kernel that copies the chosen element out. */
#include <camp.h>
#include <stdio.h>

int main(void) {
    /* Rank 1: the element at index 2 is 3. */
    int a1[5] = {1, 2, 3, 4, 5};
    int i0 = 2;
    int out1[1];
    parallel_for_each(t, extent(1)) {
        out1[t] = a1[i0];
    }
    printf("a1[2] = %d\n", out1[0]);

    /* Rank 2: row 1, column 2 is 6. */
    int a2[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int row = 1, col = 2;
    int out2[1];
    parallel_for_each(t, extent(1)) {
        out2[t] = a2[row][col];
    }
    printf("a2[1][2] = %d\n", out2[0]);

    /* Rank 3: depth 0, row 1, column 3 is 8. */
    int a3[2][3][4] = {{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
                       {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}}};
    int d = 0, r = 1, c = 3;
    int out3[1];
    parallel_for_each(t, extent(1)) {
        out3[t] = a3[d][r][c];
    }
    printf("a3[0][1][3] = %d\n", out3[0]);

    /* An extent of rank 3: 2 deep, 3 rows, 4 columns. */
    int3 e = extent(2, 3, 4);
    printf("The number of columns is %d\n", e[2]);
    printf("The number of rows is %d\n", e[1]);
    printf("The depth is %d\n", e[0]);

    /* A rank-2 kernel over the whole 2x3 array: idx[0] is the row. */
    int twice[2][3];
    parallel_for_each(idx, extent(2, 3)) {
        twice[idx[0]][idx[1]] = 2 * a2[idx[0]][idx[1]];
    }
    for (int i = 0; i < 2; i++) printf("%d %d %d\n", twice[i][0], twice[i][1], twice[i][2]);

    /* A rank-3 kernel over the whole 2x3x4 array: each element gets its
     * linear position (depth * 12 + row * 4 + column). */
    int pos[2][3][4];
    parallel_for_each(idx, extent(2, 3, 4)) {
        pos[idx[0]][idx[1]][idx[2]] = idx[0] * 12 + idx[1] * 4 + idx[2];
    }
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 3; j++)
            printf("%d %d %d %d\n", pos[i][j][0], pos[i][j][1], pos[i][j][2], pos[i][j][3]);
    }
    return 0;
}
