/* matvec_globals — a matrix-vector program as people write it: file-scope
 * arrays (a 4096 x 4096 matrix, 64 MiB), a helper taking non-const
 * pointers, two kernels reading the same matrix, the host reading the
 * results after each round. Run with CAMP_PROFILE=1 to see what crosses
 * the bus (docs/performance.md, "Implicit synchronization").
 * usage: matvec_globals [rounds]
 * build: campcc -O2 bench/sync/matvec_globals.c -o matvec_globals */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 4096
static float A[N][N], x[N], y[N], z[N];

static float dot(float *row, float *v, int n) restrict(amp) {
    float s = 0;
    for (int j = 0; j < n; j++) s += row[j] * v[j];
    return s;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 10;
    for (int i = 0; i < N; i++) {
        x[i] = 1.0f / (1 + i % 7);
        for (int j = 0; j < N; j++) A[i][j] = (float)((i + j) % 13) / 13.0f;
    }
    double check = 0, start = now_ms();
    for (int r = 0; r < rounds; r++) {
        parallel_for_each(i, extent(N)) { y[i] = dot(A[i], x, N); }
        parallel_for_each(i, extent(N)) { z[i] = dot(A[i], y, N) * 1e-3f; }
        check += z[r] + y[N - 1 - r]; /* the host reads results each round */
    }
    double ms = now_ms() - start;
    printf("matvec_globals: %d rounds %.3f ms (%.3f ms per round) check %.6g\n", rounds, ms, ms / rounds, check);
    return 0;
}
