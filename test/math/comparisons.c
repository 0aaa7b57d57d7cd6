// needs: shaderInt64 shaderFloat64
/* C99's comparison macros in kernels (isgreater, isgreaterequal, isless,
 * islessequal, islessgreater, isunordered) on every pair of edge values,
 * in float, double and mixed: false with a NaN, -0 equal to +0, and exact
 * on subnormals also where a device flushes them (they compare the bits).
 * Compared byte for byte with the serial mode (glibc's macros). The mixed
 * ones take no float subnormal: converting one to double is the kernel's
 * own conversion, which NVIDIA flushes to 0 (docs/math.md, Subnormals). */
#include <camp.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

#define N 14
#define PAIRS (N * N)

int main(void) {
    static const double dv[N] = {0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1p-1070, DBL_MIN, 1.0, -1.0, 1.5,
                                 DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN};
    static const float fv[N] = {0.0f, -0.0f, 0x1p-149f, -0x1p-149f, 0x1p-140f, FLT_MIN, 1.0f, -1.0f, 1.5f,
                                FLT_MAX, -FLT_MAX, INFINITY, -INFINITY, NAN};
    double dx[PAIRS], dy[PAIRS];
    float fx[PAIRS], fy[PAIRS], fm[PAIRS]; /* fm: fy, subnormals replaced */
    int r[PAIRS * 18];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            dx[i * N + j] = dv[i], dy[i * N + j] = dv[j];
            fx[i * N + j] = fv[i], fy[i * N + j] = fv[j];
            fm[i * N + j] = fabsf(fv[j]) > 0.0f && fabsf(fv[j]) < FLT_MIN ? fv[j] * 0x1p120f : fv[j];
        }
    parallel_for_each(p, extent(PAIRS)) {
        int o = 18 * p;
        r[o + 0] = isgreater(dx[p], dy[p]);
        r[o + 1] = isgreaterequal(dx[p], dy[p]);
        r[o + 2] = isless(dx[p], dy[p]);
        r[o + 3] = islessequal(dx[p], dy[p]);
        r[o + 4] = islessgreater(dx[p], dy[p]);
        r[o + 5] = isunordered(dx[p], dy[p]);
        r[o + 6] = isgreater(fx[p], fy[p]);
        r[o + 7] = isgreaterequal(fx[p], fy[p]);
        r[o + 8] = isless(fx[p], fy[p]);
        r[o + 9] = islessequal(fx[p], fy[p]);
        r[o + 10] = islessgreater(fx[p], fy[p]);
        r[o + 11] = isunordered(fx[p], fy[p]);
        r[o + 12] = isgreater(fm[p], dy[p]); /* mixed: compared as doubles */
        r[o + 13] = isgreaterequal(dx[p], fm[p]);
        r[o + 14] = isless(fm[p], dy[p]);
        r[o + 15] = islessequal(dx[p], fm[p]);
        r[o + 16] = islessgreater(fm[p], dy[p]);
        r[o + 17] = isunordered(dx[p], fm[p]);
    }
    for (int p = 0; p < PAIRS; p++) {
        printf("%a %a %a %a %a:", dx[p], dy[p], (double)fx[p], (double)fy[p], (double)fm[p]);
        for (int k = 0; k < 18; k++) printf(" %d", r[18 * p + k] != 0);
        printf("\n");
    }
    return 0;
}
