/* harness.c — the Vulkan twins' harness (harness.h). */
#define _POSIX_C_SOURCE 200809L /* readlink */
#include "harness.h"
#include "../vk_choose.h"

#include <limits.h>
#include <sched.h>
#include <stdint.h>
#include <unistd.h>

#define VALIDATION_LAYER "VK_LAYER_KHRONOS_validation"

struct vkb {
    const bench_options *options;
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice physical;
    VkPhysicalDeviceProperties properties;
    VkPhysicalDeviceMemoryProperties memory;
    uint32_t queue_family;
    VkDevice device;
    VkQueue queue;
    VkCommandPool pool;
    VkCommandBuffer commands;
    VkFence fence;
};

static void fail(const char *what) {
    fprintf(stderr, "vulkan harness: %s\n", what);
    exit(1);
}

static void vk_check(VkResult result, const char *call) {
    if (result >= 0) return;
    fprintf(stderr, "vulkan harness: %s failed: VkResult %d\n", call, (int)result);
    exit(1);
}
#define VK(call) vk_check((call), #call)

/* ---- Instance and device ------------------------------------------------------ */

static bool validation_requested(void) {
    const char *value = getenv("CAMP_VALIDATION");
    return value && value[0] && strcmp(value, "0") != 0;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT types,
                                                 const VkDebugUtilsMessengerCallbackDataEXT *data, void *user) {
    (void)severity, (void)types, (void)user;
    fprintf(stderr, "vulkan harness: validation: %s\n", data && data->pMessage ? data->pMessage : "(no message)");
    exit(1);
}

static void create_instance(vkb *v) {
    bool validate = validation_requested();
    VkDebugUtilsMessengerCreateInfoEXT messenger = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
        .pfnUserCallback = on_message,
    };
    const char *layers[] = {VALIDATION_LAYER};
    const char *extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "campcc kernel benchmark",
        .apiVersion = VK_API_VERSION_1_2,
    };
    VkInstanceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pNext = validate ? &messenger : NULL,
        .pApplicationInfo = &app,
        .enabledLayerCount = validate ? 1 : 0,
        .ppEnabledLayerNames = layers,
        .enabledExtensionCount = validate ? 1 : 0,
        .ppEnabledExtensionNames = extensions,
    };
    VkResult result = vkCreateInstance(&info, NULL, &v->instance);
    if (validate && result == VK_ERROR_LAYER_NOT_PRESENT)
        fail("CAMP_VALIDATION is set but the layer " VALIDATION_LAYER " is not installed");
    VK(result);
    if (!validate) return;
    PFN_vkCreateDebugUtilsMessengerEXT create =
        (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(v->instance, "vkCreateDebugUtilsMessengerEXT");
    if (!create) fail("CAMP_VALIDATION is set but vkCreateDebugUtilsMessengerEXT is missing");
    VK(create(v->instance, &messenger, NULL, &v->messenger));
}

static void choose_device_and_family(vkb *v) {
    const char *why = NULL;
    if (!(v->physical = vk_choose_device(v->instance, &why))) fail(why);
    vkGetPhysicalDeviceProperties(v->physical, &v->properties);
    vkGetPhysicalDeviceMemoryProperties(v->physical, &v->memory);
    if ((v->queue_family = vk_choose_compute_family(v->physical)) == UINT32_MAX) fail("the device has no compute queue");
}

