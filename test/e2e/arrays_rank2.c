// needs: shaderInt64
/* Arrays of rank 2 and 3 (C++ AMP's array<T, 2> and array<T, 3>):
 * array_new of an array type gives a pointer to rows, indexed as a C
 * array in kernels, with a run-time row size; copied in and out whole. */
#include <camp.h>
#include <stdio.h>

enum { ROWS = 5, PLANES = 2, R = 3, C = 4 };

int main(int argc, char **argv) {
    (void)argv;
    int cols = argc + 6;                                      /* 7: a run-time row size */
    float src[ROWS * 7];
    for (int i = 0; i < ROWS * cols; i++) src[i] = (float)i;
    float (*a)[cols] = array_new(float[cols], ROWS, src);
    parallel_for_each(i, extent(ROWS, cols)) { a[i[0]][i[1]] = a[i[0]][i[1]] * 2 + i[0]; }
    float out[ROWS][7];
    array_copy_out(out, a, ROWS);
    printf("rank 2: %g %g %g\n", out[0][1], out[1][0], out[ROWS - 1][cols - 1]);   /* 2 15 72 */
    array_delete(a);

    int (*g)[R][C] = array_new(int[R][C], PLANES, NULL);
    parallel_for_each(i, extent(PLANES, R, C)) { g[i[0]][i[1]][i[2]] = i[0] * 100 + i[1] * 10 + i[2]; }
    int back[PLANES][R][C];
    array_copy_out(back, g, PLANES);
    printf("rank 3: %d %d\n", back[0][2][3], back[1][1][2]);   /* 23 112 */
    array_delete(g);
    return 0;
}
