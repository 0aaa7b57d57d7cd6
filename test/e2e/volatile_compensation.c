// needs: shaderInt64
/* `volatile` in a kernel keeps a two-sum's error term: the kernel's float
 * arithmetic rounds each operation as written, as on the host (Mesa
 * rewrote (a + b) - a to b). The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>

int main(void) {
    float a[4] = {1e8f, 3e7f, -2e8f, 1.5f}, b[4] = {1.0f, 0.75f, 3.0f, 1e-8f}, err[4];
    parallel_for_each(i, extent(4)) {
        volatile float s = a[i] + b[i];
        volatile float t = s - a[i];
        err[i] = b[i] - t;
    }
    printf("%g %g %g %g\n", err[0], err[1], err[2], err[3]);
    return 0;
}
