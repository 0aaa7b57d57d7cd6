// A local of a kernel whose initializer is refused is still the kernel's
// own: its later uses are not taken for a capture of an outer variable
// (an assignment to it was reported as "cannot assign to captured
// variable 'v'", a second error about nothing the program did wrong).
#include <camp.h>
#include <stdio.h>

int main(void) {
    float out[4];
    parallel_for_each(i, extent(4)) {
        float4 q = {1, 2, 3, 4};
        float v = q[7];
        if (v < 0.0f) v = 0.0f;
        out[i] = v;
    }
    printf("%g\n", out[0]);
    return 0;
}
// expect-error: 12:21: vector subscript out of range
// expect-errors: 1
