// needs: shaderInt64
/* tile_average.c — the C++ AMP overview's tiling example in C AMP: a 4 x 6 array in
 * 2 x 2 tiles; each thread copies its value into the tile's tile_static
 * array, waits at the tile's barrier, and replaces its value by the
 * average of its tile.
 *
 *   The tiles:        Averages:
 *   2 2 | 9 7 | 1 4   3 3 8 8 3 3
 *   4 4 | 8 8 | 3 4   3 3 8 8 3 3
 *   ----+-----+----
 *   1 5 | 1 2 | 5 2   5 5 2 2 4 4
 *   6 8 | 3 2 | 7 2   5 5 2 2 4 4
 */
#include <camp.h>
#include <stdio.h>

int main(void) {
    int sample[4][6] = {
        {2, 2, 9, 7, 1, 4},
        {4, 4, 8, 8, 3, 4},
        {1, 5, 1, 2, 5, 2},
        {6, 8, 3, 2, 7, 2},
    };
    int average[4][6];

    /* threads for the 4 x 6 extent, divided into 2 x 2 tiles */
    parallel_for_each(t, tile(extent(4, 6), 2, 2)) {
        /* a 2 x 2 array shared by the threads of this tile */
        tile_static int nums[2][2];
        /* copy this thread's value into it */
        nums[t.local[0]][t.local[1]] = sample[t.global[0]][t.global[1]];
        /* once every thread of the tile has written its value, average them */
        tile_barrier_wait(t.barrier);
        int sum = nums[0][0] + nums[0][1] + nums[1][0] + nums[1][1];
        average[t.global[0]][t.global[1]] = sum / 4;
    }

    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 6; j++) printf("%d%s", average[i][j], j < 5 ? " " : "\n");
    }
    return 0;
}
