// campcc -fcamp-check: an off-by-one write through a pointer moved along
// an array_new array (pointer arithmetic, an interior pointer) is reported
// before it lands; the write itself goes to scratch memory instead.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    float *rows = array_new(float, 4 * 16, NULL), out[4 * 16];
    parallel_for_each(r, extent(4)) {
        float *row = rows + r * 16;
        for (int c = 0; c <= 16; c++) *(row + c) = (float)r; /* <= : one past the last row's end */
    }
    array_copy_out(out, rows, 4 * 16);
    printf("out[0] = %g\n", out[0]);
    array_delete(rows);
    return 0;
}
// expect-abort: 19: kernel: *(row + ...) is outside every view: just past the end of an array_new array (256 bytes) at index {3}
// expect-handled: handled out-of-bounds at line 19
