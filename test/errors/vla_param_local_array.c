// A thread's own 2-D array given to a helper's C99 parameter of rows of
// run-time length: only views and arrays can be (the error says what to
// write instead).
#include <camp.h>

static double trace(int n, double a[n][n]) restrict(amp) {
    double t = 0;
    for (int i = 0; i < n; i++) t += a[i][i];
    return t;
}

int main(void) {
    double out[4];
    parallel_for_each(k, extent(4)) {
        double m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
        out[k] = trace(3, m) + k;
    }
    return (int)out[0];
}
// expect-error: 16: a local or tile_static array cannot be given as rows of run-time length (only views and arrays can)
