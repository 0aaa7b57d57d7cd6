/* saxpy_past_int — y = a * x + y over more than 2^31 floats (default 3 x
 * 10^9: 24 GB on the device): extent64's 64-bit index, the arrays made by
 * array_new from the host's data, a few runs timed, and the result checked
 * at sampled indices and at the last one against the host's arithmetic.
 * Prints GB/s (12 bytes per element: x and y read, y written).
 *
 *   saxpy_past_int [elements] [runs]
 *   build: campcc -O2 bench/large/saxpy_past_int.c -o saxpy_past_int */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static float x_of(long long i) { return (float)(i % 1013) * 0.25f; }
static float y_of(long long i) { return (float)(i % 977) - 100.0f; }
/* y[i] after `runs` runs: exact in float (eighths below 2^12), fused or not. */
static float y_after(long long i, float a, int runs) {
    float y = y_of(i);
    for (int r = 0; r < runs; r++) y = a * x_of(i) + y;
    return y;
}

int main(int argc, char **argv) {
    long long n = argc > 1 ? atoll(argv[1]) : 3000000000LL;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    const float a = 0.5f;
    float *host = malloc((size_t)n * sizeof *host);
    if (!host) {
        fprintf(stderr, "saxpy_past_int: no host memory for %lld floats\n", n);
        return 1;
    }
    for (long long i = 0; i < n; i++) host[i] = x_of(i);
    float *x = array_new(float, n, host);
    for (long long i = 0; i < n; i++) host[i] = y_of(i);
    float *y = array_new(float, n, host);
    camp_accelerator_view_wait(camp_default_view());
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        double t0 = now_s();
        parallel_for_each(i, extent64(n)) { y[i] = a * x[i] + y[i]; }
        camp_accelerator_view_wait(camp_default_view());
        double t = now_s() - t0;
        best = t < best ? t : best;
    }
    array_copy_out(host, y, n);
    long long bad = host[n - 1] != y_after(n - 1, a, runs);
    for (long long i = 0; i < n; i += 999983) bad += host[i] != y_after(i, a, runs);
    printf("saxpy_past_int: %lld floats, best of %d runs %.3f ms, %.1f GB/s, %lld wrong of the sampled\n", n, runs,
           best * 1e3, 12.0 * (double)n / best * 1e-9, bad);
    array_delete(y);
    array_delete(x);
    free(host);
    return bad != 0;
}
