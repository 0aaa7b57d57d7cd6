// needs: shaderInt64
// cflags: -std=c23
/* C23's nullptr in a kernel: a null pointer constant, as 0 and NULL are.
 * The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>

int main(void) {
    float y[6] = {0};
    parallel_for_each(i, extent(6)) {
        float *p = (i % 3 == 1) ? nullptr : &y[i];
        if (p != nullptr) *p = (float)i + 0.5f;
    }
    printf("%g %g %g %g %g %g\n", y[0], y[1], y[2], y[3], y[4], y[5]);
    return 0;
}
