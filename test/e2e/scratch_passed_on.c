// needs: shaderInt64 shaderFloat64
/* A scratch array declared at the top of the function (OpenMP's
 * `private(v)`), which the kernel first fills whole and then hands to a
 * helper: each thread's own, as when the kernel only indexes it (the
 * threads raced on one array before: 1,750 wrong of 2,000), and one a
 * memset clears first, then indexed by the thread's data and passed on.
 * The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
#include <string.h>

#define K 4
#define N 2000

static double ends(const double *w) restrict(cpu, amp) { return w[0] + w[K - 1]; }

static void twice(double *w) restrict(cpu, amp) {
    for (int k = 0; k < K; k++) w[k] *= 2;
}

int main(void) {
    static double x[N + K], y[N], z[N];
    int i, k, bad = 0;
    double v[K], u[K];
    for (i = 0; i < N + K; i++) x[i] = i;
    parallel_for_each(j, extent(N)) {
        for (k = 0; k < K; k++) v[k] = x[j + k];
        twice(v);
        y[j] = ends(v);
    }
    parallel_for_each(j, extent(N)) {
        memset(u, 0, sizeof u);
        u[j % K] = x[j];
        z[j] = ends(u) + u[1];
    }
    for (i = 0; i < N; i++) bad += y[i] != 2 * (2.0 * i + (K - 1));
    double zs = 0;
    for (i = 0; i < N; i++) zs += z[i];
    printf("%d wrong, %g %g %g\n", bad, y[0], y[N - 1], zs);
    return 0;
}
