// needs: shaderInt64
/* Control flow inside kernels: while and for loops with data-dependent trip
 * counts, nested loops, if / else if / else chains, locals. */
#include <camp.h>
#include <stdio.h>

#define N 2000

int collatz_steps(int n) restrict(cpu, amp) {
    int steps = 0;
    while (n != 1) {
        if (n % 2 == 0)
            n = n / 2;
        else
            n = 3 * n + 1;
        steps++;
    }
    return steps;
}

int main(void) {
    int steps[N], divisors[N], kind[N], tri[N];
    int limit = 10;

    parallel_for_each(i, extent(N)) {
        steps[i] = collatz_steps(i + 1);
    }
    parallel_for_each(i, extent(N)) {
        int n = i + 1;
        int count = 0;
        for (int d = 1; d <= n; d++) {
            if (n % d == 0) count++;
        }
        divisors[i] = count;
        if (count == 1)
            kind[i] = 0; /* one */
        else if (count == 2)
            kind[i] = 1; /* prime */
        else if (count > limit)
            kind[i] = 3; /* many divisors */
        else
            kind[i] = 2;
    }
    parallel_for_each(i, extent(N)) {
        int s = 0;
        for (int a = 0; a < i % 50; a++)
            for (int b = 0; b <= a; b++) s += b;
        tri[i] = s;
    }

    int bad = 0;
    long long checksum = 0;
    int primes = 0;
    for (int i = 0; i < N; i++) {
        int n = i + 1, count = 0, s = 0;
        for (int d = 1; d <= n; d++) count += n % d == 0;
        int want_kind = count == 1 ? 0 : count == 2 ? 1 : count > limit ? 3 : 2;
        for (int a = 0; a < i % 50; a++) s += a * (a + 1) / 2;
        if ((steps[i] != collatz_steps(n) || divisors[i] != count || kind[i] != want_kind ||
             tri[i] != s) &&
            bad++ < 10)
            printf("mismatch at %d: %d %d %d %d\n", i, steps[i], divisors[i], kind[i], tri[i]);
        primes += kind[i] == 1;
        checksum += steps[i] * 5LL + divisors[i] * 3LL + kind[i] + tri[i];
    }
    printf("primes %d, collatz(27) %d\n", primes, steps[26]);
    printf("checksum %lld\n", checksum);
    return bad != 0;
}
