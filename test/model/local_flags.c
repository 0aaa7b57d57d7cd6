/* A local array a kernel writes, read by the host right after the kernel,
 * beside a small malloc'd view the kernel writes too (a frontier search's
 * "changed" flag): the view's copy back (its pages cannot be protected)
 * submits the kernel's batch, and the local array's copy back must be
 * submitted after it, not left in a batch no one submits. Under
 * CAMP_FORCE_STAGING the local array comes back through a staging buffer,
 * as on a discrete GPU; the flag read stale stopped the loop after one
 * round there. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 1000, rounds = 0;
    int *level = calloc((size_t)n, sizeof *level);
    array_view(level, n);
    int changed[1];
    do {
        changed[0] = 0;
        parallel_for_each(i, extent(n)) {
            if (level[i] < 3 + i % 4) {
                level[i]++;
                changed[0] = 1;
            }
        }
        rounds++;
        printf("round %d: changed %d\n", rounds, changed[0]);
    } while (changed[0] && rounds < 10);
    long long sum = 0;
    for (int i = 0; i < n; i++) sum += level[i];
    printf("%d rounds, levels sum to %lld\n", rounds, sum);
    array_view_release(level);
    free(level);
    return 0;
}
