// needs: shaderInt64
/* Several threads write a global array right after a kernel wrote it, with
 * no synchronize: the first access of each settles the view (the kernel's
 * results brought back, the device's copy dropped at the write), and a
 * thread whose access faulted while another thread settled the view tries
 * it again rather than taking the fault for its own. Then a kernel reads
 * what the threads wrote. Twenty rounds; a page-aligned array of whole
 * pages, and one of a page and a half whose first page it shares with
 * nothing the threads touch. The serial reference mode prints the same. */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>
// cflags: -pthread

#define N 65536
#define M 1536
#define THREADS 4
#define ROUNDS 20

_Alignas(4096) static int whole[N];
_Alignas(4096) static int ragged[M];

struct part {
    int *data;
    int first, count, add;
};

static void *negate_and_add(void *arg) {
    struct part *p = arg;
    for (int i = p->first; i < p->first + p->count; i++) p->data[i] = -p->data[i] + p->add;
    return NULL;
}

/* Each thread rewrites its share of data[0..n), all at once. */
static void in_threads(int *data, int n, int add) {
    pthread_t threads[THREADS];
    struct part parts[THREADS];
    for (int t = 0; t < THREADS; t++) {
        parts[t] = (struct part){data, t * (n / THREADS), n / THREADS, add};
        pthread_create(&threads[t], NULL, negate_and_add, &parts[t]);
    }
    for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
}

int main(void) {
    long long wrong = 0;
    for (int round = 1; round <= ROUNDS; round++) {
        parallel_for_each(i, extent(N)) { whole[i] = whole[i] + i % 7 + round; }
        parallel_for_each(i, extent(M)) { ragged[i] = ragged[i] + i % 5 + round; }
        in_threads(whole, N, round);
        in_threads(ragged, M, 2 * round);
    }
    /* the serial program's values, computed again on the host */
    static int w[N], r[M];
    for (int round = 1; round <= ROUNDS; round++) {
        for (int i = 0; i < N; i++) w[i] = -(w[i] + i % 7 + round) + round;
        for (int i = 0; i < M; i++) r[i] = -(r[i] + i % 5 + round) + 2 * round;
    }
    for (int i = 0; i < N; i++) wrong += whole[i] != w[i];
    for (int i = 0; i < M; i++) wrong += ragged[i] != r[i];
    printf("%lld wrong of %d\n", wrong, N + M);
    return 0;
}
