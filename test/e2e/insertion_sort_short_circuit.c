// needs: shaderInt64
/* An insertion sort over each thread's own array, its loop test of two
 * parts (`b > 0 && t[b - 1] > t[b]`), for a median of nine: the optimizer
 * merged the loop's body into its continue block, or took the body's
 * `b - 1` as the loop's step, and Debian 12's lavapipe (Mesa 22.3) ran
 * either module wrongly at -O1 and up (every median wrong). Against the
 * serial run. */
#include <camp.h>
#include <stdio.h>

#define N 1000
#define K 9

static float in[N * K], med[N];

static void sort9(float *t) {
    for (int a = 1; a < K; a++)
        for (int b = a; b > 0 && t[b - 1] > t[b]; b--) {
            float x = t[b];
            t[b] = t[b - 1];
            t[b - 1] = x;
        }
}

int main(void) {
    int bad = 0;
    for (int i = 0; i < N * K; i++) in[i] = (float)((i * 37 + 11) % 101);
    parallel_for_each(i, extent(N)) {
        float t[K];
        int a, b;
        for (a = 0; a < K; a++) t[a] = in[i * K + a];
        for (a = 1; a < K; a++)
            for (b = a; b > 0 && t[b - 1] > t[b]; b--) {
                float x = t[b];
                t[b] = t[b - 1];
                t[b - 1] = x;
            }
        med[i] = t[K / 2];
    }
    for (int i = 0; i < N; i++) {
        float t[K];
        for (int a = 0; a < K; a++) t[a] = in[i * K + a];
        sort9(t);
        if (med[i] != t[K / 2] && bad++ < 3) printf("med[%d] = %g, expected %g\n", i, med[i], t[K / 2]);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
