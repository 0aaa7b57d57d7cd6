// needs: shaderInt64 shaderFloat64 shaderInt16 shaderInt8
// test: vectorized
// Kernels whose captures take more than the 128 bytes of push constants
// every device has: their arguments go through a buffer (layout.c). Twelve
// arrays and values of 1, 2, 4 and 8 bytes in one kernel; a struct holding
// a pointer and a variable-length array's rows beside eleven pointers, with
// a printf, in another; each result against the host's.
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000, ROWS = 6, COLS = 50 };

static float a0[N], a1[N], a2[N], a3[N], a4[N], a5[N], a6[N], a7[N], a8[N], a9[N], a10[N], sum[N];

struct scaled {
    const float *from;
    float by;
};

static void weigh(int cols, float (*m)[cols], float *w0, float *w1, float *w2, float *w3, float *w4, float *w5,
                  float *w6, float *w7, float *w8, float *w9, float *out, struct scaled s) {
    parallel_for_each(i, extent(ROWS, cols)) {
        int r = i[0], c = i[1];
        float w = w0[c] + w1[c] + w2[c] + w3[c] + w4[c] + w5[c] + w6[c] + w7[c] + w8[c] + w9[c];
        out[r * cols + c] = m[r][c] * w + s.from[c] * s.by;
        if (r == 0 && c == 0) printf("first: %g\n", (double)out[0]);
    }
}

int main(void) {
    for (int i = 0; i < N; i++) {
        a0[i] = (float)i;
        a1[i] = a0[i] + 1, a2[i] = a0[i] + 2, a3[i] = a0[i] + 3, a4[i] = a0[i] + 4, a5[i] = a0[i] + 5;
        a6[i] = a0[i] + 6, a7[i] = a0[i] + 7, a8[i] = a0[i] + 8, a9[i] = a0[i] + 9, a10[i] = a0[i] + 10;
    }
    signed char c = -3;
    short s = 300;
    double d = 0.25;
    long long big = 1LL << 40;
    parallel_for_each(i, extent(N)) {
        float t = a0[i] + a1[i] + a2[i] + a3[i] + a4[i] + a5[i] + a6[i] + a7[i] + a8[i] + a9[i] + a10[i];
        sum[i] = t + c + s + (float)(d * (double)(big >> 38));
    }
    int wrong = 0;
    for (int i = 0; i < N; i++)
        if (sum[i] != 11.0f * i + 55 - 3 + 300 + 1) wrong++;
    printf("twelve arrays and four values: %d wrong\n", wrong);

    float *w[10], *m = malloc(sizeof(float) * ROWS * COLS), *out = malloc(sizeof(float) * ROWS * COLS);
    for (int j = 0; j < 10; j++) {
        w[j] = malloc(sizeof(float) * COLS);
        for (int k = 0; k < COLS; k++) w[j][k] = (float)(j + k % 3);
        array_view(w[j], COLS);
    }
    for (int k = 0; k < ROWS * COLS; k++) m[k] = (float)(k % 7);
    array_view(m, ROWS * COLS);
    array_view(out, ROWS * COLS);
    weigh(COLS, (float(*)[COLS])m, w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9], out,
          (struct scaled){a10, 0.5f});
    wrong = 0;
    for (int r = 0; r < ROWS; r++)
        for (int k = 0; k < COLS; k++) {
            float weight = 0;
            for (int j = 0; j < 10; j++) weight += w[j][k];
            if (out[r * COLS + k] != m[r * COLS + k] * weight + a10[k] * 0.5f) wrong++;
        }
    printf("a struct, a variable-length array and ten pointers: %d wrong\n", wrong);
    return 0;
}
