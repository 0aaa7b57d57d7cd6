// array_view_section takes an origin and an extent of one rank: a count
// of numbers that is no rank's is a compile error that says so.
// expect-error: 11:5: array_view_section takes (p, i, n), (m, row, col, rows, cols) or
// expect-error: 12:5: array_view_section takes (p, i, n), (m, row, col, rows, cols) or
#include <camp.h>
#include <stdlib.h>

int main(void) {
    float (*m)[8] = calloc(4, sizeof *m);
    array_view(m, 4);
    array_view_section(m, 1, 2, 3, 4, 5, 6, 7);
    array_view_section(m, 1, 2, 3);
    array_view_release(m);
    free(m);
    return 0;
}
