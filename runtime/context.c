/* context.c — the runtime context: libcamp's one global mutable state
 * (internal.h's camp_runtime), started and stopped by runtime.c. */
#define _GNU_SOURCE /* PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP */
#include "internal.h"

/* The lock spins a little before it sleeps where the C library offers it:
 * calls hold it for microseconds, less than a sleeping thread's wake-up,
 * which threads on views of their own would otherwise pay at every call. */
#ifdef PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP
#define CAMP_RUNTIME_LOCK PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP
#else
#define CAMP_RUNTIME_LOCK PTHREAD_MUTEX_INITIALIZER
#endif

camp_runtime camp_rt = {
    .lock = CAMP_RUNTIME_LOCK,
    .settled = PTHREAD_COND_INITIALIZER,
    .profile = {.stats_lock = PTHREAD_MUTEX_INITIALIZER},
    .trace = {.lock = PTHREAD_MUTEX_INITIALIZER, .fd = -1},
};

/* A validation layer makes objects of its own at the process's first
 * submission, which the C library destroys at exit before the handlers
 * registered earlier run: camp_shutdown, which submits what is still
 * recorded, then called into a destroyed layer and crashed (a program
 * returning from main with a kernel pending, under MALLOC_PERTURB_).
 * Handlers run last registered first, so registering the teardown again
 * after that submission runs it while the layer still stands; the earlier
 * registration then finds nothing left to do. */
void camp_at_exit_again(void) {
    if (camp_rt.atexit_after_submit || !camp_rt.teardown_at_exit) return;
    camp_rt.atexit_after_submit = true;
    atexit(camp_rt.teardown_at_exit);
}
