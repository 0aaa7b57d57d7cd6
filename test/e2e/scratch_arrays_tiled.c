// test: tiled
/* An array of the function around a tiled kernel used as each thread's
 * scratch (scratch_arrays.c says when): two running sums, even and odd
 * elements of the tile's row in tile_static memory, each thread's own.
 * Checked against the host (small integers: exact). */
#include <camp.h>
#include <stdio.h>

#define N 256
#define TS 16

static float in[N], out[N];

int main(void) {
    int k, bad = 0;
    float acc[2];
    for (k = 0; k < N; k++) in[k] = (float)(k % 11) - 4;
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static float row[TS];
        row[t.local] = in[t.global];
        tile_barrier_wait(t.barrier);
        acc[0] = 0;
        acc[1] = 0;
        for (k = 0; k < TS; k++) acc[k & 1] += row[k] * (float)(t.local + 1);
        out[t.global] = acc[0] - acc[1];
    }
    for (int i = 0; i < N; i++) {
        float even = 0, odd = 0;
        for (k = 0; k < TS; k++) *(k & 1 ? &odd : &even) += in[i / TS * TS + k] * (float)(i % TS + 1);
        if (out[i] != even - odd) {
            if (bad++ < 5) printf("out[%d] = %g, expected %g\n", i, out[i], even - odd);
        }
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
