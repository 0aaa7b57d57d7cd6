// needs: shaderInt64 shaderFloat64 shaderBufferInt64Atomics
/* camp_atomic_fetch_max and _min on floats and doubles in views (a CFL
 * number's maximum, the least distance of a float-weighted SSSP step): a
 * compare-and-swap of the value's bits, taking a number over NaN as fmax
 * and fmin do (a NaN in the data is passed over, a NaN held is replaced).
 * Printed for comparison with the serial build. */
#include <camp.h>
#include <math.h>
#include <stdio.h>

#define N 1000

static float lo = INFINITY, hi = -INFINITY, from_nan = NAN;
static double dlo = INFINITY, dhi = -INFINITY;
static float dist[8];
static float olds[N];

int main(void) {
    static float v[N];
    for (int i = 0; i < N; i++) v[i] = i == 500 ? NAN : sinf((float)i * 0.37f) * (float)(i % 7) - 0.5f;
    for (int k = 0; k < 8; k++) dist[k] = 100.0f;
    parallel_for_each(i, extent(N)) {
        camp_atomic_fetch_max(&hi, v[i]);
        camp_atomic_fetch_min(&lo, v[i]);
        camp_atomic_fetch_max(&dhi, (double)v[i] * 2);
        camp_atomic_fetch_min(&dlo, (double)v[i] * 2);
        camp_atomic_fetch_max(&from_nan, 1.0f);
        float old = camp_atomic_fetch_min(&dist[i % 8], (float)(i % 97) + 0.25f);
        olds[i] = old <= 100.0f ? 1.0f : 0.0f; /* every old value is a distance already there */
    }
    float ok = 0;
    for (int i = 0; i < N; i++) ok += olds[i];
    printf("%g %g %g %g %g %g\n", hi, lo, dhi, dlo, from_nan, ok);
    for (int k = 0; k < 8; k++) printf("%g ", dist[k]);
    printf("\n");
    return 0;
}
