// needs: shaderInt64 shaderInt16
/* short and unsigned short in kernels: 16-bit arrays in views, promotion to
 * int (unsigned short * unsigned short is an int product), narrowing back to
 * 16 bits, signed/unsigned short comparisons after promotion, compound
 * assignment on short locals, and arithmetic right shift of a negative
 * short (implementation-defined; clang shifts arithmetically). */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 300

int main(void) {
    short s[N], narrowed[N], compound[N];
    unsigned short us[N], small_a[N], small_b[N], truncated[N];
    int prod[N], diff[N], cmp[N];
    unsigned wide[N];
    for (int i = 0; i < N; i++) {
        s[i] = (short)((i * 211) % 65536 - 32768);
        us[i] = (unsigned short)(i * 257 + 3);
        small_a[i] = (unsigned short)(300 + i);
        small_b[i] = (unsigned short)(1000 + i * 7);
    }

    /* unsigned short operands promote to int: the product exceeds 16 bits. */
    parallel_for_each(i, extent(N)) {
        prod[i] = small_a[i] * small_b[i];
        truncated[i] = (unsigned short)(small_a[i] * small_b[i]);
        wide[i] = (unsigned)us[i] * us[i]; /* unsigned multiply wraps mod 2^32 */
    }
    /* Narrowing to short wraps (implementation-defined, as clang does). */
    parallel_for_each(i, extent(N)) {
        narrowed[i] = (short)(s[i] * 2 + 1);
        diff[i] = us[i] - us[(i + 1) % N]; /* int result, may be negative */
    }
    /* Comparisons: both operands become int, so -1 < 65535. */
    parallel_for_each(i, extent(N)) {
        cmp[i] = (s[i] < us[i]) + 2 * (s[i] == (short)us[i]) + 4 * ((unsigned short)s[i] > 40000) +
                 8 * ((short)-1 < (unsigned short)1);
    }
    /* Compound assignments on a short local. */
    parallel_for_each(i, extent(N)) {
        short x = s[i];
        x += 1000;
        x >>= 2;
        x *= 3;
        x -= (short)i;
        x |= 0x11;
        x %= 1001;
        compound[i] = x;
    }

    print_array("%d", prod, N);
    print_array("%d", truncated, N);
    print_array("%u", wide, N);
    print_array("%d", narrowed, N);
    print_array("%d", diff, N);
    print_array("%d", cmp, N);
    print_array("%d", compound, N);
    return 0;
}