void vkb_create_device(vkb *v, const vkb_needs *needs) {
    static const vkb_needs nothing = {0};
    if (!needs) needs = &nothing;
    VkPhysicalDeviceVulkan12Features supported = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 all = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &supported};
    vkGetPhysicalDeviceFeatures2(v->physical, &all);
    if (!supported.bufferDeviceAddress) fail("the device lacks bufferDeviceAddress");
    if (needs->shader_float16 && !supported.shaderFloat16) fail("the device lacks shaderFloat16");
    if (needs->vulkan_memory_model && !supported.vulkanMemoryModel) fail("the device lacks vulkanMemoryModel");
    if (needs->buffer_int64_atomics && !supported.shaderBufferInt64Atomics)
        fail("the device lacks shaderBufferInt64Atomics");
    VkPhysicalDeviceVulkan12Features features = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
        .pNext = needs->features,
        .bufferDeviceAddress = VK_TRUE,
        .shaderFloat16 = needs->shader_float16,
        .vulkanMemoryModel = needs->vulkan_memory_model,
        .shaderBufferInt64Atomics = needs->buffer_int64_atomics,
    };
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = v->queue_family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkDeviceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &features,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue,
        .enabledExtensionCount = needs->extension_count,
        .ppEnabledExtensionNames = needs->extensions,
    };
    VK(vkCreateDevice(v->physical, &info, NULL, &v->device));
    vkGetDeviceQueue(v->device, v->queue_family, 0, &v->queue);
    VkCommandPoolCreateInfo pool = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = v->queue_family,
    };
    VK(vkCreateCommandPool(v->device, &pool, NULL, &v->pool));
    VkCommandBufferAllocateInfo allocate = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = v->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VK(vkAllocateCommandBuffers(v->device, &allocate, &v->commands));
    VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VK(vkCreateFence(v->device, &fence, NULL, &v->fence));
}

static double largest_device_heap(const vkb *v) {
    VkDeviceSize largest = 0;
    for (uint32_t h = 0; h < v->memory.memoryHeapCount; h++)
        if ((v->memory.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) &&
            v->memory.memoryHeaps[h].size > largest)
            largest = v->memory.memoryHeaps[h].size;
    return (double)largest;
}

vkb *vkb_open_physical(const bench_options *o, double bytes) {
    vkb *v = calloc(1, sizeof *v);
    if (!v) fail("out of host memory");
    v->options = o;
    create_instance(v);
    choose_device_and_family(v);
    bench_require_memory(o, bytes, largest_device_heap(v), v->properties.deviceName);
    return v;
}

vkb *vkb_open(const bench_options *o, double bytes) {
    vkb *v = vkb_open_physical(o, bytes);
    vkb_create_device(v, NULL);
    return v;
}

VkInstance vkb_instance(const vkb *v) { return v->instance; }
VkPhysicalDevice vkb_physical(const vkb *v) { return v->physical; }
const VkPhysicalDeviceProperties *vkb_properties(const vkb *v) { return &v->properties; }

void vkb_close(vkb *v) {
    VK(vkDeviceWaitIdle(v->device));
    vkDestroyFence(v->device, v->fence, NULL);
    vkDestroyCommandPool(v->device, v->pool, NULL);
    vkDestroyDevice(v->device, NULL);
    if (v->messenger) {
        PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            v->instance, "vkDestroyDebugUtilsMessengerEXT");
        if (destroy) destroy(v->instance, v->messenger, NULL);
    }
    vkDestroyInstance(v->instance, NULL);
    free(v);
}

const char *vkb_device_name(const vkb *v) { return v->properties.deviceName; }

/* ---- Command submission --------------------------------------------------------- */

static void begin(vkb *v) {
    VK(vkResetCommandBuffer(v->commands, 0));
    VkCommandBufferBeginInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VK(vkBeginCommandBuffer(v->commands, &info));
}

/* Ends, submits and waits, polling the fence as libcamp polls its
 * semaphore (a blocking wait adds the driver's wake-up latency). */
static void submit_and_wait(vkb *v) {
    VK(vkEndCommandBuffer(v->commands));
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &v->commands,
    };
    VK(vkQueueSubmit(v->queue, 1, &submit, v->fence));
    VkResult status;
    while ((status = vkGetFenceStatus(v->device, v->fence)) == VK_NOT_READY) sched_yield();
    VK(status);
    VK(vkResetFences(v->device, 1, &v->fence));
}

static void barrier(VkCommandBuffer commands, VkPipelineStageFlags from, VkAccessFlags written,
                    VkPipelineStageFlags to, VkAccessFlags used) {
    VkMemoryBarrier memory = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = written,
                              .dstAccessMask = used};
    vkCmdPipelineBarrier(commands, from, to, 0, 1, &memory, 0, NULL, 0, NULL);
}

/* ---- Buffers ------------------------------------------------------------------------ */

