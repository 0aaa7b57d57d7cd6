// needs: shaderInt64 shaderFloat64
/* fast_log10.c — the C++ AMP overview's math library example: the base-10 logarithm,
 * with fast_math, of each value in the compute domain.
 *
 *   campcc fast_log10.c -o fast_log10 && ./fast_log10    prints 0 1 1.77815 2 2.77815 3 */
#include <camp.h>
#include <stdio.h>

int main(void) {
    double numbers[] = {1.0, 10.0, 60.0, 100.0, 600.0, 1000.0};

    parallel_for_each(idx, extent(6)) {
        numbers[idx] = fast_math_log10((float)numbers[idx]);
    }

    for (int i = 0; i < 6; i++) printf("%g\n", numbers[i]);
    return 0;
}
