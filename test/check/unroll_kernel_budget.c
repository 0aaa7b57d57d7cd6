// Loops marked for unrolling stay within a budget for each kernel, an amp
// function's counted at each of its calls (the driver inlines them): a
// column model's helper of a large 60-pass loop and a small one, called
// twice, keeps only the small one marked (both marked, the module was
// 40,000 lines, which lavapipe took 40-70 s to compile).
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %column = OpFunction
// CHECK: OpLoopMerge {{%[0-9]+ %[0-9]+}} None
// CHECK: OpLoopMerge {{%[0-9]+ %[0-9]+}} Unroll
// CHECK: OpFunctionEnd
#include <camp.h>

#define NZ 60
#define NCOL 64

static double u[NZ][NCOL], t[NZ][NCOL], z[NZ + 1];

static double diffusivity(double z, double h) restrict(amp) {
    if (z >= h) return 0.1;
    double s = z / h;
    return 0.1 + 0.4 * z * (1 - s) * (1 - s);
}

static void column(double (*f)[NCOL], int c, double h) restrict(amp) {
    double a[NZ];
    for (int k = 0; k < NZ; k++) {
        double up = k < NZ - 1 ? diffusivity(z[k + 1], h) / (0.5 * (z[k + 1] - z[k])) : 0.0;
        double down = k > 0 ? diffusivity(z[k], h) / (0.5 * (z[k + 1] - z[k])) : 0.0;
        a[k] = f[k][c] + 0.01 * (up - down) * (f[k][c] - (k > 0 ? f[k - 1][c] : 0.0));
    }
    for (int k = 0; k < NZ; k++) f[k][c] = a[k];
}

int main(void) {
    parallel_for_each(c, extent(NCOL)) {
        column(u, c, 300.0 + c);
        column(t, c, 300.0 + c);
    }
    return (int)u[0][0];
}
