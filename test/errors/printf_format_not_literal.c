// A kernel's printf takes its format as a string literal: the host prints
// it, the device sends only the values.
#include <camp.h>
#include <stdio.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    const char *format = "%d\n";
    parallel_for_each(i, extent(4)) {
        printf(format, a[i]);
    }
    return a[0];
}
// expect-error: 10:16: argument 1 of printf: amp code's printf takes its format as a string literal
