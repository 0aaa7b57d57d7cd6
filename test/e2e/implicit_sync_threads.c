// needs: shaderInt64
/* Several threads read a view right after a kernel wrote it, with no
 * synchronize: each sees the kernel's results whole, however its reads
 * interleave with the copy back that the first one's access starts (the
 * view's pages stay closed to the others until every byte is back). A
 * static array of whole pages and a malloc'd block (not page-aligned: its
 * first and last pages hold malloc's data, which no thread touches
 * meanwhile; data-model.md says what else can be seen there), eight
 * rounds each. A view of a file mapping, whose pages must stay the
 * file's (not replaced: copied into as before), brings the kernel's
 * results into the file too. The serial reference mode prints the same. */
#define _DEFAULT_SOURCE /* ftruncate */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
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
    FILE *backing = tmpfile();
    if (!backing || ftruncate(fileno(backing), N * sizeof(float)) != 0) return 1;
    float *filed = mmap(NULL, N * sizeof *filed, PROT_READ | PROT_WRITE, MAP_SHARED, fileno(backing), 0);
    if (filed == MAP_FAILED) return 1;
    array_view(filed, N);
    parallel_for_each(i, extent(N)) filed[i] = 7.0f;
    int wrong_file = 0; /* read by one thread: the file mapping's copy back is not kept from the others */
    for (int i = 0; i < N; i++) wrong_file += filed[i] != 7.0f;
    float from_file[N / THREADS];
    if (pread(fileno(backing), from_file, sizeof from_file, 0) != (ssize_t)sizeof from_file) return 1;
    for (int i = 0; i < N / THREADS; i++) wrong_file += from_file[i] != 7.0f;
    array_view_release(filed);
    munmap(filed, N * sizeof *filed);
    fclose(backing);
    printf("static array: %d stale reads in %d rounds\n", wrong_static, ROUNDS);
    printf("malloc'd block: %d stale reads in %d rounds\n", wrong_heap, ROUNDS);
    printf("file mapping: %d stale reads, in memory or in the file\n", wrong_file);
    free(heap);
    return 0;
}
