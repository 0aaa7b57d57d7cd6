/* test_replay — a view submits its kept command buffer again when a batch
 * repeats the last one's commands (runtime/replay.c), and records anew
 * whenever anything differs, with right results either way: round trips
 * (a kernel with a captured value, then a synchronize) repeated as they
 * are; with the captured value changing every time; alternating between
 * two views of the same size; with the views released and made again over
 * the same memory; and with the staging buffer a kept batch copies through
 * destroyed between two trips (another buffer may then get its handle:
 * the validation layers, on in the meson test, would report a kept command
 * buffer naming the destroyed one). Each phase runs on a view of its own,
 * whose counts of batches recorded and submitted again CAMP_VERBOSE prints
 * when it is destroyed; the test reads them back from its own stderr.
 * With CAMP_REPLAY=0 nothing is submitted again. */
#define _POSIX_C_SOURCE 200809L /* setenv, dup2, fileno */
#include "test_util.h"

#include <stdlib.h>

/* FILL_CACHE: more buffers than libcamp's buffer cache keeps (8). */
enum { N = 4096, TRIPS = 30, FILL_CACHE = 9 };

/* kernels.spvasm's vaddk: c[i] = a[i] + k. */
typedef struct vaddk_push {
    camp_push_header header;
    uint64_t a, c;
    uint32_t k;
} vaddk_push;

static const camp_kernel_param vaddk_params[] = {
    {CAMP_PARAM_OBJECT, offsetof(vaddk_push, a), CAMP_ACCESS_READ, 0, 0, "a"},
    {CAMP_PARAM_OBJECT, offsetof(vaddk_push, c), CAMP_ACCESS_WRITE, 0, 0, "c"},
    {CAMP_PARAM_VALUE, offsetof(vaddk_push, k), 0, sizeof(uint32_t), 0, "k"},
};

static camp_kernel_info vaddk_kernel = {
    .entry = "vaddk", .file = "vaddk.c", .line = 30, .column = 5, .rank = 1, .local_size = {64, 1, 1},
    .push_size = offsetof(vaddk_push, k) + sizeof(uint32_t), .params = vaddk_params, .param_count = 3,
};

static camp_module_info vaddk_module = {
    .abi_version = CAMP_ABI_VERSION,
    .kernels = &vaddk_kernel,
    .kernel_count = 1,
};

static uint32_t a[N], c[N], c2[N];

static void launch_vaddk(uint32_t *in, uint32_t *out, uint32_t k) {
    const camp_launch_arg args[] = {{in}, {.camp_bytes = sizeof a}, {out}, {.camp_bytes = sizeof a}, {&k}};
    int32_t extent[1] = {N};
    camp_abi_launch(&vaddk_module, 0, extent, args);
}

/* out == in + k everywhere, else a message naming the phase and trip. */
static void check_sum(const char *phase, int trip, const uint32_t *in, const uint32_t *out, uint32_t k) {
    int wrong = 0;
    for (int i = 0; i < N; i++) wrong += out[i] != in[i] + k;
    if (wrong) fprintf(stderr, "%s, trip %d: %d of %d elements wrong\n", phase, trip, wrong, N);
    CHECK(wrong == 0);
}

static camp_accelerator_view *phase_begin(void) {
    camp_accelerator_view *view = camp_accelerator_create_view(NULL, CAMP_QUEUING_MODE_AUTOMATIC);
    camp_set_current_view(view);
    return view;
}

static void phase_end(camp_accelerator_view *view) {
    camp_set_current_view(NULL);
    camp_accelerator_view_destroy(view); /* prints its counts */
}

/* The same round trip again and again. */
static void repeated(void) {
    camp_accelerator_view *view = phase_begin();
    for (int trip = 0; trip < TRIPS; trip++) {
        launch_vaddk(a, c, 5);
        camp_array_view_synchronize(c);
        check_sum("repeated", trip, a, c, 5);
    }
    phase_end(view);
}

/* Identical commands but for the captured value's bytes. */
static void changing_value(void) {
    camp_accelerator_view *view = phase_begin();
    for (int trip = 0; trip < TRIPS; trip++) {
        launch_vaddk(a, c, (uint32_t)trip * 7u);
        camp_array_view_synchronize(c);
        check_sum("changing value", trip, a, c, (uint32_t)trip * 7u);
    }
    phase_end(view);
}

/* Two views of the same size, in turn: each batch differs from the last. */
static void two_views(void) {
    camp_accelerator_view *view = phase_begin();
    for (int trip = 0; trip < TRIPS; trip++) {
        uint32_t *out = trip % 2 ? c2 : c;
        launch_vaddk(a, out, 9);
        camp_array_view_synchronize(out);
        check_sum("two views", trip, a, out, 9);
    }
    phase_end(view);
}