static VkDeviceMemory allocate(vkb *v, VkMemoryRequirements needs, VkMemoryPropertyFlags wanted,
                               VkMemoryPropertyFlags unwanted, bool addressed) {
    for (int relax = 0; relax < 2; relax++)
        for (uint32_t t = 0; t < v->memory.memoryTypeCount; t++) {
            VkMemoryPropertyFlags flags = v->memory.memoryTypes[t].propertyFlags;
            if (!(needs.memoryTypeBits & (1u << t)) || (flags & wanted) != wanted) continue;
            if (!relax && (flags & unwanted)) continue;
            VkMemoryAllocateFlagsInfo address = {
                .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
            };
            VkMemoryAllocateInfo info = {
                .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                .pNext = addressed ? &address : NULL,
                .allocationSize = needs.size,
                .memoryTypeIndex = t,
            };
            VkDeviceMemory memory;
            VkResult result = vkAllocateMemory(v->device, &info, NULL, &memory);
            if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY)
                bench_refuse(v->options, "out of device memory: give a smaller --size");
            VK(result);
            return memory;
        }
    fail("no suitable memory type for a buffer");
    return VK_NULL_HANDLE;
}

static vkb_buffer buffer_new(vkb *v, VkDeviceSize bytes, VkBufferUsageFlags usage, VkMemoryPropertyFlags wanted,
                             VkMemoryPropertyFlags unwanted) {
    vkb_buffer b = {.size = bytes};
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = bytes ? bytes : 4,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VK(vkCreateBuffer(v->device, &info, NULL, &b.buffer));
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(v->device, b.buffer, &needs);
    bool addressed = usage & VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    b.memory = allocate(v, needs, wanted, unwanted, addressed);
    VK(vkBindBufferMemory(v->device, b.buffer, b.memory, 0));
    if (addressed) {
        VkBufferDeviceAddressInfo where = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = b.buffer};
        b.address = vkGetBufferDeviceAddress(v->device, &where);
    }
    return b;
}

/* A host-visible buffer for copies, mapped at *map. */
static vkb_buffer staging_new(vkb *v, VkDeviceSize bytes, VkBufferUsageFlags usage, void **map) {
    vkb_buffer b = buffer_new(v, bytes, usage, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                              0);
    VK(vkMapMemory(v->device, b.memory, 0, VK_WHOLE_SIZE, 0, map));
    return b;
}

