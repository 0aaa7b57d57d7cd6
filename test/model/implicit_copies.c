/* Global arrays (implicit views) move only when they must: each crosses
 * to the accelerator once, although two kernels a round read the matrix
 * and the host reads the results every round, and only what kernels
 * write comes back, when the host reads it (copies counted by
 * CAMP_PROFILE, copies_back.py). */
#include <camp.h>
#include <stdio.h>

#define N 64
static float a[N][N], x[N], y[N], z[N];

static float dot(float *row, float *v) restrict(amp) {
    float s = 0;
    for (int j = 0; j < N; j++) s += row[j] * v[j];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 3);
        for (int j = 0; j < N; j++) a[i][j] = (float)((i + j) % 7);
    }
    for (int round = 0; round < 3; round++) {
        parallel_for_each(i, extent(N)) { y[i] = dot(a[i], x) + (float)round; }
        parallel_for_each(i, extent(N)) { z[i] = dot(a[i], y); }
        printf("round %d: %g %g\n", round, y[N - 1], z[0]);
    }
    return 0;
}
// needs: shaderInt64
