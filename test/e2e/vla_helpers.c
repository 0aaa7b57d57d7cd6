// needs: shaderInt64 shaderFloat64
/* Rows of run-time length beyond captures: a helper's C99 parameters
 * (`double a[n][m]`, `double (*b)[m]`, `float c[k][n][m]`), a pointer to
 * such rows declared in a kernel, and a restrict(cpu, amp) helper the
 * host calls too; each indexes rows by the lengths its declaration
 * names. The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static double at(int n, int m, const double a[n][m], int i, int j) restrict(amp) { return a[i][j]; }

static void put(int m, double (*b)[m], int i, int j, double v) restrict(amp) { b[i][j] = v; }

static float corner(int k, int n, int m, float c[k][n][m], int z) restrict(cpu, amp) {
    return c[z][n - 1][m - 1] + c[z][1][0];
}

int main(void) {
    int n = 5, m = 7, k = 3;
    double (*a)[m] = malloc(sizeof(double[n][m]));
    double (*b)[m] = malloc(sizeof(double[n][m]));
    float (*c)[n][m] = malloc(sizeof(float[k][n][m]));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) a[i][j] = 10 * i + j, b[i][j] = 0;
    for (int z = 0; z < k; z++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) c[z][i][j] = (float)(100 * z + 10 * i + j);
    array_view(a, n);
    array_view(b, n);
    array_view(c, k);
    parallel_for_each(p, extent(n, m)) {
        double (*rows)[m] = a; /* a pointer to rows of run-time length, declared in the kernel */
        put(m, b, p[0], p[1], at(n, m, a, p[0], p[1]) * 2 + rows[n - 1 - p[0]][p[1]]);
    }
    float corners[3];
    parallel_for_each(z, extent(k)) { corners[z] = corner(k, n, m, c, z); }
    array_view_synchronize(b);
    printf("%g %g %g %g\n", b[0][0], b[1][2], b[4][6], b[2][3]);
    printf("%g %g %g (host: %g)\n", corners[0], corners[1], corners[2], corner(k, n, m, c, 2));
    array_view_release(a);
    array_view_release(b);
    array_view_release(c);
    free(a), free(b), free(c);
    return 0;
}
