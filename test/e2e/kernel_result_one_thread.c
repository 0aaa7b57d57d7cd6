// needs: shaderInt64 shaderFloat64
/* A variable of the enclosing function that a kernel assigns before it
 * reads it is each thread's own, unless the program reads its value after
 * the kernel: then, in a kernel of one thread (`extent(1)`), it is shared
 * with the host, and the host and later kernels see what the kernel left,
 * as a serial run does. Here: a norm summed into a scalar and read by the
 * host, a pivot read by the next kernel as a capture, an out-parameter of
 * sincos, and a value read in the next pass of the loop around the kernel
 * (was: the host's old values, silently). A temporary nobody reads after
 * stays each thread's own in a kernel of many threads. */
#include <camp.h>
#include <math.h>
#include <stdio.h>

#define N 8

static double col[N], q[N];

int main(void) {
    for (int i = 0; i < N; i++) col[i] = i + 1;
    double nrm = -1.0, pivot = 1.0, s = 0, c = 0, carried = 0, tmp;
    parallel_for_each(z, extent(1)) {
        nrm = 0.0;
        for (int i = 0; i < N; i++) nrm += col[i] * col[i];
    }
    printf("norm %g\n", nrm);
    parallel_for_each(z, extent(1)) {
        pivot = col[1];
        if (pivot == 0.0) pivot = 1.0;
    }
    parallel_for_each(i, extent(N)) { q[i] = col[i] / pivot; }
    printf("q %g %g\n", q[0], q[N - 1]);
    parallel_for_each(z, extent(1)) {
        sincos(col[0], &s, &c);
        s = s * s;
    }
    printf("sin^2 + cos^2 %.6f\n", s + c * c);
    for (int k = 0; k < 3; k++) {
        printf("pass %d carried %g\n", k, carried);
        parallel_for_each(z, extent(1, 1)) {
            carried = col[k];
            carried = carried * 10;
        }
    }
    parallel_for_each(i, extent(N)) {
        tmp = col[i] * 2;
        q[i] = tmp + 1;
    }
    printf("q %g %g\n", q[0], q[N - 1]);
    return 0;
}
