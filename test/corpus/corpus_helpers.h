/* corpus_helpers.h — amp helpers defined in a header, for func_header.c:
 * a static inline restrict(amp) helper, a restrict(cpu, amp) one, a helper
 * taking a struct declared here, and a pointer helper. */
#ifndef CORPUS_HELPERS_H
#define CORPUS_HELPERS_H

#include <camp.h>

typedef struct corpus_span { int start, length; } corpus_span;

/* The n-th triangular number. */
static inline int corpus_triangle(int n) restrict(amp) {
    return n * (n + 1) / 2;
}

/* Integer square root by bisection: both the host and kernels use it. */
static inline int corpus_isqrt(int n) restrict(cpu, amp) {
    int lo = 0, hi = n < 46340 ? n : 46340;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (mid * mid <= n) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

/* The span moved right by `by` and grown by one on each side. */
static inline corpus_span corpus_shift(corpus_span s, int by) restrict(amp) {
    corpus_span r = {s.start + by - 1, s.length + 2};
    return r;
}

/* Reverses the n ints at p in place. */
static inline void corpus_reverse(int *p, int n) restrict(amp) {
    for (int a = 0, b = n - 1; a < b; a++, b--) {
        int t = p[a];
        p[a] = p[b];
        p[b] = t;
    }
}

#endif
