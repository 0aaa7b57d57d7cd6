/* context.c — the runtime context and the public calls that only start or
 * stop it. */
#define _GNU_SOURCE /* PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP */
#include "internal.h"

/* The lock spins a little before it sleeps where the C library offers it:
 * calls hold it for microseconds, less than a sleeping thread's wake-up,
 * which threads on views of their own would otherwise pay at every call. */
#ifdef PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP
camp_runtime camp_rt = {.lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP};
#else
camp_runtime camp_rt = {.lock = PTHREAD_MUTEX_INITIALIZER};
#endif

const char *camp_default_accelerator_name(void) {
    pthread_mutex_lock(&camp_rt.lock);
    camp_status status = camp_device_init();
    /* device_name outlives camp_shutdown, so the pointer stays valid; after
     * a reported failure (a handler is installed) it is "". */
    const char *name = status == CAMP_OK ? camp_rt.device_name : "";
    camp_unlock_and_report(status);
    return name;
}

void camp_shutdown(void) {
    pthread_mutex_lock(&camp_rt.lock);
    camp_status status = camp_reports_finish_all(); /* a kernel's failed assert, never waited for */
    camp_device_destroy();
    camp_unlock_and_report(status);
}