vkb_buffer vkb_buffer_new(vkb *v, VkDeviceSize bytes, const void *src) {
    /* Plain device-local memory, not the host-visible window of a GPU
     * that has both. */
    vkb_buffer b = buffer_new(v, bytes,
                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
                                  VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    if (!src || !bytes) return b;
    void *map;
    vkb_buffer staging = staging_new(v, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &map);
    memcpy(map, src, bytes);
    begin(v);
    VkBufferCopy region = {.size = bytes};
    vkCmdCopyBuffer(v->commands, staging.buffer, b.buffer, 1, &region);
    barrier(v->commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    submit_and_wait(v);
    vkb_buffer_free(v, &staging);
    return b;
}

void vkb_buffer_fill(vkb *v, const vkb_buffer *b, uint32_t word) {
    begin(v);
    barrier(v->commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    vkCmdFillBuffer(v->commands, b->buffer, 0, VK_WHOLE_SIZE, word);
    barrier(v->commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    submit_and_wait(v);
}

void vkb_buffer_read(vkb *v, const vkb_buffer *b, void *dst) {
    if (!b->size) return;
    void *map;
    vkb_buffer staging = staging_new(v, b->size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &map);
    begin(v);
    barrier(v->commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    VkBufferCopy region = {.size = b->size};
    vkCmdCopyBuffer(v->commands, b->buffer, staging.buffer, 1, &region);
    barrier(v->commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
            VK_ACCESS_HOST_READ_BIT);
    submit_and_wait(v);
    memcpy(dst, map, b->size);
    vkb_buffer_free(v, &staging);
}

void vkb_buffer_free(vkb *v, vkb_buffer *b) {
    vkDestroyBuffer(v->device, b->buffer, NULL);
    vkFreeMemory(v->device, b->memory, NULL);
    *b = (vkb_buffer){0};
}

/* ---- Images ------------------------------------------------------------------------ */

static void image_layout(VkCommandBuffer commands, VkImage image, VkImageLayout from, VkImageLayout to,
                         VkPipelineStageFlags src_stage, VkAccessFlags src, VkPipelineStageFlags dst_stage,
                         VkAccessFlags dst) {
    VkImageMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = src,
        .dstAccessMask = dst,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(commands, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &barrier);
}

static VkBufferImageCopy whole(const vkb_image *image) {
    return (VkBufferImageCopy){.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                               .imageExtent = {image->width, image->height, 1}};
}

vkb_image vkb_image_new(vkb *v, uint32_t width, uint32_t height, VkFormat format, uint32_t texel_bytes,
                        const void *src) {
    vkb_image image = {.width = width, .height = height, .texel_bytes = texel_bytes};
    VkImageCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = format,
        .extent = {width, height, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VK(vkCreateImage(v->device, &info, NULL, &image.image));
    VkMemoryRequirements needs;
    vkGetImageMemoryRequirements(v->device, image.image, &needs);
    image.memory = allocate(v, needs, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, false);
    VK(vkBindImageMemory(v->device, image.image, image.memory, 0));
    VkImageViewCreateInfo view = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = image.image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    VK(vkCreateImageView(v->device, &view, NULL, &image.view));
    VkDeviceSize bytes = (VkDeviceSize)width * height * texel_bytes;
    void *map = NULL;
    vkb_buffer staging = {0};
    if (src) {
        staging = staging_new(v, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &map);
        memcpy(map, src, bytes);
    }
    begin(v);
    if (src) {
        image_layout(v->commands, image.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                     VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
        VkBufferImageCopy region = whole(&image);
        vkCmdCopyBufferToImage(v->commands, staging.buffer, image.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    }
    image_layout(v->commands, image.image, src ? VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL : VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_TRANSFER_BIT, src ? VK_ACCESS_TRANSFER_WRITE_BIT : 0,
                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    submit_and_wait(v);
    if (src) vkb_buffer_free(v, &staging);
    return image;
}

void vkb_image_read(vkb *v, const vkb_image *image, void *dst) {
    VkDeviceSize bytes = (VkDeviceSize)image->width * image->height * image->texel_bytes;
    void *map;
    vkb_buffer staging = staging_new(v, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &map);
    begin(v);
    image_layout(v->commands, image->image, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_ACCESS_TRANSFER_READ_BIT);
    VkBufferImageCopy region = whole(image);
    vkCmdCopyImageToBuffer(v->commands, image->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging.buffer, 1, &region);
    image_layout(v->commands, image->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL,
                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                 VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    barrier(v->commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
            VK_ACCESS_HOST_READ_BIT);
    submit_and_wait(v);
    memcpy(dst, map, bytes);
    vkb_buffer_free(v, &staging);
}

void vkb_image_free(vkb *v, vkb_image *image) {
    vkDestroyImageView(v->device, image->view, NULL);
    vkDestroyImage(v->device, image->image, NULL);
    vkFreeMemory(v->device, image->memory, NULL);
    *image = (vkb_image){0};
}

/* ---- Kernels ---------------------------------------------------------------------------- */

/* NAME.spv beside this executable, as 32-bit words (the caller frees them). */
static uint32_t *load_module(const char *name, size_t *bytes) {
    char path[PATH_MAX + 64];
    ssize_t length = readlink("/proc/self/exe", path, PATH_MAX);
    if (length < 0) fail("cannot find this executable's directory (/proc/self/exe)");
    path[length] = '\0';
    char *slash = strrchr(path, '/');
    snprintf(slash ? slash + 1 : path, 64, "%s.spv", name);
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "vulkan harness: cannot open %s (built from bench/glsl/%s.comp)\n", path, name);
        exit(1);
    }
    uint32_t *words = NULL;
    size_t capacity = 0;
    *bytes = 0;
    for (;;) {
        if (*bytes == capacity) {
            capacity = capacity ? 2 * capacity : 16384;
            words = realloc(words, capacity);
            if (!words) fail("out of host memory");
        }
        size_t got = fread((char *)words + *bytes, 1, capacity - *bytes, file);
        *bytes += got;
        if (got == 0) break;
    }
    bool bad = ferror(file) || *bytes < 20 || *bytes % 4 || words[0] != 0x07230203u;
    fclose(file);
    if (bad) {
        fprintf(stderr, "vulkan harness: %s is not a SPIR-V module\n", path);
        exit(1);
    }
    return words;
}

/* The module's LocalSize (OpExecutionMode %main LocalSize x y z), which
 * glslang writes for a literal local_size. */
static void local_size(const uint32_t *words, size_t count, uint32_t size[3]) {
    enum { OP_EXECUTION_MODE = 16, LOCAL_SIZE = 17 };
    for (size_t i = 5; i < count;) {
        uint32_t length = words[i] >> 16, op = words[i] & 0xffff;
        if (length == 0) break;
        if (op == OP_EXECUTION_MODE && length == 6 && words[i + 2] == LOCAL_SIZE) {
            memcpy(size, &words[i + 3], 3 * sizeof *size);
            return;
        }
        i += length;
    }
    fail("the module has no LocalSize execution mode");
}

/* The pipeline of NAME.spv with `set_layout` (or none), push constants and
 * `specialization` (or none). */
static vkb_kernel kernel_load(vkb *v, const char *name, uint32_t push_size, VkDescriptorSetLayout set_layout,
                              const VkSpecializationInfo *specialization) {
    size_t bytes;
    uint32_t *words = load_module(name, &bytes);
    uint32_t size[3];
    local_size(words, bytes / 4, size);
    const VkPhysicalDeviceLimits *limits = &v->properties.limits;
    if (size[0] * size[1] * size[2] > limits->maxComputeWorkGroupInvocations || size[0] > limits->maxComputeWorkGroupSize[0] ||
        size[1] > limits->maxComputeWorkGroupSize[1] || size[2] > limits->maxComputeWorkGroupSize[2]) {
        char why[400];
        snprintf(why, sizeof why, "%s's workgroup %ux%ux%u is larger than %s allows", name, size[0], size[1], size[2],
                 v->properties.deviceName);
        bench_refuse(v->options, why);
    }
    VkShaderModuleCreateInfo module_info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = bytes,
        .pCode = words,
    };
    VkShaderModule module;
    VK(vkCreateShaderModule(v->device, &module_info, NULL, &module));
    free(words);
    vkb_kernel k = {.push_size = push_size, .set_layout = set_layout};
    VkPushConstantRange range = {.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .size = push_size};
    VkPipelineLayoutCreateInfo layout = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = set_layout ? 1 : 0,
        .pSetLayouts = &k.set_layout,
        .pushConstantRangeCount = 1,
        .pPushConstantRanges = &range,
    };
    VK(vkCreatePipelineLayout(v->device, &layout, NULL, &k.layout));
    VkComputePipelineCreateInfo pipeline = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = module,
                  .pName = "main",
                  .pSpecializationInfo = specialization},
        .layout = k.layout,
    };
    VK(vkCreateComputePipelines(v->device, VK_NULL_HANDLE, 1, &pipeline, NULL, &k.pipeline));
    vkDestroyShaderModule(v->device, module, NULL);
    return k;
}

vkb_kernel vkb_kernel_load(vkb *v, const char *name, uint32_t push_size) {
    return kernel_load(v, name, push_size, VK_NULL_HANDLE, NULL);
}

vkb_kernel vkb_kernel_load_specialized(vkb *v, const char *name, uint32_t push_size, const uint32_t *constants,
                                       uint32_t count) {
    enum { MOST = 32 };
    if (count > MOST) fail("too many specialization constants");
    VkSpecializationMapEntry entries[MOST];
    for (uint32_t i = 0; i < count; i++)
        entries[i] = (VkSpecializationMapEntry){.constantID = i, .offset = i * 4, .size = 4};
    VkSpecializationInfo specialization = {
        .mapEntryCount = count, .pMapEntries = entries, .dataSize = count * 4, .pData = constants};
    return kernel_load(v, name, push_size, VK_NULL_HANDLE, &specialization);
}

vkb_kernel vkb_kernel_load_images(vkb *v, const char *name, uint32_t push_size, const vkb_image *images,
                                  const bool *storage, uint32_t count) {
    enum { MOST = 8 };
    if (count > MOST) fail("too many images for one kernel");
    VkDescriptorSetLayoutBinding bindings[MOST];
    VkDescriptorImageInfo infos[MOST];
    VkWriteDescriptorSet writes[MOST];
    uint32_t storage_count = 0;
    for (uint32_t i = 0; i < count; i++) {
        VkDescriptorType type = storage[i] ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE : VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
        storage_count += storage[i];
        bindings[i] = (VkDescriptorSetLayoutBinding){i, type, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL};
        infos[i] = (VkDescriptorImageInfo){.imageView = images[i].view, .imageLayout = VK_IMAGE_LAYOUT_GENERAL};
        writes[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                           .dstBinding = i,
                                           .descriptorCount = 1,
                                           .descriptorType = type,
                                           .pImageInfo = &infos[i]};
    }
    VkDescriptorSetLayoutCreateInfo layout_info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = count, .pBindings = bindings};
    VkDescriptorSetLayout set_layout;
    VK(vkCreateDescriptorSetLayout(v->device, &layout_info, NULL, &set_layout));
    vkb_kernel k = kernel_load(v, name, push_size, set_layout, NULL);
    VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, storage_count ? storage_count : 1},
                                     {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, count - storage_count ? count - storage_count : 1}};
    VkDescriptorPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1, .poolSizeCount = 2, .pPoolSizes = sizes};
    VK(vkCreateDescriptorPool(v->device, &pool_info, NULL, &k.pool));
    VkDescriptorSetAllocateInfo allocate_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                                 .descriptorPool = k.pool,
                                                 .descriptorSetCount = 1,
                                                 .pSetLayouts = &k.set_layout};
    VK(vkAllocateDescriptorSets(v->device, &allocate_info, &k.set));
    for (uint32_t i = 0; i < count; i++) writes[i].dstSet = k.set;
    vkUpdateDescriptorSets(v->device, count, writes, 0, NULL);
    return k;
}

