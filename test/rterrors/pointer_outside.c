// campcc -fcamp-check: a read through a pointer that lies in no view of the
// launch (moved far before the only view's start) is reported, with how
// far from the view the address is.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int n = 16, *values = calloc((size_t)n, sizeof *values);
    array_view(values, n);
    long back = argv[0] ? 1 << 20 : 0; /* a distance the compiler cannot see */
    parallel_for_each(i, extent(n)) {
        const int *wild = values - back;
        values[i] = wild[i] + 1;
    }
    array_view_synchronize(values);
    printf("values[0] = %d\n", values[0]);
    array_view_release(values);
    free(values);
    return 0;
}
// expect-abort: 21: kernel: wild[0] is outside every view: 4194304 bytes before array_view 'values' (64 bytes) at index {0} (and 15 more failures)
// expect-handled: handled out-of-bounds at line 21
