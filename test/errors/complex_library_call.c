// A <complex.h> function called in a kernel: the note says what is wrong
// (amp code has no complex types) rather than offering a restrict(amp)
// function of the program's own, which could not take the value either.
#include <camp.h>
#include <complex.h>
#include <stdio.h>

int main(void) {
    double re[4];
    parallel_for_each(i, extent(4)) {
        re[i] = creal(1.0 + (double)i * I);
    }
    printf("%g\n", re[3]);
    return 0;
}
// expect-error: 11:17: call to non-amp function 'creal'
// expect-note: 11:17: 'creal' takes a _Complex value, and amp code has no complex types
