// needs: shaderInt64
// test: tiled
/* Tiled matrix multiply: each tile stages TS x TS blocks of A and B in
 * tile_static arrays padded by one column (the usual guard against memory
 * bank conflicts), with barriers between loading and using them. The
 * extent (37 x 29) is not a multiple of the tile: tile_pad runs the extra
 * threads, which load zeros and store nothing. Integer data: the host's
 * product must match exactly. */
#include <camp.h>
#include <stdio.h>

#define TS 8
enum { R = 37, K = 45, C = 29 };

int main(void) {
    static int a[R][K], b[K][C], c[R][C], want[R][C];
    for (int i = 0; i < R; i++)
        for (int k = 0; k < K; k++) a[i][k] = (i * 7 + k * 3) % 11 - 5;
    for (int k = 0; k < K; k++)
        for (int j = 0; j < C; j++) b[k][j] = (k * 5 + j * 2) % 13 - 6;

    int rows = R, inner = K, cols = C;
    parallel_for_each(t, tile_pad(tile(extent(R, C), TS, TS))) {
        tile_static int as[TS][TS + 1];
        tile_static int bs[TS][TS + 1];
        int row = t.global[0], col = t.global[1];
        int ly = t.local[0], lx = t.local[1];
        int sum = 0;
        for (int k0 = 0; k0 < inner; k0 += TS) {
            as[ly][lx] = row < rows && k0 + lx < inner ? a[row][k0 + lx] : 0;
            bs[ly][lx] = k0 + ly < inner && col < cols ? b[k0 + ly][col] : 0;
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < TS; k++) sum += as[ly][k] * bs[k][lx];
            tile_barrier_wait(t.barrier);
        }
        if (row < rows && col < cols) c[row][col] = sum;
    }

    int bad = 0;
    long long check = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int s = 0;
            for (int k = 0; k < K; k++) s += a[i][k] * b[k][j];
            want[i][j] = s;
            if (c[i][j] != s && bad++ < 5) printf("c[%d][%d] = %d, want %d\n", i, j, c[i][j], s);
            check += (long long)c[i][j] * (i + 1) + j;
        }
    printf("tiled matmul %dx%dx%d: %s, checksum %lld\n", R, K, C, bad ? "MISMATCH" : "matches the CPU", check);
    return bad != 0;
}
