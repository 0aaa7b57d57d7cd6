// needs: shaderInt64 shaderFloat64 shaderBufferFloat32AtomicAdd shaderBufferInt64Atomics
/* `#pragma omp atomic` before float and double updates in a kernel: `+=`,
 * `-=` (an atomic add of the negated value, exactly the same), `++`, as
 * camp_atomic_fetch_add does them. Each addend is a small integer, so the
 * sums are exact in any order. The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>

int main(void) {
    static float f[4];
    static double d[2];
    float g = 0;
    parallel_for_each(i, extent(1000)) {
#pragma omp atomic
        f[i % 4] += (float)(i % 7);
#pragma omp atomic
        f[3] -= 1.0f;
#pragma omp atomic
        d[i % 2] += i;
#pragma omp atomic
        g++;
    }
    printf("%g %g %g %g %g %g %g\n", f[0], f[1], f[2], f[3], d[0], d[1], g);
    return 0;
}
