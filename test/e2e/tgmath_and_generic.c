// needs: shaderInt64 shaderFloat64
/* C11's type-generic code in kernels: <tgmath.h>'s math (float, double,
 * an int promoted to double, mixed arguments of pow and fmax), and
 * _Generic macros that choose a value by the argument's type (a
 * constant, an expression, a string's length) beside one that chooses a
 * function, and one written over several lines of a macro. Printed for
 * comparison with the serial build. */
#include <camp.h>
#include <stdio.h>
#include <tgmath.h>

#define ONE(x) _Generic((x), float: 1.0f, double: 1.0, default: 1)
#define HALF_OF(x) _Generic((x), float: (x) * 0.5f, double: (x) * 0.5, int: (x) / 2)
#define WIDTH(x) _Generic((x), float: sizeof "float", double: sizeof "double!", int: 0.0f)
#define ABS(x) _Generic((x), float: fabsf, double: fabs)(x)
#define KIND(x) _Generic((x), char: 1, \
    int: 5, \
    default: 9)

int main(void) {
    enum { N = 8 };
    float f[N], fo[N];
    double d[N], dout[N], mixed[N];
    int k[N], ko[N];
    for (int i = 0; i < N; i++) f[i] = 0.375f * (float)(i - 3), d[i] = 1.25 * (i + 1), k[i] = 7 * i - 20;
    parallel_for_each(i, extent(N)) {
        fo[i] = exp(f[i]) + sqrt(fabs(f[i])) + pow(f[i], 2) + fmax(f[i], 0.25f) + ONE(f[i]) + HALF_OF(f[i]) +
                ABS(f[i]) + (float)WIDTH(f[i]);
        dout[i] = log(d[i]) + cbrt(d[i]) + atan2(d[i], 2.0) + ONE(d[i]) + HALF_OF(d[i]) + ABS(-d[i]) +
                  (double)WIDTH(d[i]);
        mixed[i] = pow(fabs(f[i]), d[i]) + fmax(k[i], f[i]) + sqrt(k[i] * k[i]); /* double: the widest argument */
        ko[i] = HALF_OF(k[i]) + ONE(k[i]) + 100 * KIND(k[i]) + 1000 * KIND(f[i]);
    }
    for (int i = 0; i < N; i++) printf("%.6g %.9g %.9g %d\n", fo[i], dout[i], mixed[i], ko[i]);
    return 0;
}
