// needs: shaderInt64 shaderFloat64
/* 64-bit integers in kernels: long, long long, unsigned long long arrays in
 * views, 64-bit arithmetic and division, unsigned 64-bit wrap-around,
 * shifts by 32..63, sign and zero extension from 32 bits, truncation to 32
 * bits, exact long long <-> double conversions, and conversions between
 * long and unsigned (long is 64-bit, so -1L < 1u holds). */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

/* Signed/unsigned comparisons are part of what this file tests. */
#pragma clang diagnostic ignored "-Wsign-compare"

#define N 256

int main(void) {
    long long a[N], arith[N];
    unsigned long long b[N], mixed[N];
    long l[N];
    int small[N], truncated[N];
    unsigned us[N];
    long long extended[N], from_double[N];
    unsigned long long zero_ext[N];
    double to_double[N];
    int cmp[N];
    for (int i = 0; i < N; i++) {
        a[i] = (i - 128) * 123456789012LL + i;
        b[i] = 0xFFFFFFFF00000000ull + (unsigned long long)i * 0x10001ull;
        l[i] = (long)(i * i) * 1000003L - 5000000000L;
        small[i] = (i - 100) * 8388617;
        us[i] = (unsigned)i * 16777259u;
    }

    /* Signed 64-bit arithmetic, truncating division and remainder. */
    parallel_for_each(i, extent(N)) {
        arith[i] = a[i] * 3 + a[i] / 7 - a[i] % 1000 + l[i] / -9 + (l[i] % 13) * a[i] / 100000;
    }
    /* Unsigned 64-bit: multiplication wraps mod 2^64, shifts cross 32 bits. */
    parallel_for_each(i, extent(N)) {
        unsigned long long x = b[i] * 0x9E3779B97F4A7C15ull;
        x ^= x >> 33;
        x += b[i] << (i % 64);
        mixed[i] = x ^ (b[i] >> 32) ^ (0x8000000000000000ull >> (i % 64));
    }
    /* Extension from 32 bits, truncation to 32 bits, double conversions. */
    parallel_for_each(i, extent(N)) {
        extended[i] = small[i];
        zero_ext[i] = us[i];
        truncated[i] = (int)(a[i] >> 8); /* implementation-defined wrap */
        long long exact = a[i] / 4096;   /* |exact| < 2^53 */
        to_double[i] = (double)exact;
        from_double[i] = (long long)((double)exact * 0.5);
    }
    /* Usual arithmetic conversions with 64-bit operands. */
    parallel_for_each(i, extent(N)) {
        long neg = -1 - i;
        unsigned one = 1u + (unsigned)i;
        cmp[i] = (neg < one) + 2 * ((long long)neg < 1ull) + 4 * (a[i] < (long long)b[i]) +
                 8 * (b[i] > (unsigned long long)a[i]) + 16 * (l[i] > small[i]) +
                 32 * (sizeof(neg + one) == 8);
    }

    print_array("%lld", arith, N);
    print_array("%llu", mixed, N);
    print_array("%lld", extended, N);
    print_array("%llu", zero_ext, N);
    print_array("%d", truncated, N);
    print_array("%a", to_double, N);
    print_array("%lld", from_double, N);
    print_array("%d", cmp, N);
    return 0;
}
