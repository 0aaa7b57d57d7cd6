// needs: shaderInt64 shaderFloat64 shaderInt16 shaderInt8
/* Casts and conversions in kernels: int <-> float and double (in range,
 * truncating toward zero), narrowing to char and short (wrapping as clang
 * does), sign changes int <-> unsigned, 64 <-> 32 bits, conversion to
 * _Bool, float -> unsigned, implicit conversions on assignment, return and
 * argument passing, and sizeof of types and expressions (never evaluated). */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 300

static float half_of(float x) restrict(amp) { return x * 0.5f; }
static short as_short(int x) restrict(amp) { return (short)x; } /* conversion on return */

int main(void) {
    int ints[N], from_f[N], narrow[N], signs[N], sizes[N], implicit[N];
    float flts[N], to_f[N];
    unsigned to_u[N];
    double to_d[N];
    for (int i = 0; i < N; i++) {
        ints[i] = (i - 150) * 70001;
        flts[i] = (float)(i - 150) * 1.75f;
    }

    /* int <-> float and double. */
    parallel_for_each(i, extent(N)) {
        to_f[i] = (float)(ints[i] / 64) + (float)i * 0.25f;
        from_f[i] = (int)flts[i] + (int)(-flts[i] * 2.0f);
        to_d[i] = (double)ints[i] * 0.5 + (double)flts[i];
        to_u[i] = flts[i] >= 0.0f ? (unsigned)(flts[i] * 1000.0f) : (unsigned)(double)(ints[i] + 20000000);
    }
    /* Narrowing to char and short; sign changes; 64-bit to 32-bit. */
    parallel_for_each(i, extent(N)) {
        signed char c = (signed char)ints[i];
        unsigned char uc = (unsigned char)ints[i];
        short s = (short)ints[i];
        unsigned short us = (unsigned short)ints[i];
        int fromll = (int)((long long)ints[i] * 4099);
        narrow[i] = c + uc * 3 + s * 5 + us * 7 + fromll % 1000;
        unsigned u = (unsigned)ints[i];
        int back = (int)(u ^ 0x80000000u);
        signs[i] = back / 3 + (int)(u >> 20) + (int)(unsigned char)-i;
    }
    /* Implicit conversions: assignment, arguments, return values, _Bool. */
    parallel_for_each(i, extent(N)) {
        float f = ints[i] / 1000;  /* int division, then conversion */
        int k = half_of(flts[i]);  /* the float result truncated to int */
        short s = as_short(ints[i]);
        _Bool b = flts[i];
        long long ll = ints[i];
        implicit[i] = (int)f + k * 3 + s + b * 1000000 + (int)(ll >> 40);
    }
    /* sizeof types and expressions; the operand is not evaluated. */
    parallel_for_each(i, extent(N)) {
        int x = i;
        int sz = (int)sizeof(char) + (int)sizeof(short) * 10 + (int)sizeof(int) * 100 +
                 (int)sizeof(long long) * 1000 + (int)sizeof(float) * 10000 + (int)sizeof(x + 1LL) * 100000;
        sizes[i] = sz + x - i + (int)sizeof(double) + (int)sizeof(int4) + (int)sizeof(ints) / 1024 +
                   (int)sizeof ints[0];
    }

    print_array("%a", to_f, N);
    print_array("%d", from_f, N);
    print_array("%a", to_d, N);
    print_array("%u", to_u, N);
    print_array("%d", narrow, N);
    print_array("%d", signs, N);
    print_array("%d", implicit, N);
    print_array("%d", sizes, N);
    return 0;
}
