// A complex number in a kernel: each use of the type is said once, though
// several of campcc's passes meet it at one expression.
#include <camp.h>
#include <complex.h>

static double complex x[4], y[4];

int main(void) {
    parallel_for_each(i, extent(4)) { y[i] = x[i]; }
    return (int)creal(y[0]);
}
// expect-error: 9:39: type '_Complex double' is not supported in amp code
// expect-error: 9:46: type '_Complex double' is not supported in amp code
// expect-errors: 2
