// needs: shaderInt64 shaderFloat64
/* float and double in kernels: arithmetic whose every result is exact (small
 * integers and dyadic fractions, so fused multiply-add cannot change it),
 * division by powers of two, float <-> double conversions, int <-> float and
 * int <-> double conversions in range (truncation toward zero), negation,
 * comparisons including -0.0 == 0.0, and float/double mixes that promote. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 320

int main(void) {
    float f[N], g[N], fres[N], narrowed[N];
    double d[N], dres[N], widened[N];
    int ints[N], trunc_f[N], trunc_d[N], cmp[N];
    for (int i = 0; i < N; i++) {
        f[i] = (float)(i - 160) * 0.375f;
        g[i] = (float)(i % 17 - 8) * 0.0625f;
        d[i] = (double)(i * 3 - 500) * 0.125;
        ints[i] = i * 1001 - 150000;
    }

    /* Exact float arithmetic. */
    parallel_for_each(i, extent(N)) {
        float x = f[i] * g[i] + f[i] / 4.0f - g[i] * 2.0f;
        fres[i] = -x + (f[i] - g[i]) * 0.5f;
    }
    /* Exact double arithmetic, mixed with float (the float is promoted). */
    parallel_for_each(i, extent(N)) {
        double y = d[i] * d[i] / 8.0 + d[i] * f[i] - (double)g[i];
        dres[i] = y + ints[i] * 0.25;
    }
    /* Conversions: float <-> double, float/double -> int truncates. */
    parallel_for_each(i, extent(N)) {
        widened[i] = f[i];
        narrowed[i] = (float)(d[i] * 2.0);
        trunc_f[i] = (int)(f[i] * 1.5f);
        trunc_d[i] = (int)(d[i] / 16.0) + (int)-d[i];
    }
    /* Comparisons; negative zero equals zero. */
    parallel_for_each(i, extent(N)) {
        float z = g[i] * 0.0f; /* -0.0f for negative g */
        cmp[i] = (f[i] < g[i]) + 2 * (f[i] >= d[i]) + 4 * (z == 0.0f) + 8 * (d[i] != (double)f[i]) +
                 16 * (g[i] <= -0.25f) + 32 * (ints[i] > f[i]) + 64 * !(d[i] > 0.0);
    }

    print_array("%a", fres, N);
    print_array("%a", dres, N);
    print_array("%a", widened, N);
    print_array("%a", narrowed, N);
    print_array("%d", trunc_f, N);
    print_array("%d", trunc_d, N);
    print_array("%d", cmp, N);
    return 0;
}
