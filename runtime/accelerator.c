/* accelerator.c — every Vulkan device described as a C++ AMP accelerator,
 * without opening any of them (only the instance is needed). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void describe(VkPhysicalDevice device, uint32_t index, camp_accelerator *out) {
    VkPhysicalDeviceIDProperties ids = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &ids};
    vkGetPhysicalDeviceProperties2(device, &properties);
    VkPhysicalDeviceFeatures features;
    vkGetPhysicalDeviceFeatures(device, &features);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(device, &memory);
    const VkPhysicalDeviceProperties *p = &properties.properties;

    memset(out, 0, sizeof *out);
    out->index = index;
    snprintf(out->description, sizeof out->description, "%s", p->deviceName);
    char uuid[2 * VK_UUID_SIZE + 1];
    for (unsigned i = 0; i < VK_UUID_SIZE; i++) snprintf(uuid + 2 * i, 3, "%02x", ids.deviceUUID[i]);
    snprintf(out->device_path, sizeof out->device_path, "vulkan/%u/%s", index, uuid);
    snprintf(out->device_type, sizeof out->device_type, "%s", camp_device_type_name(p->deviceType));
    out->supports_cpu_shared_memory = camp_device_shares_memory(p->deviceType, &memory);
    /* Memory of its own: device-local heaps of a device that does not use
     * the host's memory. */
    if (p->deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU || p->deviceType == VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU)
        for (uint32_t h = 0; h < memory.memoryHeapCount; h++)
            if (memory.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
                out->dedicated_memory += memory.memoryHeaps[h].size / 1024;
    out->supports_double_precision = features.shaderFloat64;
    out->supports_limited_double_precision = features.shaderFloat64;
    out->supports_int64 = features.shaderInt64;
    out->preserves_float_subnormals = camp_device_preserves_float_subnormals(device);
    out->is_emulated = p->deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    out->max_loop_iterations = camp_loop_budget(device);
    out->is_usable = camp_device_unsuitable(device) == NULL;
    camp_simulate_accelerator(out); /* CAMP_SIMULATE */
    out->default_cpu_access_type = camp_default_cpu_access(index, out->supports_cpu_shared_memory);
}

/* Describes the devices into `list` (up to capacity); the count, or -1. */
static int enumerate(camp_accelerator *list, int capacity, camp_status *status) {
    *status = camp_instance_init();
    if (*status != CAMP_OK) return -1;
    uint32_t count = 0;
    VkPhysicalDevice *devices;
    *status = camp_physical_devices(&devices, &count);
    if (*status != CAMP_OK) return -1;
    uint32_t chosen = UINT32_MAX;
    if (camp_rt.ready) chosen = camp_rt.main->index;
    else if (count && camp_device_choose(devices, count, &chosen) != CAMP_OK) {
        /* No default (CAMP_DEVICE names none): still list them all. */
        camp_failure_clear();
        chosen = UINT32_MAX;
    }
    for (uint32_t i = 0; i < count && (int)i < capacity; i++) {
        describe(devices[i], i, &list[i]);
        list[i].is_default = i == chosen;
    }
    free(devices);
    return (int)count;
}

int camp_get_accelerators(camp_accelerator *list, int capacity) {
    camp_lock_at(NULL, 0);
    camp_status status;
    int count = enumerate(list, list ? capacity : 0, &status);
    camp_unlock_and_report(status);
    return count < 0 ? 0 : count;
}

camp_accelerator camp_get_default_accelerator(void) {
    camp_lock_at(NULL, 0);
    camp_accelerator accelerator;
    memset(&accelerator, 0, sizeof accelerator);
    camp_status status = camp_runtime_start();
    if (status == CAMP_OK) {
        describe(camp_rt.main->physical, camp_rt.main->index, &accelerator);
        accelerator.is_default = true;
    }
    camp_unlock_and_report(status);
    return accelerator;
}

static camp_status copy_path(const camp_accelerator *accelerator, const char **out) {
    CAMP_TRY(camp_instance_init());
    if (!accelerator) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "camp_accelerator_copy_path: a null accelerator");
    uint32_t count = 0;
    VkPhysicalDevice *devices;
    CAMP_TRY(camp_physical_devices(&devices, &count));
    enum camp_copy_path path = CAMP_COPY_STAGING;
    camp_status status = accelerator->index >= count
                             ? camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "there is no accelerator %u (there are %u)",
                                         accelerator->index, count)
                             : camp_copy_path_for(devices[accelerator->index], &path);
    free(devices);
    if (status == CAMP_OK) *out = camp_copy_path_name(path);
    return status;
}

const char *camp_accelerator_copy_path(const camp_accelerator *accelerator) {
    camp_lock_at(NULL, 0);
    const char *path = NULL;
    camp_unlock_and_report(copy_path(accelerator, &path));
    return path;
}
