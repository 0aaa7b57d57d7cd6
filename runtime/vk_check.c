/* vk_check.c — turning a failed VkResult into a camp error that names it.
 * The VK() macro (internal.h), libcamp's one way to call Vulkan, calls camp_vk_fail. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* VkResult values of the Vulkan 1.2 core and the long-standing extensions, as
 * in vulkan_core.h. Newer values print as their number. */
#define CAMP_VK_RESULTS(X)                                                       \
    X(VK_SUCCESS) X(VK_NOT_READY) X(VK_TIMEOUT) X(VK_EVENT_SET)                  \
    X(VK_EVENT_RESET) X(VK_INCOMPLETE) X(VK_ERROR_OUT_OF_HOST_MEMORY)            \
    X(VK_ERROR_OUT_OF_DEVICE_MEMORY) X(VK_ERROR_INITIALIZATION_FAILED)           \
    X(VK_ERROR_DEVICE_LOST) X(VK_ERROR_MEMORY_MAP_FAILED)                        \
    X(VK_ERROR_LAYER_NOT_PRESENT) X(VK_ERROR_EXTENSION_NOT_PRESENT)              \
    X(VK_ERROR_FEATURE_NOT_PRESENT) X(VK_ERROR_INCOMPATIBLE_DRIVER)              \
    X(VK_ERROR_TOO_MANY_OBJECTS) X(VK_ERROR_FORMAT_NOT_SUPPORTED)                \
    X(VK_ERROR_FRAGMENTED_POOL) X(VK_ERROR_UNKNOWN)                              \
    X(VK_ERROR_OUT_OF_POOL_MEMORY) X(VK_ERROR_INVALID_EXTERNAL_HANDLE)           \
    X(VK_ERROR_FRAGMENTATION) X(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)         \
    X(VK_ERROR_SURFACE_LOST_KHR) X(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)            \
    X(VK_SUBOPTIMAL_KHR) X(VK_ERROR_OUT_OF_DATE_KHR)                             \
    X(VK_ERROR_INCOMPATIBLE_DISPLAY_KHR) X(VK_ERROR_VALIDATION_FAILED_EXT)       \
    X(VK_ERROR_INVALID_SHADER_NV)

const char *camp_vk_result_name(VkResult result) {
    switch ((int)result) {
#define CAMP_VK_RESULT_CASE(name) \
    case name: return #name;
        CAMP_VK_RESULTS(CAMP_VK_RESULT_CASE)
#undef CAMP_VK_RESULT_CASE
    default: return NULL;
    }
}

static camp_status status_of(VkResult result) {
    switch (result) {
    case VK_ERROR_OUT_OF_HOST_MEMORY:
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
    case VK_ERROR_OUT_OF_POOL_MEMORY:
    case VK_ERROR_FRAGMENTED_POOL:
    case VK_ERROR_FRAGMENTATION: return CAMP_ERROR_OUT_OF_MEMORY;
    case VK_ERROR_DEVICE_LOST: return CAMP_ERROR_DEVICE_LOST;
    case VK_ERROR_INCOMPATIBLE_DRIVER: return CAMP_ERROR_NO_DEVICE;
    case VK_ERROR_FEATURE_NOT_PRESENT:
    case VK_ERROR_EXTENSION_NOT_PRESENT:
    case VK_ERROR_LAYER_NOT_PRESENT: return CAMP_ERROR_UNSUPPORTED;
    default: return CAMP_ERROR_VULKAN;
    }
}

/* The Vulkan function a VK() call's text names (`vkQueueSubmit` in
 * `CAMP_INJECT(..., vkQueueSubmit(...))`), as a length at *start. */
static int vulkan_function(const char *call, const char **start) {
    for (const char *p = call; *p; p++)
        if (p[0] == 'v' && p[1] == 'k' && p[2] >= 'A' && p[2] <= 'Z' && (p == call || p[-1] == ' ' || p[-1] == '(')) {
            int n = 0;
            while (p[n] && p[n] != '(' && p[n] != ' ' && p[n] != ',') n++;
            *start = p;
            return n;
        }
    *start = "a Vulkan call";
    return (int)strlen(*start);
}

camp_status camp_vk_fail(VkResult result, const char *call, const char *file, int line) {
    return camp_vk_fail_hint(result, call, file, line, NULL);
}

camp_status camp_vk_fail_hint(VkResult result, const char *call, const char *file, int line, const char *hint) {
    const char *function;
    int function_length = vulkan_function(call, &function);
    const char *name = camp_vk_result_name(result);
    char what[64];
    if (name) snprintf(what, sizeof what, "%s", name);
    else snprintf(what, sizeof what, "VkResult %d", (int)result);
    /* Say what happened in words where a user can act on it; where in
     * libcamp helps whoever reads a bug report. camp_fail adds the user's
     * kernel location when a launch is under way. */
    camp_status status = status_of(result);
    if (result == VK_ERROR_INCOMPATIBLE_DRIVER) /* vkCreateInstance's: there is no driver to speak of */
        return camp_fail(status, "no Vulkan 1.2 driver found (%.*s: %s); install a GPU driver, or "
                                 "mesa-vulkan-drivers for the CPU device", function_length, function, what);
    const char *headline = status == CAMP_ERROR_OUT_OF_MEMORY ? "out of device memory: "
                           : status == CAMP_ERROR_DEVICE_LOST ? "the device was lost: "
                                                               : "";
    return camp_fail(status, "%s%.*s failed: %s%s%s (libcamp %s:%d)", headline, function_length, function, what,
                     hint ? ": " : "", hint ? hint : "", file, line);
}
