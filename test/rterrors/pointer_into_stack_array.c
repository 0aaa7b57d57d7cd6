// A kernel's pointer into a local array of a calling function, passed
// through a pointer variable (campcc makes a view for the call only where
// the array itself is the argument: e2e/local_arrays_to_launchers.c): it
// lies in no view, and the error says it points into the stack, where the
// array's view must be made.
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER", e->line);
}

static void fill(float *out, int n) {
    parallel_for_each(i, extent(n)) { out[i] = (float)i; }
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    float out[16], *p = out;
    fill(p, 16);
    return 0; // the kernel did not run: its error is what is checked
}
// expect-abort: 15: lies in no view (it points into the stack: a local array that campcc did not see reach this launch, which needs its view where it is declared)
// expect-handled: handled invalid-argument at line 15
