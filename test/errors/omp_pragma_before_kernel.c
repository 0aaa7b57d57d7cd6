// A loop ported from OpenMP keeps its pragma in front of the
// parallel_for_each that replaced it: a warning says it is left out (the
// host C has it commented out, so that a build with -fopenmp compiles),
// and the kernel runs as written.
#include <camp.h>

int main(void) {
    float a[8], b[8];
    for (int i = 0; i < 8; i++) a[i] = (float)i;
#pragma omp parallel for
    parallel_for_each(i, extent(8)) {
        b[i] = 2 * a[i];
    }
    return b[7] != 14.0f;
}
// expect-warning: 10:1: '#pragma omp parallel for' before parallel_for_each is left out: the kernel's threads already run its body in parallel; remove the pragma
