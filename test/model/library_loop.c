/* A loop as people write it: each round a kernel writes global arrays, a
 * library call reduces one of them, another kernel copies, and the host
 * counts rounds in data on a page of a view, reading the arrays only
 * every 50 rounds. Nothing comes back that the host does not read: not
 * the array the library call takes right after the kernel that wrote it
 * (the call runs on the accelerator), nor the view whose page the host
 * touches a few times between kernels (copies_back.py counts them: the
 * 200 sums, the four reads of u, the final read of next, and diff as the
 * program ends, for handlers that run after main). */
#include <camp_algorithms.h>
#include <math.h>
#include <stdio.h>

#define N 1536 /* the view's floats: 6 KiB, its second page shared with the tally */
static _Alignas(4096) float store[2048];
static _Alignas(4096) float next[N]; /* pages of their own: a read of one settles no other */
static _Alignas(4096) float diff[N];

int main(void) {
    float *u = store;
    volatile float *tally = &store[2040]; /* the host's, beside the view */
    array_view(u, N);
    for (int i = 0; i < N; i++) u[i] = i == 0 || i == N - 1 ? 1.0f : 0.0f;
    for (int round = 1; round <= 200; round++) {
        parallel_for_each(i, extent(N)) {
            next[i] = (i == 0 || i == N - 1) ? u[i] : 0.5f * (u[i - 1] + u[i + 1]);
            diff[i] = fabsf(next[i] - u[i]);
        }
        float change = camp_reduce_max(diff, N);
        parallel_for_each(i, extent(N)) u[i] = next[i];
        for (int k = 0; k < 3; k++) tally[k] += 1.0f;
        if (round % 50 == 0) printf("round %d: u[1] %.4f, change %.4f\n", round, u[1], change);
    }
    printf("tally %.0f, next[2] %.4f\n", tally[0] + tally[1] + tally[2], next[2]);
    return 0;
}
