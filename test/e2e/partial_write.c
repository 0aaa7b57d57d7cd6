// needs: shaderInt64
/* Kernels that write only some elements: views are copied in before the
 * kernel, so every element the kernel does not write keeps its host value. */
#include <camp.h>
#include <stdio.h>

#define N 1000

int main(void) {
    int even[N], prefix[N];
    float corner[8][8];
    for (int i = 0; i < N; i++) {
        even[i] = -i;
        prefix[i] = i * 11;
    }
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) corner[y][x] = y * 8 + x + 0.5f;

    parallel_for_each(i, extent(N)) {
        if (i % 2 == 0) even[i] = i * 2;
    }
    /* An extent smaller than the array: the tail is untouched. */
    parallel_for_each(i, extent(100)) {
        prefix[i] = prefix[i] + 1;
    }
    /* Only the top-left 3x3 block of an 8x8 array. */
    parallel_for_each(idx, extent(3, 3)) {
        corner[idx[0]][idx[1]] = -1.0f;
    }

    int bad = 0;
    long long checksum = 0;
    for (int i = 0; i < N; i++) {
        int want_even = i % 2 == 0 ? i * 2 : -i;
        int want_prefix = i < 100 ? i * 11 + 1 : i * 11;
        if ((even[i] != want_even || prefix[i] != want_prefix) && bad++ < 10)
            printf("mismatch at %d: even %d prefix %d\n", i, even[i], prefix[i]);
        checksum += even[i] + 3LL * prefix[i];
    }
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            float want = y < 3 && x < 3 ? -1.0f : y * 8 + x + 0.5f;
            if (corner[y][x] != want && bad++ < 10) printf("corner[%d][%d] = %g\n", y, x, corner[y][x]);
            checksum += (long long)(corner[y][x] * 2.0f);
        }
    printf("checksum %lld\n", checksum);
    return bad != 0;
}
