// needs: shaderInt64 shaderInt8
/* switch in kernels: fallthrough between cases, default in the middle of
 * the cases, a case with several labels, a nested switch, switch on char
 * and on an enum and on a long long, break inside a loop inside a switch
 * (leaves only the loop), continue inside a switch inside a loop, and a
 * switch with no matching case and no default. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 300

typedef enum { OP_ADD, OP_SUB, OP_MUL, OP_NEG, OP_NOP } op;

int main(void) {
    int in[N], fall[N], middle[N], nested[N], chars[N], loops[N];
    char letters[N];
    op ops[N];
    long long keys[N];
    for (int i = 0; i < N; i++) {
        in[i] = (i * 37) % 23 - 5;
        letters[i] = (char)("abcxyz+-*/ 09"[i % 13]);
        ops[i] = (op)(i % 5);
        keys[i] = (long long)(i % 6) * 10000000000LL;
    }

    /* Fallthrough: each case adds and falls into the next one. */
    parallel_for_each(i, extent(N)) {
        int r = 0;
        switch (in[i]) {
        case 0: r += 1;
        /* fall through */
        case 1: r += 10;
        /* fall through */
        case 2:
        case 3: r += 100; break;
        case -5: r = -1; break;
        case 17: r = 17;
        }
        fall[i] = r;
    }
    /* default between cases still only runs when nothing matches. */
    parallel_for_each(i, extent(N)) {
        int r = 0;
        switch (in[i] % 6) {
        case 1: r = 11; break;
        default: r = in[i] * 2;
        /* fall through */
        case -2: r += 5; break;
        case 4: r = 44; break;
        }
        switch (keys[i]) {
        case 0: r += 1000; break;
        case 30000000000LL: r += 3000; break;
        case 50000000000LL: r -= 5000; break;
        }
        middle[i] = r;
    }
    /* A switch nested in a switch, and on an enum. */
    parallel_for_each(i, extent(N)) {
        int x = in[i], y = i % 3, r = 0;
        switch (ops[i]) {
        case OP_ADD: r = x + y; break;
        case OP_SUB: r = x - y; break;
        case OP_MUL:
            switch (y) {
            case 0: r = 0; break;
            case 1: r = x; break;
            default: r = x * y; break;
            }
            r += 1000;
            break;
        case OP_NEG: r = -x;
        /* fall through */
        case OP_NOP: r += 50000; break;
        }
        nested[i] = r;
    }
    /* switch on char, with character constants. */
    parallel_for_each(i, extent(N)) {
        int r;
        switch (letters[i]) {
        case 'a': case 'b': case 'c': r = letters[i] - 'a'; break;
        case '+': r = 100; break;
        case '-': r = 101; break;
        case '0': case '9': r = 200 + (letters[i] - '0'); break;
        case ' ': r = -32; break;
        default: r = letters[i]; break;
        }
        chars[i] = r;
    }
    /* break inside a loop inside a switch; continue inside a switch in a loop. */
    parallel_for_each(i, extent(N)) {
        int r = 0;
        switch (i % 3) {
        case 0:
            for (int k = 0; k < 100; k++) {
                if (k * k > i) break; /* leaves the loop, not the switch */
                r += k;
            }
            r += 1000;
            break;
        case 1:
            r = -1;
            break;
        default: break;
        }
        for (int k = 0; k < 8; k++) {
            switch ((i + k) % 4) {
            case 0: continue; /* the next iteration of the loop */
            case 1: r += 3; break;
            default: r += k; break;
            }
            r *= 2;
        }
        loops[i] = r;
    }

    print_array("%d", fall, N);
    print_array("%d", middle, N);
    print_array("%d", nested, N);
    print_array("%d", chars, N);
    print_array("%d", loops, N);
    return 0;
}
