// needs: shaderInt64
/* The C++ AMP overview's add-arrays with an inline body, over sizes around the workgroup
 * sizes a compiler might pick, plus a captured scalar. */
#include <camp.h>
#include <stdio.h>

#define N 1000

int main(void) {
    int a[N], b[N], sum[N], scaled[N];
    for (int i = 0; i < N; i++) {
        a[i] = i * 7 - 300;
        b[i] = 1000 - i * i;
    }
    int k = 3;

    parallel_for_each(idx, extent(N)) {
        sum[idx] = a[idx] + b[idx];
    }
    parallel_for_each(idx, extent(N)) {
        scaled[idx] = a[idx] * k - b[idx];
    }

    int bad = 0;
    long long checksum = 0;
    for (int i = 0; i < N; i++) {
        if (sum[i] != a[i] + b[i] || scaled[i] != a[i] * k - b[i]) {
            if (bad++ < 10) printf("mismatch at %d: sum %d scaled %d\n", i, sum[i], scaled[i]);
        }
        checksum += (long long)sum[i] * (i + 1) + scaled[i];
    }
    printf("checksum %lld\n", checksum);
    printf("%d %d %d\n", sum[0], sum[500], sum[N - 1]);
    return bad != 0;
}
