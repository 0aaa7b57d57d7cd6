// A complex number in a kernel: said once for the kernel, with what to
// write instead, though several of campcc's passes meet it at each
// expression (a line of complex arithmetic said it eight times).
#include <camp.h>
#include <complex.h>

static double complex x[4], y[4];

int main(void) {
    parallel_for_each(i, extent(4)) { y[i] = x[i]; }
    return (int)creal(y[0]);
}
// expect-error: 10:39: type '_Complex double' is not supported in amp code: keep the real and imaginary parts in a double2 (or a struct) and write the arithmetic on them
// expect-errors: 1
