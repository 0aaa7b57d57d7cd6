// With CAMP_IMPLICIT_SYNC=check the host reads a view a kernel wrote,
// without array_view_synchronize: it gets the bytes from before the kernel,
// as with CAMP_IMPLICIT_SYNC=0, and libcamp says so at the read's line,
// naming the kernel's (-g: the read's line comes from the debug
// information). With a handler the program goes on as without the check:
// the read sees the old value.
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
    parallel_for_each(i, extent(n)) { v[i] = 2 * v[i]; }
    int seen = v[3];
    printf("v[3] = %d\n", seen);
    array_view_release(v);
    printf("v[3] = %d after the release\n", v[3]);
    free(v);
    return 0;
}
// expect-abort: 26: the host reads 'v'
// expect-handled: stale_host_read.c:25 may have written
