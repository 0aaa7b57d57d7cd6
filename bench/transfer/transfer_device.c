/* transfer_device.c — see transfer_device.h. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "transfer_device.h"
#include "../vk_choose.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define VALIDATION_LAYER "VK_LAYER_KHRONOS_validation"
#define POLL_NS 1000000LL /* how long xfer_wait polls before it blocks */

void xfer_fail(const char *message) {
    fprintf(stderr, "vk_transfer: %s\n", message);
    exit(1);
}

void xfer_vk_check(VkResult result, const char *call) {
    if (result >= 0) return;
    fprintf(stderr, "vk_transfer: %s failed: VkResult %d\n", call, (int)result);
    exit(1);
}

static void *allocate(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size);
    if (!p) xfer_fail("out of host memory");
    return p;
}

/* ---- Instance ---------------------------------------------------------------- */

static bool validation_requested(void) {
    const char *value = getenv("CAMP_VALIDATION");
    return value && value[0] && strcmp(value, "0") != 0;
}

/* Any validation or performance message fails the run: the test of the
 * quick mode relies on it. General messages are the loader's notes (such
 * as the layers VK_INSTANCE_LAYERS adds), not findings. */
static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT types,
                                                 const VkDebugUtilsMessengerCallbackDataEXT *data, void *user) {
    (void)severity, (void)types, (void)user;
    fprintf(stderr, "vk_transfer: vulkan validation: %s\n", data && data->pMessage ? data->pMessage : "(no message)");
    fflush(stderr);
    abort();
}

static void create_instance(xfer_device *d) {
    bool validate = validation_requested();
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "vk_transfer",
        .apiVersion = VK_API_VERSION_1_2,
    };
    VkDebugUtilsMessengerCreateInfoEXT messenger = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
        .pfnUserCallback = on_message,
    };
    const char *layer = VALIDATION_LAYER;
    const char *extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    VkInstanceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pNext = validate ? &messenger : NULL, /* also covers vkCreate/DestroyInstance */
        .pApplicationInfo = &app,
        .enabledLayerCount = validate,
        .ppEnabledLayerNames = &layer,
        .enabledExtensionCount = validate,
        .ppEnabledExtensionNames = &extension,
    };
    VkResult result = vkCreateInstance(&info, NULL, &d->instance);
    if (validate && result == VK_ERROR_LAYER_NOT_PRESENT)
        xfer_fail("CAMP_VALIDATION is set but the Vulkan layer " VALIDATION_LAYER " is not installed");
    VK(result);
    if (validate) {
        PFN_vkCreateDebugUtilsMessengerEXT create =
            (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(d->instance, "vkCreateDebugUtilsMessengerEXT");
        if (!create) xfer_fail("vkCreateDebugUtilsMessengerEXT is missing");
        VK(create(d->instance, &messenger, NULL, &d->messenger));
    }
}

/* ---- Device and queue -------------------------------------------------------- */

static void choose_device(xfer_device *d) {
    const char *why = NULL;
    if (!(d->physical = vk_choose_device(d->instance, &why))) xfer_fail(why);
    vkGetPhysicalDeviceProperties(d->physical, &d->properties);
    vkGetPhysicalDeviceMemoryProperties(d->physical, &d->memory);
}

