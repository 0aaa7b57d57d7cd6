/* cpu_access.c — each accelerator's default CPU access type (C++ AMP's
 * accelerator::default_cpu_access_type and set_default_cpu_access_type):
 * what array_new's CAMP_ACCESS_TYPE_AUTO means on it. By default the host
 * reads and writes arrays in place where the accelerator shares memory
 * with it, else not at all; the program may choose another type for an
 * accelerator, for the rest of the process. */
#include "internal.h"

camp_access_type camp_default_cpu_access(uint32_t index, bool shares_memory) {
    if (index < CAMP_CPU_ACCESS_CHOSEN_MAX && camp_rt.cpu_access_chosen[index]) return camp_rt.cpu_access[index];
    return shares_memory ? CAMP_ACCESS_TYPE_READ_WRITE : CAMP_ACCESS_TYPE_NONE;
}

static camp_status set_default(const camp_accelerator *accelerator, camp_access_type type) {
    if (!accelerator)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "camp_accelerator_set_default_cpu_access_type: a null accelerator");
    if ((unsigned)type > CAMP_ACCESS_TYPE_AUTO)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "camp_accelerator_set_default_cpu_access_type: unknown access "
                                                      "type %d", (int)type);
    if (accelerator->index >= CAMP_CPU_ACCESS_CHOSEN_MAX)
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "camp_accelerator_set_default_cpu_access_type: accelerator %u: at "
                                                 "most %u accelerators have a default of their own",
                         accelerator->index, CAMP_CPU_ACCESS_CHOSEN_MAX);
    if (type != CAMP_ACCESS_TYPE_NONE && type != CAMP_ACCESS_TYPE_AUTO && !accelerator->supports_cpu_shared_memory)
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "camp_accelerator_set_default_cpu_access_type: host access to arrays needs an accelerator "
                         "with supports_cpu_shared_memory, and %s has none",
                         accelerator->description);
    /* AUTO: back to the accelerator's own default */
    camp_rt.cpu_access_chosen[accelerator->index] = type != CAMP_ACCESS_TYPE_AUTO;
    camp_rt.cpu_access[accelerator->index] = type;
    return CAMP_OK;
}

bool camp_accelerator_set_default_cpu_access_type(const camp_accelerator *accelerator, camp_access_type type) {
    camp_lock_at(NULL, 0);
    camp_status status = set_default(accelerator, type);
    camp_unlock_and_report(status);
    return status == CAMP_OK;
}
