/* test_launch_memory — a long loop of launches that never waits (automatic
 * queuing) runs in bounded memory: batches are submitted at a bounded size
 * and the host waits for old ones before it runs too far ahead of the
 * device, so resident memory stops growing after the first batches. Also
 * view create/first use/synchronize/release cycles and array_new/
 * array_delete pairs leave no memory behind (device memory is host memory
 * on lavapipe, so device leaks count too). */
#include "test_util.h"

#include <stdlib.h>
#include <unistd.h>

enum { N = 4096 };
#define GROWTH_LIMIT ((size_t)16 << 20)

static void launch_arrays(uint32_t *a, uint32_t *b, uint32_t *c) {
    launch_vadd(&test_module, N, a, b, c, N * sizeof *a);
}

/* Launches without a wait on a view of `mode`: growth from after a
 * warm-up to the end. */
static void launches_without_wait(camp_queuing_mode mode, int count) {
    camp_accelerator_view *view = camp_accelerator_create_view(NULL, mode);
    camp_set_current_view(view);
    uint32_t host[N];
    for (int i = 0; i < N; i++) host[i] = (uint32_t)i;
    uint32_t *a = camp_array_new(NULL, sizeof host, host, CAMP_ACCESS_TYPE_NONE);
    uint32_t *b = camp_array_new(NULL, sizeof host, host, CAMP_ACCESS_TYPE_NONE);
    uint32_t *c = camp_array_new(NULL, sizeof host, NULL, CAMP_ACCESS_TYPE_NONE);
    for (int l = 0; l < count / 10; l++) launch_arrays(a, b, c);
    size_t before = resident_bytes();
    for (int l = 0; l < count; l++) launch_arrays(a, b, c);
    size_t after = resident_bytes();
    camp_array_copy_out(host, c, sizeof host);
    int wrong = 0;
    for (int i = 0; i < N; i++) wrong += host[i] != 2u * (uint32_t)i;
    CHECK(wrong == 0);
    fprintf(stderr, "%d launches without a wait (%s mode): resident memory %+lld KiB\n", count,
            mode == CAMP_QUEUING_MODE_IMMEDIATE ? "immediate" : "automatic",
            ((long long)after - (long long)before) / 1024);
    CHECK(after < before + GROWTH_LIMIT);
    camp_array_delete(a), camp_array_delete(b), camp_array_delete(c);
    camp_set_current_view(NULL);
    camp_accelerator_view_destroy(view);
}

/* A view's whole life, many times over: first use by a kernel, synchronize,
 * release. */
static void view_cycles(int count) {
    uint32_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
    for (int i = 0; i < N; i++) a[i] = (uint32_t)i, b[i] = 1;
    size_t before = 0;
    int wrong = 0;
    for (int l = 0; l < count; l++) {
        if (l == count / 10) before = resident_bytes();
        camp_array_view_create(a, N * sizeof *a, "a");
        camp_array_view_create(b, N * sizeof *b, "b");
        camp_array_view_create(c, N * sizeof *c, "c");
        launch_arrays(a, b, c);
        camp_array_view_synchronize(c);
        wrong += c[l % N] != (uint32_t)(l % N) + 1;
        camp_array_view_release(a), camp_array_view_release(b), camp_array_view_release(c);
    }
    size_t after = resident_bytes();
    CHECK(wrong == 0);
    fprintf(stderr, "%d view cycles: resident memory %+lld KiB\n", count,
            ((long long)after - (long long)before) / 1024);
    CHECK(after < before + GROWTH_LIMIT);
    free(a), free(b), free(c);
}

/* array_new/array_delete pairs of a large and a small array: recycled
 * memory, no growth. */
static void array_cycles(int count) {
    /* Filled from the host, so that its pages are resident. */
    const size_t large_bytes = (size_t)24 << 20;
    char *fill = calloc(1, large_bytes);
    size_t before = 0;
    for (int l = 0; l < count; l++) {
        /* each measured with the queue idle: a deleted array's memory that
         * a copy still used is freed once the queue is past it */
        if (l == count / 10) {
            camp_accelerator_view_wait(camp_default_view());
            before = resident_bytes();
        }
        void *large = camp_array_new(NULL, large_bytes, fill, CAMP_ACCESS_TYPE_AUTO);
        void *small = camp_array_new(NULL, 1000 + (size_t)l % 5000, NULL, CAMP_ACCESS_TYPE_AUTO);
        CHECK(large && small);
        camp_array_delete(small);
        camp_array_delete(large);
    }
    camp_accelerator_view_wait(camp_default_view());
    size_t after = resident_bytes();
    free(fill);
    fprintf(stderr, "%d array_new/array_delete pairs: resident memory %+lld KiB\n", count,
            ((long long)after - (long long)before) / 1024);
    CHECK(after < before + GROWTH_LIMIT);
}

/* Where copies can go through the staging ring (every path but map), a
 * thread allocates it and faults its 64 MiB in as the device opens: a
 * first copy larger than a small one's staging buffer (256 KiB) waits for
 * it, so that it is in place before any growth is measured. The copy in
 * takes the ring on the staging path; on the import path it may go into
 * host-visible device memory instead, so a copy out follows, which takes
 * the ring there (a copy into memory that is no view is never imported).
 * Without it the thread's page faults, 64 MiB of them, fell inside the
 * measurement of the launches below. */
static void staging_ring_ready(void) {
    const size_t bytes = (size_t)1 << 20;
    char *fill = calloc(1, bytes);
    void *array = camp_array_new(NULL, bytes, fill, CAMP_ACCESS_TYPE_NONE);
    CHECK(array != NULL);
    camp_array_copy_out(fill, array, bytes);
    camp_array_delete(array);
    free(fill);
}

int main(int argc, char **argv) {
    test_module_init();
    staging_ring_ready();
    int launches = argc > 1 ? atoi(argv[1]) : 20000;
    int cycles = argc > 2 ? atoi(argv[2]) : 3000;
    launches_without_wait(CAMP_QUEUING_MODE_AUTOMATIC, launches);
    launches_without_wait(CAMP_QUEUING_MODE_IMMEDIATE, launches / 4);
    view_cycles(cycles);
    array_cycles(cycles / 10);
    if (test_failures) fprintf(stderr, "test_launch_memory: %d checks failed\n", test_failures);
    return test_failures != 0;
}
