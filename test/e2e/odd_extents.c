// needs: shaderInt64
// test: workgroups
/* Rank-1, 2 and 3 kernels over extents that no workgroup size divides:
 * 100003, 37 x 23 and 5 x 7 x 9. Every point must run exactly once, and
 * no thread may write outside the extent. */
#include <camp.h>
#include <stdio.h>

#define N1 100003
#define R 37
#define C 23
#define D3 5
#define R3 7
#define C3 9

int main(void) {
    int bad = 0;
    long long checksum = 0;

    int v[N1 + 1];
    for (int i = 0; i <= N1; i++) v[i] = -1;
    parallel_for_each(i, extent(N1)) {
        v[i] = i * 3 + 1;
    }
    for (int i = 0; i < N1; i++) {
        if (v[i] != i * 3 + 1 && bad++ < 10) printf("v[%d] = %d\n", i, v[i]);
        checksum += v[i];
    }
    if (v[N1] != -1 && bad++ < 10) printf("v[N1] overwritten: %d\n", v[N1]);

    int m[R][C];
    for (int y = 0; y < R; y++)
        for (int x = 0; x < C; x++) m[y][x] = -1;
    parallel_for_each(idx, extent(R, C)) {
        m[idx[0]][idx[1]] = idx[0] * 1000 + idx[1];
    }
    for (int y = 0; y < R; y++)
        for (int x = 0; x < C; x++) {
            if (m[y][x] != y * 1000 + x && bad++ < 10) printf("m[%d][%d] = %d\n", y, x, m[y][x]);
            checksum += m[y][x] * 7LL;
        }

    int g[D3][R3][C3];
    for (int z = 0; z < D3; z++)
        for (int y = 0; y < R3; y++)
            for (int x = 0; x < C3; x++) g[z][y][x] = -1;
    parallel_for_each(idx, extent(D3, R3, C3)) {
        g[idx[0]][idx[1]][idx[2]] = idx[0] * 10000 + idx[1] * 100 + idx[2];
    }
    for (int z = 0; z < D3; z++)
        for (int y = 0; y < R3; y++)
            for (int x = 0; x < C3; x++) {
                int want = z * 10000 + y * 100 + x;
                if (g[z][y][x] != want && bad++ < 10) printf("g[%d][%d][%d] = %d\n", z, y, x, g[z][y][x]);
                checksum += g[z][y][x] * 13LL;
            }

    printf("checksum %lld\n", checksum);
    printf("corners %d %d %d\n", v[N1 - 1], m[R - 1][C - 1], g[D3 - 1][R3 - 1][C3 - 1]);
    return bad != 0;
}
