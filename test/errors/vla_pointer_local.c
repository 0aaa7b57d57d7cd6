// A pointer to rows of run-time length declared or cast to in a kernel is
// refused (a captured one works: its launch passes the row's length).
#include <camp.h>
#include <stdlib.h>

int main(void) {
    int n = 5, m = 6;
    double (*a)[m] = malloc(sizeof(double[n][m]));
    double *flat = (double *)a, y[2];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) a[i][j] = 10 * i + j;
    array_view(a, n);
    parallel_for_each(k, extent(1)) {
        double (*b)[m] = a;
        y[0] = b[2][3];
        y[1] = ((double (*)[m])flat)[2][3];
    }
    return y[0] != 23 || y[1] != 23;
}
// expect-error: 14:18: 'b' has type 'double (*)[m]', rows of run-time length
// expect-error: 16:17: cast to 'double (*)[m]', rows of run-time length, is not supported in amp code
