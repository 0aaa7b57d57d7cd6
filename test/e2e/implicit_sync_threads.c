// needs: shaderInt64
/* Several threads read a view right after a kernel wrote it, with no
 * synchronize: each sees the kernel's results whole, however its reads
 * interleave with the copy back that the first one's access starts (the
 * view's pages stay closed to the others until every byte is back). A
 * static array of whole pages and a malloc'd block (not page-aligned: its
 * first and last pages hold malloc's data, which no thread touches
 * meanwhile; data-model.md says what else can be seen there), eight
 * rounds each. The serial reference mode prints the same. */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
// cflags: -pthread

#define N (1 << 20)
#define THREADS 4
#define ROUNDS 8

_Alignas(4096) static float statics[N];

struct part {
    const float *data;
    int first, wrong;
    float want;
};

static void *check_part(void *arg) {
    struct part *p = arg;
    for (int i = p->first; i < p->first + N / THREADS; i++) p->wrong += p->data[i] != p->want;
    return NULL;
}

/* Each thread checks its quarter of what the kernel just wrote. */
static int wrong_after_kernel(float *data, float round) {
    pthread_t threads[THREADS];
    struct part parts[THREADS];
    for (int t = 0; t < THREADS; t++) {
        parts[t] = (struct part){data, t * (N / THREADS), 0, round};
        pthread_create(&threads[t], NULL, check_part, &parts[t]);
    }
    int wrong = 0;
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        wrong += parts[t].wrong;
    }
    return wrong;
}

int main(void) {
    float *heap = malloc(sizeof(float) * N);
    for (int i = 0; i < N; i++) heap[i] = -1.0f;
    array_view(heap, N);
    int wrong_static = 0, wrong_heap = 0;
    for (int round = 1; round <= ROUNDS; round++) {
        float value = (float)round;
        parallel_for_each(i, extent(N)) statics[i] = value;
        wrong_static += wrong_after_kernel(statics, value);
        parallel_for_each(i, extent(N)) heap[i] = value;
        wrong_heap += wrong_after_kernel(heap, value);
    }
    printf("static array: %d stale reads in %d rounds\n", wrong_static, ROUNDS);
    printf("malloc'd block: %d stale reads in %d rounds\n", wrong_heap, ROUNDS);
    free(heap);
    return 0;
}
