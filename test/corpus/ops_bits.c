// needs: shaderInt64
/* clang's bit builtins in kernels (camp_bits.h): __builtin_popcount, clz,
 * ctz, ffs and parity in their int, l and ll forms, on values with bits at
 * both ends and across the 32-bit halves of 64-bit ones; clz and ctz only
 * of nonzero values (of 0 they are undefined), ffs also of 0 and negative
 * values; a builtin in a helper and in a condition. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 256

static int lowest_set(unsigned long long x) restrict(cpu, amp) { return x ? __builtin_ctzll(x) : 64; }

int main(void) {
    unsigned u[N];
    unsigned long long w[N];
    int pop[N], clz[N], ctz[N], ffs[N], parity[N];
    int pop64[N], clz64[N], ctz64[N], ffs64[N], parity64[N], popl[N], clzl[N], ctzl[N], ffsl[N], parityl[N];
    int helper[N], branch[N];
    for (int i = 0; i < N; i++) {
        u[i] = i == 0 ? 0u : i == 1 ? 0xffffffffu : i == 2 ? 0x80000000u : (unsigned)i * 2654435761u >> (i % 29);
        w[i] = i == 0   ? 0ull
               : i == 1 ? ~0ull
               : i == 2 ? 1ull << 63
               : i == 3 ? 1ull << 32
               : i == 4 ? 0x80000000ull
                        : ((unsigned long long)i * 0x9E3779B97F4A7C15ull) >> (i % 61);
    }
    parallel_for_each(i, extent(N)) {
        unsigned x = u[i];
        pop[i] = __builtin_popcount(x);
        clz[i] = x ? __builtin_clz(x) : -1;
        ctz[i] = x ? __builtin_ctz(x) : -1;
        ffs[i] = __builtin_ffs((int)x);
        parity[i] = __builtin_parity(x);
    }
    parallel_for_each(i, extent(N)) {
        unsigned long long x = w[i];
        pop64[i] = __builtin_popcountll(x);
        clz64[i] = x ? __builtin_clzll(x) : -1;
        ctz64[i] = x ? __builtin_ctzll(x) : -1;
        ffs64[i] = __builtin_ffsll((long long)x);
        parity64[i] = __builtin_parityll(x);
    }
    parallel_for_each(i, extent(N)) {
        unsigned long x = (unsigned long)w[i];
        popl[i] = __builtin_popcountl(x);
        clzl[i] = x ? __builtin_clzl(x) : -1;
        ctzl[i] = x ? __builtin_ctzl(x) : -1;
        ffsl[i] = __builtin_ffsl((long)x);
        parityl[i] = __builtin_parityl(x);
    }
    parallel_for_each(i, extent(N)) {
        helper[i] = lowest_set(w[i]);
        branch[i] = __builtin_popcount(u[i]) > 16 ? 1 : __builtin_parity(u[i] & 0xffu) ? 2 : 3;
    }
    print_array("%d", pop, N);
    print_array("%d", clz, N);
    print_array("%d", ctz, N);
    print_array("%d", ffs, N);
    print_array("%d", parity, N);
    print_array("%d", pop64, N);
    print_array("%d", clz64, N);
    print_array("%d", ctz64, N);
    print_array("%d", ffs64, N);
    print_array("%d", parity64, N);
    print_array("%d", popl, N);
    print_array("%d", clzl, N);
    print_array("%d", ctzl, N);
    print_array("%d", ffsl, N);
    print_array("%d", parityl, N);
    print_array("%d", helper, N);
    print_array("%d", branch, N);
    return 0;
}
