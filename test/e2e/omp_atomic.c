// needs: shaderInt64 shaderBufferInt64Atomics
/* Code ported from OpenMP keeps its `#pragma omp atomic` lines: in amp
 * code the statement after one is the atomic operation camp_atomic_*
 * does (++ and --, += -= &= |= ^=, x = x + e and x = e + x, read and
 * write), on view elements and on a variable of the function around the
 * kernel, which the update shares with the host as camp_atomic_fetch_add
 * does. Pragmas that mean nothing to a kernel (`parallel for` on an inner
 * loop) are left alone. The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>

#define N 4096

int main(void) {
    static int hist[8];
    static unsigned bits[2];
    static long long total[1];
    int below = 0;
    long long sum = 0;
    unsigned mask = ~0u;
    int out[N], last[1] = {0};
    parallel_for_each(i, extent(N)) {
#pragma omp atomic
        hist[i % 8]++;
#pragma omp atomic update
        --hist[(i / 8) % 8];
#pragma omp atomic
        hist[(i * 7) % 8] += 3;
#pragma omp atomic
        hist[i % 3] -= 1;
#pragma omp atomic
        bits[0] |= 1u << (i % 32);
#pragma omp atomic
        bits[1] ^= (unsigned)i * 2654435761u;
#pragma omp atomic
        total[0] = total[0] + i;
#pragma omp atomic
        total[0] = 2 + total[0];
        if (i % 5 == 0) {
#pragma omp atomic
            below++;
        }
#pragma omp atomic
        sum += (long long)i * i;
#pragma omp atomic
        mask &= ~(1u << (i % 16));
        int seen;
#pragma omp atomic read
        seen = hist[0];
        out[i] = seen > -100000;
#pragma omp atomic write
        last[0] = 7;
        int k = 0;
#pragma omp parallel for
        for (int j = 0; j < 4; j++) k += j;
        out[i] += k;
    }
    int ones = 0;
    for (int i = 0; i < N; i++) ones += out[i];
    for (int b = 0; b < 8; b++) printf("%d ", hist[b]);
    printf("\n%#x %#x %lld %d %lld %#x %d %d\n", bits[0], bits[1], total[0], below, sum, mask, ones, last[0]);
    return 0;
}
