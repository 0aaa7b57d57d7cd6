// A scratch array that every thread fills through a helper and reads
// back, but that the host also reads after the kernel, stays one array
// the threads race on: the warning says so, as for one the kernel fills
// itself.
#include <camp.h>
#include <stdio.h>

static void fill(double *q, double x) restrict(amp) {
    for (int k = 0; k < 4; k++) q[k] = x * k;
}

int main(void) {
    static double x[64], y[64];
    double q[4];
    parallel_for_each(j, extent(64)) {
        fill(q, x[j]);
        y[j] = q[0] + q[3];
    }
    printf("%g\n", q[1]);
    return 0;
}
// expect-warning: 16:14: every thread writes 'q' and reads it back at the same elements, as scratch, but the host uses it in this function too
// expect-note: 14:12: 'q' declared here