/* The views released and made again over the same memory (their buffers
 * come back from the cache: the same addresses), with new data each time. */
static void views_made_again(void) {
    camp_array_view_release(a), camp_array_view_release(c);
    camp_accelerator_view *view = phase_begin();
    for (int trip = 0; trip < TRIPS / 3; trip++) {
        for (int i = 0; i < N; i++) a[i] = (uint32_t)(i * (trip + 2));
        camp_array_view_create(a, sizeof a, "a");
        camp_array_view_create(c, sizeof c, "c");
        launch_vaddk(a, c, 1);
        camp_array_view_synchronize(c);
        check_sum("views made again", trip, a, c, 1);
        camp_array_view_release(a), camp_array_view_release(c);
    }
    phase_end(view);
    camp_array_view_create(a, sizeof a, "a");
    camp_array_view_create(c, sizeof c, "c");
}

/* Between two trips, now and then (DESTROYS times), the staging buffer
 * of the trips' copy out (where copies go through staging) is taken by a
 * staging array, the buffer cache filled by arrays deleted, and the
 * staging array deleted: buffers are destroyed, the staging buffer among
 * them, and the next trip's copy gets a new one, possibly with the old
 * handle. */
enum { DESTROYS = 3 };
static void staging_destroyed(void) {
    camp_accelerator_view *view = phase_begin();
    for (int trip = 0; trip < TRIPS / 3; trip++) {
        launch_vaddk(a, c, 2);
        camp_array_view_synchronize(c);
        check_sum("staging destroyed", trip, a, c, 2);
        if (trip % 3 != 1 || trip / 3 >= DESTROYS) continue;
        uint32_t *staging = camp_array_new_staging_at(NULL, N, sizeof(uint32_t), NULL, __FILE__, __LINE__);
        void *arrays[FILL_CACHE];
        for (int i = 0; i < FILL_CACHE; i++) arrays[i] = camp_array_new(NULL, sizeof a, NULL, CAMP_ACCESS_TYPE_NONE);
        for (int i = 0; i < FILL_CACHE; i++) camp_array_delete(arrays[i]);
        camp_array_delete(staging);
    }
    phase_end(view);
}

/* The "N submitted again" of each view's CAMP_VERBOSE line, in order. */
static int replay_counts(FILE *log, long *counts, int most) {
    rewind(log);
    char line[512];
    int n = 0;
    unsigned long long batches, replayed;
    while (fgets(line, sizeof line, log) && n < most)
        if (sscanf(line, "camp: accelerator view of device %*u: %llu batches, %llu of them submitted again", &batches,
                   &replayed) == 2)
            counts[n++] = (long)replayed;
    return n;
}

int main(void) {
    test_module_init();
    vaddk_kernel.spirv = vaddk_module.spirv = test_kernels_spv;
    vaddk_kernel.spirv_words = vaddk_module.spirv_words = test_kernels_spv_words;
    const char *knob = getenv("CAMP_REPLAY");
    bool replay = !(knob && strcmp(knob, "0") == 0);
    setenv("CAMP_VERBOSE", "1", 1);
    int saved_stderr;
    FILE *log = stderr_capture_begin(&saved_stderr);

    for (int i = 0; i < N; i++) a[i] = (uint32_t)i * 3u;
    camp_array_view_create(a, sizeof a, "a");
    camp_array_view_create(c, sizeof c, "c");
    camp_array_view_create(c2, sizeof c2, "c2");
    repeated();
    changing_value();
    two_views();
    views_made_again();
    staging_destroyed();
    camp_array_view_release(a), camp_array_view_release(c), camp_array_view_release(c2);

    stderr_capture_end(saved_stderr);
    long counts[5] = {-1, -1, -1, -1, -1};
    int phases = replay_counts(log, counts, 5);
    stderr_capture_show(log);
    fprintf(stderr,
            "test_replay: submitted again: repeated %ld, changing value %ld, two views %ld, views made again %ld, "
            "staging destroyed %ld\n",
            counts[0], counts[1], counts[2], counts[3], counts[4]);
    CHECK(phases == 5);
    /* The first trips differ (copies in); then every trip repeats the last. */
    CHECK(replay ? counts[0] >= TRIPS - 3 : counts[0] == 0);
    CHECK(counts[1] == 0 && counts[2] == 0);
    /* After buffers were destroyed, a kept batch may name one: the next
     * trip is recorded anew, as is the phase's first. */
    CHECK(counts[4] <= TRIPS / 3 - 1 - DESTROYS);
    if (!replay) CHECK(counts[3] == 0 && counts[4] == 0);
    if (test_failures) fprintf(stderr, "test_replay: %d checks failed\n", test_failures);
    return test_failures != 0;
}
