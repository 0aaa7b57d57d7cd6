// needs: shaderInt64
/* The exact float functions in a kernel without doubles (the `needs:`
 * line says so: no shaderFloat64): fminf, fmaxf, floorf, ceilf, truncf,
 * roundf, rintf, nearbyintf, fabsf, copysignf and sqrtf on halves, negative
 * numbers, +-0, subnormals (never flushed: floorf(-1e-40f) is -1), large
 * values, infinities and NaNs; the bits printed, against the host's
 * <math.h>. */
#include <camp.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 24
#define F 11

int main(void) {
    float in[N] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 0.0f, -0.0f, 1e-40f, -1e-40f, 0.49999997f, -0.49999997f,
                   8388607.5f, -8388607.5f, 16777217.0f, 3.75f, -3.25f, 1e30f, -1e30f, INFINITY, -INFINITY, NAN, 1.0f,
                   -7.0f};
    float out[N][F];
    parallel_for_each(i, extent(N)) {
        float x = in[i], y = in[(i + 5) % N];
        out[i][0] = fminf(x, y);
        out[i][1] = fmaxf(x, y);
        out[i][2] = floorf(x);
        out[i][3] = ceilf(x);
        out[i][4] = truncf(x);
        out[i][5] = roundf(x);
        out[i][6] = rintf(x);
        out[i][7] = nearbyintf(x);
        out[i][8] = fabsf(x);
        out[i][9] = copysignf(x, y);
        out[i][10] = sqrtf(x);
    }
    for (int i = 0; i < N; i++) {
        printf("%2d:", i);
        for (int f = 0; f < F; f++) {
            unsigned bits;
            memcpy(&bits, &out[i][f], sizeof bits);
            printf(" %08x", isnan(out[i][f]) ? 0x7fc00000u : bits); /* any NaN prints as one */
        }
        printf("\n");
    }
    return 0;
}
