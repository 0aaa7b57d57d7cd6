/* vk_choose.c — see vk_choose.h. */
#include "vk_choose.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>

/* libcamp's preference between device types: higher is better. */
static int type_rank(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 4;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 3;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 1;
    default: return 0;
    }
}

VkPhysicalDevice vk_choose_device(VkInstance instance, const char **why) {
    uint32_t count = 0;
    VkPhysicalDevice *devices = NULL;
    if (vkEnumeratePhysicalDevices(instance, &count, NULL) != VK_SUCCESS || count == 0 ||
        !(devices = calloc(count, sizeof *devices)) ||
        vkEnumeratePhysicalDevices(instance, &count, devices) < VK_SUCCESS) {
        free(devices);
        *why = "no Vulkan device";
        return NULL;
    }
    uint32_t chosen = 0;
    const char *wanted = getenv("CAMP_DEVICE");
    if (wanted && *wanted) {
        char *end;
        unsigned long index = strtoul(wanted, &end, 10);
        if (!isdigit((unsigned char)wanted[0]) || *end || index >= count) {
            free(devices);
            *why = "CAMP_DEVICE must be the index of a Vulkan device (see camp-info)";
            return NULL;
        }
        chosen = (uint32_t)index;
    } else {
        int best = -1;
        for (uint32_t i = 0; i < count; i++) {
            VkPhysicalDeviceProperties properties;
            vkGetPhysicalDeviceProperties(devices[i], &properties);
            if (type_rank(properties.deviceType) > best) best = type_rank(properties.deviceType), chosen = i;
        }
    }
    VkPhysicalDevice physical = devices[chosen];
    free(devices);
    VkPhysicalDeviceProperties properties;
    vkGetPhysicalDeviceProperties(physical, &properties);
    if (properties.apiVersion < VK_API_VERSION_1_2) {
        *why = "the device does not support Vulkan 1.2";
        return NULL;
    }
    return physical;
}

uint32_t vk_choose_compute_family(VkPhysicalDevice physical) {
    uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, NULL);
    VkQueueFamilyProperties *families = calloc(count ? count : 1, sizeof *families);
    if (!families) return UINT32_MAX;
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, families);
    uint32_t chosen = UINT32_MAX;
    for (int pass = 0; pass < 2 && chosen == UINT32_MAX; pass++)
        for (uint32_t i = 0; i < count && chosen == UINT32_MAX; i++) {
            VkQueueFlags flags = families[i].queueFlags;
            bool fits = (flags & VK_QUEUE_COMPUTE_BIT) && families[i].queueCount > 0 &&
                        (pass == 1 || !(flags & VK_QUEUE_GRAPHICS_BIT));
            if (fits) chosen = i;
        }
    free(families);
    return chosen;
}