void vkb_kernel_free(vkb *v, vkb_kernel *k) {
    vkDestroyPipeline(v->device, k->pipeline, NULL);
    vkDestroyPipelineLayout(v->device, k->layout, NULL);
    if (k->pool) vkDestroyDescriptorPool(v->device, k->pool, NULL);
    if (k->set_layout) vkDestroyDescriptorSetLayout(v->device, k->set_layout, NULL);
}

void vkb_require_groups(vkb *v, const uint32_t groups[3]) {
    const uint32_t *limit = v->properties.limits.maxComputeWorkGroupCount;
    for (int d = 0; d < 3; d++)
        if (groups[d] > limit[d]) {
            char why[400];
            snprintf(why, sizeof why, "it needs %u workgroups in dimension %d and %s allows %u", groups[d], d,
                     v->properties.deviceName, limit[d]);
            bench_refuse(v->options, why);
        }
}

/* ---- Timing ---------------------------------------------------------------------------------- */

typedef struct repetition_context {
    vkb *v;
    int runs, count;
    const vkb_dispatch *sequence;
} repetition_context;

static void repetition(void *context) {
    repetition_context *c = context;
    vkb *v = c->v;
    begin(v);
    for (int r = 0; r < c->runs; r++)
        for (int d = 0; d < c->count; d++) {
            const vkb_dispatch *dispatch = &c->sequence[d];
            if (r || d)
                barrier(v->commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
            vkCmdBindPipeline(v->commands, VK_PIPELINE_BIND_POINT_COMPUTE, dispatch->kernel->pipeline);
            if (dispatch->kernel->set)
                vkCmdBindDescriptorSets(v->commands, VK_PIPELINE_BIND_POINT_COMPUTE, dispatch->kernel->layout, 0, 1,
                                        &dispatch->kernel->set, 0, NULL);
            vkCmdPushConstants(v->commands, dispatch->kernel->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                               dispatch->kernel->push_size, dispatch->push);
            vkCmdDispatch(v->commands, dispatch->groups[0], dispatch->groups[1], dispatch->groups[2]);
        }
    submit_and_wait(v);
}

static void require_sequence(vkb *v, const vkb_dispatch *sequence, int count) {
    for (int d = 0; d < count; d++) vkb_require_groups(v, sequence[d].groups);
}

double vkb_measure(vkb *v, const bench_options *o, const vkb_dispatch *sequence, int count) {
    require_sequence(v, sequence, count);
    repetition_context context = {v, o->runs, count, sequence};
    return bench_measure(o, repetition, &context);
}

void vkb_run(vkb *v, const vkb_dispatch *sequence, int count) {
    require_sequence(v, sequence, count);
    repetition(&(repetition_context){v, 1, count, sequence});
}
