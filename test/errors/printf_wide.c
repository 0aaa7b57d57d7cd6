// %ls and %lc in a kernel's printf are refused: the wide string's
// characters were cut at its first zero byte ("[w]" for L"wide"), and a
// wide character was printed as one byte.
#include <camp.h>
#include <stdio.h>
#include <wchar.h>

int main(void) {
    int a[1];
    parallel_for_each(i, extent(1)) {
        printf("[%ls]\n", L"wide");
        printf("%5lc|%d\n", L'x', i);
        printf("%s %c\n", "narrow", 'x');
        a[i] = i;
    }
    return a[0];
}
// expect-error: 11:16: argument 1 of printf: the format has '%ls', a wide string or character, which amp code's printf does not print
// expect-error: 12:16: argument 1 of printf: the format has '%5lc'
// expect-errors: 2
