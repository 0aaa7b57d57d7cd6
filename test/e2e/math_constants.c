// needs: shaderInt64 shaderFloat64
/* <math.h>'s constants in kernels: INFINITY and -INFINITY as identities
 * of a minimum and a maximum, HUGE_VAL and HUGE_VALF, NAN in float and
 * double (tested with isnan, as NaNs print differently on some hosts). */
#include <camp.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    float values[64], lows[8], highs[8];
    double big[4];
    int nans[4];
    for (int i = 0; i < 64; i++) values[i] = (float)((i * 37) % 64) - 20.5f;
    parallel_for_each(g, extent(8)) {
        float low = INFINITY, high = -INFINITY;
        for (int k = 0; k < 8; k++) {
            float v = values[g * 8 + k];
            low = v < low ? v : low;
            high = v > high ? v : high;
        }
        lows[g] = low;
        highs[g] = high;
    }
    parallel_for_each(i, extent(4)) {
        big[i] = i % 2 ? -HUGE_VAL : (double)HUGE_VALF;
        float f = NAN;
        double d = NAN;
        nans[i] = isnan(f) + 2 * isnan(d) + 4 * isinf(big[i]) + 8 * (f != f);
    }
    for (int g = 0; g < 8; g++) printf("group %d: %g .. %g\n", g, lows[g], highs[g]);
    printf("%g %g %d %d %d %d\n", big[0], big[1], nans[0], nans[1], nans[2], nans[3]);
    return 0;
}
