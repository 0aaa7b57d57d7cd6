// needs: shaderInt64 shaderFloat64
/* lowpass.c — a spectral low-pass filter: campcc kernels make a noisy
 * signal and cut its spectrum, VkFFT (fft_plan.c) transforms it forward
 * and back in place, all on one array on the accelerator, in order on the
 * default view's queue; checked against the same filter computed directly
 * on the host (the kept frequencies' DFT sums, then their synthesis). */
#include "fft_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4096, CUTOFF = 40 }; /* frequencies |k| <= CUTOFF are kept */
#define TWO_PI 6.28318530717958647692

/* Two low tones, a high one and white noise (a hash of the index). */
static float signal_at(int i) restrict(cpu, amp) {
    float t = (float)i / N;
    float noise = (float)(((unsigned)i * 2654435761u) >> 16) / 65536.0f - 0.5f;
    return sinf((float)TWO_PI * 3 * t) + 0.5f * cosf((float)TWO_PI * 17 * t) +
           0.3f * sinf((float)TWO_PI * 1500 * t) + 0.4f * noise;
}

/* The filter by its definition, in double: y[i] = (1/N) sum over |k| <=
 * CUTOFF of X[k] e^(2 pi i k i / N), X[k] the DFT of the signal. */
static void lowpass_direct(double *y) {
    for (int i = 0; i < N; i++) y[i] = 0;
    for (int k = -CUTOFF; k <= CUTOFF; k++) {
        double re = 0, im = 0;
        for (int j = 0; j < N; j++) {
            double a = -TWO_PI * k * j / N;
            re += signal_at(j) * cos(a);
            im += signal_at(j) * sin(a);
        }
        for (int i = 0; i < N; i++) {
            double a = TWO_PI * k * i / N;
            y[i] += (re * cos(a) - im * sin(a)) / N;
        }
    }
}

int main(void) {
    float2 *x = array_new(float2, N, NULL); /* complex: x the real part, y the imaginary */
    parallel_for_each(i, extent(N)) { x[i] = (float2){signal_at(i), 0.0f}; }
    fft_plan *plan = fft_plan_create(NULL, x, N, 1);
    if (!plan) return 1;
    fft_run(plan, FFT_FORWARD);
    parallel_for_each(i, extent(N)) { /* bin i is frequency i, or i - N past N/2 */
        int k = i <= N / 2 ? i : N - i;
        x[i] = k <= CUTOFF ? x[i] * (1.0f / N) : (float2){0.0f, 0.0f};
    }
    fft_run(plan, FFT_INVERSE);
    float2 *filtered = malloc(N * sizeof *filtered);
    double *expected = malloc(N * sizeof *expected);
    if (!filtered || !expected) return 1;
    array_copy_out(filtered, x, N); /* waits for the inverse transform */
    fft_plan_destroy(plan);
    array_delete(x);

    lowpass_direct(expected);
    double worst = 0;
    for (int i = 0; i < N; i++) {
        worst = fmax(worst, fabs(filtered[i].x - expected[i]));
        worst = fmax(worst, fabs(filtered[i].y)); /* a real signal's filtered copy stays real */
    }
    fprintf(stderr, "largest difference from the direct computation: %.3g\n", worst);
    bool same = worst < 1e-4;
    printf("low-pass of %d samples, %d of %d frequencies kept: %s the direct computation\n", N, 2 * CUTOFF + 1, N,
           same ? "matches" : "DIFFERS FROM");
    free(filtered);
    free(expected);
    return same ? 0 : 1;
}
