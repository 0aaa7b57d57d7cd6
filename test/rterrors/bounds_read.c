// campcc -fcamp-check: an off-by-one read of a captured array is reported
// with the array, the index and the thread; a handler gets it (status
// CAMP_ERROR_OUT_OF_BOUNDS) instead of abort().
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
    int a[8], b[8];
    for (int i = 0; i < 8; i++) a[i] = i;
    parallel_for_each(i, extent(8)) {
        b[i] = a[i + 1];
    }
    printf("b[0] = %d\n", b[0]);
    return 0;
}
// expect-abort: 19: kernel: a[8] is out of bounds (int[8]) at index {7}
// expect-handled: handled out-of-bounds at line 19
