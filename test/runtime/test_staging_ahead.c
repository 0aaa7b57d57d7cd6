/* test_staging_ahead — where copies go through the staging ring, a thread
 * allocates the ring and faults its 64 MiB in as the device opens, before
 * any copy needs it (runtime/buffer_ahead.c): the first large copy then
 * adds no more to resident memory than the second. With
 * CAMP_STAGING_AHEAD=0 (argument `off`) it adds the ring too. Either way the copies move the
 * right bytes, and the process ends cleanly (the validation layer reports
 * memory never freed). */
#include "test_util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#define MIB ((size_t)1 << 20)

/* Waits until resident memory has not moved by a MiB for half a second
 * (at most 30 s). */
static void wait_for_resident_memory_to_settle(void) {
    struct timespec nap = {0, 100 * 1000 * 1000};
    size_t last = resident_bytes();
    for (int still = 0, i = 0; still < 5 && i < 300; i++) {
        nanosleep(&nap, NULL);
        size_t now = resident_bytes();
        still = now < last + MIB && last < now + MIB ? still + 1 : 0;
        last = now;
    }
}

/* A new array of `bytes` from src, copied back into back: resident
 * memory's growth over it. */
static size_t copy_growth(const unsigned char *src, unsigned char *back, size_t bytes, void **array) {
    size_t before = resident_bytes();
    *array = camp_array_new(NULL, bytes, src, CAMP_ACCESS_TYPE_NONE);
    CHECK(*array != NULL);
    memset(back, 0, bytes);
    camp_array_copy_out(back, *array, bytes);
    CHECK(memcmp(src, back, bytes) == 0);
    size_t after = resident_bytes();
    return after > before ? after - before : 0;
}

int main(int argc, char **argv) {
    bool ahead = !(argc > 1 && strcmp(argv[1], "off") == 0);
    /* 64 MiB copied in and out: through every chunk of the ring */
    const size_t bytes = 64 * MIB;
    unsigned char *src = malloc(bytes), *back = malloc(bytes);
    for (size_t i = 0; i < bytes; i++) src[i] = (unsigned char)(i * 7 + i / 4096);
    memset(back, 0, bytes);
    void *tiny = camp_array_new(NULL, 16, NULL, CAMP_ACCESS_TYPE_NONE); /* opens the device, copies nothing */
    CHECK(tiny != NULL);
    wait_for_resident_memory_to_settle();
    /* Each copy adds its array (lavapipe's device memory is the host's);
     * the first adds the ring's 64 MiB too unless they were in place
     * before it. Compared with the second, not with a number: under a
     * sanitizer touched memory costs shadow memory as well. */
    void *first = NULL, *second = NULL;
    size_t grown_first = copy_growth(src, back, bytes, &first);
    size_t grown_second = copy_growth(src, back, bytes, &second);
    fprintf(stderr, "copies in and out of 64 MiB: resident memory grew %zu MiB, then %zu MiB (%s)\n",
            grown_first / MIB, grown_second / MIB, ahead ? "the ring allocated ahead" : "CAMP_STAGING_AHEAD=0");
    if (ahead) CHECK(grown_first < grown_second + 32 * MIB);
    else CHECK(grown_first > grown_second + 32 * MIB);
    camp_array_delete(first);
    camp_array_delete(second);
    camp_array_delete(tiny);
    free(src), free(back);
    if (test_failures) fprintf(stderr, "test_staging_ahead: %d checks failed\n", test_failures);
    return test_failures != 0;
}
