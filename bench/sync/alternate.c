/* alternate — one kernel and one host read per iteration over a view of N
 * floats: synchronized by hand (`manual`: array_view_synchronize right
 * after the kernel, then the read), implicitly with the read right after
 * the kernel (`implicit`: campcc sees it and the launch synchronizes the
 * view), or implicitly with the read in a function campcc does not look
 * into (`elsewhere`: the read's page fault synchronizes it); the view is
 * of malloc'd memory, or (`new`) made by array_view_new; microseconds per
 * iteration (docs/performance.md, "Implicit synchronization").
 * usage: alternate [N] [iterations] [implicit|manual|elsewhere] [malloc|new]
 * build: campcc -O2 bench/sync/alternate.c -o alternate */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}
static __attribute__((noinline)) double read_elsewhere(const float *v, int it, long n) {
    return v[it & 63] + v[n - 1];
}
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 256;
    int iters = argc > 2 ? atoi(argv[2]) : 200;
    const char *mode = argc > 3 ? argv[3] : "implicit";
    int manual = strcmp(mode, "manual") == 0, elsewhere = strcmp(mode, "elsewhere") == 0;
    int made = argc > 4 && strcmp(argv[4], "new") == 0;
    float *v = made ? array_view_new(float, n) : malloc((size_t)n * sizeof *v);
    for (long i = 0; i < n; i++) v[i] = 0;
    if (!made) array_view(v, (int)n);
    double sum = 0, start = 0;
    for (int it = -10; it < iters; it++) {
        if (it == 0) start = now_us();
        if (manual) {
            parallel_for_each(i, extent((int)n)) { v[i] = v[i] + 1.0f; }
            array_view_synchronize(v);
            sum += v[it & 63] + v[n - 1];
        } else if (elsewhere) {
            parallel_for_each(i, extent((int)n)) { v[i] = v[i] + 1.0f; }
            sum += read_elsewhere(v, it, n);
        } else {
            parallel_for_each(i, extent((int)n)) { v[i] = v[i] + 1.0f; }
            sum += v[it & 63] + v[n - 1];
        }
    }
    double us = now_us() - start;
    printf("alternate %s %s %ld bytes: %.2f us per iteration (sum %.0f)\n", mode,
           made ? "array_view_new" : "malloc", n * 4, us / iters, sum);
    if (made) array_view_delete(v);
    else array_view_release(v);
    return 0;
}
