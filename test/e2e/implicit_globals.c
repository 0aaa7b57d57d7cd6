// needs: shaderInt64
/* Global and static arrays captured by kernels (implicit views) stay on
 * the accelerator between kernels and come back at the host's first
 * access (docs/data-model.md): results are those of the serial program
 * however the host reads or writes them between kernels — neighbours on
 * the same page, a helper taking non-const pointers that only reads, a
 * static local array returned from a function, memcpy and fwrite. */
#include <camp.h>
#include <stdio.h>
#include <string.h>

#define N 300
#define M 64
static float x[N], y[N], z[N];
static float m[M][M];

static float dot(float *row, float *v, int n) restrict(amp) {
    float s = 0;
    for (int j = 0; j < n; j++) s += row[j] * v[j];
    return s;
}

static float *histogram(int round) {
    static float counts[16];
    parallel_for_each(i, extent(16)) { counts[i] = counts[i] + (float)(i * round); }
    return counts;
}

int main(void) {
    for (int i = 0; i < N; i++) x[i] = (float)(i % 11);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) m[i][j] = (float)((i + 2 * j) % 5);
    for (int round = 0; round < 3; round++) {
        parallel_for_each(i, extent(N)) { y[i] = x[i] * 2 + (float)round; }
        parallel_for_each(i, extent(N)) { z[i] = y[i] + x[i]; }
        printf("round %d: y %g %g z %g %g\n", round, y[0], y[N - 1], z[1], z[N - 2]);
        x[round] = 100.0f + (float)round; /* the next kernel sees it */
        y[5] = -1.0f;                     /* overwritten by the next kernel */
    }
    parallel_for_each(i, extent(M)) { x[i] = dot(m[i], m[(i + 1) % M], M); }
    float first[4];
    memcpy(first, x, sizeof first);
    printf("dot: %g %g %g %g, m unchanged %g\n", first[0], first[1], first[2], first[3], m[3][7]);
    FILE *f = tmpfile();
    if (!f || fwrite(z, sizeof z[0], N, f) != N) return 1;
    rewind(f);
    float back[N];
    if (fread(back, sizeof back[0], N, f) != N) return 1;
    fclose(f);
    printf("fwrite: %g %g\n", back[7], back[N - 1]);
    for (int round = 1; round <= 3; round++) {
        float *counts = histogram(round);
        printf("counts after %d: %g %g\n", round, counts[1], counts[15]);
    }
    return 0;
}
