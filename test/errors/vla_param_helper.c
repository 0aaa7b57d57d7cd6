// A helper's C99 parameter with rows of run-time length: amp code knows a
// row's length only for captured variables, so the helper is refused
// (rather than indexing rows of one element).
#include <camp.h>

static double get(int rows, int cols, double g[rows][cols], int r, int c) restrict(amp) { return g[r][c]; }

int main(void) {
    int rows = 3, cols = 4;
    double m[rows][cols], out[12];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) m[r][c] = r * 10 + c;
    parallel_for_each(p, extent(rows, cols)) { out[p[0] * cols + p[1]] = get(rows, cols, m, p[0], p[1]); }
    return out[5] != m[1][1];
}
// expect-error: 6:46: 'g' has type 'double[rows][cols]', rows of run-time length, which amp code supports only in captured variables: pass a flat pointer and the row length instead (double *a, int m; a[i * m + j])
