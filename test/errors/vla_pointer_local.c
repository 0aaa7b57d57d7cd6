// A cast to a pointer to rows of run-time length in a kernel is refused: a
// cast's value carries no row length (a variable declared so, or a
// captured one, works).
#include <camp.h>
#include <stdlib.h>

int main(void) {
    int n = 5, m = 6;
    double (*a)[m] = malloc(sizeof(double[n][m]));
    double *flat = (double *)a, y[1];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) a[i][j] = 10 * i + j;
    array_view(a, n);
    parallel_for_each(k, extent(1)) { y[0] = ((double (*)[m])flat)[2][3]; }
    return y[0] != 23;
}
// expect-error: 14:47: cast to 'double (*)[m]', rows of run-time length, is not supported in amp code
