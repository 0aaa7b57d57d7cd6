/* Indices of narrow types (unsigned char, signed char, short, _Bool) in
 * amp functions, into a view, a local array and a captured one: the
 * checked build (checked-narrow_index_helpers) records such an index for
 * its report widened to a word, as C promotes it (its module was invalid
 * before). */
#include <camp.h>
#include <stdio.h>

static void bump(unsigned *h, unsigned char a) restrict(amp) { h[a] += 1u; }

static int pick(const int *t, signed char s, unsigned short w, _Bool f) restrict(amp) {
    int local[4] = {10, 20, 30, 40};
    return t[s] + t[w] + t[f] + local[w % 4];
}

int main(void) {
    unsigned char in[64];
    unsigned h[256] = {0};
    int t[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[64];
    for (int i = 0; i < 64; i++) in[i] = (unsigned char)(i * 3);
    parallel_for_each(i, extent(64)) {
        bump(h, in[i]);
        out[i] = pick(t, (signed char)(i % 8), (unsigned short)(i % 5), (_Bool)(i & 1));
    }
    unsigned bumped = 0;
    long long sum = 0;
    for (int i = 0; i < 256; i++) bumped += h[i];
    for (int i = 0; i < 64; i++) sum += out[i];
    printf("%u bumps, h[189] = %u, sum %lld\n", bumped, h[189], sum);
    return 0;
}
