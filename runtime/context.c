/* context.c — the runtime context: libcamp's one global mutable state
 * (internal.h's camp_runtime), started and stopped by runtime.c. */
#define _GNU_SOURCE /* PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP */
#include "internal.h"

#include <stdatomic.h>
#include <unistd.h>

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

/* fork() copies one thread: a child has the parent's Vulkan objects but
 * none of the threads that serve them (lavapipe's queue and LLVM threads,
 * the validation layer's), so a submission there is never run and a wait
 * for it, or the teardown at exit (vkDeviceWaitIdle), never returns. The
 * runtime lock is held across the fork, so that the child's copy of the
 * context is whole and its lock free whatever the parent's other threads
 * were doing; the child then refuses the device (camp_process_check). */
static void before_fork(void) { pthread_mutex_lock(&camp_rt.lock); }

static void after_fork_in_parent(void) { pthread_mutex_unlock(&camp_rt.lock); }

static void after_fork_in_child(void) {
    camp_rt.forked = camp_rt.forked || camp_rt.instance != VK_NULL_HANDLE;
    pthread_mutex_unlock(&camp_rt.lock);
}

void camp_watch_forks(void) {
    static bool watching;
    if (!watching) watching = pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child) == 0;
}

camp_status camp_process_check(void) {
    if (!camp_rt.forked) return CAMP_OK;
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                     "this process is a child that fork() made after its parent opened the accelerator: the "
                     "device and the driver's threads that run its work stay with the parent, so the child can "
                     "run no kernel and no copy on it; launch from the parent, fork before its first kernel, or "
                     "exec a new program in the child");
}

/* exit() runs the teardown on its own thread while the program's other
 * threads go on: one launching kernels in a loop took the lock again
 * after each launch before the exiting thread woke for it (exit waited
 * for ever), and one whose call came after the teardown would open the
 * device again, under the exit handlers of the driver and its compiler,
 * or fail on views the teardown ended. Those threads wait for the process
 * to end instead, as exit would end them anyway. */
void camp_exit_begin(void) {
    camp_rt.exit_thread = pthread_self();
    atomic_store(&camp_rt.exit_began, true);
}

void camp_exit_stops_thread(void) {
    if (!atomic_load(&camp_rt.exit_began) || pthread_equal(camp_rt.exit_thread, pthread_self())) return;
    pthread_mutex_unlock(&camp_rt.lock);
    for (;;) pause();
}

bool camp_ended_at_exit(void) { return atomic_load(&camp_rt.exit_began) && !camp_rt.ready; }
