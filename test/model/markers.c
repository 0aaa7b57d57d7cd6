/* Markers (C++ AMP's accelerator_view::create_marker): a future done when
 * the work given to a view before it is. In automatic mode a kernel is
 * only recorded: the marker submits it, and waiting for the marker is
 * what lets the host read the array the kernel wrote in place, where the
 * accelerator shares memory with the host (lavapipe); elsewhere (a
 * discrete GPU, or CAMP_SIMULATE=intel-arc) the array is device-only and
 * read by array_copy_out. A marker of an idle view is done at once. */
#include <camp.h>
#include <stdio.h>

enum { N = 1 << 16 };

static bool shared;

/* The array's contents as the host sees them: in place where it may. */
static const int *host_view(const int *a, int *copy) {
    if (shared) return a;
    array_copy_out(copy, a, N);
    return copy;
}

static void report(const camp_error *e, void *user) {
    (void)user;
    printf("error: %s\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid argument" : "other");
}

int main(void) {
    camp_accelerator_view *av = camp_accelerator_create_view(NULL, CAMP_QUEUING_MODE_AUTOMATIC);
    camp_future *idle = camp_accelerator_view_create_marker(av);
    printf("idle view's marker done: %d\n", future_poll(idle));      /* 1 */
    future_wait(idle);

    shared = camp_get_default_accelerator().supports_cpu_shared_memory;
    static int copy[N];
    int *a = array_new_on(av, int, N, NULL, shared ? CAMP_ACCESS_TYPE_READ_WRITE : CAMP_ACCESS_TYPE_NONE);
    for (int round = 1; round <= 3; round++) {
        parallel_for_each_on(av, i, extent(N)) {
            unsigned x = (unsigned)i;
            for (int k = 0; k < 100; k++) x = x * 3 + 1;    /* some work per thread */
            a[i] = (int)(x + round);
        }
    }
    camp_future *m = camp_accelerator_view_create_marker(av);
    future_wait(m);                                          /* all three kernels done */
    int bad = 0;
    const int *got = host_view(a, copy);
    for (int i = 0; i < N; i++) {
        unsigned x = (unsigned)i;
        for (int k = 0; k < 100; k++) x = x * 3 + 1;
        bad += got[i] != (int)(x + 3);
    }
    printf("after the marker: %d wrong of %d\n", bad, N);    /* 0 */

    /* polled until done, then waited (which frees it) */
    parallel_for_each_on(av, i, extent(N)) { a[i] = -i; }
    camp_future *p = camp_accelerator_view_create_marker(av);
    while (!future_poll(p)) {}
    future_wait(p);
    printf("polled: a[5] %d\n", host_view(a, copy)[5]);      /* -5 */

    /* the current view's marker, and a destroyed view's */
    camp_set_current_view(av);
    camp_future *current = camp_accelerator_view_create_marker(NULL);
    future_wait(current);
    camp_set_current_view(NULL);
    array_delete(a);
    camp_accelerator_view_destroy(av);
    camp_set_error_handler(report, NULL);
    printf("destroyed view's marker: %p\n", (void *)camp_accelerator_view_create_marker(av));  /* (nil) */
    return 0;
}
// needs: shaderInt64
