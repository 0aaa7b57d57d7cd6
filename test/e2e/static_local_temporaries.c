// needs: shaderInt64 shaderFloat64
/* Statics of a function, as f2c declares every local (`static doublereal
 * temp; static integer i__;`): one that the function's host code and its
 * kernels assign before each read is each kernel's own in amp code, as a
 * serial run uses it (was: one variable the threads shared, and 24 of 32
 * column sums wrong). A static the host reads after a kernel set it, or
 * whose value a later call reads, stays one variable; so does one the host
 * assigns and the kernel only reads, of the function or of the file (was:
 * each kernel's own, read unassigned). */
#include <camp.h>
#include <stdio.h>

typedef int integer;
typedef double doublereal;

#define M 64
#define N 512

static doublereal a[N * M], y[N], z[N];

/* y = column sums of a, f2c style: the loop counter and the sum are static */
static void colsum(integer *m, integer *n) {
    static integer i__, j;
    static doublereal temp;
    for (j = 1; j <= *n; ++j) y[j - 1] = -1.; /* the host's own use: assigned before it reads */
    integer mm = *m;
    parallel_for_each(jj, extent(*n)) {
        temp = 0.;
        for (i__ = 1; i__ <= mm; ++i__) temp += a[jj * mm + i__ - 1];
        y[jj] = temp;
    }
}

/* The largest column sum, found by one thread and read by the host after */
static doublereal largest(integer n) {
    static doublereal big;
    parallel_for_each(t, extent(1)) {
        big = y[0];
        for (integer k = 1; k < n; k++) big = y[k] > big ? y[k] : big;
    }
    return big;
}

/* Statics the host assigns and the kernel only reads (f2c's `static
 * integer ix;` set to the start index): the host's value, captured (was:
 * each kernel's own, unassigned, reading 0) */
static int shift_file;
static void shifted(doublereal *out, integer k) {
    static integer ix;
    ix = k;
    shift_file = k + 1;
    parallel_for_each(jj, extent(N)) { out[jj] = y[(ix + jj) % N] - y[(shift_file + jj) % N]; }
}

/* A static whose value the next call reads: the call count, kept */
static integer scaled(doublereal s) {
    static integer calls;
    calls = calls + 1;
    parallel_for_each(jj, extent(N)) { z[jj] = y[jj] * s; }
    return calls;
}

int main(void) {
    integer m = M, n = N, bad = 0;
    for (integer k = 0; k < N * M; k++) a[k] = (doublereal)((k * 7) % 13);
    colsum(&m, &n);
    doublereal most = 0;
    for (integer j = 0; j < N; j++) {
        doublereal want = 0;
        for (integer i = 0; i < M; i++) want += a[j * M + i];
        if (y[j] != want && bad++ < 5) printf("y[%d] = %g, want %g\n", j, y[j], want);
        most = want > most ? want : most;
    }
    doublereal big = largest(N);
    integer calls = scaled(0.5);
    calls = scaled(2.0);
    shifted(z, 5);
    for (integer j = 0; j < N; j++)
        if (z[j] != y[(5 + j) % N] - y[(6 + j) % N] && bad++ < 5) printf("z[%d] = %g after the shift\n", j, z[j]);
    printf("%d wrong, largest %g (want %g), calls %d, z[7] %g\n", bad, big, most, calls, z[7]);
    return bad != 0 || big != most;
}
