/* validation.c — CAMP_VALIDATION=1: the Khronos validation layer and a
 * debug messenger that makes any warning or error fatal (but the loader's
 * notes on the environment), so that tests fail on the first validation
 * message instead of printing and carrying on. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VALIDATION_LAYER "VK_LAYER_KHRONOS_validation"

bool camp_validation_requested(void) {
    const char *value = getenv("CAMP_VALIDATION");
    return value && strcmp(value, "0") != 0 && value[0] != '\0';
}

const char *camp_validation_layer_name(void) { return VALIDATION_LAYER; }

static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT types,
                                                 const VkDebugUtilsMessengerCallbackDataEXT *data,
                                                 void *user) {
    (void)severity, (void)user;
    /* The loader's own notes on the environment ("env var 'VK_INSTANCE_LAYERS'
     * defined and adding layers ..." when the program's user loads the layer
     * that way too) are no finding about the program's Vulkan use. */
    if (types == VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT && data && data->pMessageIdName &&
        strcmp(data->pMessageIdName, "Loader Message") == 0)
        return VK_FALSE;
    fprintf(stderr, "camp: vulkan validation: %s\n",
            data && data->pMessage ? data->pMessage : "(no message)");
    fflush(stderr);
    abort();
}

void camp_validation_messenger_info(VkDebugUtilsMessengerCreateInfoEXT *info) {
    *info = (VkDebugUtilsMessengerCreateInfoEXT){
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
        .pfnUserCallback = on_message,
    };
}

camp_status camp_validation_check_layer(void) {
    camp_status status = CAMP_OK;
    uint32_t count = 0;
    VkLayerProperties *layers = NULL;
    VK(vkEnumerateInstanceLayerProperties(&count, NULL));
    layers = calloc(count ? count : 1, sizeof *layers);
    if (!layers) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    VK(vkEnumerateInstanceLayerProperties(&count, layers));
    bool found = false;
    for (uint32_t i = 0; i < count; i++)
        if (strcmp(layers[i].layerName, VALIDATION_LAYER) == 0) found = true;
    if (!found)
        status = camp_fail(CAMP_ERROR_UNSUPPORTED, "CAMP_VALIDATION is set but the Vulkan layer " VALIDATION_LAYER
                                                   " is not installed (Debian/Ubuntu: vulkan-validationlayers)");
error:
    free(layers);
    return status;
}

camp_status camp_validation_messenger_create(void) {
    if (!camp_rt.vk.vkCreateDebugUtilsMessengerEXT)
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "CAMP_VALIDATION is set but "
                                                 "vkCreateDebugUtilsMessengerEXT is missing");
    VkDebugUtilsMessengerCreateInfoEXT info;
    camp_validation_messenger_info(&info);
    camp_status status = CAMP_OK;
    VK(camp_rt.vk.vkCreateDebugUtilsMessengerEXT(camp_rt.instance, &info, NULL, &camp_rt.messenger));
error:
    return status;
}

void camp_validation_messenger_destroy(void) {
    if (!camp_rt.messenger) return;
    if (camp_rt.vk.vkDestroyDebugUtilsMessengerEXT)
        camp_rt.vk.vkDestroyDebugUtilsMessengerEXT(camp_rt.instance, camp_rt.messenger, NULL);
    camp_rt.messenger = VK_NULL_HANDLE;
}
