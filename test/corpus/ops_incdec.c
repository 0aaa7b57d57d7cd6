// needs: shaderInt64 shaderFloat64 shaderInt8
/* ++ and --, prefix and postfix, on int, unsigned (wrapping at 0), char,
 * long long, float and double locals, on view elements, and on pointers
 * into a view and into a local array (stepping through elements); the
 * values of the expressions (old value for postfix, new for prefix). */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 300

int main(void) {
    int a[N], ints[N], counters[N], walk[N];
    unsigned uns[N];
    float fl[N];
    double db[N];
    long long wide[N];
    for (int i = 0; i < N; i++) {
        a[i] = i * 7 - 1000;
        counters[i] = i;
        fl[i] = (float)i * 0.5f;
        db[i] = (double)i - 0.75;
    }

    /* Values of pre/post increment and decrement on int and unsigned. */
    parallel_for_each(i, extent(N)) {
        int x = a[i];
        int p = x++;
        int q = ++x;
        int r = x--;
        int s = --x;
        ints[i] = p * 1000 + (q - p) * 100 + (r - p) * 10 + (s - p) + x;
        unsigned u = (unsigned)(i % 3);
        u--;
        --u;
        unsigned old = u--;
        uns[i] = old * 3u + --u;
    }
    /* On char, long long, float and double, and on view elements. */
    parallel_for_each(i, extent(N)) {
        unsigned char c = (unsigned char)(i % 2 ? 255 : 0);
        c++;
        signed char sc = (signed char)(i % 100);
        --sc;
        long long w = (long long)i * 3000000000LL;
        w++;
        ++w;
        float f = fl[i];
        f++;
        double d = db[i];
        d--;
        --d;
        wide[i] = w + c * 10 + sc;
        fl[i] = f + (float)(c++);
        db[i] = d;
        counters[i]++;
        ++counters[i];
        counters[i]--;
    }
    /* On pointers: stepping through a view and through a local array. */
    parallel_for_each(i, extent(N)) {
        const int *p = &a[i % 250];
        int s = *p++;
        s += *p++ * 2;
        s += *++p * 3;
        s -= *--p;
        s += *p-- * 5;
        int local[4] = {i, i * 2, i * 3, i * 4};
        int *q = local;
        q++;
        ++q;
        int third = *q--;
        s += third * 7 + *q;
        walk[i] = s;
    }

    print_array("%d", ints, N);
    print_array("%u", uns, N);
    print_array("%lld", wide, N);
    print_array("%a", fl, N);
    print_array("%a", db, N);
    print_array("%d", counters, N);
    print_array("%d", walk, N);
    return 0;
}
