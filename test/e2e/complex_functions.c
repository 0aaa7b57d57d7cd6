// needs: shaderInt64 shaderFloat64
/* <complex.h>'s functions in a kernel (camp_math/complex.h) against
 * glibc's on the host: cexp, clog (near the unit circle too), csqrt,
 * cpow, the trigonometric and hyperbolic functions, cabs, carg, conj,
 * cproj, creal, cimag, and their float forms. Printed to 9 digits (the
 * two libraries agree to about an ulp). */
#include <camp.h>
#include <complex.h>
#include <stdio.h>

#define N 12
double complex z[N] = {0.5 + 0.25 * I, -1.5 + 2 * I, 3 - 0.5 * I, -0.75 - 0.125 * I, 1.0000001 + 0.0002 * I,
                       0.6 + 0.8 * I,  2 * I,        -4,          0.001 - 3 * I,       20 + 1 * I,
                       -0.3 + 0 * I,   1e-3 + 1e-3 * I};
double complex o[14][N];
double d[2][N];
float complex fz[N], fo[4][N];

static void show(const char *name, double complex v) { printf("  %-6s %.9g %.9g\n", name, creal(v), cimag(v)); }

int main(void) {
    for (int i = 0; i < N; i++) fz[i] = (float complex)z[i];
    double complex w = 0.5 - 1.5 * I;
    /* a kernel for each family of functions: one kernel of them all took
     * Mesa 22.3's lavapipe minutes to compile */
    parallel_for_each(i, extent(N)) {
        o[0][i] = cexp(z[i]); o[1][i] = clog(z[i]); o[2][i] = csqrt(z[i]); o[3][i] = cpow(z[i], w);
    }
    parallel_for_each(i, extent(N)) { o[4][i] = csin(z[i]); o[5][i] = ccos(z[i]); o[6][i] = ctan(z[i]); }
    parallel_for_each(i, extent(N)) { o[7][i] = csinh(z[i]); o[8][i] = ccosh(z[i]); o[9][i] = ctanh(z[i]); }
    parallel_for_each(i, extent(N)) {
        double complex v = z[i];
        o[10][i] = conj(v); o[11][i] = cproj(v);
        o[12][i] = creal(v) + cimag(v) * I;
        o[13][i] = csqrt(v) * csqrt(v);
        d[0][i] = cabs(v); d[1][i] = carg(v);
    }
    parallel_for_each(i, extent(N)) {
        fo[0][i] = cexpf(fz[i]); fo[1][i] = clogf(fz[i]); fo[2][i] = csqrtf(fz[i]) * conjf(fz[i]);
        fo[3][i] = cabsf(fz[i]) + cargf(fz[i]) * I + crealf(fz[i]) - cimagf(fz[i]);
    }
    static const char *names[14] = {"cexp", "clog", "csqrt", "cpow", "csin", "ccos", "ctan",
                                    "csinh", "ccosh", "ctanh", "conj", "cproj", "parts", "sqrt2"};
    for (int i = 0; i < N; i++) {
        printf("z = %g %g\n", creal(z[i]), cimag(z[i]));
        for (int f = 0; f < 14; f++) show(names[f], o[f][i]);
        printf("  cabs %.9g carg %.9g\n", d[0][i], d[1][i]);
        for (int f = 0; f < 4; f++) printf("  float%d %.5g %.5g\n", f, crealf(fo[f][i]), cimagf(fo[f][i]));
    }
    return 0;
}
