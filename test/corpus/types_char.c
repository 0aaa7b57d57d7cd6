// needs: shaderInt64 shaderInt8
/* char, signed char and unsigned char in kernels: 8-bit arrays in views,
 * integer promotion to int before arithmetic, unsigned char wrap-around,
 * narrowing conversions to signed char (clang wraps modulo 256), char
 * comparisons with mixed signedness, and sign/zero extension to unsigned. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 256

int main(void) {
    char c[N];
    signed char sc[N], narrowed[N];
    unsigned char uc[N], wrapped[N], hash[N];
    int sum[N], prod[N], cmp[N];
    unsigned widened[N];
    for (int i = 0; i < N; i++) {
        c[i] = (char)(i - 128);
        sc[i] = (signed char)((i * 7) % 256 - 128);
        uc[i] = (unsigned char)(i * 13);
    }

    /* Promotion: the sums and products are computed in int. */
    parallel_for_each(i, extent(N)) {
        sum[i] = c[i] + sc[i] + uc[i];
        prod[i] = c[i] * uc[i] - sc[i] * sc[i];
    }
    /* Wrap-around of unsigned char, narrowing to signed char. */
    parallel_for_each(i, extent(N)) {
        unsigned char u = uc[i];
        u += 200;
        u *= 3;
        wrapped[i] = u;
        signed char s = (signed char)(c[i] + 100);
        s ^= 0x55;
        narrowed[i] = s;
    }
    /* Comparisons after promotion; sign extension of char to unsigned. */
    parallel_for_each(i, extent(N)) {
        cmp[i] = (c[i] < uc[i]) + 2 * (sc[i] == (signed char)uc[i]) + 4 * ((unsigned char)c[i] > 127) +
                 8 * (c[i] == -1) + 16 * ((char)uc[i] < 0);
        widened[i] = (unsigned)c[i] + (unsigned)uc[i];
    }
    /* A small hash kept in unsigned char: each step truncates mod 256. */
    parallel_for_each(i, extent(N)) {
        unsigned char h = 0;
        for (int k = 0; k < 8; k++) h = (unsigned char)(h * 31 + (unsigned char)(i + k));
        hash[i] = h;
    }

    print_array("%d", sum, N);
    print_array("%d", prod, N);
    print_array("%d", wrapped, N);
    print_array("%d", narrowed, N);
    print_array("%d", cmp, N);
    print_array("%u", widened, N);
    print_array("%d", hash, N);
    return 0;
}