/* Passes, best first: transfer-only (when asked), compute-only, any compute. */
static void choose_queue_family(xfer_device *d, bool transfer_queue) {
    uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(d->physical, &count, NULL);
    VkQueueFamilyProperties *families = allocate(count, sizeof *families);
    vkGetPhysicalDeviceQueueFamilyProperties(d->physical, &count, families);
    for (int pass = transfer_queue ? 0 : 1; pass < 3; pass++)
        for (uint32_t i = 0; i < count; i++) {
            VkQueueFlags flags = families[i].queueFlags;
            bool fits = pass == 0   ? (flags & VK_QUEUE_TRANSFER_BIT) && !(flags & VK_QUEUE_GRAPHICS_BIT) &&
                                        !(flags & VK_QUEUE_COMPUTE_BIT)
                        : pass == 1 ? (flags & VK_QUEUE_COMPUTE_BIT) && !(flags & VK_QUEUE_GRAPHICS_BIT)
                                    : (flags & VK_QUEUE_COMPUTE_BIT);
            if (!fits || families[i].queueCount == 0) continue;
            d->queue_family = i;
            d->queue_flags = flags;
            d->queue_count = families[i].queueCount < XFER_MAX_QUEUES ? families[i].queueCount : XFER_MAX_QUEUES;
            free(families);
            return;
        }
    xfer_fail("the device has no compute queue");
}

static bool has_device_extension(xfer_device *d, const char *name) {
    uint32_t count = 0;
    VK(vkEnumerateDeviceExtensionProperties(d->physical, NULL, &count, NULL));
    VkExtensionProperties *extensions = allocate(count, sizeof *extensions);
    VK(vkEnumerateDeviceExtensionProperties(d->physical, NULL, &count, extensions));
    bool found = false;
    for (uint32_t i = 0; i < count && !found; i++) found = strcmp(extensions[i].extensionName, name) == 0;
    free(extensions);
    return found;
}

static void create_logical_device(xfer_device *d) {
    VkPhysicalDeviceVulkan12Features supported12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 supported = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                           .pNext = &supported12};
    vkGetPhysicalDeviceFeatures2(d->physical, &supported);
    if (!supported12.timelineSemaphore) xfer_fail("the device has no timeline semaphores");

    d->host_import = has_device_extension(d, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
    if (d->host_import) {
        VkPhysicalDeviceExternalMemoryHostPropertiesEXT host = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
        VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                                  .pNext = &host};
        vkGetPhysicalDeviceProperties2(d->physical, &properties);
        d->import_alignment = host.minImportedHostPointerAlignment;
    }

    const float priorities[XFER_MAX_QUEUES] = {1.0f, 1.0f, 1.0f, 1.0f};
    VkDeviceQueueCreateInfo queue = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = d->queue_family,
        .queueCount = d->queue_count,
        .pQueuePriorities = priorities,
    };
    VkPhysicalDeviceVulkan12Features enabled12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
        .timelineSemaphore = VK_TRUE,
    };
    const char *extension = VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME;
    VkDeviceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &enabled12,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue,
        .enabledExtensionCount = d->host_import,
        .ppEnabledExtensionNames = &extension,
    };
    VK(vkCreateDevice(d->physical, &info, NULL, &d->device));
    for (uint32_t q = 0; q < d->queue_count; q++) vkGetDeviceQueue(d->device, d->queue_family, q, &d->queues[q].queue);
    if (d->host_import) {
        d->get_host_pointer_properties = (PFN_vkGetMemoryHostPointerPropertiesEXT)vkGetDeviceProcAddr(
            d->device, "vkGetMemoryHostPointerPropertiesEXT");
        if (!d->get_host_pointer_properties) xfer_fail("vkGetMemoryHostPointerPropertiesEXT is missing");
    }
}

void xfer_device_create(xfer_device *d, bool transfer_queue) {
    create_instance(d);
    choose_device(d);
    choose_queue_family(d, transfer_queue);
    create_logical_device(d);
    VkCommandPoolCreateInfo pool = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = d->queue_family,
    };
    VK(vkCreateCommandPool(d->device, &pool, NULL, &d->pool));
    VkSemaphoreTypeCreateInfo timeline = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
        .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
    };
    VkSemaphoreCreateInfo semaphore = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &timeline};
    for (uint32_t q = 0; q < d->queue_count; q++)
        VK(vkCreateSemaphore(d->device, &semaphore, NULL, &d->queues[q].timeline));
}

