/* test_profile — the program check_profile.py runs under CAMP_PROFILE and
 * CAMP_TRACE: two kernels (vadd.c:10 three times, fill2d.c:20 twice) with
 * copies in and out, inside markers. Its argument picks a variation:
 * "run" (the above, with camp_profile_print() once in the middle, then
 * an asynchronous copy in and out of an array, async.c:30 and :31),
 * "many" (fill2d.c:20 launched MANY times back to back on an array, one
 * batch: most launches are not timed, only sampled),
 * "unbalanced" (markers ended once too often and one left open), "abort"
 * (a kernel launch libcamp rejects with no error handler installed). */
#include "test_util.h"

#include <stdlib.h>

enum { N = 4096, ROWS = 32, COLS = 48, MANY = 1000 };

static void vadd_once(uint32_t scale) {
    static uint32_t a[N], b[N], c[N];
    for (uint32_t i = 0; i < N; i++) a[i] = i * scale, b[i] = 1;
    launch_vadd(&test_module, N, a, b, c, sizeof a);
    for (uint32_t i = 0; i < N; i++) CHECK(c[i] == i * scale + 1);
}

static void fill2d_into(uint32_t *m) {
    launch_fill2d(ROWS, COLS, m);
}

static void fill2d_once(void) {
    static uint32_t m[ROWS * COLS];
    fill2d_into(m);
    CHECK(m[(ROWS - 1) * COLS + COLS - 1] == (uint32_t)((ROWS - 1) * 1000 + COLS - 1));
}

int main(int argc, char **argv) {
    const char *variation = argc > 1 ? argv[1] : "run";
    test_module_init();
    if (strcmp(variation, "abort") == 0) {
        vadd_once(2);
        camp_marker_begin("doomed");
        int32_t negative[1] = {-1};
        static uint32_t x[1];
        const camp_launch_arg args[] = {{x}, {.camp_bytes = sizeof x}, {x}, {.camp_bytes = sizeof x}, {x}, {.camp_bytes = sizeof x}};
        camp_abi_launch(&test_module, KERNEL_VADD, negative, args); /* aborts */
        return 1;
    }
    if (strcmp(variation, "many") == 0) {
        uint32_t *m = camp_array_new(NULL, ROWS * COLS * sizeof *m, NULL, CAMP_ACCESS_TYPE_NONE);
        for (int i = 0; i < MANY; i++) fill2d_into(m);
        uint32_t last = 0;
        camp_array_copy_out(&last, m + (ROWS - 1) * COLS + COLS - 1, sizeof last);
        CHECK(last == (uint32_t)((ROWS - 1) * 1000 + COLS - 1));
        camp_array_delete(m);
        return test_failures != 0;
    }
    if (strcmp(variation, "unbalanced") == 0) {
        camp_marker_end(); /* nothing begun */
        camp_marker_begin("left open");
        vadd_once(3);
        return test_failures != 0;
    }
    camp_marker_begin("phase one");
    vadd_once(2);
    camp_marker("between kernels");
    fill2d_once();
    camp_marker_end();
    camp_profile_print();
    camp_marker_begin("phase two");
    vadd_once(5);
    vadd_once(7);
    fill2d_once();
    camp_marker_end();
    /* Asynchronous copies: host spans of their own; a copy out's bytes
     * are delivered in the wait. */
    static uint32_t in[N], back[N];
    for (uint32_t i = 0; i < N; i++) in[i] = 3 * i;
    uint32_t *array = camp_array_new(NULL, sizeof in, NULL, CAMP_ACCESS_TYPE_NONE);
    camp_future_wait(camp_array_copy_in_async_at(array, in, N, sizeof *in, "async.c", 30));
    camp_future_wait(camp_array_copy_out_async_at(back, array, N, sizeof *back, "async.c", 31));
    CHECK(memcmp(in, back, sizeof in) == 0);
    camp_array_delete(array);
    return test_failures != 0;
}
