// test: workgroups
// needs: shaderInt64
/* extent64(n): a rank-1 extent whose index is a long long, for kernels of
 * 2^31 threads or more (test/large runs them; here the sizes are small,
 * against the serial reference): sizes 0, 1 and some no workgroup size
 * divides, the index in 64-bit arithmetic, a computed domain of type long
 * long and one of type long, the index passed to an amp function, and
 * int kernels beside them unchanged. */
#include <camp.h>
#include <stdio.h>

static long long square_plus(long long i, long long k) restrict(amp) { return i * i + k; }

int main(void) {
    static long long out[1000];
    static int widths[3];
    long long sizes[] = {0, 1, 7, 257, 1000};
    for (int s = 0; s < 5; s++) {
        long long n = sizes[s];
        parallel_for_each(i, extent64(n)) { out[i] = square_plus(i, n) + (i << 33); }
        long long sum = 0;
        for (long long i = 0; i < n; i++) sum += out[i] % 1000003;
        printf("extent64(%lld): sum %lld, last %lld\n", n, sum, n ? out[n - 1] : -1);
    }
    parallel_for_each(i, extent64(3)) { widths[i] = (int)sizeof i; }
    printf("index bytes: %d %d %d\n", widths[0], widths[1], widths[2]);

    long long domain = extent64(300);
    parallel_for_each(i, domain) { out[i] = -i; }
    long m = 5;
    parallel_for_each(i, m) { out[i] = (long long)sizeof i * 100 + i; }
    printf("computed domains: %lld %lld %lld\n", out[299], out[0], out[4]);

    static int small[10];
    parallel_for_each(i, extent(10)) { small[i] = (int)sizeof i * 10 + i; }
    printf("extent(10): %d %d\n", small[0], small[9]);
    return 0;
}
