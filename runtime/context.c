/* context.c — the runtime context and the public calls that only start or
 * stop it. */
#include "internal.h"

camp_runtime camp_rt = {.lock = PTHREAD_MUTEX_INITIALIZER};

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
    camp_device_destroy();
    camp_unlock_and_report(CAMP_OK);
}
