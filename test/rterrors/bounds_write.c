// campcc -fcamp-check: an off-by-one write (a loop that runs to <= 4) into
// a row of a captured 2-D array is reported before it lands: the element
// written instead is the row's first.
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
    float m[3][4], guard[3][4];
    parallel_for_each(r, extent(3)) {
        for (int c = 0; c <= 4; c++) m[r][c] = (float)r;
        guard[r][0] = 1;
    }
    printf("m[0][0] = %g\n", m[0][0]);
    return 0;
}
// expect-abort: 18: kernel: m[...][4] is out of bounds (float[4]) at index {0} (and 2 more failures)
// expect-handled: handled out-of-bounds at line 18
