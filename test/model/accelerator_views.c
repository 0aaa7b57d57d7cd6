/* Accelerators and accelerator views: enumeration; an immediate and an
 * automatic view; two views driven from two threads at once, each running
 * many kernels on its own explicit view and array; flush and wait, of a
 * view and of NULL (the current view). */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 4096, KERNELS = 50 };

typedef struct work {
    camp_accelerator_view *view;
    int seed;
    long wrong;
} work;

static void *run(void *arg) {
    work *w = arg;
    int *v = malloc(N * sizeof *v);
    for (int i = 0; i < N; i++) v[i] = w->seed + i;
    array_view(v, N);
    int *acc = array_new_on(w->view, int, N, NULL, CAMP_ACCESS_TYPE_NONE);
    parallel_for_each_on(w->view, i, extent(N)) { acc[i] = 0; }
    for (int k = 0; k < KERNELS; k++) {
        parallel_for_each_on(w->view, i, extent(N)) {
            acc[i] = acc[i] + v[i];
            v[i] = v[i] + 1;
        }
    }
    camp_accelerator_view_flush(w->view);
    array_view_release(v);
    int *sums = malloc(N * sizeof *sums);
    array_copy_out(sums, acc, N);
    for (int i = 0; i < N; i++) {
        long first = w->seed + i; /* sum of first .. first + KERNELS - 1 */
        w->wrong += sums[i] != first * KERNELS + KERNELS * (KERNELS - 1) / 2;
        w->wrong += v[i] != first + KERNELS;
    }
    array_delete(acc);
    free(sums);
    free(v);
    return NULL;
}

int main(void) {
    int count = camp_get_accelerators(NULL, 0);
    camp_accelerator *list = calloc((size_t)count, sizeof *list);
    int again = camp_get_accelerators(list, count);
    int defaults = 0, usable = 0;
    const char *name = camp_default_accelerator_name();
    for (int i = 0; i < count; i++) {
        defaults += list[i].is_default;
        usable += list[i].is_usable;
        if (list[i].is_default && strcmp(list[i].description, name) != 0) printf("default name differs\n");
        if (strncmp(list[i].device_path, "vulkan/", 7) != 0) printf("bad device path %s\n", list[i].device_path);
    }
    camp_accelerator chosen = camp_get_default_accelerator();
    printf("accelerators: %s; one default: %d; usable: %s; default listed: %d\n", count >= 1 && again == count ? "some" : "none",
           defaults == 1, usable >= 1 ? "yes" : "no", chosen.is_default && list[chosen.index].is_default);
    free(list);

    camp_accelerator_view *immediate = camp_accelerator_create_view(NULL, CAMP_QUEUING_MODE_IMMEDIATE);
    camp_accelerator_view *automatic = camp_accelerator_create_view(&chosen, CAMP_QUEUING_MODE_AUTOMATIC);
    printf("modes: %d %d %d\n", camp_accelerator_view_queuing_mode(immediate) == CAMP_QUEUING_MODE_IMMEDIATE,
           camp_accelerator_view_queuing_mode(automatic) == CAMP_QUEUING_MODE_AUTOMATIC,
           camp_accelerator_view_queuing_mode(camp_default_view()) == CAMP_QUEUING_MODE_AUTOMATIC);

    work works[2] = {{immediate, 1, 0}, {automatic, 100000, 0}};
    pthread_t threads[2];
    for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, run, &works[t]);
    for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
    printf("two threads, two views: wrong %ld %ld\n", works[0].wrong, works[1].wrong);

    /* the current view is per thread and restored after parallel_for_each_on */
    printf("current view restored: %d\n", camp_current_view() == NULL);
    /* flush and wait of NULL: the calling thread's current view */
    camp_set_current_view(automatic);
    int tripled[8];
    for (int i = 0; i < 8; i++) tripled[i] = i;
    parallel_for_each(i, extent(8)) { tripled[i] *= 3; }
    camp_accelerator_view_flush(NULL);
    camp_accelerator_view_wait(NULL);
    camp_set_current_view(NULL);
    printf("the current view's (NULL) flush and wait: %d\n", tripled[7]);
    camp_accelerator_view_wait(automatic);
    camp_accelerator_view_destroy(immediate);
    camp_accelerator_view_destroy(automatic);
    return 0;
}
// needs: shaderInt64
