// A variable of the enclosing function that every thread of a kernel
// assigns before it reads it is each thread's own; when the program reads
// it after the kernel, no thread's value would come back (a serial run
// would leave the last pass's): an error that says what to write instead.
// In a kernel of one thread it is shared (e2e/kernel_result_one_thread.c).
// expect-error: 16:9: the kernel assigns 'total', which the program reads after it
// expect-note: 19:23: 'total' read after the kernel here
#include <camp.h>
#include <stdio.h>

int main(void) {
    static float a[64], b[64];
    float total = 0;
    for (int i = 0; i < 64; i++) a[i] = i;
    parallel_for_each(i, extent(64)) {
        total = a[i] * 2;
        b[i] = total + 1;
    }
    printf("%g %g\n", total, b[3]);
    return 0;
}
