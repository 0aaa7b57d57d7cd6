// needs: shaderInt64
/* Rank 4 for untiled kernels (C++ AMP's extent<4>): an int4 index, the
 * four components each covering their extent exactly once, with odd
 * sizes, a computed domain, a 4-D array, captures beside the hidden one
 * and an empty extent. Each result is checked against the host. */
#include <camp.h>
#include <stdio.h>

static int bad;

static void expect(const char *what, long long got, long long want) {
    if (got != want) {
        printf("%s: got %lld, want %lld\n", what, got, want);
        bad++;
    }
}

enum { A = 3, B = 5, C = 7, D = 33 };

int main(int argc, char **argv) {
    (void)argv;
    static int grid[A][B][C][D];
    int scale = argc + 9;                                    /* 10: a captured scalar */
    parallel_for_each(i, extent(A, B, C, D)) {
        grid[i[0]][i[1]][i[2]][i[3]] += ((i[0] * scale + i[1]) * scale + i[2]) * 100 + i[3] + 1;
    }
    long long sum = 0;
    for (int a = 0; a < A; a++)
        for (int b = 0; b < B; b++)
            for (int c = 0; c < C; c++)
                for (int d = 0; d < D; d++) {
                    int want = ((a * 10 + b) * 10 + c) * 100 + d + 1;
                    if (grid[a][b][c][d] != want) bad++;
                    sum += grid[a][b][c][d];
                }
    printf("grid[2][4][6][32] %d, sum %lld\n", grid[2][4][6][32], sum);

    /* a computed domain, the index used as a whole (x y z w) */
    int4 e = extent(2, 1, 3, 4);
    int flat[2 * 1 * 3 * 4];
    parallel_for_each(i, e) {
        int4 k = i * (int4){12, 12, 4, 1};
        flat[k.x + k.y + k.z + k.w] = i.x * 1000 + i.y * 100 + i.z * 10 + i.w;
    }
    expect("flat[23]", flat[23], 1023);
    expect("flat[5]", flat[5], 11);
    printf("flat %d %d %d\n", flat[0], flat[5], flat[23]);

    /* an empty component runs nothing */
    int untouched[1] = {7};
    int zero = argc - 1;
    parallel_for_each(i, extent(2, zero, 3, 4)) { untouched[0] = i[0]; }
    expect("untouched", untouched[0], 7);
    printf("%s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
