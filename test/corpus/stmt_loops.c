// needs: shaderInt64
/* Control flow in kernels: if / else if / else chains (with and without
 * braces, a dangling else), for loops with empty parts, while and do-while
 * (the do body runs at least once), nested loops with break and continue at
 * each level, loops counting down, a loop whose exit depends on data, and
 * for loops written by macros. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

/* The first kernel tests that a dangling else binds to the inner if. */
#pragma clang diagnostic ignored "-Wdangling-else"

#define N 500
/* for loops that a macro writes: the header's parts are found without the
 * source text, which names only the macro's call. */
#define SUM_BELOW(n, acc) for (int m_ = 0; m_ < (n); m_++) acc += m_;
#define SUM_FROM(k, n, acc) for ((k) = 1; (k) < (n); (k) += 2) acc += (k);

int main(void) {
    int in[N], chain[N], loops[N], nested[N], gcd[N];
    for (int i = 0; i < N; i++) in[i] = (i * 7919) % 1009 - 504;

    /* if / else if / else, and a dangling else binding to the inner if. */
    parallel_for_each(i, extent(N)) {
        int x = in[i], r;
        if (x < -300)
            r = 1;
        else if (x < -100) {
            r = 2;
            if (x % 2) r += 10;
        } else if (x == 0)
            r = 3;
        else if (x < 100)
            r = x % 3 == 0 ? 4 : 5;
        else
            r = 6;
        if (x > 0)
            if (x % 5 == 0) r += 100;
            else r += 200; /* belongs to the inner if */
        chain[i] = r;
    }
    /* for with empty parts, while, do-while running at least once. */
    parallel_for_each(i, extent(N)) {
        int s = 0, k = 0;
        for (;;) {
            if (k >= i % 13) break;
            s += k++;
        }
        int w = i;
        while (w > 10) w /= 3;
        int d = 0, steps = 0;
        do {
            d += 7;
            steps++;
        } while (d < i % 20);
        int down = 0;
        for (int j = i % 9; j > 0; j--) down = down * 2 + j;
        int macro_sum = 0, odd;
        SUM_BELOW(i % 11, macro_sum)
        SUM_FROM(odd, i % 7, macro_sum)
        loops[i] = s * 100000 + w * 10000 + steps * 1000 + down + macro_sum * 1000000;
    }
    /* Nested loops with break and continue at both levels. */
    parallel_for_each(i, extent(N)) {
        int total = 0;
        for (int a = 0; a < 10; a++) {
            if (a == i % 7) continue;
            if (a * a > i) break;
            for (int b = 0; b < 10; b++) {
                if ((a + b) % 3 == 0) continue;
                if (b > a + i % 4) break;
                total += a * 10 + b;
            }
        }
        int n = 0;
        while (1) {
            n++;
            if (n % 4 == 0) continue;
            if (n > i % 17) break;
            total += n;
        }
        nested[i] = total;
    }
    /* Euclid's algorithm: a data-dependent trip count. */
    parallel_for_each(i, extent(N)) {
        int a = in[i] < 0 ? -in[i] : in[i], b = i + 1;
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        gcd[i] = a;
    }

    print_array("%d", chain, N);
    print_array("%d", loops, N);
    print_array("%d", nested, N);
    print_array("%d", gcd, N);
    return 0;
}
