// A global every thread updates with += or ++ and no atomic operation:
// the updates race and most are lost, a warning with what to use instead.
// One thread's update (under a test, or a kernel of extent(1)) and an
// atomic one are not warned of.
#include <camp.h>
#include <stdio.h>

int total, hits;
double sum;

int main(void) {
    int data[256];
    for (int i = 0; i < 256; i++) data[i] = i;
    parallel_for_each(i, extent(256)) {
        total += data[i];
        sum++;
        camp_atomic_fetch_add(&hits, 1);
        if (i == 0) total += 1;
    }
    parallel_for_each(i, extent(1)) { total += data[i]; }
    printf("%d %g %d\n", total, sum, hits);
    return 0;
}
// expect-warning: 15:9: every thread of the kernel updates 'total', a global the threads share, at once: without an atomic operation the updates race and most are lost; use camp_atomic_fetch_add(&total, ...) (or another camp_atomic_*), or a reduction [-Wkernel-race]
// expect-warning: 16:9: every thread of the kernel updates 'sum'
