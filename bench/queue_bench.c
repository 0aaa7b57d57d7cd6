/* queue_bench — the cost of a kernel launch (not a timed test; see
 * docs/performance.md). Three measurements on one explicit view of 4096
 * floats, each kernel adding 1 to every element:
 *   back-to-back kernels on an automatic-mode view (recorded, submitted in
 *   batches), then on an immediate-mode view (one submission each), wall
 *   time per kernel from the first launch to the end of the final wait;
 *   the host time to record one kernel in automatic mode;
 *   round trip: one kernel + array_view_synchronize (submit, wait, copy the
 *   16 KiB back), median and mean.
 * The view's memory is a page-aligned block of its own, which implicit
 * synchronization protects (docs/data-model.md); with `malloc`, a calloc'd
 * block among other heap objects, which a launch that writes it copies
 * back at once (what a small malloc'd view costs).
 * usage: queue_bench [kernels] [round_trips] [malloc] */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N = 4096 };

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs `count` kernels on `view` and waits; microseconds per kernel. */
static double back_to_back(camp_accelerator_view *view, float *v, int count) {
    double start = now_us();
    for (int k = 0; k < count; k++) {
        parallel_for_each_on(view, i, extent(N)) { v[i] = v[i] + 1.0f; }
    }
    camp_accelerator_view_wait(view);
    return (now_us() - start) / count;
}

int main(int argc, char **argv) {
    int kernels = argc > 1 ? atoi(argv[1]) : 20000;
    int trips = argc > 2 ? atoi(argv[2]) : 2000;
    bool heap = argc > 3 && strcmp(argv[3], "malloc") == 0;
    float *v = heap ? calloc(N, sizeof *v) : aligned_alloc(4096, N * sizeof *v);
    if (!heap) memset(v, 0, N * sizeof *v);
    array_view(v, N);
    camp_accelerator_view *automatic = camp_accelerator_create_view(NULL, CAMP_QUEUING_MODE_AUTOMATIC);
    camp_accelerator_view *immediate = camp_accelerator_create_view(NULL, CAMP_QUEUING_MODE_IMMEDIATE);
    printf("device: %s; view memory: %s\n", camp_default_accelerator_name(), heap ? "calloc" : "aligned_alloc");

    back_to_back(automatic, v, 200); /* warm up: pipeline, buffers, copy in */
    double per_automatic = back_to_back(automatic, v, kernels);
    back_to_back(immediate, v, 200);
    double per_immediate = back_to_back(immediate, v, kernels);
    printf("back-to-back, automatic mode: %.2f us per kernel (%d kernels)\n", per_automatic, kernels);
    printf("back-to-back, immediate mode: %.2f us per kernel (%d kernels)\n", per_immediate, kernels);

    /* The host's share: recording 1000 kernels (fewer than a batch holds,
     * so nothing is submitted) before the wait. */
    double start = now_us();
    for (int k = 0; k < 1000; k++) {
        parallel_for_each_on(automatic, i, extent(N)) { v[i] = v[i] + 1.0f; }
    }
    double record = (now_us() - start) / 1000;
    camp_accelerator_view_wait(automatic);
    printf("host time to record one kernel (automatic mode): %.2f us\n", record);

    double *trip = malloc((size_t)trips * sizeof *trip), total = 0;
    for (int r = -100; r < trips; r++) { /* the first 100 warm up */
        double start = now_us();
        parallel_for_each_on(automatic, i, extent(N)) { v[i] = v[i] + 1.0f; }
        array_view_synchronize(v);
        double t = now_us() - start;
        if (r >= 0) trip[r] = t, total += t;
    }
    qsort(trip, (size_t)trips, sizeof *trip, by_value);
    printf("round trip (kernel + synchronize): median %.2f us, mean %.2f us, min %.2f us (%d trips)\n",
           trip[trips / 2], total / trips, trip[0], trips);

    long expected = 200L * 2 + 2L * kernels + 1000 + 100 + trips;
    array_view_release(v);
    printf("result check: %s\n", (long)v[0] == expected && (long)v[N - 1] == expected ? "ok" : "WRONG");
    camp_accelerator_view_destroy(automatic);
    camp_accelerator_view_destroy(immediate);
    free(trip);
    free(v);
    return 0;
}
