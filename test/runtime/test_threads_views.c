/* test_threads_views — 8 host threads, each launching 1000 kernels on an
 * accelerator view of its own (its current view), over an array and an
 * explicit view of its own: every thread's results are right, whatever the
 * interleaving. Waits let the runtime lock go, so the threads' calls
 * overlap; the meson test also runs under ThreadSanitizer in a
 * -Db_sanitize=thread build. */
#include "test_util.h"

#include <pthread.h>
#include <stdlib.h>

enum { THREADS = 8, LAUNCHES = 1000, CHECK_EVERY = 100, N = 1000 };

static void *worker(void *arg) {
    uint32_t seed = (uint32_t)(uintptr_t)arg;
    camp_accelerator_view *view = camp_accelerator_create_view(
        NULL, seed % 2 ? CAMP_QUEUING_MODE_IMMEDIATE : CAMP_QUEUING_MODE_AUTOMATIC);
    camp_set_current_view(view);
    uint32_t host[N], *sum = calloc(N, sizeof *sum);
    for (int i = 0; i < N; i++) host[i] = seed * 1000u + (uint32_t)i;
    uint32_t *a = camp_array_new(view, sizeof host, host, CAMP_ACCESS_TYPE_AUTO);
    camp_array_view_create(sum, N * sizeof *sum, "sum");
    uintptr_t wrong = 0;
    for (int l = 1; l <= LAUNCHES; l++) {
        /* sum = a + sum */
        launch_vadd(&test_module, N, a, sum, sum, N * sizeof *sum);
        if (l % CHECK_EVERY == 0) {
            camp_array_view_synchronize(sum);
            for (int i = 0; i < N; i++) wrong += sum[i] != (uint32_t)l * host[i];
        }
    }
    camp_array_view_release(sum);
    camp_array_delete(a);
    camp_set_current_view(NULL);
    camp_accelerator_view_destroy(view);
    free(sum);
    return (void *)wrong;
}

int main(void) {
    test_module_init();
    pthread_t threads[THREADS];
    for (uintptr_t t = 0; t < THREADS; t++) CHECK(pthread_create(&threads[t], NULL, worker, (void *)t) == 0);
    for (int t = 0; t < THREADS; t++) {
        void *wrong = NULL;
        pthread_join(threads[t], &wrong);
        if (wrong) fprintf(stderr, "thread %d: %zu wrong values\n", t, (size_t)(uintptr_t)wrong);
        CHECK(wrong == NULL);
    }
    if (test_failures) fprintf(stderr, "test_threads_views: %d checks failed\n", test_failures);
    return test_failures != 0;
}
