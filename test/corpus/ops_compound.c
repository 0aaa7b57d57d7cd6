// needs: shaderInt64 shaderFloat64 shaderInt8
/* Compound assignment of every kind (+= -= *= /= %= <<= >>= &= ^= |=) on
 * int, unsigned, long long, char (the result is converted back to the
 * narrow type), float and double, on locals and directly on view elements,
 * and the value of an assignment expression used in a larger expression. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 400

int main(void) {
    int a[N], ints[N], chained[N];
    unsigned uns[N];
    long long wide[N];
    signed char narrow[N];
    float fl[N];
    double db[N];
    for (int i = 0; i < N; i++) {
        a[i] = (i * 37) % 1000 - 500;
        ints[i] = i * 3 - 600;
        uns[i] = (unsigned)i * 40503u;
        wide[i] = (long long)i * -9876543210LL;
        narrow[i] = (signed char)(i % 256 - 128);
        fl[i] = (float)(i - 200) * 0.5f;
        db[i] = (double)i * 0.25;
    }

    /* Every compound operator on an int local. */
    parallel_for_each(i, extent(N)) {
        int x = a[i];
        x += 17;
        x -= i;
        x *= 3;
        x /= 7;
        x %= 101;
        x += 1000; /* positive again before the left shift */
        x <<= 2;
        x >>= 1;
        x &= 0x3f3;
        x ^= 0x155;
        x |= 0x800;
        ints[i] += x; /* and on a view element */
    }
    /* On unsigned and long long locals; unsigned wraps. */
    parallel_for_each(i, extent(N)) {
        unsigned u = uns[i];
        u -= 123456789u;
        u *= 2654435761u;
        u /= 3u;
        u %= 1000003u;
        u <<= i % 32;
        u >>= 3;
        u ^= 0xdeadbeefu;
        uns[i] = u;
        long long w = wide[i];
        w += 5000000000LL;
        w /= -3;
        w %= 1000000007LL;
        w *= 4;
        w |= 1;
        w &= ~0xf0LL;
        wide[i] = w;
    }
    /* On a signed char: computed in int, converted back (wraps as clang does). */
    parallel_for_each(i, extent(N)) {
        signed char c = narrow[i];
        c += 100;
        c *= 3;
        c -= -7;
        c /= 2;
        c ^= 0x40;
        narrow[i] = c;
    }
    /* On float and double (exact results), and on view elements directly. */
    parallel_for_each(i, extent(N)) {
        float f = fl[i];
        f += 0.25f;
        f *= 4.0f;
        f -= (float)i;
        f /= 8.0f;
        fl[i] = f;
        db[i] *= 2.0;
        db[i] += fl[i];
        db[i] /= 4.0;
        db[i] -= 0.125;
    }
    /* The value of an assignment is the stored (converted) value. */
    parallel_for_each(i, extent(N)) {
        int x, y;
        unsigned char b;
        x = y = a[i];
        int r = (x += 5) * 2 + (y -= 3) + (b = (unsigned char)(a[i] + 300));
        chained[i] = r * 10 + x - y + b;
    }

    print_array("%d", ints, N);
    print_array("%u", uns, N);
    print_array("%lld", wide, N);
    print_array("%d", narrow, N);
    print_array("%a", fl, N);
    print_array("%a", db, N);
    print_array("%d", chained, N);
    return 0;
}
