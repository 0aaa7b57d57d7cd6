// <complex.h>'s inverse functions have no amp form: the call is refused,
// with a note that says which of <complex.h>'s functions amp code has.
#include <camp.h>
#include <complex.h>
#include <stdio.h>

int main(void) {
    double re[4];
    parallel_for_each(i, extent(4)) {
        re[i] = creal(casin(0.5 + (double)i * I));
    }
    printf("%g\n", re[3]);
    return 0;
}
// expect-error: 10:23: call to non-amp function 'casin'
// expect-note: 10:23: 'casin' is a C library function that amp code has no form of: write the loop it stands for, or a restrict(amp) function of your own (amp code has <math.h>, <complex.h> but for the inverse functions
