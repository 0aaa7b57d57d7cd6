/* An extent that is not a multiple of its tile, without tile_pad or
 * tile_truncate: a run-time error naming the parallel_for_each's line. */
// expect-runtime-error: 10: extent 10 (index component 1) is not divisible by its tile size 4
#include <camp.h>
#include <stdio.h>

int main(void) {
    int rows = 8, cols = 10;
    int out[8][10];
    parallel_for_each(t, tile(extent(rows, cols), 4, 4)) {
        out[t.global[0]][t.global[1]] = 1;
    }
    printf("not reached: %d\n", out[0][0]);
    return 0;
}
