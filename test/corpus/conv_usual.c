// needs: shaderInt64 shaderInt16 shaderInt8
/* Integer promotions and the usual arithmetic conversions, exactly as C:
 * -1 < 1u is false (the int becomes unsigned), int / unsigned divides as
 * unsigned, unsigned char and short promote to int (so they stay signed
 * comparisons), long long with unsigned stays signed, ternaries with mixed
 * types, and the type of each result as seen by sizeof. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

/* Signed/unsigned comparisons are what this file tests. */
#pragma clang diagnostic ignored "-Wsign-compare"

#define N 256

int main(void) {
    int s[N];
    int minus_one = -1; /* a variable: comparing with it is not a constant test */
    unsigned u[N];
    int bits[N], sizes[N];
    unsigned udiv[N], umix[N];
    long long wide[N];
    for (int i = 0; i < N; i++) {
        s[i] = i - 128;
        u[i] = (unsigned)i * 3u + 1u;
    }

    /* Comparisons where the signed operand is converted to unsigned. */
    parallel_for_each(i, extent(N)) {
        unsigned char uc = (unsigned char)i;
        unsigned short us = (unsigned short)(i * 100);
        bits[i] = (-1 < 1u) + 2 * (s[i] < u[i]) + 4 * (s[i] < (int)u[i]) + 8 * (uc > minus_one) +
                  16 * (us > minus_one) + 32 * (-1 < 1ll * u[i]) + 64 * (s[i] > 0u) + 128 * (-1L < 1u);
    }
    /* Arithmetic where the int operand is converted to unsigned. */
    parallel_for_each(i, extent(N)) {
        udiv[i] = s[i] / u[i] + s[i] % (u[i] + 7u); /* unsigned / and % */
        umix[i] = s[i] * 3 + u[i] - 1000u + (unsigned)(s[i] >> 1);
        wide[i] = s[i] * 3LL + u[i] - (long long)u[i] * 2 + (u[i] - 1000u); /* last term wraps */
    }
    /* The types of mixed expressions, by their sizes and signedness. */
    parallel_for_each(i, extent(N)) {
        char c = (char)i;
        short sh = (short)s[i];
        int kinds = (int)sizeof(c + c) + 10 * (int)sizeof(sh * sh) + 100 * (int)sizeof(c + 1LL) +
                    1000 * (int)sizeof(1.0f + c) + 10000 * (int)sizeof(1.0 + 1.0f) +
                    100000 * (int)sizeof(i ? 1 : 2.0);
        sizes[i] = kinds + ((u[i] ? s[i] : u[i]) > 0u); /* the ternary is unsigned */
    }

    print_array("%d", bits, N);
    print_array("%u", udiv, N);
    print_array("%u", umix, N);
    print_array("%lld", wide, N);
    print_array("%d", sizes, N);
    return 0;
}
