// campcc -fcamp-check: an amp function reading through its pointer
// parameter one past the end of the last row of a local 2-D array is
// reported against the whole array's length (a pointer into a row steps
// over the rows, as C lays them out: row[4] of m[0] is m[1][0]).
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line);
}

static int sum(const int *row, int n) restrict(amp) {
    int s = 0;
    for (int j = 0; j <= n; j++) s += row[j]; /* <= : one too many */
    return s;
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int out[8];
    parallel_for_each(i, extent(8)) {
        int m[3][4] = {{0}};
        out[i] = sum(m[0], 4) + sum(m[2], 4);
    }
    printf("out[1] = %d\n", out[1]);
    return 0;
}
// expect-abort: 16: kernel function sum: row[4] is out of bounds: element 12 of an array of 12 at index {0} (and 7 more failures)
// expect-handled: handled out-of-bounds at line 16
