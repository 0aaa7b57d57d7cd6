/* simulate.c — CAMP_SIMULATE=NAME: every device acts as a device of the
 * profile NAME (device_profiles.c), to try a program, or the test suite,
 * on a class of devices one does not have:
 *
 *   - features the profile lacks are lacking: a kernel that needs one is
 *     refused at launch, naming it (pipeline.c);
 *   - limits (shared memory, workgroup size and threads, push constants)
 *     are the lesser of the profile's and the device's: a simulation
 *     never gives more than the device has;
 *   - untiled kernels' workgroups are shaped for the profile's subgroup
 *     size (workgroup.c); the size kernels run with stays the driver's;
 *   - without VK_EXT_external_memory_host, a transfer-only queue family or
 *     host-cached device memory in the profile, copies go as they would on
 *     such a device (transfer.c);
 *   - a profile that does not guarantee what libcamp needs of any device
 *     makes every device unusable, saying why.
 *
 * The device's name gains " as NAME", so every message about it names
 * the profile; so does its accelerator's description, whose properties
 * (double precision, 64-bit integers, memory shared with the CPU) are the
 * profile's: arrays are made as on such a device (device-only where it
 * shares no memory with the host). */
#include "internal.h"

#include "device_profiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *wanted(void) {
    const char *name = getenv("CAMP_SIMULATE");
    return name && *name ? name : NULL;
}

static const camp_device_profile *simulated(void) {
    const char *name = wanted();
    return name ? camp_device_profile_find(name) : NULL;
}

camp_status camp_simulate_check(void) {
    if (!wanted() || simulated()) return CAMP_OK;
    char names[512];
    camp_device_profile_list(names, sizeof names);
    return camp_fail_setting(CAMP_ERROR_INVALID_ARGUMENT, "CAMP_SIMULATE=%s names no device profile (there are: %s)",
                             wanted(), names);
}

const char *camp_simulate_unsuitable(void) {
    static _Thread_local char why[256];
    const camp_device_profile *p = simulated();
    if (!p || !p->cannot_run) return NULL;
    snprintf(why, sizeof why, "CAMP_SIMULATE=%s: %s", p->name, p->cannot_run);
    return why;
}

static void at_most(uint32_t *limit, uint32_t profile) {
    if (*limit > profile) *limit = profile;
}

void camp_simulate_device(camp_device *dev) {
    const camp_device_profile *p = simulated();
    if (!p) return;
    size_t n = strlen(dev->name);
    snprintf(dev->name + n, sizeof dev->name - n, " as %s", p->name);
    VkPhysicalDeviceLimits *limits = &dev->properties.limits;
    at_most(&limits->maxComputeSharedMemorySize, p->shared_memory);
    at_most(&limits->maxComputeWorkGroupInvocations, p->invocations);
    for (int d = 0; d < 3; d++) at_most(&limits->maxComputeWorkGroupSize[d], p->workgroup_size[d]);
    at_most(&limits->maxPushConstantsSize, p->push_constants);
    dev->features &= p->features;
    dev->import_host = dev->import_host && p->import_host;
    if (!p->copy_queue) dev->copy_family = dev->queue_family;
}

uint32_t camp_simulate_subgroup_size(uint32_t driver_size) {
    const camp_device_profile *p = simulated();
    return p && p->subgroup_size ? p->subgroup_size : driver_size;
}

void camp_simulate_memory(bool *host_cached_device_memory, bool *import_host) {
    const camp_device_profile *p = simulated();
    if (!p) return;
    *host_cached_device_memory = *host_cached_device_memory && p->cached_device_memory;
    *import_host = *import_host && p->import_host;
}

bool camp_simulate_shares_memory(void) {
    const camp_device_profile *p = simulated();
    return !p || p->cached_device_memory;
}

void camp_simulate_accelerator(camp_accelerator *accelerator) {
    const camp_device_profile *p = simulated();
    if (!p) return;
    size_t n = strlen(accelerator->description);
    snprintf(accelerator->description + n, sizeof accelerator->description - n, " as %s", p->name);
    bool doubles = p->features & CAMP_FEATURE_FLOAT64;
    accelerator->supports_double_precision = accelerator->supports_double_precision && doubles;
    accelerator->supports_limited_double_precision = accelerator->supports_limited_double_precision && doubles;
    accelerator->supports_int64 = accelerator->supports_int64 && (p->features & CAMP_FEATURE_INT64);
}
