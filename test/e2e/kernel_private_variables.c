// cflags: -Wall -Werror=unused-variable -Werror=unused-but-set-variable
// needs: shaderFloat64 shaderInt64
/* Variables of the function around a kernel that the kernel assigns before
 * it reads them, as C written before C99 and PolyBench declare loop
 * counters and temporaries at the top of a function: each thread has its
 * own (the host's are left as they were, and -Wall finds none unused).
 * Loop counters of nested loops, a sum begun at 0, one assigned in both
 * branches of an if, a parameter reused as a temporary, a struct assigned
 * whole and one member by member, a for loop whose counter is read after
 * it ends, out-parameters written by sincos and frexp and by a helper
 * that writes through its parameters first. */
#include <camp.h>
#include <math.h>
#include <stdio.h>

#define N 12
#define M 9
static double A[N][M], x[M], y[N], z[N];

typedef struct {
    int lo, hi;
} range;

typedef struct {
    double re, im;
} complex_pair;

static void split(double v, double *mant, int *e) restrict(cpu, amp) {
    *mant = frexp(v, e);
    *mant *= 2;
}

static double w[N];

static void kernel_mv(int n, int m, double alpha, double A[n][m], double x[m], double y[n], double z[n]) {
    int i, j, k, e;
    double tmp, s, c, mant;
    range r;
    complex_pair acc;
    parallel_for_each(idx, extent(n)) {
        tmp = 0;
        for (j = 0; j < m; j++)
            for (k = 0; k < 2; k++) tmp += k ? 0.5 * A[idx][j] * x[j] : A[idx][j];
        if (idx % 3 == 0) i = 1;
        else i = -1;
        r = (range){idx, idx + j}; /* j is m after its loop */
        alpha = tmp * i;           /* the parameter, the thread's own too */
        y[idx] = alpha + r.hi - r.lo;
    }
    parallel_for_each(idx, extent(n)) {
        for (i = 0, tmp = 1; i < idx % 4; i++) tmp *= 2;
        z[idx] = tmp;
    }
    parallel_for_each(idx, extent(n)) {
        acc.re = 0;
        acc.im = 1;
        for (j = 0; j < m; j++) acc.re += A[idx][j], acc.im *= 1.0 + 0.01 * A[idx][j];
        sincos(0.1 * idx, &s, &c);
        split(acc.re + 0.5, &mant, &e);
        w[idx] = acc.re * acc.im + s * s + c * c + mant * e;
    }
}

int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) A[i][j] = (i * M + j) % 7 - 3;
    for (int j = 0; j < M; j++) x[j] = 0.25 * j;
    kernel_mv(N, M, 3.0, A, x, y, z);
    for (int i = 0; i < N; i++) printf("%d: %g %g %.12g\n", i, y[i], z[i], w[i]);
    return 0;
}
