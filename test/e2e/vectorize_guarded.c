/* Kernels that reach a view only under a condition, over an extent
 * larger than the view: a store and a read guarded by the index (the
 * extent padded, as for a multiple of a workgroup), a read in a branch of
 * ?: and on the right of &&, and a 2-D view whose rows are shorter than
 * the extent's x. Each thread may touch only the elements its condition
 * lets it (a 128-bit access over four elements ran past the views' ends,
 * or wrote back the next row's elements). */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

enum { M = 4096, N = 1 << 20, ROWS = 50, COLS = 37, PADDED = 64 };

int main(void) {
    float *b = malloc(M * sizeof *b), *out = malloc(N * sizeof *out);
    for (int i = 0; i < M; i++) b[i] = -1;
    array_view(b, M);
    array_view(out, N);
    parallel_for_each(i, extent(N)) { if (i < M) b[i] = i; }
    printf("guarded store: %g %g\n", b[0], b[M - 1]);
    parallel_for_each(i, extent(N)) { out[i] = i < M ? b[i] : 0.0f; }
    double sum = 0;
    for (int i = 0; i < N; i++) sum += out[i];
    printf("?: read: %.0f\n", sum);
    parallel_for_each(i, extent(N)) { out[i] = i < M && b[i] > 100; }
    sum = 0;
    for (int i = 0; i < N; i++) sum += out[i];
    printf("&& read: %.0f\n", sum);

    float (*grid)[COLS] = malloc(sizeof(float[ROWS][COLS]));
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) grid[r][c] = 0;
    array_view(grid, ROWS);
    for (int pass = 0; pass < 3; pass++)
        parallel_for_each(i, extent(ROWS, PADDED)) {
            if (i[1] < COLS) grid[i[0]][i[1]] += i[0] * 100 + i[1];
        }
    long long total = 0, wrong = 0;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            total += (long long)grid[r][c];
            wrong += grid[r][c] != 3.0f * (r * 100 + c);
        }
    printf("rows shorter than the extent: total %lld, %lld wrong\n", total, wrong);
    array_view_release(b);
    array_view_release(out);
    array_view_release(grid);
    free(b);
    free(out);
    free(grid);
    return 0;
}
