// needs: shaderInt64
/* Threads read a global array a kernel has just written, each writing its
 * sum into the array beside it, while the main thread creates and joins
 * them through the C library (whose table of functions the program's data
 * begins with): campcc aligns the array to a page, so that neither that
 * table nor what came before the array shares its first page, and no
 * thread reads its old bytes while another's access beside it is let
 * through. Twenty rounds. The serial reference mode prints the same. */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>
// cflags: -pthread

#define N 40000 /* not whole pages: the sums share the array's last page */
#define THREADS 4

static int values[N];
static long sums[THREADS];

static void *sum_part(void *arg) {
    long t = (long)arg, s = 0;
    for (int i = (int)t * (N / THREADS); i < (int)(t + 1) * (N / THREADS); i++) s += values[i];
    sums[t] = s;
    return NULL;
}

int main(void) {
    int wrong = 0;
    for (int round = 1; round <= 20; round++) {
        parallel_for_each(i, extent(N)) { values[i] = round + i % 3; }
        pthread_t threads[THREADS];
        for (long t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, sum_part, (void *)t);
        for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
        long total = 0, want = 0;
        for (int t = 0; t < THREADS; t++) total += sums[t];
        for (int i = 0; i < N; i++) want += round + i % 3;
        wrong += total != want;
    }
    printf("%d rounds of 20 summed wrong\n", wrong);
    return 0;
}
