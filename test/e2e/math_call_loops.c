// needs: shaderInt64 shaderFloat64
// Loops of a constant count whose passes call a large math function (a
// binomial tree's pow, a sum of exp terms): not unrolled, since each pass
// would be a copy of the call that the driver inlines. Unrolled, lavapipe
// took minutes and gigabytes to make the pipeline of the first kernel.
#include <camp.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    enum { N = 8, STEPS = 200 };
    double in[N], sums[N], prices[N];
    for (int i = 0; i < N; i++) in[i] = i * 0.5 + 1;
    parallel_for_each(i, extent(N)) {
        double s = 0;
        for (int k = 0; k < 100; k++) s += exp(in[i] - k);
        sums[i] = s;
    }
    parallel_for_each(i, extent(N)) {
        double up = 1.0 + 0.01 * in[i], best = 0;
        for (int k = 0; k <= STEPS; k++) {
            double price = 100.0 * pow(up, 2 * k - STEPS);
            best = price > 100.0 && price - 100.0 > best ? price - 100.0 : best;
        }
        prices[i] = best;
    }
    for (int i = 0; i < N; i++) printf("%.6e %.6e\n", sums[i], prices[i]);
    return 0;
}
