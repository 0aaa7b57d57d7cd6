/* Two accelerators in one program (run with lavapipe listed twice, so that
 * the Vulkan loader shows two devices): a view on each, an explicit view
 * moving between them, arrays of each, an array refused on the other one,
 * and one thread per accelerator. */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 2048, KERNELS = 30 };

static int errors;
static char message[1024];

static void on_error(const camp_error *error, void *user) {
    (void)user;
    errors++;
    snprintf(message, sizeof message, "%s", error->message);
}

typedef struct work {
    camp_accelerator_view *view;
    long wrong;
} work;

static void *run(void *arg) {
    work *w = arg;
    float *a = array_new_on(w->view, float, N, NULL, CAMP_ACCESS_TYPE_NONE);
    parallel_for_each_on(w->view, i, extent(N)) { a[i] = (float)i; }
    for (int k = 0; k < KERNELS; k++) {
        parallel_for_each_on(w->view, i, extent(N)) { a[i] = a[i] + 1.0f; }
    }
    float *out = malloc(N * sizeof *out);
    array_copy_out(out, a, N);
    for (int i = 0; i < N; i++) w->wrong += out[i] != (float)(i + KERNELS);
    array_delete(a);
    free(out);
    return NULL;
}

int main(void) {
    camp_accelerator list[4];
    int count = camp_get_accelerators(list, 4);
    printf("accelerators: %s\n", count >= 2 ? "two or more" : "fewer than two");
    if (count < 2) return 1;
    camp_accelerator_view *first = camp_accelerator_create_view(&list[0], CAMP_QUEUING_MODE_AUTOMATIC);
    camp_accelerator_view *second = camp_accelerator_create_view(&list[1], CAMP_QUEUING_MODE_AUTOMATIC);

    /* an explicit view used on one accelerator, then the other */
    int *v = malloc(N * sizeof *v);
    for (int i = 0; i < N; i++) v[i] = i;
    array_view(v, N);
    parallel_for_each_on(first, i, extent(N)) { v[i] = v[i] * 2; }
    parallel_for_each_on(second, i, extent(N)) { v[i] = v[i] + 1; }
    parallel_for_each_on(first, i, extent(N)) { v[i] = v[i] * 10; }
    array_view_synchronize(v);
    printf("view moved between accelerators: %d %d\n", v[0], v[N - 1]); /* 10, 40950 */
    array_view_release(v);

    /* an array belongs to its accelerator */
    camp_set_error_handler(on_error, NULL);
    int *only_first = array_new_on(first, int, 16, NULL, CAMP_ACCESS_TYPE_NONE);
    parallel_for_each_on(second, i, extent(16)) { only_first[i] = 0; }
    printf("array on the other accelerator refused: %d %d\n", errors,
           strstr(message, "is used by a kernel on accelerator 1") != NULL);
    camp_set_error_handler(NULL, NULL);
    array_delete(only_first);

    work works[2] = {{first, 0}, {second, 0}};
    pthread_t threads[2];
    for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, run, &works[t]);
    for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
    printf("one thread per accelerator: wrong %ld %ld\n", works[0].wrong, works[1].wrong);
    camp_accelerator_view_destroy(first);
    camp_accelerator_view_destroy(second);
    free(v);
    return 0;
}
// needs: shaderInt64
