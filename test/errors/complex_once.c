// GNU C's complex integers are not among amp code's types: said where
// the kernel first meets one, with the complex types it has.
#include <camp.h>

static _Complex int x[4], y[4];

int main(void) {
    parallel_for_each(i, extent(4)) {
        y[i] = x[i] * 2;
    }
    return (int)__real__ y[0];
}
// expect-error: 9:9: type '_Complex int' is not supported in amp code: amp code has complex float and complex double
// expect-errors: 1