void xfer_device_destroy(xfer_device *d) {
    VK(vkDeviceWaitIdle(d->device));
    for (uint32_t q = 0; q < d->queue_count; q++) vkDestroySemaphore(d->device, d->queues[q].timeline, NULL);
    vkDestroyCommandPool(d->device, d->pool, NULL);
    vkDestroyDevice(d->device, NULL);
    if (d->messenger) {
        PFN_vkDestroyDebugUtilsMessengerEXT destroy =
            (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(d->instance, "vkDestroyDebugUtilsMessengerEXT");
        if (destroy) destroy(d->instance, d->messenger, NULL);
    }
    vkDestroyInstance(d->instance, NULL);
}

/* ---- Buffers ----------------------------------------------------------------- */

const xfer_memory_choice xfer_device_local_memory[2] = {
    {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT}, /* not the BAR */
    {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0},
};
const xfer_memory_choice xfer_staging_memory[3] = {
    {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
     VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT},
    {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT},
    {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0},
};
const xfer_memory_choice xfer_bar_memory[1] = {
    {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
     0},
};

uint32_t xfer_memory_type(const xfer_device *d, uint32_t bits, const xfer_memory_choice *choices, int count) {
    for (int c = 0; c < count; c++)
        for (uint32_t t = 0; t < d->memory.memoryTypeCount; t++) {
            VkMemoryPropertyFlags flags = d->memory.memoryTypes[t].propertyFlags;
            if ((bits & (1u << t)) && (flags & choices[c][0]) == choices[c][0] && !(flags & choices[c][1])) return t;
        }
    return UINT32_MAX;
}

static const VkBufferUsageFlags copy_usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

static bool out_of_memory(VkResult result) {
    return result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY;
}

VkResult xfer_buffer_create(xfer_device *d, VkDeviceSize size, const xfer_memory_choice *choices, int count,
                            bool map, xfer_buffer *out) {
    *out = (xfer_buffer){0};
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = copy_usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VK(vkCreateBuffer(d->device, &info, NULL, &out->buffer));
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(d->device, out->buffer, &needs);
    out->type = xfer_memory_type(d, needs.memoryTypeBits, choices, count);
    if (out->type == UINT32_MAX) xfer_fail("no suitable memory type for a buffer");
    out->flags = d->memory.memoryTypes[out->type].propertyFlags;
    VkMemoryAllocateInfo allocate_info = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = needs.size,
        .memoryTypeIndex = out->type,
    };
    VkResult result = vkAllocateMemory(d->device, &allocate_info, NULL, &out->memory);
    if (result == VK_SUCCESS) result = vkBindBufferMemory(d->device, out->buffer, out->memory, 0);
    if (result == VK_SUCCESS && map) result = vkMapMemory(d->device, out->memory, 0, VK_WHOLE_SIZE, 0, &out->map);
    if (result != VK_SUCCESS) {
        if (!out_of_memory(result)) VK(result);
        xfer_buffer_destroy(d, out);
    }
    return result;
}

