// With CAMP_IMPLICIT_SYNC=check the host writes a view after the
// accelerator took its copy, and the next kernel runs without
// array_view_refresh: it works on the old copy, as with
// CAMP_IMPLICIT_SYNC=0, and libcamp says so at the kernel's line, naming
// the write's (-g: from the debug information). With a handler the kernel
// does not run.
// env: CAMP_IMPLICIT_SYNC=check
// flags: -g
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled at line %u: %s\n", e->line, e->message);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int n = 4096;
    int *v = aligned_alloc(4096, n * sizeof *v); /* whole pages: protected */
    for (int i = 0; i < n; i++) v[i] = i;
    array_view(v, n);
    parallel_for_each(i, extent(n)) { v[i] = v[i] + 1; }
    array_view_synchronize(v);
    v[5] = 100;
    parallel_for_each(i, extent(n)) { v[i] = 2 * v[i]; }
    array_view_release(v);
    printf("v[5] = %d\n", v[5]);
    free(v);
    return 0;
}
// expect-abort: 28: which the host wrote at
// expect-handled: forgotten_refresh.c:27 after the accelerator took its copy
