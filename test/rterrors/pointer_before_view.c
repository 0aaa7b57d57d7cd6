// f2c's and Numerical Recipes' offset base pointers (`--dx;`, then dx[k + 1]):
// the captured pointer lies one element before the view made of dx + 1, and
// the error says so (it said only "lies in no view" and to make a view of
// the pointer).
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER", e->line);
}

static void scale(double *dx, int n) {
    --dx; /* parameter adjustment */
    array_view(dx + 1, n);
    parallel_for_each(k, extent(n)) { dx[k + 1] *= 2; }
    array_view_release(dx + 1);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    double *x = calloc(100, sizeof *x);
    scale(x, 100);
    free(x);
    return 0; // the kernel did not run: its error is what is checked
}
// expect-abort: 17: lies 8 bytes before the view
// expect-handled: handled invalid-argument at line 17
