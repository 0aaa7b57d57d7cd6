// needs: shaderInt64
/* The host loops over data beside global arrays that kernels wrote (a
 * counter after an array, a second array sharing the first one's last
 * page), thousands of accesses while the kernels' writes are pending: the
 * views on such a page are settled after a run of them (brought back, and
 * a write drops the accelerator's copy), and every result is the serial
 * program's — the arrays the kernels wrote, the host's writes beside them,
 * and kernels after the host's writes. */
#include <camp.h>
#include <stdio.h>

#define N 4099 /* not a whole number of pages: the arrays share pages */
static float u[N], next[N];
static volatile int counter;
static float host_side[N];

int main(void) {
    for (int i = 0; i < N; i++) u[i] = (float)(i % 7);
    for (int round = 0; round < 20; round++) {
        parallel_for_each(i, extent(N)) next[i] = (i == 0 || i == N - 1) ? u[i] : 0.5f * (u[i - 1] + u[i + 1]);
        parallel_for_each(i, extent(N)) u[i] = next[i] + 1.0f;
        for (int k = 0; k < 500; k++) counter++; /* beside next's last page, or u's */
        for (int i = 0; i < N; i++) host_side[i] += (float)round; /* beside them too */
    }
    float u_sum = 0, next_sum = 0, side_sum = 0;
    for (int i = 0; i < N; i++) u_sum += u[i], next_sum += next[i], side_sum += host_side[i];
    printf("counter %d, u %.3f, next %.3f, host side %.1f\n", counter, u_sum, next_sum, side_sum);
    return 0;
}
