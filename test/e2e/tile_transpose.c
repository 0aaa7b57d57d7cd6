// needs: shaderInt64
// test: tiled
/* Matrix transpose through a tile_static block: each tile reads a block
 * row by row, waits, and writes it transposed, so both the reads and the
 * writes of neighbouring threads touch neighbouring elements. 48 x 80 in
 * 16 x 16 tiles; the padded column avoids bank conflicts. */
#include <camp.h>
#include <stdio.h>

#define TS 16
enum { R = 48, C = 80 };

int main(void) {
    static float in[R][C], out[C][R];
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) in[i][j] = (float)(i * 1000 + j);
    parallel_for_each(t, tile(extent(R, C), TS, TS)) {
        tile_static float block[TS][TS + 1];
        block[t.local[0]][t.local[1]] = in[t.global[0]][t.global[1]];
        tile_barrier_wait(t.barrier);
        /* this thread writes the element of the transposed tile at its own local position */
        int out_row = t.tile_origin[1] + t.local[0];
        int out_col = t.tile_origin[0] + t.local[1];
        out[out_row][out_col] = block[t.local[1]][t.local[0]];
    }
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            if (out[j][i] != in[i][j] && bad++ < 5) printf("out[%d][%d] = %g, want %g\n", j, i, out[j][i], in[i][j]);
    printf("transpose %dx%d: %s\n", R, C, bad ? "MISMATCH" : "matches the CPU");
    return bad != 0;
}
