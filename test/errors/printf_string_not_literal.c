// %s takes a string literal, or a choice of them, only: their text goes into
// the format; a pointer's string does not.
#include <camp.h>
#include <stdio.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    const char *name = "a";
    parallel_for_each(i, extent(4)) {
        printf("%s[%d] = %d\n", name, i, a[i]);
    }
    return a[0];
}
// expect-error: 10:33: argument 2 of printf: '%s' in amp code takes a string literal
