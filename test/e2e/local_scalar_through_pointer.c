// needs: shaderInt64 shaderBufferInt64Atomics
/* A pointer the launching function makes to one of its scalars (`long
 * long *tot = &total;`), used by the kernel: the scalar is a view for the
 * launch, as a local array reached through a pointer is, and the host
 * reads what the kernel wrote (it was refused as lying in no view, in
 * words about a local array). */
#include <camp.h>
#include <stdio.h>

int main(void) {
    long long total = 5;
    int largest = -1, data[64];
    long long *tot = &total;
    int *top = &largest;
    for (int i = 0; i < 64; i++) data[i] = (i * 37) % 64;
    parallel_for_each(i, extent(64)) {
        camp_atomic_fetch_add(tot, (long long)data[i]);
        camp_atomic_fetch_max(top, data[i]);
    }
    printf("total %lld, largest %d\n", total, largest);
    parallel_for_each(i, extent(1)) *tot = *tot * 2 + *top;
    printf("then %lld\n", total);
    return 0;
}
