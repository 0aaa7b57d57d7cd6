/* C++ AMP's tanpi, scalb and nan (include/camp_math/amp_extras.h) in
 * kernels, on their documented edge cases, double and float: each result
 * is checked against the value the header documents (the exit status) and
 * printed, and e2e compares the output at -O0 and -O2 with the serial
 * mode's, byte for byte. */
#include <camp.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

#define N 12

/* want == got, bit for bit (NaNs: any NaN) */
static int check(const char *what, double x, double got, double want) {
    int ok = isnan(want) ? isnan(got) : got == want && signbit(got) == signbit(want);
    printf("%s(%a) = %a%s\n", what, x, got, ok ? "" : "  WRONG");
    return ok;
}

int main(void) {
    /* tanpi: C23's zeros' signs and infinities' signs */
    static const double tx[N] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 1.5, -1.5, 0x1.0000000000001p52, 0x1p60};
    static const double twant[N] = {0.0, -0.0, -0.0, 0.0, 0.0, -0.0, INFINITY, -INFINITY, -INFINITY, INFINITY, -0.0, 0.0};
    /* scalb: x 2^y, NaN for a y that is not an integer, 0 2^inf and inf 2^-inf */
    static const double sx[N] = {1.0, 3.0, 1.0, 0.0, 5.0, INFINITY, 2.0, -7.0, 1.0, 1.0, 0x1p-1070, 1.0};
    static const double sy[N] = {10.0, -2.0, 0.5, INFINITY, -INFINITY, -INFINITY, INFINITY, 1e9, -1e9, -1074.0, -4.0, NAN};
    static const double swant[N] = {1024.0, 0.75, NAN, NAN, 0.0, NAN, INFINITY, -INFINITY, 0.0, 0x1p-1074, 0x1p-1074, NAN};
    double t[N], s[N], nd[N];
    float tf[N], sf[N], nf[N];
    int ok = 1;
    parallel_for_each(i, extent(N)) {
        t[i] = tanpi(tx[i]);
        tf[i] = tanpif((float)tx[i]);
        s[i] = scalb(sx[i], sy[i]);
        sf[i] = scalbf((float)sx[i], (float)sy[i]);
        nd[i] = nan("");
        nf[i] = nanf("1");
    }
    for (int i = 0; i < N; i++) {
        ok &= check("tanpi", tx[i], t[i], twant[i]);
        ok &= check("tanpif", tx[i], tf[i], fabs(tx[i]) >= 0x1p24 ? 0.0 : twant[i]);
        ok &= check("scalb", sx[i], s[i], swant[i]);
        ok &= check("scalbf", sx[i], sf[i], i == 9 || i == 10 ? 0.0 : swant[i]);
        ok &= check("nan", i, camp_double_as_ulong(nd[i]) == 0x7ff8000000000000ull, 1.0);
        ok &= check("nanf", i, camp_float_as_uint(nf[i]) == 0x7fc00000u, 1.0);
    }
    return !ok;
}
