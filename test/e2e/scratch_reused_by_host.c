// needs: shaderInt64 shaderFloat64
/* A scratch array at the top of the function (C89 style) that a kernel
 * uses as each thread's own, and that the host then reuses for its own
 * check, writing it whole before it reads it (a loop over every element,
 * a memset): the host never reads what a kernel left in it, so each
 * thread still has its own copy (the threads shared one and raced before:
 * 3,584 of 4,096 wrong, with only a -Wkernel-race warning). The serial
 * reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
#include <string.h>

#define N 4096

int main(void) {
    double z[2], h[3];
    static double out[N], out2[N];
    int i, bad = 0;
    parallel_for_each(t, extent(N)) {
        for (i = 0; i < 2; i++) z[i] = t * (i + 1.0);
        out[t] = z[0] + z[1];
    }
    for (int p = 0; p < N; p++) {
        for (i = 0; i < 2; i++) z[i] = p * (i + 1.0);
        bad += out[p] != z[0] + z[1];
    }
    parallel_for_each(t, extent(N)) {
        memset(h, 0, sizeof h);
        h[t % 3] = t;
        out2[t] = h[0] - h[1] + h[2];
    }
    memset(h, 0, sizeof h);
    for (int p = 0; p < N; p++) {
        h[p % 3] += out2[p];
    }
    printf("%d wrong; %g %g %g\n", bad, h[0], h[1], h[2]);
    return 0;
}
