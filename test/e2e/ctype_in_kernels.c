// needs: shaderInt64 shaderInt8
/* <ctype.h> in kernels, as text-processing code writes it: the
 * classification macros (glibc's table lookups), their function forms
 * `(isdigit)(c)`, and toupper/tolower, for every char and EOF (and ints
 * past the table, where the functions take any int), against the host;
 * then a kernel that upper-cases words and counts digits in a text. */
#include <camp.h>
#include <ctype.h>
#include <stdio.h>

enum { FIRST = -130, COUNT = 390 }; /* -130 .. 259 */

static int classes(int c) restrict(cpu, amp) {
    return !!isalnum(c) | !!isalpha(c) << 1 | !!isblank(c) << 2 | !!iscntrl(c) << 3 | !!isdigit(c) << 4 |
           !!isgraph(c) << 5 | !!islower(c) << 6 | !!isprint(c) << 7 | !!ispunct(c) << 8 | !!isspace(c) << 9 |
           !!isupper(c) << 10 | !!isxdigit(c) << 11;
}

static int function_forms(int c) restrict(cpu, amp) {
    return !!(isdigit)(c) | !!(isspace)(c) << 1 | !!(isalpha)(c) << 2 | !!(ispunct)(c) << 3 | !!(isxdigit)(c) << 4;
}

int main(void) {
    int got[COUNT], forms[COUNT], upper[COUNT], lower[COUNT];
    parallel_for_each(i, extent(COUNT)) {
        int c = i + FIRST;
        int in_table = c >= -128 && c <= 255;
        got[i] = in_table ? classes(c) : 0; /* the macros index the table as they are */
        forms[i] = function_forms(c);
        upper[i] = toupper(c);
        lower[i] = tolower(c);
    }
    int wrong = 0;
    for (int i = 0; i < COUNT; i++) {
        int c = i + FIRST, in_table = c >= -128 && c <= 255;
        if (got[i] != (in_table ? classes(c) : 0) || forms[i] != function_forms(c) || upper[i] != toupper(c) ||
            lower[i] != tolower(c)) {
            if (wrong++ < 5) printf("c=%d: %x/%x %x %d %d\n", c, got[i], classes(c), forms[i], upper[i], lower[i]);
        }
    }
    printf("%d of %d wrong; %x %x %x %d %d\n", wrong, COUNT, got['a' - FIRST], got['7' - FIRST], got[' ' - FIRST],
           upper['q' - FIRST], lower['Q' - FIRST]);

    char text[] = "the 3 quick brown foxes, 12 lazy dogs; 2026-12-01!";
    enum { N = sizeof text - 1 };
    char shouted[N];
    int digits[N];
    parallel_for_each(i, extent(N)) {
        char ch = text[i];
        int starts_word = isalpha(ch) && (i == 0 || !isalpha(text[i - 1]));
        shouted[i] = starts_word ? (char)toupper(ch) : ch;
        digits[i] = isdigit((unsigned char)ch) != 0;
    }
    int ndigits = 0;
    for (int i = 0; i < N; i++) ndigits += digits[i];
    printf("%.*s (%d digits)\n", N, shouted, ndigits);
    return 0;
}
