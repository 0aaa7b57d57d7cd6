/* transfer_device.h — the Vulkan side of vk_transfer: one device, up to
 * XFER_MAX_QUEUES queues of one family, buffers (allocated, or imported from
 * host pages through VK_EXT_external_memory_host), one-copy command
 * buffers, and submissions that signal a timeline semaphore (one per queue)
 * the host polls. */
#ifndef TRANSFER_DEVICE_H
#define TRANSFER_DEVICE_H

#include <vulkan/vulkan.h>

#include <stdbool.h>
#include <stdint.h>

enum { XFER_MAX_QUEUES = 4 };

typedef struct {
    VkQueue queue;
    VkSemaphore timeline;
    uint64_t signalled; /* the last value a submission signals */
} xfer_queue;

/* What a submission signals when it completes. */
typedef struct {
    uint32_t queue;
    uint64_t value;
} xfer_ticket;

typedef struct {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkMemoryPropertyFlags flags;
    uint32_t type; /* memory type index */
    void *map;     /* the mapping of a host-visible buffer created with map */
} xfer_buffer;

typedef struct {
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger; /* CAMP_VALIDATION only */
    VkPhysicalDevice physical;
    VkPhysicalDeviceProperties properties;
    VkPhysicalDeviceMemoryProperties memory;
    uint32_t queue_family;
    VkQueueFlags queue_flags;
    VkDevice device;
    xfer_queue queues[XFER_MAX_QUEUES];
    uint32_t queue_count; /* as many as the family has, up to XFER_MAX_QUEUES */
    VkCommandPool pool;
    bool host_import;   /* VK_EXT_external_memory_host is enabled */
    VkDeviceSize import_alignment;
    PFN_vkGetMemoryHostPointerPropertiesEXT get_host_pointer_properties;
} xfer_device;

/* A {wanted, unwanted} pair of memory property flags; lists of them are
 * tried in order. */
typedef VkMemoryPropertyFlags xfer_memory_choice[2];

void xfer_fail(const char *message);
void xfer_vk_check(VkResult result, const char *call);
#define VK(call) xfer_vk_check((call), #call)

/* The device as libcamp chooses it (CAMP_DEVICE, else discrete >
 * integrated > virtual > CPU); a queue family with transfer but neither
 * graphics nor compute (the DMA engines) if `transfer_queue` and there is
 * one, else a compute family as libcamp chooses. CAMP_VALIDATION=1 enables
 * the Khronos validation layer and makes any message fatal. */
void xfer_device_create(xfer_device *d, bool transfer_queue);
void xfer_device_destroy(xfer_device *d);

/* The first memory type allowed by `bits` that matches one of `choices`,
 * best first; UINT32_MAX if none. */
uint32_t xfer_memory_type(const xfer_device *d, uint32_t bits, const xfer_memory_choice *choices, int count);

/* The benchmarks' buffers' memory: device-local (not the BAR where there
 * is other), staging (host-cached first), the BAR (device-local and
 * host-visible). */
extern const xfer_memory_choice xfer_device_local_memory[2], xfer_staging_memory[3], xfer_bar_memory[1];

/* A transfer source and destination buffer of `size` bytes in memory of one
 * of `choices`, mapped if `map`. Returns the error of an allocation the
 * device refused (out of memory); fails on anything else. */
VkResult xfer_buffer_create(xfer_device *d, VkDeviceSize size, const xfer_memory_choice *choices, int count,
                            bool map, xfer_buffer *out);

/* A buffer over the host's own pages [host, host + size) (both multiples of
 * import_alignment), imported with VK_EXT_external_memory_host; the pages
 * must outlive it. */
VkResult xfer_buffer_import(xfer_device *d, void *host, VkDeviceSize size, xfer_buffer *out);

void xfer_buffer_destroy(xfer_device *d, xfer_buffer *buffer);

VkCommandBuffer xfer_commands(xfer_device *d);

/* Records into `commands` one copy of `size` bytes, followed (if
 * `host_reads`) by the barrier that makes its writes visible to the host. */
void xfer_record_copy(VkCommandBuffer commands, VkBuffer from, VkDeviceSize from_offset, VkBuffer to,
                      VkDeviceSize to_offset, VkDeviceSize size, bool host_reads);

/* Submits `commands` to queue `queue` (an index below queue_count). */
xfer_ticket xfer_submit(xfer_device *d, uint32_t queue, VkCommandBuffer commands);

/* Waits until the submission of `ticket` has completed: polls (yielding
 * the core) for up to 1 ms, as libcamp does, then blocks. */
void xfer_wait(xfer_device *d, xfer_ticket ticket);

#endif
