// test: tiled
// needs: shaderInt64 shaderFloat64
/* Complex values in tile_static memory: each tile sums i·z over its
 * elements, the tile's first thread adding them in order, against the host. */
#include <camp.h>
#include <complex.h>
#include <stdio.h>
#define N 64
#define TS 16
double complex z[N], sums[N / TS];
int main(void) {
    for (int i = 0; i < N; i++) z[i] = i * 0.25 - (i % 5) * I;
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static double complex s[TS];
        s[t.local] = z[t.global] * I;
        tile_barrier_wait(t.barrier);
        if (t.local == 0) {
            double complex acc = 0;
            for (int k = 0; k < TS; k++) acc += s[k];
            sums[t.tile] = acc;
        }
    }
    int bad = 0;
    for (int b = 0; b < N / TS; b++) {
        double complex acc = 0;
        for (int k = 0; k < TS; k++) acc += z[b * TS + k] * I;
        if (acc != sums[b]) bad++, printf("tile %d: (%g, %g), host (%g, %g)\n", b, creal(sums[b]), cimag(sums[b]), creal(acc), cimag(acc));
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
