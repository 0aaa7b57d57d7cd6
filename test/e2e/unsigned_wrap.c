// needs: shaderInt64
/* unsigned arithmetic wraps modulo 2^32; unsigned division, remainder and
 * comparison are unsigned even for values above INT_MAX. */
#include <camp.h>
#include <stdio.h>

#define N 256

int main(void) {
    unsigned a[N], b[N], add[N], sub[N], mul[N], div[N], rem[N], less[N];
    for (int i = 0; i < N; i++) {
        a[i] = 4294967295u - (unsigned)i * 16777259u;
        b[i] = (unsigned)i * 2654435761u + 1u;
    }
    unsigned big = 4000000000u;

    parallel_for_each(i, extent(N)) {
        add[i] = a[i] + b[i] + big;
        sub[i] = b[i] - a[i];
        mul[i] = a[i] * b[i];
        div[i] = a[i] / b[i];
        rem[i] = a[i] % b[i];
        less[i] = b[i] < a[i];
    }
    unsigned edge[4];
    parallel_for_each(i, extent(1)) { /* one point: i is 0 */
        unsigned zero = big - big;
        edge[i + 0] = zero - 1u;        /* 4294967295 */
        edge[i + 1] = big + big;        /* 3705032704 */
        edge[i + 2] = (zero - 1u) / 2u; /* 2147483647 */
        edge[i + 3] = (zero - 1u) > 1u; /* 1: unsigned comparison */
    }

    int bad = 0;
    unsigned checksum = 0;
    for (int i = 0; i < N; i++) {
        if ((add[i] != a[i] + b[i] + big || sub[i] != b[i] - a[i] || mul[i] != a[i] * b[i] ||
             div[i] != a[i] / b[i] || rem[i] != a[i] % b[i] || less[i] != (b[i] < a[i])) &&
            bad++ < 10)
            printf("mismatch at %d: %u %u %u %u %u %u\n", i, add[i], sub[i], mul[i], div[i], rem[i], less[i]);
        checksum = checksum * 31u + add[i] + sub[i] + mul[i] + div[i] + rem[i] + less[i];
    }
    unsigned want[4] = {4294967295u, 3705032704u, 2147483647u, 1u};
    for (int i = 0; i < 4; i++) {
        if (edge[i] != want[i] && bad++ < 10) printf("edge[%d] = %u, want %u\n", i, edge[i], want[i]);
        printf("%u ", edge[i]);
    }
    printf("\nchecksum %u\n", checksum);
    return bad != 0;
}
