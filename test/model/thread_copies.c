/* Four threads read a global array right after each of five kernels wrote
 * it: the first thread's access brings it back, and the others, whose
 * accesses fault while that copy runs, wait for it instead of copying the
 * array again: five copies back, not twenty (copies_back.py counts them). */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>

#define N 65536
#define THREADS 4
static int data[N];
static long sums[THREADS];

static void *sum_part(void *arg) {
    long t = (long)arg, s = 0;
    for (int i = (int)t * (N / THREADS); i < (int)(t + 1) * (N / THREADS); i++) s += data[i];
    sums[t] = s;
    return NULL;
}

int main(void) {
    for (int round = 1; round <= 5; round++) {
        parallel_for_each(i, extent(N)) { data[i] = round * (i % 4); }
        pthread_t threads[THREADS];
        for (long t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, sum_part, (void *)t);
        for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
        long total = 0;
        for (int t = 0; t < THREADS; t++) total += sums[t];
        printf("round %d: %ld\n", round, total);
    }
    return 0;
}
