// needs: shaderInt64
/* Every C operator on ints and unsigned in kernels: binary + - * / % & | ^
 * << >>, unary + - ~ !, the six comparisons, && || as values, and mixed
 * precedence without parentheses where C defines it. Values stay within
 * range (no signed overflow); shift counts are in range. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

/* Operator precedence without parentheses is what the last kernel tests. */
#pragma clang diagnostic ignored "-Wparentheses"

#define N 512

int main(void) {
    int a[N], b[N], binary[N], unary[N], rel[N], prec[N];
    unsigned ua[N], ubin[N];
    for (int i = 0; i < N; i++) {
        a[i] = (i * 7919) % 20001 - 10000;
        b[i] = (i * 104729) % 199 - 99;
        if (b[i] == 0) b[i] = 3;
        ua[i] = (unsigned)i * 2654435761u;
    }

    /* Binary arithmetic and bitwise operators. */
    parallel_for_each(i, extent(N)) {
        int x = a[i], y = b[i];
        binary[i] = (x + y) ^ (x - y) ^ (x * y) ^ (x / y) ^ (x % y) ^ (x & y) ^ (x | y) ^
                    ((x & 0xffff) << (i % 15)) ^ (x >> (i % 31)) ^ ((y & 0xff) << 3);
    }
    /* Unsigned binary operators (wrap-around is defined). */
    parallel_for_each(i, extent(N)) {
        unsigned x = ua[i], y = (unsigned)b[i];
        ubin[i] = (x + y) * 3u - (x ^ y) + (x / (y | 1u)) + (x % 1000u) + (x << (i % 32)) +
                  (x >> (31 - i % 32)) - (~x & y) + (x | 0x80000000u);
    }
    /* Unary operators. */
    parallel_for_each(i, extent(N)) {
        int x = a[i];
        unary[i] = +x * 1000 - -x + ~x + !x * 7 + !!b[i] * 11 + -(~b[i]) + (int)~ua[i] % 100;
    }
    /* Comparisons and logical operators as int values (0 or 1). */
    parallel_for_each(i, extent(N)) {
        int x = a[i], y = b[i];
        rel[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 |
                 (x != y) << 5 | (x > 0 && y > 0) << 6 | (x > 0 || y > 0) << 7 |
                 (ua[i] < 100000000u) << 8 | (ua[i] >= 3000000000u) << 9;
    }
    /* Precedence: * before +, << after +, & before ^ before |, == before &. */
    parallel_for_each(i, extent(N)) {
        int x = a[i] % 100, y = b[i];
        prec[i] = (x + y * 3 - x / 7 % 5 + (1 << 2 + 1)) + ((x & 0xf ^ y & 0x3 | 0x40) + (x == y & 1)) * 1000 +
                  (x < y == y < x) * 100000;
    }

    print_array("%d", binary, N);
    print_array("%u", ubin, N);
    print_array("%d", unary, N);
    print_array("%d", rel, N);
    print_array("%d", prec, N);
    return 0;
}
