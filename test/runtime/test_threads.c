/* test_threads — launches from several threads at once, the first of them
 * racing to initialise the runtime, each checking its own results. */
#include "test_util.h"

#include <pthread.h>
#include <stdlib.h>

enum { THREADS = 4, LAUNCHES = 20, N = 3000 };

static void *worker(void *arg) {
    uint32_t seed = (uint32_t)(uintptr_t)arg;
    uint32_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
    uintptr_t wrong = 0;
    for (int l = 0; l < LAUNCHES; l++) {
        int n = N - (int)(seed * 7 + (uint32_t)l * 13) % 500;
        for (int i = 0; i < n; i++) a[i] = seed * 100000u + (uint32_t)i, b[i] = (uint32_t)l, c[i] = 0;
        launch_vadd(&test_module, n, a, b, c, (size_t)n * sizeof *a);
        for (int i = 0; i < n; i++) wrong += c[i] != a[i] + b[i];
    }
    free(a), free(b), free(c);
    return (void *)wrong;
}

int main(void) {
    test_module_init();
    pthread_t threads[THREADS];
    for (uintptr_t t = 0; t < THREADS; t++) CHECK(pthread_create(&threads[t], NULL, worker, (void *)t) == 0);
    for (int t = 0; t < THREADS; t++) {
        void *wrong = NULL;
        pthread_join(threads[t], &wrong);
        CHECK(wrong == NULL);
    }
    if (test_failures) fprintf(stderr, "test_threads: %d checks failed\n", test_failures);
    return test_failures != 0;
}
