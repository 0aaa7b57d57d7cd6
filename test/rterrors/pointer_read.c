// campcc -fcamp-check: an off-by-one read through a pointer into an
// array_view over malloc'd memory is reported with the pointer, the index,
// where the address lies (just past the view's end) and the thread.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int n = 8, *data = malloc(n * sizeof *data), *sums = malloc(n * sizeof *sums);
    for (int i = 0; i < n; i++) data[i] = i;
    array_view(data, n);
    array_view(sums, n);
    parallel_for_each(i, extent(n)) {
        sums[i] = data[i] + data[i + 1];
    }
    array_view_synchronize(sums);
    printf("sums[0] = %d\n", sums[0]);
    array_view_release(data);
    array_view_release(sums);
    free(data);
    free(sums);
    return 0;
}
// expect-abort: 22: kernel: data[8] is outside every view: just past the end of array_view 'data' (32 bytes) at index {7}
// expect-handled: handled out-of-bounds at line 22
