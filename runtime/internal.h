/* internal.h — libcamp's one internal header: the runtime context and the
 * functions each file gives the others, under a banner per file.
 *
 * Threading: every function here runs with camp_rt.lock held (the public
 * entry points take it), so the context needs no other synchronisation.
 * Errors: a failing function records what went wrong in camp_rt.failure
 * (camp_fail, VK()) and returns a camp_status; the public entry point
 * reports it after releasing the lock, so a handler may call libcamp. */
#ifndef CAMP_INTERNAL_H
#define CAMP_INTERNAL_H

#define CAMP_RUNTIME_API_ONLY
#include "camp.h"
#include "camp_abi.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

/* Everything declared here is libcamp's own: not exported from the shared
 * library (camp.h and camp_abi.h, included above, declare the exports). */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#if defined(__GNUC__)
#define CAMP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CAMP_PRINTF(f, a)
#endif

/* The first error of the current call, reported when the lock is released. */
typedef struct camp_failure {
    camp_status status;
    char message[1024];
    const char *file; /* the kernel's source location, when known */
    unsigned line;
} camp_failure;

/* A device buffer with its memory; `mapped` is non-NULL when the memory is
 * HOST_VISIBLE | HOST_COHERENT and stays mapped for the buffer's life. */
enum camp_buffer_kind {
    CAMP_BUFFER_DEVICE,  /* shader-visible through its device address */
    CAMP_BUFFER_STAGING, /* host-visible transfer source and destination */
};

typedef struct camp_buffer {
    enum camp_buffer_kind kind;
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    uint32_t memory_type;
    void *mapped;
    VkDeviceAddress address; /* 0 for staging buffers */
} camp_buffer;

/* Free buffers kept for the next launches: few, and not too many bytes. */
#define CAMP_BUFFER_CACHE_SLOTS 8
#define CAMP_BUFFER_CACHE_BYTES ((VkDeviceSize)256 << 20)

/* Pipelines of one camp_module_info. module->runtime_state points here,
 * but only as a hint checked against camp_rt.modules: the runtime never
 * dereferences a module outside a launch of it, so a module that went away
 * (a stack copy, an unloaded library) cannot crash camp_shutdown. */
typedef struct camp_module_state {
    const camp_module_info *module; /* identity only, with spirv */
    const uint32_t *spirv;
    uint32_t kernel_count;
    VkShaderModule shader;
    VkPipelineLayout *layouts; /* one per kernel, VK_NULL_HANDLE until used */
    VkPipeline *pipelines;
    struct camp_module_state *next; /* every module's state, for shutdown */
} camp_module_state;

/* The whole runtime. The only global mutable state of libcamp. */
typedef struct camp_runtime {
    pthread_mutex_t lock;
    camp_failure failure;
    const camp_kernel_info *kernel; /* being launched: error messages name it */

    camp_error_handler handler;
    void *handler_user;

    bool ready;              /* the device below is usable */
    bool atexit_registered;  /* camp_shutdown runs at exit (once, ever) */
    char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE]; /* kept after shutdown */

    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice physical;
    VkPhysicalDeviceProperties properties;
    VkPhysicalDeviceMemoryProperties memory;
    uint32_t features;       /* enum camp_feature bits the device has */
    bool push_constant8, push_constant16; /* storagePushConstant8/16 */
    bool force_staging;      /* CAMP_FORCE_STAGING=1: never map device buffers */
    VkDevice device;
    uint32_t queue_family;
    VkQueue queue;
    VkCommandPool command_pool;
    VkCommandBuffer commands; /* one, recorded and waited for per launch */
    VkFence fence;

    camp_buffer cache[CAMP_BUFFER_CACHE_SLOTS]; /* free buffers; buffer == 0: empty */
    camp_module_state *modules;
} camp_runtime;

extern camp_runtime camp_rt;

/* ---- error.c ------------------------------------------------------------ */

/* Records the call's first failure: "camp error: <what>", prefixed with
 * "<file>:<line>: " while a kernel is being launched (camp_rt.kernel).
 * Returns `status`. */
camp_status camp_fail(camp_status status, const char *fmt, ...) CAMP_PRINTF(2, 3);
/* Releases the lock, then reports camp_rt.failure (handler, or print and
 * abort) if `status` is not CAMP_OK. Every public entry point ends here. */
