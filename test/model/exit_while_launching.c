/* exit() while another thread launches kernels in a loop: the exiting
 * thread's teardown used to wait for ever for the runtime's lock, which
 * the launching thread took again after each launch before it woke (an
 * alarm ends such a hang), or to destroy the view's buffer while the
 * launching thread waited, without the lock, to copy it back (a crash).
 * From exit on, the other thread's next call waits for the process to
 * end; the teardown waits for the calls under way and for the kernels
 * already submitted. The exit comes once the first kernel has run (under
 * load, opening the device can take longer than any fixed wait, and an
 * exit while the device opens is not what this tests: data-model.md). */
#include <camp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* a small view of malloc'd memory: each launch copies it in and back
 * (views.c's eager views), so that no long batch is left for the teardown */
enum { N = 1024 };

static atomic_int launched;

static void *launch_for_ever(void *unused) {
    (void)unused;
    float *x = calloc(N, sizeof *x);
    array_view(x, N);
    for (;;) {
        parallel_for_each(i, extent(N)) { x[i] += 1.0f; }
        atomic_store(&launched, 1);
    }
    return NULL;
}

int main(void) {
    alarm(120);
    pthread_t thread;
    pthread_create(&thread, NULL, launch_for_ever, NULL);
    while (!atomic_load(&launched)) usleep(10000);
    usleep(100000);
    printf("exiting while the other thread launches\n");
    exit(0);
}
