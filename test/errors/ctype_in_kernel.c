// <ctype.h>'s isdigit in a kernel: glibc's macro reads its locale table
// through __ctype_b_loc(), a pointer to a pointer; the error names the
// classifications and says what to write instead.
#include <camp.h>
#include <ctype.h>

int main(void) {
    char text[8] = "a1b2c3d";
    int digits[8];
    parallel_for_each(i, extent(8)) { digits[i] = isdigit(text[i]) != 0; }
    return digits[1];
}
// expect-error: 10:51: <ctype.h>'s classifications and conversions (isdigit, isspace, toupper, ...) are not available in amp code
