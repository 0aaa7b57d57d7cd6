// needs: shaderInt64
/* A pointer to rows of run-time size (`float (*m)[cols]`) over malloc'd
 * memory, made available with array_view: the kernel indexes m[r][c] with
 * the row size the host passes along. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    (void)argv;
    int rows = 5, cols = 6 + argc; /* 7: not known at compile time */
    float (*m)[cols] = malloc((size_t)rows * sizeof *m);
    const float (*src)[cols] = malloc((size_t)rows * sizeof *src);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) ((float (*)[cols])src)[r][c] = (float)(r * 100 + c);
    array_view(m, rows);
    array_view(src, rows);
    parallel_for_each(i, extent(rows, cols)) {
        m[i[0]][i[1]] = src[i[0]][i[1]] * 2.0f + src[(i[0] + 1) % rows][cols - 1 - i[1]];
    }
    array_view_synchronize(m);
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) printf(" %g", m[r][c]);
        printf("\n");
    }
    array_view_release(m);
    array_view_release(src);
    free(m);
    free((void *)src);
    return 0;
}
