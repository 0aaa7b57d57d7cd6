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
    .profile = {.stats_lock = PTHREAD_MUTEX_INITIALIZER},
    .trace = {.lock = PTHREAD_MUTEX_INITIALIZER, .fd = -1},
};
