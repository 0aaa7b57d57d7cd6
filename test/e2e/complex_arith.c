// needs: shaderInt64 shaderFloat64
/* C99 complex arithmetic in kernels: + - * / of complex and real
 * operands (a real operand stays real, as Annex G asks), compound
 * assignment, ==, truth values, conversions, __real__/__imag__, ~ and I;
 * complex values captured, in structs, through pointers and views, as
 * helpers' parameters and results. Printed in hex
 * floats: a kernel's results are the host's to the bit (products and
 * quotients as glibc's __muldc3, libgcc's Smith division, __divsc3's
 * double-precision float division). */
#include <camp.h>
#include <complex.h>
#include <stdio.h>

#define N 48
typedef struct {
    double complex pole;
    float gain;
} filter;

typedef struct {
    float a, b, c;
    float complex z; /* at offset 12: across a 16-byte line */
} packed;

double complex z[N], w[N], out[N], quot[N];
float complex fz[N], fout[N];
double parts[N];
int flags[N];

static double complex rotate(double complex v, double angle_cos, double angle_sin) restrict(cpu, amp) {
    return v * (angle_cos + angle_sin * I);
}

static void accumulate(double complex *acc, const double complex *v, int n) restrict(cpu, amp) {
    for (int k = 0; k < n; k++) *acc += v[k] * v[k];
}

int main(void) {
    for (int i = 0; i < N; i++) {
        z[i] = (i - 20) * 0.37 + (i % 7 - 3) * 1.3 * I;
        w[i] = (i % 5 - 2.5) + (i - 30) * 0.11 * I;
        fz[i] = (float)(i * 0.1) - (float)(i % 3) * I;
    }
    w[7] = 0; /* a zero divisor: an infinite quotient, as Annex G has it */
    w[8] = 1e-300 + 1e300 * I;
    double r = 1.75;
    double complex c = 0.5 - 0.25 * I;
    filter f = {0.9 + 0.1 * I, 0.5f};
    double complex *wp = w;
    packed pk = {1, 2, 3, 0.5f - 2.0f * I};
    parallel_for_each(idx, extent(N)) {
        int i = idx;
        quot[i] = z[i] / w[i];
        double complex wi = w[i] == 0 ? 1.0 : w[i]; /* no infinities into products (not recovered as the host's) */
        double complex a = z[i] * wi;
        a += z[i] / wi;
        a -= r / (wp[i] + (wp[i] == 0));
        a *= r;
        a = a + 2.0 * I - ~z[i] + c;
        if (a == r) a = 0;
        __real__ a += 1;
        a = rotate(a, 0.6, 0.8) * f.pole * f.gain;
        accumulate(&a, &z[i], 1);
        out[i] = a;
        parts[i] = __imag__ a + (double)a + creal(c) - cimag(w[i]);
        flags[i] = (z[i] ? 1 : 0) | !w[i] << 1 | (z[i] != w[i]) << 2 | (w[i] == 0.0) << 3;
        float complex b = fz[i] * fz[i] + 1.0f;
        b /= fz[i] + I;
        b = b / 3.0f - 1.0f / (b + 2.0f) + pk.z * pk.c;
        fout[i] = b;
    }
    for (int i = 0; i < N; i++)
        printf("%d: %a %a | %a | %d | %a %a | %a %a\n", i, creal(out[i]), cimag(out[i]), parts[i], flags[i],
               (double)crealf(fout[i]), (double)cimagf(fout[i]), creal(quot[i]), cimag(quot[i]));

    return 0;
}
