/* test_view_two_devices — one explicit view's pages as the meeting place of
 * two accelerators (the meson test loads lavapipe twice, CAMP_COPY_PATH=import):
 * each round an array of accelerator 0 is copied out into the view
 * asynchronously, and the view copied into an array of accelerator 1, as
 * the heat samples move their halo rows. The bytes arrive right every
 * round, and the view's pages are imported once by each device (counted in
 * CAMP_VERBOSE's lines, read back from the test's own stderr), not again
 * each time the other device copies them. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "test_util.h"

#include <stdlib.h>

enum { COUNT = 1 << 18, ROUNDS = 6 }; /* 1 MiB: above the size whose copies import the view */

static uint32_t pattern(size_t i, uint32_t round) { return (uint32_t)(i * 2654435761u) ^ round; }

int main(void) {
    camp_accelerator list[2];
    if (camp_get_accelerators(list, 2) < 2) {
        fprintf(stderr, "test_view_two_devices: wants two accelerators (VK_DRIVER_FILES naming lavapipe twice)\n");
        return 1;
    }
    setenv("CAMP_VERBOSE", "1", 1);
    int saved_stderr;
    FILE *log = stderr_capture_begin(&saved_stderr);
    camp_accelerator_view *views[2];
    uint32_t *arrays[2];
    for (int d = 0; d < 2; d++) {
        views[d] = camp_accelerator_create_view(&list[d], CAMP_QUEUING_MODE_AUTOMATIC);
        arrays[d] = camp_array_new(views[d], COUNT * sizeof(uint32_t), NULL, CAMP_ACCESS_TYPE_NONE);
    }
    uint32_t *meeting = camp_array_view_new_at(COUNT, sizeof(uint32_t), "meeting", __FILE__, __LINE__);
    uint32_t *source = malloc(COUNT * sizeof *source), *back = malloc(COUNT * sizeof *back);
    for (uint32_t round = 0; round < ROUNDS; round++) {
        for (size_t i = 0; i < COUNT; i++) source[i] = pattern(i, round);
        camp_array_copy_in(arrays[0], source, COUNT * sizeof *source);
        camp_future_wait(camp_array_copy_out_async_at(meeting, arrays[0], COUNT, sizeof *meeting, __FILE__, __LINE__));
        camp_future_wait(camp_array_copy_in_async_at(arrays[1], meeting, COUNT, sizeof *meeting, __FILE__, __LINE__));
        camp_array_copy_out(back, arrays[1], COUNT * sizeof *back);
        size_t wrong = 0;
        for (size_t i = 0; i < COUNT; i++) wrong += back[i] != pattern(i, round);
        if (wrong) fprintf(stderr, "round %u: %zu of %d wrong\n", round, wrong, COUNT);
        CHECK(wrong == 0);
    }
    camp_array_view_delete_at(meeting, __FILE__, __LINE__);
    for (int d = 0; d < 2; d++) {
        camp_array_delete(arrays[d]);
        camp_accelerator_view_destroy(views[d]);
    }
    free(source), free(back);
    stderr_capture_end(saved_stderr);
    int imports = count_in(log, "view 'meeting'");
    int imported = count_in(log, "imported on");
    stderr_capture_show(log);
    fprintf(stderr, "test_view_two_devices: %d imports of the view\n", imports);
    CHECK(imports == 2 && imported == 2);
    return test_failures != 0;
}
