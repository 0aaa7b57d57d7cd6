/* first_copy_sizes — what a process's first copy in costs beside later
 * ones of the same size, one size per process: after the device opens (a
 * small array), four rounds of a new array, a copy in from malloc'd
 * memory and the same copy again; rounds 0 and 1 free their array, so
 * round 1 reuses kept memory and round 3 allocates while the process is
 * warm. Prints each round's times in ms (the allocation is lazy: it is
 * part of the first copy into the array).
 *
 *   first_copy_sizes [MiB]      (default 64) */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Copies `host` into `a` and waits; the time in ms. */
static double timed_copy_in(float *a, const float *host, size_t n) {
    double start = now_ms();
    array_copy_in(a, host, (long long)n);
    camp_accelerator_view_wait(camp_default_view());
    return now_ms() - start;
}

int main(int argc, char **argv) {
    size_t mib = argc > 1 ? (size_t)atoi(argv[1]) : 64, n = mib << 18; /* floats */
    int *tiny = array_new(int, 4, NULL);
    float *host = malloc(n * sizeof *host);
    if (!host) return 1;
    for (size_t i = 0; i < n; i++) host[i] = (float)(i % 1000);
    float *kept[4] = {NULL};
    for (int round = 0; round < 4; round++) {
        float *a = array_new(float, (long long)n, NULL);
        double first = timed_copy_in(a, host, n), again = timed_copy_in(a, host, n);
        printf("%zu MiB round %d: first copy into the array %.3f ms (%.2f GB/s), again %.3f ms (%.2f GB/s)\n", mib,
               round, first, (double)(n * sizeof *host) / first / 1e6, again, (double)(n * sizeof *host) / again / 1e6);
        if (round < 2) array_delete(a);
        else kept[round] = a;
    }
    for (int round = 0; round < 4; round++)
        if (kept[round]) array_delete(kept[round]);
    array_delete(tiny);
    free(host);
    return 0;
}
