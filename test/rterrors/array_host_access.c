// An array made without host access (its bytes in the accelerator's memory
// alone, as every array on a discrete GPU by default) read on the host:
// libcamp says so at the read's line, naming the array and what to do,
// instead of a bare segmentation fault. The access cannot go on: with a
// handler the program ends in it.
// flags: -g
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled at line %u: %s\n", e->line, e->message);
    fflush(stdout);
    _exit(0); /* the access has nothing to read: end here */
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int n = 1000;
    float *a = array_new_on(camp_default_view(), float, n, NULL, CAMP_ACCESS_TYPE_NONE);
    parallel_for_each(i, extent(n)) { a[i] = 2.0f * (float)i; }
    float seen = a[3];
    printf("a[3] = %g\n", seen);
    array_delete(a);
    return 0;
}
// expect-abort: 25: in an array of 4000 bytes
// expect-handled: which has no host access
