// needs: shaderInt64
/* Kernels reach file-scope arrays only through pointers, as ports write a
 * ping-pong of two grids: a host function takes the two as pointers and
 * launches; no kernel names the arrays themselves. Each array gets the
 * view a kernel naming it would give it (the unit lists its file-scope
 * arrays for libcamp): the host reads the results, writes an element
 * between launches, and a constant table is read through a pointer to
 * const. Pointers one past an array's end, where the next array begins,
 * are the next array's. */
#include <camp.h>
#include <stdio.h>

#define N 4096
static float ga[N], gb[N];
static const float weights[4] = {0.5f, 0.25f, 0.125f, 0.125f};

static void step(float *dst, const float *src, const float *w, int n) {
    parallel_for_each(i, extent(n)) {
        float left = src[i > 0 ? i - 1 : i], right = src[i < n - 1 ? i + 1 : i];
        dst[i] = w[0] * src[i] + w[1] * left + w[2] * right + w[3];
    }
}

int main(void) {
    for (int i = 0; i < N; i++) ga[i] = (float)(i % 97);
    float *src = ga, *dst = gb;
    for (int it = 0; it < 9; it++) {
        step(dst, src, weights, N);
        float *t = src;
        src = dst;
        dst = t;
        if (it == 4) src[100] = 1000.0f; /* the host's write, which the next kernel sees */
    }
    double sum = 0;
    for (int i = 0; i < N; i++) sum += src[i];
    printf("%s holds the result: %.6f %.6f %.6f, sum %.4f\n", src == ga ? "ga" : "gb", src[0], src[100], src[N - 1],
           sum);
    return 0;
}
