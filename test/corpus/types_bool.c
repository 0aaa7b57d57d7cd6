// needs: shaderInt64 shaderInt8
/* _Bool in kernels: conversion from int and float (any nonzero value is 1,
 * not a truncation), _Bool arrays in views, _Bool operands promoted to int,
 * ++ and += on a _Bool, comparisons and logical operators as _Bool. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 256

int main(void) {
    int in[N];
    float f[N];
    _Bool flags[N], from_int[N], from_float[N], logic[N];
    int sums[N];
    float scaled[N];
    for (int i = 0; i < N; i++) {
        in[i] = (i * 37) % 11 - 5;
        f[i] = (float)(i % 7 - 3) * 0.125f;
        flags[i] = i % 3 == 0;
    }

    /* Conversions: nonzero int or float becomes 1, zero becomes 0. */
    parallel_for_each(i, extent(N)) {
        from_int[i] = in[i] * 256; /* 256 is not truncated to 0 */
        from_float[i] = f[i];
    }
    /* Logical operators and comparisons stored as _Bool. */
    parallel_for_each(i, extent(N)) {
        _Bool a = in[i] > 0, b = flags[i];
        logic[i] = (a && !b) || (a ^ b) || f[i] == 0.25f;
    }
    /* _Bool in arithmetic: promoted to int; ++ and += saturate at 1. */
    parallel_for_each(i, extent(N)) {
        _Bool t = in[i];
        t += 1;
        _Bool u = 0;
        u++;
        _Bool v = 1;
        v--;
        _Bool w = (_Bool)0.5f;
        int s = flags[i] + flags[i] + (in[i] != 0) - !flags[i];
        sums[i] = s * 1000 + t * 100 + u * 10 + v + w * 10000;
    }
    /* _Bool to float, and a _Bool cast inside float arithmetic. */
    parallel_for_each(i, extent(N)) {
        scaled[i] = (float)flags[i] * 2.5f + (_Bool)in[i] - (_Bool)f[i] * 0.5f;
    }

    print_array("%d", from_int, N);
    print_array("%d", from_float, N);
    print_array("%d", logic, N);
    print_array("%d", sums, N);
    print_array("%a", scaled, N);
    return 0;
}
