// f2c's offset base pointer on a file-scope array (`--dx;`, then dx[k + 1])
// in the function that launches: the captured pointer lies one element
// before the array, and the error names the array and where `--dx` works
// (it said the pointer lay in no view and to make a view of it).
#include <camp.h>
#include <stdio.h>

static double xa[100];

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER", e->line);
}

static void scale(double *dx, int n) {
    --dx; /* parameter adjustment */
    parallel_for_each(k, extent(n)) { dx[k + 1] *= 2; }
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    scale(xa, 100);
    return 0; // the kernel did not run: its error is what is checked
}
// expect-abort: 17: lies 8 bytes before the array 'xa'
// expect-handled: handled invalid-argument at line 17
