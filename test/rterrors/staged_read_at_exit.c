// campcc -fcamp-check, with copies through staging buffers: an
// out-of-bounds write a kernel reports reaches the handler as the host
// reads the static view the kernel wrote, and that read fails; the program
// returns from main, and libcamp's teardown at exit copies the view back
// from the device, a submission at exit. The validation layer's objects
// made at the process's first submission must still be there then (they
// used to be destroyed first: a validation error on the copy's barrier, or
// a crash).
// flags: -fcamp-check
// env: CAMP_COPY_PATH=staging
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    static int rows[4][8];
    parallel_for_each(r, extent(4)) {
        for (int c = 0; c <= 8; c++) rows[r][c] = r + c;
    }
    printf("rows[1][0] = %d\n", rows[1][0]);
    return 0;
}
// expect-abort: 24: kernel: rows[...][8] is out of bounds
// expect-handled: handled out-of-bounds at line 24
