// needs: shaderInt64
// test: tiled workgroups
/* Untiled kernels, whose workgroup size the runtime chooses, in one module
 * with a tiled kernel, whose workgroup must stay its tile: each tile of
 * 8 x 16 threads reverses its block of a 24 x 48 matrix through
 * tile_static memory (any other workgroup shape scrambles it), between
 * untiled kernels of ranks 1, 2 and 3 over extents no workgroup divides.
 * Run under several CAMP_WORKGROUP_SIZE values by the test suite. */
#include <camp.h>
#include <stdio.h>

#define R 24
#define C 48
#define TR 8
#define TC 16

int main(void) {
    static int m[R][C], out[R][C], line[1001], cube[3][5][7];
    int bad = 0;

    parallel_for_each(i, extent(1001)) { line[i] = 3 * i; }
    parallel_for_each(idx, extent(R, C)) { m[idx[0]][idx[1]] = idx[0] * 100 + idx[1]; }
    parallel_for_each(t, tile(extent(R, C), TR, TC)) {
        tile_static int block[TR][TC];
        block[t.local[0]][t.local[1]] = m[t.global[0]][t.global[1]];
        tile_barrier_wait(t.barrier);
        out[t.global[0]][t.global[1]] = block[TR - 1 - t.local[0]][TC - 1 - t.local[1]];
    }
    parallel_for_each(idx, extent(3, 5, 7)) { cube[idx[0]][idx[1]][idx[2]] = idx[0] * 100 + idx[1] * 10 + idx[2]; }

    for (int i = 0; i < 1001; i++)
        if (line[i] != 3 * i && bad++ < 5) printf("line[%d] = %d\n", i, line[i]);
    for (int y = 0; y < R; y++)
        for (int x = 0; x < C; x++) {
            int ty = y / TR * TR, tx = x / TC * TC;
            int sy = ty + TR - 1 - (y - ty), sx = tx + TC - 1 - (x - tx);
            if (out[y][x] != sy * 100 + sx && bad++ < 5) printf("out[%d][%d] = %d\n", y, x, out[y][x]);
        }
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 7; x++)
                if (cube[z][y][x] != z * 100 + y * 10 + x && bad++ < 5)
                    printf("cube[%d][%d][%d] = %d\n", z, y, x, cube[z][y][x]);
    printf("untiled and tiled kernels in one module: %s\n", bad ? "MISMATCH" : "ok");
    return bad != 0;
}
