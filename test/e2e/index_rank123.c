// needs: shaderInt64
/* Rank 1, 2 and 3 indexing of C arrays: the C++ AMP overview's index examples with the
 * index chosen on the host (captured scalars), then every element. */
#include <camp.h>
#include <stdio.h>

static int bad;

static void expect(const char *what, int got, int want) {
    if (got != want) {
        printf("%s: got %d, want %d\n", what, got, want);
        bad++;
    }
}

int main(void) {
    int a1[5] = {1, 2, 3, 4, 5};
    int a2[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int a3[2][3][4] = {{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
                       {{13, 14, 15, 16}, {17, 18, 19, 20}, {21, 22, 23, 24}}};

    int i = 2, r = 1, c = 2, d = 1;
    int out[4];
    parallel_for_each(t, extent(1)) { /* one point: t is 0 */
        out[t + 0] = a1[i];
        out[t + 1] = a2[r][c];
        out[t + 2] = a3[0][r][3];
        out[t + 3] = a3[d][2][c];
    }
    expect("a1[2]", out[0], 3);
    expect("a2[1][2]", out[1], 6);
    expect("a3[0][1][3]", out[2], 8);
    expect("a3[1][2][2]", out[3], 23);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);

    /* Every element, each rank: copy-and-transform, then check on the host. */
    int b1[5], b2[2][3], b3[2][3][4];
    parallel_for_each(t, extent(5)) {
        b1[t] = a1[4 - t] * 10;
    }
    parallel_for_each(t, extent(2, 3)) {
        b2[t[0]][t[1]] = a2[1 - t[0]][2 - t[1]] + 100 * t[0] + 10 * t[1];
    }
    parallel_for_each(t, extent(2, 3, 4)) {
        b3[t[0]][t[1]][t[2]] = a3[t[0]][t[1]][t[2]] * 1000 + t[0] * 100 + t[1] * 10 + t[2];
    }
    int sum = 0;
    for (int x = 0; x < 5; x++) {
        expect("b1", b1[x], a1[4 - x] * 10);
        sum += b1[x];
    }
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 3; x++) {
            expect("b2", b2[y][x], a2[1 - y][2 - x] + 100 * y + 10 * x);
            sum += b2[y][x];
        }
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) {
                expect("b3", b3[z][y][x], a3[z][y][x] * 1000 + z * 100 + y * 10 + x);
                sum += b3[z][y][x];
            }
    printf("sum %d\n", sum);
    return bad != 0;
}