VkResult xfer_buffer_import(xfer_device *d, void *host, VkDeviceSize size, xfer_buffer *out) {
    *out = (xfer_buffer){0};
    VkMemoryHostPointerPropertiesEXT pointer = {.sType = VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
    VK(d->get_host_pointer_properties(d->device, VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT, host,
                                      &pointer));
    VkExternalMemoryBufferCreateInfo external = {
        .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO,
        .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
    };
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .pNext = &external,
        .size = size,
        .usage = copy_usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VK(vkCreateBuffer(d->device, &info, NULL, &out->buffer));
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(d->device, out->buffer, &needs);
    /* Coherent where offered: the program reads and writes the pages
     * directly, never through a mapping it could flush. */
    static const xfer_memory_choice coherent_first[] = {
        {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0},
        {0, 0},
    };
    out->type = xfer_memory_type(d, needs.memoryTypeBits & pointer.memoryTypeBits, coherent_first, 2);
    if (out->type == UINT32_MAX) xfer_fail("no memory type can import host pages into a buffer");
    if (needs.size > size) xfer_fail("an imported buffer needs more memory than the pages it imports");
    out->flags = d->memory.memoryTypes[out->type].propertyFlags;
    VkImportMemoryHostPointerInfoEXT import = {
        .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
        .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
        .pHostPointer = host,
    };
    VkMemoryAllocateInfo allocate_info = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .pNext = &import,
        .allocationSize = size,
        .memoryTypeIndex = out->type,
    };
    VkResult result = vkAllocateMemory(d->device, &allocate_info, NULL, &out->memory);
    if (result == VK_SUCCESS) result = vkBindBufferMemory(d->device, out->buffer, out->memory, 0);
    if (result != VK_SUCCESS) {
        if (!out_of_memory(result) && result != VK_ERROR_INVALID_EXTERNAL_HANDLE) VK(result);
        xfer_buffer_destroy(d, out);
    }
    return result;
}

void xfer_buffer_destroy(xfer_device *d, xfer_buffer *buffer) {
    vkDestroyBuffer(d->device, buffer->buffer, NULL);
    vkFreeMemory(d->device, buffer->memory, NULL); /* unmaps */
    *buffer = (xfer_buffer){0};
}

/* ---- Commands ---------------------------------------------------------------- */

VkCommandBuffer xfer_commands(xfer_device *d) {
    VkCommandBufferAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = d->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer commands;
    VK(vkAllocateCommandBuffers(d->device, &info, &commands));
    return commands;
}

/* No barrier orders a copy after an earlier submission's copies: the host
 * waits for every submission before it reuses the bytes that one touched,
 * and a barrier would keep the pipelined paths' chunks from following one
 * another back to back. */
void xfer_record_copy(VkCommandBuffer commands, VkBuffer from, VkDeviceSize from_offset, VkBuffer to,
                      VkDeviceSize to_offset, VkDeviceSize size, bool host_reads) {
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VK(vkBeginCommandBuffer(commands, &begin));
    VkBufferCopy region = {.srcOffset = from_offset, .dstOffset = to_offset, .size = size};
    vkCmdCopyBuffer(commands, from, to, 1, &region);
    if (host_reads) {
        VkMemoryBarrier barrier = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
        };
        vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0,
                             NULL, 0, NULL);
    }
    VK(vkEndCommandBuffer(commands));
}

xfer_ticket xfer_submit(xfer_device *d, uint32_t queue, VkCommandBuffer commands) {
    xfer_queue *q = &d->queues[queue];
    uint64_t value = ++q->signalled;
    VkTimelineSemaphoreSubmitInfo timeline = {
        .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
        .signalSemaphoreValueCount = 1,
        .pSignalSemaphoreValues = &value,
    };
    VkSubmitInfo info = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .pNext = &timeline,
        .commandBufferCount = 1,
        .pCommandBuffers = &commands,
        .signalSemaphoreCount = 1,
        .pSignalSemaphores = &q->timeline,
    };
    VK(vkQueueSubmit(q->queue, 1, &info, VK_NULL_HANDLE));
    return (xfer_ticket){queue, value};
}

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

void xfer_wait(xfer_device *d, xfer_ticket ticket) {
    VkSemaphore timeline = d->queues[ticket.queue].timeline;
    long long give_up = now_ns() + POLL_NS;
    uint64_t reached;
    do {
        VK(vkGetSemaphoreCounterValue(d->device, timeline, &reached));
        if (reached >= ticket.value) return;
        sched_yield();
    } while (now_ns() < give_up);
    VkSemaphoreWaitInfo wait = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
        .semaphoreCount = 1,
        .pSemaphores = &timeline,
        .pValues = &ticket.value,
    };
    VK(vkWaitSemaphores(d->device, &wait, UINT64_MAX));
}