void camp_unlock_and_report(camp_status status);

/* ---- vk_check.c --------------------------------------------------------- */

const char *camp_vk_result_name(VkResult result);
camp_status camp_vk_fail(VkResult result, const char *call, const char *file, int line);

/* Evaluates a Vulkan call; on a negative VkResult records an error naming the
 * call and the result and returns it from the enclosing function. */
#define VK(call)                                                                 \
    do {                                                                         \
        VkResult camp_vk_result_ = (call);                                       \
        if (camp_vk_result_ < 0)                                                 \
            return camp_vk_fail(camp_vk_result_, #call, __FILE__, __LINE__);     \
    } while (0)

/* Returns from the enclosing function when a camp_status is not CAMP_OK. */
#define CAMP_TRY(expr)                                                           \
    do {                                                                         \
        camp_status camp_try_status_ = (expr);                                   \
        if (camp_try_status_ != CAMP_OK) return camp_try_status_;                \
    } while (0)

/* ---- validation.c ------------------------------------------------------- */

bool camp_validation_requested(void); /* CAMP_VALIDATION set and not "0" */
const char *camp_validation_layer_name(void);
camp_status camp_validation_check_layer(void);
/* The messenger's settings: also chained to the instance's create info so
 * that vkCreateInstance and vkDestroyInstance are checked too. */
void camp_validation_messenger_info(VkDebugUtilsMessengerCreateInfoEXT *info);
camp_status camp_validation_messenger_create(void);
void camp_validation_messenger_destroy(void);

/* ---- device.c ----------------------------------------------------------- */

/* Creates instance, device, queue and command buffer unless already done. */
camp_status camp_device_init(void);
/* Waits for the device and destroys everything, including caches. */
void camp_device_destroy(void);

/* ---- buffer.c ----------------------------------------------------------- */

/* A buffer of at least `size` bytes, from the cache or new. */
camp_status camp_buffer_acquire(enum camp_buffer_kind kind, VkDeviceSize size, camp_buffer *out);
/* Gives a buffer back to the cache, or destroys it when the cache is full. */
void camp_buffer_release(camp_buffer *buffer);
void camp_buffer_destroy(camp_buffer *buffer);
void camp_buffer_cache_clear(void);

/* ---- views.c ------------------------------------------------------------ */

/* Views whose host ranges overlap, and the device buffer they share. */
typedef struct camp_view_group {
    char *host;   /* lowest host byte of the group */
    size_t bytes; /* up to its highest */
    size_t pad;   /* host % 16: where the bytes start in the buffers */
    uint32_t access; /* union of the views' enum camp_access bits */
    camp_buffer device;
    camp_buffer staging; /* only when device memory is not mappable */
} camp_view_group;

typedef struct camp_view_set {
    const camp_launch_view *views;
    uint32_t view_count;
    camp_view_group *groups;
    uint32_t count;
    uint32_t *group_of; /* per view: index of its group */
} camp_view_set;

/* Checks the views, gives them device buffers holding the host bytes and
 * writes their device addresses into `push`. */
camp_status camp_views_prepare(camp_view_set *set, const camp_launch_view *views, uint32_t count,
                               void *push, uint32_t push_size);
void camp_views_record_copy_in(const camp_view_set *set, VkCommandBuffer commands);
void camp_views_record_copy_out(const camp_view_set *set, VkCommandBuffer commands);
/* After the launch's fence: copies every CAMP_ACCESS_WRITE view to the host. */
void camp_views_copy_back(const camp_view_set *set);
/* Returns the buffers to the cache; safe on a partly prepared set. */
void camp_views_release(camp_view_set *set);

/* ---- pipeline.c --------------------------------------------------------- */

/* The compute pipeline and layout of kernel `k`, created on first use. */
camp_status camp_pipeline_get(camp_module_info *module, uint32_t k, VkPipeline *pipeline,
                              VkPipelineLayout *layout);
void camp_pipelines_destroy(void);

/* ---- launch.c ----------------------------------------------------------- */

/* Bytes of push constants actually pushed: push_size rounded up to 4, as
 * Vulkan requires of push-constant ranges. */
uint32_t camp_push_range_size(const camp_kernel_info *kernel);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif /* CAMP_INTERNAL_H */
