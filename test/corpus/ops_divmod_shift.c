// needs: shaderInt64
/* Truncating division and remainder with every sign combination (int, long
 * long, and unsigned), the identity (a/b)*b + a%b == a, division by powers
 * of two of negative values (not a shift), and shifts: left shifts of
 * non-negative values, arithmetic right shifts of negative values (as clang
 * does), logical right shifts of unsigned, counts from a variable, and a
 * shift count of a wider type. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 400

int main(void) {
    int num[N], den[N], quot[N], rem[N], ident[N], pow2[N], shl[N], shr[N];
    long long lq[N];
    unsigned ushr[N];
    for (int i = 0; i < N; i++) {
        num[i] = (i * 7919) % 2001 - 1000;
        den[i] = (i * 31) % 41 - 20;
        if (den[i] == 0) den[i] = -7;
    }

    /* / and % truncate toward zero; % has the sign of the dividend. */
    parallel_for_each(i, extent(N)) {
        int a = num[i], b = den[i];
        quot[i] = a / b;
        rem[i] = a % b;
        ident[i] = (a / b) * b + a % b - a; /* always 0 */
        lq[i] = ((long long)a * 1000003) / b + ((long long)a * 1000003) % (b * 7);
    }
    /* Division by powers of two rounds toward zero, unlike >>. */
    parallel_for_each(i, extent(N)) {
        int a = num[i];
        pow2[i] = a / 2 * 1000000 + a / 8 * 1000 + a % 4 * 10 + (a / 16 - (a >> 4));
    }
    /* Left shifts of non-negative values by a variable count. */
    parallel_for_each(i, extent(N)) {
        unsigned a = (unsigned)(num[i] + 1000);
        int count = i % 20;
        long long wide_count = i % 11;
        shl[i] = (int)(a << count) + ((int)a << (i % 8)) + (1 << wide_count);
    }
    /* Right shifts: arithmetic for negative int, logical for unsigned. */
    parallel_for_each(i, extent(N)) {
        int a = num[i] * 1000;
        unsigned u = (unsigned)a;
        int count = i % 32;
        shr[i] = (a >> count) + (a >> 31) * 3 + (num[i] >> (i % 5));
        ushr[i] = (u >> count) + (u >> 31) * 3u + (0x80000000u >> (31 - count));
    }

    print_array("%d", quot, N);
    print_array("%d", rem, N);
    print_array("%d", ident, N);
    print_array("%lld", lq, N);
    print_array("%d", pow2, N);
    print_array("%d", shl, N);
    print_array("%d", shr, N);
    print_array("%u", ushr, N);
    return 0;
}
