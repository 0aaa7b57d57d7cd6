// <ctype.h>'s toupper in a kernel, given an argument with a side effect:
// amp code reads the argument more than once (the table's bounds, then
// its entry), so the error asks for a value without side effects; the
// classification macros and toupper on a plain value work
// (e2e/ctype_in_kernels.c).
#include <camp.h>
#include <ctype.h>

int main(void) {
    char text[8] = "a1b2c3d";
    int upper[4];
    parallel_for_each(i, extent(4)) {
        int j = 2 * i;
        upper[i] = toupper(text[j++]) + j;
    }
    return upper[1];
}
// expect-error: 14:20: 'toupper' in amp code reads its argument more than once: give it a value without side effects (assign it to a variable first)
