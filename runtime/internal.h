/* internal.h — libcamp's one internal header: the runtime context and the
 * functions each file gives the others, under a banner per file.
 *
 * Threading: every function here runs with camp_rt.lock held (the public
 * entry points take it), so the context needs no other synchronisation;
 * waits for the device let it go (camp_queue_finish_releasing), and what
 * a call keeps of its own (failure, kernel) is per thread (camp_call).
 * Errors: a failing function records what went wrong in camp_rt.failure
 * (camp_fail, VK()) and returns a camp_status; the public entry point
 * reports it after releasing the lock, so a handler may call libcamp. */
#ifndef CAMP_INTERNAL_H
#define CAMP_INTERNAL_H

/* before camp.h, which declares its Vulkan interoperability calls after it */
#include <vulkan/vulkan.h>

#define CAMP_RUNTIME_API_ONLY
#include "camp.h"
#include "camp_abi.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

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

/* ---- launch.c: a launch's memory, unpacked from its arguments ---------- */
/* A kernel's push constants, header included, at most (campcc pushes at
 * most 128 bytes, Vulkan's minimum maxPushConstantsSize, and moves larger
 * arguments to a buffer; the pipeline checks the device). */
#define CAMP_PUSH_MAX 256u
/* An object or a pointer of the launch (camp_abi.h, camp_kernel_param): at
 * `host`, `bytes` of it (0 for a pointer, CAMP_ACCESS_POINTER in access). */
typedef struct camp_launch_view {
    const void *host;     /* first byte of the object, or the pointer's value */
    size_t bytes;         /* the object's size; 0 for a pointer */
    uint32_t push_offset; /* where its device address goes */
    uint32_t access;      /* enum camp_access bits */
    const char *name;     /* the variable's name, for messages */
    /* a pointer to the one value the kernel reads through it (camp_abi.h): its size and its copy's push offset */
    uint32_t value_bytes, value_offset;
} camp_launch_view;

/* A texture of the launch: the image of `texture` (a camp_texture *) at
 * `binding` of the kernel's descriptor set 0, for its kernel_info's access. */
typedef struct camp_launch_texture {
    const void *texture;
    uint32_t binding;
    uint32_t access; /* enum camp_access: READ, WRITE, READ | WRITE or SAMPLE, as texture_access[binding] */
    const char *name;
    const void *sampler; /* SAMPLE: the camp_sampler */
} camp_launch_texture;

/* The first error of the current call, reported when it returns. */
typedef struct camp_failure {
    camp_status status;
    char message[1024];
    const char *file; /* the kernel's source location, when known */
    unsigned line;
    bool setting;     /* an environment variable the user set is wrong (camp_fail_setting) */
} camp_failure;

/* How copies between host memory and device buffers go (transfer.c). */
enum camp_copy_path {
    CAMP_COPY_MAP,     /* memcpy through the device buffer's mapping (host-cached device memory) */
    CAMP_COPY_IMPORT,  /* DMA from and to the program's pages, imported (VK_EXT_external_memory_host) */
    CAMP_COPY_STAGING, /* memcpy into a staging ring, DMA from there, chunks pipelined */
    CAMP_COPY_BAR,     /* in: memcpy over threads into device-local host-visible memory
                        * (resizable BAR); out: as import where the device has it, else staging */
};
/* Copies in below this size go through a resizable BAR's mapping (transfer.c:
 * on the bar path those that no import serves; on the import path, where
 * the BAR spans the device, device buffers below it live there). The host's
 * writes are faster than the staging ring there (H100, from malloc'd
 * memory: 1 MiB 16.9-17.6 GB/s against 8.2-13.0, 4 MiB 26.5-28.9 against
 * 15.1-25.1, 4 KiB in 0.6 µs against 16); larger ones go by the ring's DMA
 * (the host's writes over the bus stopped near 33 GB/s), and views' by
 * their import (1 MiB: 22-23 GB/s through it, 16 through the mapping). */
#define CAMP_BAR_WRITES_BELOW ((size_t)16 << 20)

/* A device buffer with its memory; `mapped` is non-NULL when the memory is
 * HOST_VISIBLE | HOST_COHERENT (and, for CAMP_BUFFER_DEVICE, HOST_CACHED)
 * and stays mapped for the buffer's life. */
enum camp_buffer_kind {
    CAMP_BUFFER_DEVICE,  /* shader-visible through its device address */
    CAMP_BUFFER_STAGING, /* host-visible transfer source and destination */
    CAMP_BUFFER_SHARED_READ,  /* shader-visible and mapped, cached for host reads */
    CAMP_BUFFER_SHARED_WRITE, /* shader-visible and mapped, for host writes */
    CAMP_BUFFER_READBACK,     /* shader-visible and mapped in memory the host reads fast (report.c) */
};

/* Device memory from suballoc.c: a range of a block, or memory of its own
 * (block == NULL). `mapped` is the range's host address where the memory
 * is host-visible. */
typedef struct camp_allocation {
    VkDeviceMemory memory;
    VkDeviceSize offset, size;
    uint32_t memory_type;
    void *mapped;
    struct camp_memory_block *block;
    bool buffer_own; /* a Vulkan dedicated allocation, for one buffer only: never kept for another */
    void *host_pages; /* imported host pages of `size` bytes (buffer_ahead.c), unmapped when it is freed */
} camp_allocation;

typedef struct camp_buffer {
    struct camp_device *owner;
    enum camp_buffer_kind kind;
    VkBuffer buffer;
    camp_allocation memory;
    VkDeviceSize size;
    void *mapped;
    void *write_mapped; /* DEVICE, copy path bar: the mapping host writes go through */
    VkDeviceAddress address; /* for kernels, and staging buffers' for the copy kernel */
    /* Bytes of the VkBuffer before the buffer's first byte (its lead guard,
     * where the VkBuffer holds it: memory of its own, bound at offset 0);
     * commands that take the VkBuffer and an offset add it. */
    VkDeviceSize base;
} camp_buffer;

/* The last use of device memory by a queue: which batch, and in which
 * barrier epoch of it the last read and write were recorded (0: none), so
 * that the next command knows whether it needs a barrier or, from another
 * queue or the host, a wait. */
typedef struct camp_usage {
    struct camp_accelerator_view *queue; /* NULL: no use yet */
    uint64_t serial;                     /* that queue's batch */
    uint32_t read_epoch, write_epoch;
} camp_usage;

/* A command buffer recorded and submitted as one, with its serial (the
 * timeline value it signals) and the buffers to give back once the device
 * is done with it. */
typedef struct camp_batch {
    VkCommandBuffer commands;
    bool begun_empty;        /* commands is begun with nothing in it (the batch submitted one replay.c kept, or was begun ahead) */
    VkCommandBufferUsageFlags begun_flags; /* the flags it is begun with */
    uint32_t command_count;  /* commands recorded into it */
    uint64_t serial;
    struct camp_profile_batch *profile; /* profile.c's timestamps, when profiling */
    size_t copy_bytes;       /* bytes its copies move, while tracing: the trace's copies in flight */
    camp_buffer *retired;
    uint32_t retired_count, retired_capacity;
    struct camp_batch *next;
} camp_batch;

/* Other views a submission can wait for on the device; beyond this, a
 * view's next submission is made after the host waited, without. */
#define CAMP_QUEUE_WAITS_MAX 16u

/* An accelerator view: a queue in C++ AMP's sense. Its open batch records
 * commands; submitted batches wait in `inflight`, oldest first. */
struct camp_accelerator_view {
    struct camp_device *dev;
    VkQueue queue;           /* one of dev->queues, or dev->copy_queue */
    pthread_mutex_t *submit_lock; /* its dev->submit_locks, or dev->copy_submit_lock */
    VkPipelineStageFlags stages; /* what its queue's family runs: barriers name only these */
    uint32_t timestamp_bits; /* its family's timestampValidBits */
    camp_queuing_mode mode;
    uint32_t waiters;        /* threads submitting to or waiting for it without the lock */
    /* Other views' timelines its next submission waits for: memory they
     * wrote, read or write next here (the host waited for it already; the
     * semaphore wait makes it visible to this queue). */
    VkSemaphore wait_timelines[CAMP_QUEUE_WAITS_MAX];
    uint64_t wait_values[CAMP_QUEUE_WAITS_MAX];
    uint32_t wait_count;
    bool waited_for;         /* another view's submission waited for its timeline */
    VkCommandPool pool;
    VkSemaphore timeline;    /* a timeline semaphore: each batch signals its serial */
    camp_batch *open;        /* being recorded, or NULL */
    uint32_t open_commands;  /* commands recorded into it */
    uint32_t epoch;          /* barriers recorded into it, plus one */
    VkPipeline bound;        /* the pipeline bound in it */
    camp_batch *inflight, *inflight_last;
    camp_batch *spare;       /* done batches, for reuse */
    uint64_t next_serial;    /* the open (or next) batch's serial */
    uint64_t completed;      /* every batch up to this serial is done */
    struct camp_accelerator_view *next; /* every view, for shutdown */
    struct camp_reports *reports; /* report.c's buffer, once a kernel that reports ran here */
    struct camp_replay *replay;   /* replay.c's log and kept command buffer */
};

/* An explicit view (array_view) or an array (array_new): a host range, the
 * key kernels' pointers are looked up by, and its device buffer. */
enum camp_region_kind { CAMP_REGION_VIEW, CAMP_REGION_ARRAY };
/* Protection of a view's host pages (host_guard.c), in order of strictness. */
enum camp_guard_level { CAMP_GUARD_NONE, CAMP_GUARD_READ, CAMP_GUARD_HIDDEN };
/* PRIVATE: protectable, and known to be the process's own memory (the
 * program's static data, a chunk malloc mapped), not a shared mapping. */
enum camp_guard_memory {
    CAMP_GUARD_MEMORY_UNKNOWN,
    CAMP_GUARD_MEMORY_PROTECTABLE,
    CAMP_GUARD_MEMORY_PRIVATE,
    CAMP_GUARD_MEMORY_EAGER
};

typedef struct camp_region {
    enum camp_region_kind kind;
    char *host;          /* the key range: user memory, a shared mapping, or a reservation */
    size_t bytes;
    const char *name;    /* as written in array_view(...), for messages */
    uint32_t refs;       /* array_view calls sharing it (nested views) */
    size_t pad;          /* host % 16: where the bytes start in the buffer */
    camp_buffer device;  /* VIEW: allocated at first kernel use */
    bool device_valid;   /* the device buffer holds the current data */
    bool host_stale;     /* VIEW: kernels may have written since the host copy */
    bool read_only;      /* VIEW: made by array_view of pointers to const only: kernels may not write it */
    bool owns_host;      /* VIEW: array_view_new's; `host` is libcamp's memory, freed by array_view_delete */
    uint64_t writes;     /* VIEW: kernels that may have written it so far (sections' synchronize) */
    size_t skip_begin, skip_end; /* VIEW: bytes its next copy in leaves out (a discarded section); equal: none */
    struct camp_section *sections; /* VIEW: its live array_view_section's (array_view_section.c) */
    bool reserved;       /* ARRAY: `host` is a PROT_NONE reservation */
    bool staging_array;  /* ARRAY: array_new_staging's: host-visible, for copies only (array_staging.c) */
    size_t reserved_bytes;
    camp_usage usage;
    camp_usage reading;  /* the batch of a launch's copy in still reading the host's bytes (camp_region_copied) */
    struct camp_host_import *import; /* VIEW: its pages' imports, one per device that copied them (transfer.c) */
    bool copied_large;    /* VIEW: copied once through staging already: the next large copy imports */
    uint8_t guard;        /* VIEW: enum camp_guard_level its pages have now (host_guard.c) */
    uint8_t guard_memory; /* VIEW: enum camp_guard_memory, found at its first protection */
    bool guard_open;      /* VIEW: unprotected while libcamp copies its host bytes */
    bool implicit;        /* VIEW: made by a launch for a global or static array (views.c), not by array_view */
    bool settling;        /* VIEW: a thread brings its kernels' writes back, the lock let go meanwhile */
    char *guard_spare;    /* VIEW: pages its next copy back goes into before they replace its own (host_guard.c) */
    bool call_scoped;     /* VIEW: made by a library call for memory with none, ended as it returns: never guarded */
    bool stack_local;     /* VIEW, call_scoped: a local of a wrapped call or launch (call_scope.c): in and out at each launch */
    /* VIEW, with CAMP_IMPLICIT_SYNC=check (host_guard.c): the last
     * kernel that may have written it; whether the host's access before a
     * synchronize was reported; where the host wrote it while the
     * accelerator held a copy ("" if it has not since that copy). */
    const char *writer_file;
    unsigned writer_line;
    bool stale_reported;
    char host_write_place[256];
    /* Handed to other Vulkan code for this view's queue (vulkan_interop.c):
     * its next use waits for what was submitted there until the queue's release. */
    struct camp_accelerator_view *lent_to;
} camp_region;

/* Vulkan queues opened per device at most: the default view submits to
 * queue 0, the views the program creates to queue 1 (to the rest in turn
 * where there are more), so that their kernels run beside the default
 * view's. Two: each queue of the compute family cost an H200's
 * vkCreateDevice about 20 ms and its vkDestroyDevice 9 (eight: 240 + 90 ms
 * of a 600 ms program; two: 107 + 40), and host threads on views of one
 * to eight queues launched kernels at the same rate (performance.md). */
#define CAMP_DEVICE_QUEUES_MAX 2u

/* Free buffers kept for the next launches and arrays: few, and not too
 * many bytes (at most an eighth of the largest heap). Large enough for a
 * program's scratch arrays of 1 GiB: made and freed by a call in a loop
 * (camp_sort of 64 Mi keys on an H200), a dedicated allocation each time
 * cost about 1 ms a call. */
#define CAMP_BUFFER_CACHE_SLOTS 8
#define CAMP_BUFFER_CACHE_BYTES ((VkDeviceSize)2 << 30)

/* A kernel's pipelines on a device: its workgroup size, chosen once (the
 * launch divides the grid by it), and a pipeline that checks the extent
 * and one that does not, for extents of whole workgroups, each made on
 * first use. */
typedef struct camp_pipeline {
    VkShaderModule shader;  /* of the kernel's own SPIR-V */
    VkPipelineLayout layout;
    VkDescriptorSetLayout set_layout; /* its textures' (texture.c), or VK_NULL_HANDLE */
    uint32_t local_size[3]; /* 0 0 0 until chosen and checked against the device */
    uint32_t elements_per_thread; /* along x (CAMP_SPEC_ELEMENTS_PER_THREAD), chosen with local_size */
    VkPipeline variant[4];  /* bit 0: with the bounds check; bit 1: views by access chains */
    /* On a device with a loop budget (loop_limit.c), for a kernel with loops: */
    camp_buffer loop_report;
    const camp_kernel_info *loop_kernel; /* read only when it reported */
    struct camp_pipeline *next_loop_checked;
} camp_pipeline;

/* Pipelines of one camp_module_info on one device, found by the module's
 * address (module->runtime_state is not used): the runtime never
 * dereferences a module outside a launch of it, so a module that went away
 * (a stack copy, an unloaded library) cannot crash camp_shutdown. */
typedef struct camp_module_state {
    const camp_module_info *module; /* identity only, with spirv */
    const uint32_t *spirv;
    uint32_t kernel_count;
    camp_pipeline *pipelines; /* one per kernel; pipeline VK_NULL_HANDLE until used */
    struct camp_module_state *next; /* every module's state, for shutdown */
} camp_module_state;

/* Extension functions libcamp calls, each with the extension it comes
 * from: one table per device (camp_device.vk) and one for the instance
 * (camp_runtime.vk), each loaded in one place (device.c); a function is
 * NULL where its extension is not enabled. */
#define CAMP_VK_DEVICE_FUNCTIONS(X)                                                        \
    X(vkCmdPushDescriptorSetKHR, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME) /* textures */        \
    X(vkGetMemoryHostPointerPropertiesEXT, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME)        \
    X(vkGetCalibratedTimestampsEXT, VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME) /* profile */ \
    X(vkSetDebugUtilsObjectNameEXT, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) /* of the instance */   \
    X(vkCmdInsertDebugUtilsLabelEXT, VK_EXT_DEBUG_UTILS_EXTENSION_NAME)                       \
    X(vkGetPipelineExecutableStatisticsKHR, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME) /* profile */
#define CAMP_VK_INSTANCE_FUNCTIONS(X)                                                      \
    X(vkCreateDebugUtilsMessengerEXT, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) /* validation */     \
    X(vkDestroyDebugUtilsMessengerEXT, VK_EXT_DEBUG_UTILS_EXTENSION_NAME)                     \
    X(vkGetPhysicalDeviceCalibrateableTimeDomainsEXT, VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME)   \
    X(vkGetPhysicalDeviceCooperativeMatrixPropertiesNV, VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME) /* fragments */
#define CAMP_VK_FUNCTION_FIELD(name, extension) PFN_##name name;
typedef struct camp_vk_device_functions {
    CAMP_VK_DEVICE_FUNCTIONS(CAMP_VK_FUNCTION_FIELD)
} camp_vk_device_functions;
typedef struct camp_vk_instance_functions {
    CAMP_VK_INSTANCE_FUNCTIONS(CAMP_VK_FUNCTION_FIELD)
} camp_vk_instance_functions;
#undef CAMP_VK_FUNCTION_FIELD

/* An opened accelerator: a Vulkan device with its queue, caches and
 * default view. */
typedef struct camp_device {
    uint32_t index;          /* in vkEnumeratePhysicalDevices' order */
    VkPhysicalDevice physical;
    VkPhysicalDeviceProperties properties;
    VkPhysicalDeviceMemoryProperties memory;
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    uint32_t features;       /* enum camp_feature bits the device has */
    unsigned float_controls; /* CAMP_SPIRV_* (spirv_patch.h) the device has: modules lose the others */
    bool non_semantic_info;  /* VK_KHR_shader_non_semantic_info is enabled: else modules lose -g's debug info */
    bool verbose;            /* CAMP_VERBOSE: say what is made for it (devices, pipelines) */
    bool access_chains;      /* kernels address view elements by access chains where they can (device.c) */
    /* The cooperative matrices' shapes it offers at subgroup scope, where
     * VK_NV_cooperative_matrix is enabled (fragment.c) */
    VkCooperativeMatrixPropertiesNV *cooperative_shapes;
    uint32_t cooperative_shape_count;
    VkDevice device;
    camp_vk_device_functions vk; /* its extensions' functions */
    uint32_t queue_family;
    _Atomic uint64_t submissions; /* to its queues so far: CAMP_TEST_LOSE_DEVICE counts them */
    VkQueue queues[CAMP_DEVICE_QUEUES_MAX]; /* of the compute family: views submit to one each */
    /* One per queue: submissions to it, which camp_queue_finish_releasing
     * makes without the runtime lock (taken after it, never before). */
    pthread_mutex_t submit_locks[CAMP_DEVICE_QUEUES_MAX];
    uint32_t queue_count;
    uint32_t views_made;     /* views created: the next one's queue, round robin */
    long long poll_ns;       /* how long a wait polls before it blocks (queue.c) */
    _Atomic uint32_t waiting; /* threads polling for it now (queue.c) */
    /* The copy view's queue: of a transfer-only family where the device has
     * one (its DMA engines run beside kernels), else queue 0 of the compute
     * family. Buffers are shared by the families listed in `families`. */
    uint32_t copy_family;
    VkQueue copy_queue;
    pthread_mutex_t copy_submit_lock;
    uint32_t families[2];
    uint32_t family_count;   /* 2: buffers are VK_SHARING_MODE_CONCURRENT */
    VkPipelineCache pipeline_cache;
    bool pipeline_cache_dirty; /* pipelines were created since it was loaded */
    bool copies_by_kernel;   /* copies on views that run kernels are dispatches where they can (copy_kernel.c) */
    struct camp_copy_kernel *copy_kernel; /* copy_kernel.c's pipeline; NULL until the first such copy */
    camp_accelerator_view *default_view;
    enum camp_copy_path copy_path; /* how host memory reaches device buffers */
    bool small_buffers_in_bar; /* import path with a resizable BAR: device buffers below CAMP_BAR_WRITES_BELOW live there */
    bool import_host;        /* VK_EXT_external_memory_host is enabled */
    VkDeviceSize import_alignment; /* minImportedHostPointerAlignment */
    struct camp_transfer *transfer; /* transfer.c's staging ring and copy threads */
    camp_accelerator_view *copy_view; /* future.c's, for asynchronous copies; NULL until one */
    camp_buffer cache[CAMP_BUFFER_CACHE_SLOTS]; /* free buffers; buffer == 0: empty */
    uint64_t buffers_destroyed; /* VkBuffers destroyed: a command buffer kept from before may name one (replay.c) */
    struct camp_memory_pools *pools; /* suballoc.c's */
    camp_module_state *modules;
    bool loop_budget;         /* leaves loops after a budget of passes (old lavapipe): loop_limit.c */
    camp_pipeline *loop_checked; /* the pipelines with a loop report */
    /* For profile.c, set only when profiling: */
    uint32_t timestamp_bits;  /* the compute family's timestampValidBits (0: no timestamps) */
    uint32_t copy_timestamp_bits; /* the copy family's */
    bool host_query_reset;    /* hostQueryReset: timestamps are reset by the host, not in batches */
    uint64_t anchor_tick, anchor_host; /* a device tick and its host time, from the last calibration */
    VkDeviceSize allocated_bytes; /* device memory allocated by suballoc.c (the trace's counter) */
    bool creation_feedback;   /* VK_EXT_pipeline_creation_feedback is enabled */
    struct camp_texture *textures; /* texture.c's, not deleted yet */
    struct camp_sampler_entry *samplers; /* texture.c's VkSamplers, one per camp_sampler used */
    bool custom_border_colours; /* VK_EXT_custom_border_color (without a format): any sampler border colour */
    uint32_t custom_border_samplers; /* samplers made with one (at most maxCustomBorderColorSamplers) */
    struct camp_device *next; /* every opened device */
} camp_device;

/* The public call the thread is making: per thread, because the runtime
 * lock is let go while the host waits for the device (camp_queue_finish_
 * releasing), and another thread's call may fail meanwhile. */
/* A library call's arguments in memory with no view (a few pointers each). */
#define CAMP_CALL_VIEWS_MAX 8u

typedef struct camp_call_state {
    /* From camp_lock_at to camp_unlock_and_report, the lock held or let go
     * for a wait: code of the program's that runs on the thread meanwhile
     * is a signal handler's (host_guard.c's fault handler asks). */
    bool in_call;
    camp_failure failure;
    const camp_kernel_info *kernel; /* being launched: error messages name it */
    const char *file;        /* else the call's source location, if known */
    unsigned line;
    /* A library's call (camp_library_call_begin) whose kernels these are:
     * their errors name its caller's location; depth counts nested calls. */
    const char *library_call, *library_file;
    unsigned library_line, library_depth;
    bool library_reported; /* the call reported an error: its others are its consequences */
    /* The views the library call made for memory that had none
     * (memory_check.c), ended when it returns (camp_call_views_end). */
    struct camp_region *call_views[CAMP_CALL_VIEWS_MAX];
    unsigned call_view_count;
} camp_call_state;

extern _Thread_local camp_call_state camp_call;

/* What CAMP_PROFILE counts (profile.c). Statistics are updated by waits
 * made without camp_rt.lock: they have their own lock. */
typedef struct camp_profile_state {
    int mode;                /* profile.c's enum profile_mode */
    bool initialised;        /* CAMP_PROFILE and CAMP_TRACE were read */
    pthread_mutex_t stats_lock;
    struct camp_kernel_stats *kernels;
    uint32_t kernel_count, kernel_capacity;
    /* Copies' host time apart from their waits for the device (for the
     * data's last writer, or a DMA of the copy itself), which go in waited_ns. */
    struct camp_copy_stats {
        uint64_t count, bytes, ns, waited_ns;
    } copies[2];
    uint64_t waits, wait_ns;
    int64_t copies_in_flight; /* bytes of copies recorded and not done (the trace's counter) */
    uint64_t flows;           /* arrows from launches to kernels, under camp_rt.lock */
} camp_profile_state;

/* CAMP_TRACE's file and tracks (trace.c). */
#define CAMP_TRACE_BUFFER_BYTES 65536u
#define CAMP_TRACE_DEVICE_TRACKS_MAX 64u
typedef struct camp_trace_state {
    pthread_mutex_t lock;
    int fd;                  /* -1: no trace */
    uint64_t start;          /* host time of ts 0 */
    char buffer[CAMP_TRACE_BUFFER_BYTES];
    size_t buffered;
    uint32_t threads;        /* host tracks made */
    const camp_accelerator_view *device_tracks[CAMP_TRACE_DEVICE_TRACKS_MAX];
    uint64_t device_last[CAMP_TRACE_DEVICE_TRACKS_MAX]; /* each track's last start: none runs backwards */
    uint32_t device_track_count;
    int open_markers;        /* begun and not ended, over all threads */
} camp_trace_state;

/* Accelerators whose default CPU access type a program can set: the Vulkan
 * devices, by index (cpu_access.c). */
#define CAMP_CPU_ACCESS_CHOSEN_MAX 64u

/* The whole runtime: the only global mutable state of libcamp (context.c),
 * started and stopped by runtime.c. */
typedef struct camp_runtime {
    pthread_mutex_t lock;
    pthread_cond_t settled; /* a view's settling ended (host_guard.c) */
    size_t guard_spare_bytes; /* of the views' camp_region.guard_spare (host_guard.c) */

    camp_error_handler handler;
    void *handler_user;

    /* Whether CAMP_PROFILE or CAMP_TRACE is on: every hook on a hot path is
     * `if (camp_rt.profiling)`, one predictable branch when it is off. */
    bool profiling;
    camp_profile_state profile;
    camp_trace_state trace;

    bool ready;              /* the default device is open */
    bool atexit_registered;  /* camp_shutdown runs at exit (once, ever) */
    void (*teardown_at_exit)(void); /* what runtime.c registered, registered again ... */
    bool atexit_after_submit;       /* ... after the first submission (camp_at_exit_again) */
    /* This process is a child fork() made after its parent created the
     * Vulkan instance (context.c's camp_watch_forks): the driver's and the
     * layers' threads are the parent's, and stay there. */
    bool forked;
    /* exit() began libcamp's teardown on exit_thread (camp_exit_begin):
     * every other thread's next call waits for the process to end. */
    _Atomic bool exit_began;
    pthread_t exit_thread;
    /* The default CPU access type the program chose per accelerator (cpu_access.c). */
    camp_access_type cpu_access[CAMP_CPU_ACCESS_CHOSEN_MAX];
    bool cpu_access_chosen[CAMP_CPU_ACCESS_CHOSEN_MAX];
    /* Set once something other than a regular file was found at a pipeline
     * cache path: the process then neither reads nor replaces one. */
    _Atomic bool pipeline_cache_not_a_file;
    uint32_t faults;         /* enum camp_fault bits: failures injected for tests */
    uint32_t masked_features; /* enum camp_feature bits devices pretend to lack */
    int64_t lost_device;      /* CAMP_TEST_LOSE_DEVICE: the device index that is lost (-1: none), */
    uint64_t lost_at;         /* from its submission of this number on */
    char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE]; /* the default's, kept after shutdown */

    VkInstance instance;
    bool debug_utils;        /* the instance has VK_EXT_debug_utils */
    camp_vk_instance_functions vk; /* its extensions' functions */
    VkDebugUtilsMessengerEXT messenger;
    camp_device *main;       /* the default accelerator: parallel_for_each runs there */
    camp_device *devices;    /* every opened device, main included */

    camp_accelerator_view *views; /* every view of every device */

    struct camp_future *futures; /* every future not waited yet (future.c) */

    camp_region **regions;   /* sorted by host address, not overlapping */
    uint32_t region_count, region_capacity;
    /* array_view(p, 0)'s pointers, once per view (array_view.c): no memory
     * to copy, but released, synchronized and refreshed as views are */
    const void **empty_views;
    uint32_t empty_view_count, empty_view_capacity;
    bool unwatched_said; /* CAMP_IMPLICIT_SYNC=check said it cannot watch a view (host_guard.c): once a program */
} camp_runtime;

/* After a submission (the runtime's lock held): the first registers the
 * teardown at exit again, to run before what the submission made exist. */
void camp_at_exit_again(void);
/* From the runtime's start on: a fork() leaves the child a runtime lock
 * no other thread holds, and marks the child camp_rt.forked. */
void camp_watch_forks(void);
/* An error naming what a child cannot do (anything on a device: its
 * queues are served by threads the child does not have), where this
 * process is camp_rt.forked; else CAMP_OK. */
camp_status camp_process_check(void);
/* The teardown at exit begins on this thread: from here on, every other
 * thread that takes the runtime's lock for a call lets it go and waits
 * for the process to end (camp_exit_stops_thread). */
void camp_exit_begin(void);
/* Under the runtime lock, taken for a public call: where exit began on
 * another thread, lets the lock go and never returns. */
void camp_exit_stops_thread(void);
/* Whether the teardown at exit ran: the calls left are an exit handler's
 * that runs after it (registered before the device opened). */
bool camp_ended_at_exit(void);

extern camp_runtime camp_rt;

/* ---- texture.c ------------------------------------------------------------ */
/* Textures one kernel may use: its push descriptors' bindings. */
#define CAMP_TEXTURES_MAX 16u
/* A launch's texture: its image at its binding, and how the kernel uses it. */
typedef struct camp_texture_binding {
    VkDescriptorImageInfo image;
    camp_usage *usage;
    uint32_t access;
} camp_texture_binding;
/* Checks the launch's textures against the kernel and the view's device;
 * out[binding] for each. */
camp_status camp_textures_prepare(camp_accelerator_view *q, const camp_kernel_info *kernel,
                                  const camp_launch_texture *textures, uint32_t count, camp_texture_binding *out);
/* Just before the dispatch: the barrier their last uses need, their use
 * noted, their images pushed as the descriptors of set 0. */
camp_status camp_textures_record_before(camp_accelerator_view *q, VkCommandBuffer commands, VkPipelineLayout layout,
                                        const camp_texture_binding *bindings, uint32_t count);
/* The kernel's descriptor set layout (VK_NULL_HANDLE without textures). */
camp_status camp_textures_set_layout(camp_device *dev, const camp_kernel_info *kernel, VkDescriptorSetLayout *out);
/* A texture on `view` (texture_new's checks, then the image, filled from
 * `src` if any). */
camp_status camp_texture_create(camp_accelerator_view *view, camp_texel_kind kind, int channels, int rank,
                                const int *extent, unsigned bits, const void *src, camp_texture **out);
/* Destroys the textures not deleted and the samplers (the device is closing). */
void camp_textures_destroy(camp_device *dev);
/* ---- error.c ------------------------------------------------------------ */

/* Records the call's first failure: "camp error: <what>", prefixed with
 * "<file>:<line>: " while a kernel is being launched (camp_call.kernel) or
 * when the call said where it was made (camp_lock_at). Returns `status`. */
camp_status camp_fail(camp_status status, const char *fmt, ...) CAMP_PRINTF(2, 3);
/* The same, prefixed with `file`:`line` (what a kernel's assert names). */
camp_status camp_fail_at(camp_status status, const char *file, unsigned line, const char *fmt, ...) CAMP_PRINTF(4, 5);
/* camp_fail for a CAMP_* environment variable the user can fix: without an
 * error handler the program exits with status 1, not abort's signal. */
camp_status camp_fail_setting(camp_status status, const char *fmt, ...) CAMP_PRINTF(2, 3);
/* Forgets a failure the call recovered from (it tried another way). */
void camp_failure_clear(void);
/* Takes the lock for a public call made at `file`:`line` (file may be NULL);
 * on a thread other than the one exiting, once exit began, never returns
 * (camp_exit_stops_thread). Every public call starts here. */
void camp_lock_at(const char *file, unsigned line);
/* `count` elements of `element_size` bytes in *bytes, or an error naming
 * `call` when the count is negative or the product overflows. */
camp_status camp_checked_bytes(const char *call, long long count, size_t element_size, size_t *bytes);
/* Releases the lock, then reports camp_call.failure (handler, or print and
 * abort) if `status` is not CAMP_OK. Every public entry point ends here. */
void camp_unlock_and_report(camp_status status);

/* ---- fault_injection.c -------------------------------------------------- */

/* Failures tests can inject (see fault_injection.c for the knobs). */
enum camp_fault {
    CAMP_FAULT_ALLOC = 1u << 0,       /* device memory allocations fail */
    CAMP_FAULT_DEVICE_LOST = 1u << 1, /* queue submissions lose the device */
    CAMP_FAULT_NO_NON_SEMANTIC_INFO = 1u << 2, /* the device lacks VK_KHR_shader_non_semantic_info */
};

/* ---- simulate.c: CAMP_SIMULATE=NAME, a device profile's limits and features ---- */
/* Fails when CAMP_SIMULATE names no profile. */
camp_status camp_simulate_check(void);
/* Why no device can run kernels as the profile, or NULL. */
const char *camp_simulate_unsuitable(void);
/* Gives `dev` (its features, limits, copy family and host import known)
 * the profile's, and its name " as NAME". */
void camp_simulate_device(camp_device *dev);
/* The subgroup size workgroups are shaped for: the profile's, if it has one. */
uint32_t camp_simulate_subgroup_size(uint32_t driver_size);
/* Clears what the profile's devices lack of the copy paths' needs. */
void camp_simulate_memory(bool *host_cached_device_memory, bool *import_host);
/* Whether memory the device shares with the host stays shared: false as a
 * profile without host-cached device memory (arrays are then device-only). */
bool camp_simulate_shares_memory(void);
/* An accelerator's description and properties as the profile's. */
void camp_simulate_accelerator(camp_accelerator *accelerator);

/* Reads the knobs into camp_rt.faults and camp_rt.masked_features. */
camp_status camp_faults_init(void);
/* Clears the features camp_rt.masked_features names in what a device
 * reports, so that they are neither enabled nor found. */
void camp_faults_mask_features(VkPhysicalDeviceFeatures *core, VkPhysicalDeviceVulkan11Features *v11,
                               VkPhysicalDeviceVulkan12Features *v12);
/* `result`, or the error fault `fault` injects in its place. */
#define CAMP_INJECT(fault, error, result) ((camp_rt.faults & (fault)) ? (error) : (result))
/* Counts a submission to one of the device's queues; whether it is to fail
 * with VK_ERROR_DEVICE_LOST (CAMP_TEST_DEVICE_LOST, CAMP_TEST_LOSE_DEVICE). */
bool camp_faults_lose_submission(camp_device *dev);

/* ---- vk_check.c --------------------------------------------------------- */

const char *camp_vk_result_name(VkResult result);
camp_status camp_vk_fail(VkResult result, const char *call, const char *file, int line);
/* The same with what the program can do about it after the result's name (NULL: nothing). */
camp_status camp_vk_fail_hint(VkResult result, const char *call, const char *file, int line, const char *hint);

/* The one way libcamp calls Vulkan: evaluates a Vulkan call (or a VkResult
 * that a wait returned); on a negative VkResult records an error naming
 * the call and the result, keeps the camp_status it maps to in the function's
 * `status` and jumps to the function's `error:` label, where the function
 * undoes what it made so far and returns `status`. */
#define VK(call)                                                                 \
    do {                                                                         \
        VkResult camp_vk_result_ = (call);                                       \
        if (camp_vk_result_ < 0) {                                               \
            status = camp_vk_fail(camp_vk_result_, #call, __FILE__, __LINE__);   \
            goto error;                                                          \
        }                                                                        \
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

/* ---- runtime.c: start-up and shutdown ------------------------------------ */

/* Opens the default device (CAMP_DEVICE, else by type) unless already done. */
camp_status camp_runtime_start(void);
/* The opened device of index `index` (opening it, and the default first). */
camp_status camp_runtime_device(uint32_t index, camp_device **out);
/* Waits for every device and destroys everything, including caches. */
void camp_runtime_stop(void);

/* Destroys view `q`: waits for it, then the layers forget it, top down. */
void camp_runtime_view_destroy(camp_accelerator_view *q);

/* ---- device.c ----------------------------------------------------------- */

/* Creates the Vulkan instance unless already done (enumeration needs no device). */
camp_status camp_instance_init(void);
void camp_instance_destroy(void);
/* The physical devices, in the loader's order (the caller frees them; there may be none). */
camp_status camp_physical_devices(VkPhysicalDevice **out, uint32_t *count);
/* Opens physical device `index`: the Vulkan device with the features and
 * extensions kernels may use, and its queues; nothing on it yet. */
camp_status camp_device_create(VkPhysicalDevice physical, uint32_t index, camp_device **out);
/* Destroys the Vulkan device (everything on it is gone) and frees `dev`. */
void camp_device_close(camp_device *dev);
/* Why `device` cannot run campcc kernels, or NULL if it can. */
const char *camp_device_unsuitable(VkPhysicalDevice device);
/* The index of the device kernels run on, by CAMP_DEVICE or by type (an error when there is none). */
camp_status camp_device_choose(VkPhysicalDevice *devices, uint32_t count, uint32_t *chosen);
/* Whether a physical device offers a device extension. */
bool camp_device_has_extension(VkPhysicalDevice physical, const char *name);
/* "discrete GPU", "integrated GPU", "virtual GPU", "CPU" or "other". */
const char *camp_device_type_name(VkPhysicalDeviceType type);
/* Whether a device type and its memory allow arrays the host can use. */
bool camp_device_shares_memory(VkPhysicalDeviceType type, const VkPhysicalDeviceMemoryProperties *memory);
/* Whether the device keeps float32 subnormals where a kernel declares DenormPreserve 32. */
bool camp_device_preserves_float_subnormals(VkPhysicalDevice device);
/* The float controls (spirv_patch.h's CAMP_SPIRV_*) the device lets kernels declare. */
unsigned camp_device_float_controls(VkPhysicalDevice device);

/* ---- buffer.c ----------------------------------------------------------- */

/* A buffer of at least `size` bytes, from the cache or new. */
camp_status camp_buffer_acquire(camp_device *dev, enum camp_buffer_kind kind, VkDeviceSize size, camp_buffer *out);
/* Sets `info`'s sharing mode: shared by the device's queue families. */
void camp_buffer_sharing(const camp_device *dev, VkBufferCreateInfo *info);
/* Gives a buffer back to its device's cache, or destroys it when the cache
 * is full. */
void camp_buffer_release(camp_buffer *buffer);
void camp_buffer_destroy(camp_buffer *buffer);
void camp_buffer_cache_clear(camp_device *dev);
/* A staging buffer of `size` bytes without memory, the memory type its
 * memory should have, the types it may have (bits) and the bytes it needs
 * (for memory allocated by another thread, buffer_ahead.c; `host_pages`:
 * the memory will be imported host pages); then bound to that memory.
 * Each destroys the buffer when it fails. */
camp_status camp_buffer_staging_unbound(camp_device *dev, VkDeviceSize size, bool host_pages, camp_buffer *out,
                                        uint32_t *type, uint32_t *types, VkDeviceSize *bytes);
camp_status camp_buffer_staging_bind(camp_buffer *buffer, camp_allocation memory);

/* ---- host_pages.c: host memory laid out for huge pages ------------------ */

/* The transparent huge page of every system libcamp runs on (x86-64, arm64 with 4 KiB pages). */
#define CAMP_HUGE_PAGE ((size_t)2 << 20)
/* A private anonymous mapping of `bytes` (NULL: none) whose address is
 * `like`'s (page-aligned) modulo a huge page (0: aligned to one), so that
 * pages moved between it and memory at `like` (mremap) stay huge;
 * MADV_HUGEPAGE asked. */
char *camp_map_huge(size_t bytes, uintptr_t like, int prot);

/* ---- buffer_ahead.c ------------------------------------------------------- */

/* Host pages for a staging buffer, mapped and faulted in by a thread of
 * their own while the device is being created. */
typedef struct camp_pages_ahead camp_pages_ahead;
/* Starts them: at least `bytes` (NULL where they cannot start). */
camp_pages_ahead *camp_pages_ahead_start(size_t bytes);
/* Waits for them and frees them, unused. */
void camp_pages_ahead_cancel(camp_pages_ahead *pages);
/* A staging buffer whose memory a thread of its own allocates, maps and
 * faults in while the program goes on: `pages` imported, where given
 * (which it takes) and the device imports them, else memory of the
 * device's. */
typedef struct camp_buffer_ahead camp_buffer_ahead;
/* Starts it (NULL in *out, and no error, where it cannot start: the
 * buffer is then allocated when it is needed). */
void camp_buffer_ahead_start(camp_device *dev, VkDeviceSize size, camp_pages_ahead *pages, camp_buffer_ahead **out);
/* Waits for it and gives its buffer in *out, which it leaves as it was
 * where the thread could not make it (allocate it the ordinary way); frees
 * `ahead`. */
void camp_buffer_ahead_take(camp_buffer_ahead *ahead, camp_buffer *out);
/* Waits for it and frees it with its memory, unused. */
void camp_buffer_ahead_cancel(camp_buffer_ahead *ahead);

/* ---- suballoc.c ---------------------------------------------------------- */

/* Memory of type `type` for a buffer that needs `needs`: a range of a
 * block, or (large) memory of its own, new or kept from an earlier free;
 * or, where `own_for` is a buffer, a Vulkan dedicated allocation for it
 * alone (`needs` its exact requirements). */
camp_status camp_memory_alloc(camp_device *dev, const VkMemoryRequirements *needs, uint32_t type, VkBuffer own_for,
                              camp_allocation *out);
/* Device buffers needing more than this get memory of their own, in whole
 * CAMP_MEMORY_GRANULE. */
#define CAMP_MEMORY_OWN_ABOVE ((VkDeviceSize)16 << 20)
#define CAMP_MEMORY_GRANULE ((VkDeviceSize)2 << 20)
/* What vkAllocateMemory is given for `size` bytes of `type` (`flags` is
 * its pNext): every allocation has device addresses. */
VkMemoryAllocateInfo camp_memory_allocate_info(uint32_t type, VkDeviceSize size, VkMemoryAllocateFlagsInfo *flags);
/* Memory another thread allocated (with camp_memory_allocate_info), from
 * now on the device's: an allocation of its own, freed as others are. */
void camp_memory_adopt(camp_device *dev, uint32_t type, VkDeviceSize size, VkDeviceMemory memory, void *mapped,
                       void *host_pages, camp_allocation *out);
/* Gives the range back (its buffer must be destroyed first). */
void camp_memory_free(camp_device *dev, camp_allocation *allocation);
/* Frees kept memory and empty blocks (when the heap is full). */
void camp_memory_trim(camp_device *dev);
/* Frees everything (the device is closing). */
void camp_memory_destroy(camp_device *dev);

/* ---- queue.c ------------------------------------------------------------ */

/* Creates a view of `dev` (the device's default view is one). */
camp_status camp_queue_create(camp_device *dev, camp_queuing_mode mode, camp_accelerator_view **out);
/* How long waits poll before they block: CAMP_WAIT_POLL_US, else 1 ms. */
long long camp_wait_poll_ns(void);
/* Nanoseconds since `since` (CLOCK_MONOTONIC): the polls' clock. */
long long camp_elapsed_ns(const struct timespec *since);
/* `view` if it is a live view (else an error naming `call`), or the default view when NULL;
 * the runtime is initialised. */
camp_status camp_view_or_default(camp_accelerator_view *view, const char *call, camp_accelerator_view **out);
/* The device's copy view (immediate mode, on dev->copy_queue): made at first use. */
camp_status camp_copy_view(camp_device *dev, camp_accelerator_view **out);
/* Waits until the device is done with view `q` and frees its batches. */
void camp_queue_drain(camp_accelerator_view *q);
/* Waits until no thread waits for any view without the runtime lock: each
 * has come back and gone on with its call (the runtime is about to stop). */
void camp_queues_await_waiters(void);
/* Destroys a drained view (what the layers above kept of it is forgotten). */
void camp_queue_destroy(camp_accelerator_view *q);
/* `view` if it is a live view, else an error naming `call`. */
camp_status camp_view_check(const camp_accelerator_view *view, const char *call);
/* The calling thread's view for the next launch. */
camp_accelerator_view *camp_queue_current(void);
/* Begins the open batch if there is none. */
camp_status camp_queue_open(camp_accelerator_view *q);
/* The open batch's command buffer, beginning one if needed, for commands
 * recorded directly (not through replay.c's camp_cmd_*): the batch will
 * not be replayed. */
camp_status camp_queue_commands(camp_accelerator_view *q, VkCommandBuffer *out);
/* Whether a command on `q` with `access` (enum camp_access bits) to memory
 * last used as `u` must come after a barrier. First makes the host wait
 * for another queue that still uses it. */
camp_status camp_queue_needs_barrier(camp_accelerator_view *q, const camp_usage *u, uint32_t access,
                                     bool *needed);
/* Records a full memory barrier between the commands before and after it. */
void camp_queue_barrier(camp_accelerator_view *q);
/* Notes that the command about to be recorded on `q` uses `u` with `access`. */
void camp_queue_use(camp_accelerator_view *q, camp_usage *u, uint32_t access);
/* A command was recorded: in immediate mode, submits it. */
camp_status camp_queue_recorded(camp_accelerator_view *q);
/* `buffer` is given back when the open batch is done (now if none). */
camp_status camp_queue_retire(camp_accelerator_view *q, camp_buffer *buffer);
/* Whether the device may still use memory last used as `u`. */
bool camp_usage_busy(const camp_usage *u);
/* Makes the host wait until the device no longer uses memory last used as `u`. */
camp_status camp_usage_wait(camp_usage *u);
camp_status camp_queue_flush(camp_accelerator_view *q);
camp_status camp_queue_finish(camp_accelerator_view *q);
/* camp_queue_finish, the host waiting with the runtime lock let go, so that
 * other threads' calls go on meanwhile. Only where the caller uses nothing
 * after it that another call could have changed: what the call owns (its
 * staging buffers, the program's memory), never a recorded batch. */
camp_status camp_queue_finish_releasing(camp_accelerator_view *q);
/* Waits until `q`'s batch `serial` is done (submitting it if still open),
 * not for the batches after it. */
camp_status camp_queue_wait_serial(camp_accelerator_view *q, uint64_t serial);
/* The serial of the last batch submitted on `q` (0: none yet). */
uint64_t camp_queue_last_submitted(const camp_accelerator_view *q);
/* Whether `q`'s batch `serial` is done, without waiting. */
camp_status camp_queue_reached(camp_accelerator_view *q, uint64_t serial, bool *done);

/* ---- copy_kernel.c: copies as dispatches -------------------------------- */

/* Whether the device's copies on views that run kernels are dispatches of
 * the copy kernel where they can (CAMP_COPY_KERNEL, else discrete GPUs). */
bool camp_copy_kernel_wanted(const camp_device *dev);
/* Makes the copy kernel's pipeline now, as the device opens (where copies use it). */
void camp_copy_kernel_prepare(camp_device *dev);
/* Records a copy of `bytes` from device address `from` to `to` into the
 * open batch of `q` as dispatches of the copy kernel (one, unless
 * `any_size`: as many as it takes); false, with nothing recorded, where
 * that does not serve (vkCmdCopyBuffer then). */
bool camp_copy_kernel_record(camp_accelerator_view *q, VkDeviceAddress from, VkDeviceAddress to, VkDeviceSize bytes,
                             bool any_size);
void camp_copy_kernel_destroy(camp_device *dev);

/* ---- replay.c: batches submitted again instead of recorded again -------- */

typedef struct camp_replay camp_replay;
camp_status camp_replay_create(camp_accelerator_view *q);
/* Frees the kept command buffer (`q` is idle); CAMP_VERBOSE prints the counts. */
void camp_replay_destroy(camp_accelerator_view *q);
/* The open batch's commands that a batch may repeat exactly, into its
 * log (or its command buffer once it records directly). */
void camp_cmd_barrier(camp_accelerator_view *q, VkPipelineStageFlags from, VkPipelineStageFlags to,
                      VkAccessFlags from_access, VkAccessFlags to_access);
void camp_cmd_bind(camp_accelerator_view *q, VkPipeline pipeline);
void camp_cmd_push(camp_accelerator_view *q, VkPipelineLayout layout, const void *bytes, uint32_t size);
void camp_cmd_dispatch(camp_accelerator_view *q, uint32_t x, uint32_t y, uint32_t z);
void camp_cmd_copy(camp_accelerator_view *q, VkBuffer from, VkDeviceSize from_offset, VkBuffer to,
                   VkDeviceSize to_offset, VkDeviceSize bytes);
/* The open batch's command buffer with the log recorded into it: other
 * commands follow directly, and the batch is not kept. */
VkCommandBuffer camp_replay_commands(camp_accelerator_view *q);
/* A batch begins (q->open): the usage flags to begin its command buffer with. */
VkCommandBufferUsageFlags camp_replay_batch_begin(camp_accelerator_view *q);
/* The flags camp_replay_batch_begin gives the view's batches (a batch begun ahead is begun with them). */
VkCommandBufferUsageFlags camp_replay_begin_flags(const camp_accelerator_view *q);
/* The open batch ends: the command buffer to submit for it, its own
 * (ended, *ended the result) or the kept one it repeats. */
VkCommandBuffer camp_replay_batch_end(camp_accelerator_view *q, camp_batch *batch, VkResult *ended);
/* A submission failed: nothing kept is submitted again. */
void camp_replay_forget(camp_accelerator_view *q);

/* ---- copy_threads.c ------------------------------------------------------ */

struct camp_copy_threads;
camp_status camp_copy_threads_start(struct camp_copy_threads **out);
void camp_copy_threads_stop(struct camp_copy_threads *threads);
/* memcpy, over the threads when it is large; NULL threads: plain memcpy.
 * `to_program`: the destination is the program's memory, not staging or
 * device memory (copy_threads.c streams such copies past the caches). */
void camp_parallel_memcpy(struct camp_copy_threads *threads, void *dst, const void *src, size_t bytes,
                          bool to_program);
/* A copy of `bytes` over the threads comes soon (after a wait for the
 * device): the threads wake now and stay awake for it a while. */
void camp_copy_threads_ready(struct camp_copy_threads *threads, size_t bytes);

/* ---- transfer.c: host <-> device copies ------------------------------------ */

/* The copy path of a physical device: CAMP_COPY_PATH (map, import,
 * staging, bar; CAMP_FORCE_STAGING=1 is staging) where the device allows it, else
 * the fastest it has. An error when the variable asks for what it lacks. */
camp_status camp_copy_path_for(VkPhysicalDevice physical, enum camp_copy_path *out);
const char *camp_copy_path_name(enum camp_copy_path path);
/* Sets dev->copy_path (the device is created). */
camp_status camp_copy_path_choose(camp_device *dev);
/* Where copies may go through the staging ring (every path but map), starts
 * allocating it (buffer_ahead.c; CAMP_STAGING_AHEAD=0: at its first use). */
void camp_transfer_start(camp_device *dev, camp_pages_ahead *pages);
/* The staging ring's pages, prepared from now where the device chosen
 * will copy through staging memory and imports host pages (NULL: none). */
camp_pages_ahead *camp_transfer_pages_ahead(VkPhysicalDevice physical);
/* `bytes` of host memory at `src` into `device` at `offset`, on `q`, whose
 * last use is `usage`. `host_view` is the explicit view holding the host
 * range, if any: its pages may be imported and kept imported. Returns with
 * the copy recorded or submitted; the host memory may be reused at once,
 * or, given `reading`, once q's batch *reading is done (0: at once), the
 * DMA still reading the imported pages (whatever their protection). */
camp_status camp_transfer_in(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                             const void *src, size_t bytes, struct camp_region *host_view, uint64_t *reading);
/* Bytes on their way to the host: a staging buffer's, moved to `dst` once
 * the copy's batch is done. */
typedef struct camp_copy_edge {
    camp_buffer staging;
    char *dst;
    size_t bytes;
} camp_copy_edge;
/* Told of host bytes [first, end) a copy out has put in place; `edge`,
 * where given, puts a ragged edge's bytes in place (else a memcpy). */
typedef struct camp_arrival {
    void (*bytes)(void *context, const char *first, const char *end);
    void (*edge)(char *dst, const char *src, size_t bytes);
    void *context;
} camp_arrival;
/* The reverse: returns when `dst` holds the bytes; or, given `later`,
 * once the copy is submitted, with what is left to deliver after it is
 * done in later[0] and later[1] (zeroed first by the caller). Given
 * `arrived` (and no `later`), the part written into imported pages
 * (camp_transfer_out_dma_part) is told of as it arrives, in parts. */
camp_status camp_transfer_out(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset,
                              camp_usage *usage, void *dst, size_t bytes, struct camp_region *host_view,
                              camp_copy_edge later[2], const camp_arrival *arrived);
/* Whether a copy of all of the view's bytes out (camp_transfer_out) puts
 * [*first, *last) there by the device's DMA, into its imported pages, no
 * host thread writing them; the host copies the ragged edges around it. A
 * CPU device's DMA is its threads' memcpy: never. */
bool camp_transfer_out_dma_part(camp_device *dev, const struct camp_region *view, const char **first,
                                const char **last);
/* Whether the view's pages are not imported on `dev` but would serve
 * camp_transfer_out_dma_part once they are: a view copied once in large
 * (its pages are imported at its next large copy). */
bool camp_transfer_importable(camp_device *dev, const struct camp_region *view);
/* Imports them now (where the system lets it; else its copies go on
 * through staging); the pages open, for the import pins them to write. */
void camp_transfer_import(camp_device *dev, struct camp_region *view);
/* Which way a copy goes: host to device, or back. */
enum camp_copy_direction { CAMP_COPY_IN, CAMP_COPY_OUT };
/* Records a copy of `bytes` between buffers into the open batch of `q`
 * (by the copy kernel where it serves), timed on the device when
 * profiling (the trace shows it on the view's track). */
void camp_record_copy(camp_accelerator_view *q, enum camp_copy_direction direction, const camp_buffer *from,
                      VkDeviceSize from_offset, const camp_buffer *to, VkDeviceSize to_offset, VkDeviceSize bytes);
/* The same for a copy between two arrays in device memory (array_copy). */
void camp_record_device_copy(camp_accelerator_view *q, const camp_buffer *from, VkDeviceSize from_offset,
                             const camp_buffer *to, VkDeviceSize to_offset, VkDeviceSize bytes);
/* Moves a done edge's bytes to the host (`done`: the copy ran) and gives
 * its staging buffer back. */
camp_status camp_copy_edge_deliver(camp_copy_edge *edge, bool done);
/* memcpy out of staging memory into the program's, over the device's copy
 * threads (started if need be). */
camp_status camp_transfer_memcpy(camp_device *dev, void *dst, const void *src, size_t bytes);
/* Ends a view's imports, on every device (the view is going). */
void camp_transfer_unimport(struct camp_region *region);
/* A queue is going: the staging ring forgets it. */
void camp_transfer_forget_queue(camp_accelerator_view *q);
void camp_transfer_destroy(camp_device *dev);

/* ---- regions.c: the table of explicit views and arrays ------------------ */

/* The region holding `address` (one past its end counts, as in C), or NULL. */
camp_region *camp_region_find(const void *address);
/* The array holding [p, p + bytes), or an error naming `call`. */
camp_status camp_array_find(const void *p, size_t bytes, const char *call, camp_region **out);
/* The explicit view holding all of [host, host + bytes), or NULL. */
camp_region *camp_view_holding(const void *host, size_t bytes);
/* The region starting last before `end` (the one [x, end) would overlap
 * if any does), or NULL. */
camp_region *camp_region_below(const void *end);
camp_status camp_region_insert(camp_region *region);
/* A view's region of `bytes` at `host` (one reference, nothing on the
 * device yet), in the table; the caller sets what else it is. */
camp_status camp_view_region_new(char *host, size_t bytes, const char *name, camp_region **out);
/* call_scope.c: the view of a local of a wrapped call that `p` points
 * into (or, with past_end, just past the end of), made now; NULL where
 * none holds it. */
camp_status camp_scope_region(const void *p, bool past_end, camp_region **out);
/* Whether a local array that the thread's scopes list begins at `p`. */
bool camp_scope_lists(const void *p);
void camp_region_remove(camp_region *region);
/* Ends the regions launches made for static arrays (views.c) that overlap
 * [host, host + bytes), bringing their data back first. */
camp_status camp_implicit_regions_end(const char *host, size_t bytes);
/* The view a global or static array's [host, host + bytes) gets of its own
 * (a kernel's use of the array, views.c; a library call's range,
 * memory_check.c), joined with the implicit views it overlaps, which it
 * replaces; NULL where the memory is not the program's static data, its
 * pages cannot be guarded, or an explicit view or array overlaps it. */
camp_status camp_lasting_region(const char *host, size_t bytes, const char *name, camp_region **out);
/* static_objects.c: the file-scope object of the program (an executable's
 * or shared object's symbol) that holds p, which no unit's table lists. */
typedef struct camp_static_object {
    const char *host;
    size_t bytes;
    char name[64];
    bool read_only; /* in a segment the program cannot write */
} camp_static_object;
bool camp_static_object_find(const void *p, camp_static_object *out);
/* Ends the views the thread's library call made (camp_call.call_views):
 * its kernels' writes are brought back first. */
camp_status camp_call_views_end(void);
/* Makes the region's device buffer hold its data (copying in as needed,
 * the copy possibly still reading the host's bytes: camp_region_copied)
 * for a use by `q` through `view` (its access: enum camp_access); a write
 * into a read-only view is an error naming the view. */
camp_status camp_region_prepare(camp_region *region, camp_accelerator_view *q, const camp_launch_view *view);
/* After every region of a launch is prepared (their copies in may settle
 * each other's pages, host_guard.c): notes the kernel's use, `access`, and
 * protects the host pages for it. */
void camp_region_used(camp_region *region, uint32_t access);
/* After camp_region_used: waits until the launch's copy in has read the
 * host's bytes, which the program may change once the launch returns. */
camp_status camp_region_copied(camp_region *region);
/* After a use that may have written the region: where its pages cannot be
 * protected (camp_guard_eager), the device's bytes come back now. */
camp_status camp_region_settle_eager(camp_region *region);
/* Kernels' writes to the region copied back, where it has any; its pages
 * as a view the device and the host agree on (host_guard.c), or, with
 * `drop_device_copy`, as one the next kernel copies in again. */
camp_status camp_region_synchronize(camp_region *region, bool drop_device_copy);
/* The view copies of the region go through: its last user, if that is on
 * the buffer's device, else that device's default view. */
camp_accelerator_view *camp_region_queue(const camp_region *region);
/* Host <-> device copies of part of a region ([offset, offset + bytes)). */
camp_status camp_region_write(camp_region *region, size_t offset, const void *src, size_t bytes);
camp_status camp_region_read(camp_region *region, size_t offset, void *dst, size_t bytes);
/* Frees a region's buffer and reservation (the device may still be using
 * the buffer: it is retired to the queue) and the region. */
void camp_region_free(camp_region *region);
/* Ends every region, without copying anything back. */
void camp_regions_destroy(void);

/* ---- host_guard.c: implicit synchronization by page protection ---------- */

/* Whether views are synchronized implicitly (CAMP_IMPLICIT_SYNC, default on;
 * 0 and check turn it off). */
bool camp_guard_enabled(void);
/* Whether, without it, views' pages are protected all the same
 * (CAMP_IMPLICIT_SYNC=check) to report the host's access to a view kernels
 * may have written before array_view_synchronize, and a kernel that uses
 * a view the host wrote without array_view_refresh
 * (camp_guard_check_refreshed). */
bool camp_guard_reporting(void);
/* Arrays without host access exist: a host access to one is reported (at
 * its line, naming the array), not a bare SIGSEGV. */
void camp_guard_watch_arrays(void);
/* An error where a kernel is about to use a view the host wrote, as
 * camp_guard_reporting finds, since the accelerator took its copy. */
camp_status camp_guard_check_refreshed(const camp_region *region);

/* ---- host_place.c ----------------------------------------------------------- */

/* The source line ("file:line") of the program's code at a fault (the
 * signal's ucontext), else the executable's name and an offset. */
void camp_host_code_place(const void *context, char *out, size_t size);
/* Loads what camp_host_code_place needs (backtrace's first call loads
 * libgcc, allocating), outside any signal handler. */
void camp_host_code_place_prepare(void);
/* Whether [first, end) lies in a loaded segment of the executable (not a
 * library) with all of `flags` (PF_W, PF_X); *base: where it is loaded. */
bool camp_in_executable_segment(uintptr_t first, uintptr_t end, uint32_t flags, uintptr_t *base);
/* The same in any loaded object (a shared library's static data too). */
bool camp_in_loaded_segment(uintptr_t first, uintptr_t end, uint32_t flags);
/* The loaded object whose segment holds p: its file ("" for the
 * executable), where it is loaded, and whether that segment is writable. */
bool camp_loaded_object_of(uintptr_t p, const char **path, uintptr_t *base, bool *writable);
/* Protects the region's pages as its state (host_stale, device_valid) asks. */
void camp_guard_update(camp_region *region);
/* After a view's kernels' writes came back: host_stale cleared, the pages
 * protected for what is left (read-only while the device's copy agrees). */
void camp_guard_synchronized(camp_region *region);
/* Unprotects the region's pages for good: it is ending. */
void camp_guard_forget(camp_region *region);
/* Whether the region's memory cannot be protected (a stack, a shared
 * mapping) and so is synchronized at every launch instead. */
bool camp_guard_eager(camp_region *region);
/* With CAMP_IMPLICIT_SYNC=check, a view whose pages it cannot protect (a
 * small malloc'd block, a local array): a warning, once, that the host's
 * accesses to it go unchecked. */
void camp_guard_note_unwatched(camp_region *region);
/* Whether [host, host + bytes) could be protected: implicit synchronization
 * is on and the memory is the program's own static data. */
bool camp_guard_lasting(const void *host, size_t bytes);
/* For a copy back whose middle [first, end) (page-aligned) the device's
 * DMA writes: whether the region's pages stay as they are through it, no
 * other view sharing them, its ragged edges around the middle put in place
 * by camp_guard_put_edge (false: open them as usual). */
bool camp_guard_edges_apart(camp_region *region, const char *first, const char *end);
/* Writes `bytes` from `src` to `dst`, an edge of the region's, with its
 * pages' protection as it is: other threads' accesses keep faulting until
 * the whole view is back. */
void camp_guard_put_edge(char *dst, const char *src, size_t bytes);
/* Pages of that middle the DMA has written: readable from now on. */
void camp_guard_arrived(camp_region *region, const char *first, const char *end);
/* The whole of a hidden view read back by `read` (into the memory it is
 * given) with its pages kept from the program's other threads until every
 * byte is there; *status is read's. False, with nothing done, where its
 * pages cannot be kept so (the caller opens them and copies). */
typedef camp_status (*camp_guard_reader)(camp_region *region, void *dst);
bool camp_guard_fill_hidden(camp_region *region, camp_guard_reader read, camp_status *status);
/* Views unprotected for one copy of libcamp's (or one system call) because
 * they share a page with the bytes it touches. */
#define CAMP_GUARD_WINDOW_MAX 16u
typedef struct camp_guard_window {
    camp_region *opened[CAMP_GUARD_WINDOW_MAX];
    uint32_t count;
} camp_guard_window;
/* Before libcamp reads (`write`: writes) host memory [host, host + bytes):
 * the views it touches are settled as the program's access would settle
 * them, views only sharing their pages are unprotected until
 * camp_guard_close (always called, also after a failure), so that the copy
 * does not fault; `self`, the region being copied, if any, is only
 * unprotected: its caller updates it once its state is set. */
camp_status camp_guard_open(camp_guard_window *window, const void *host, size_t bytes, camp_region *self,
                            bool write);
void camp_guard_close(camp_guard_window *window);
/* The same around a system call on program memory, which would fail with
 * EFAULT on a protected page: they take the lock themselves. */
void camp_guard_host_open(camp_guard_window *window, const void *host, size_t bytes, bool write);
void camp_guard_host_close(camp_guard_window *window);
/* Before the C library's realloc frees or moves a malloc'd block: the
 * views in it whose pages are protected end as array_view_release would
 * end them (their results first), so that no protection goes along with
 * the pages (glibc moves a large block with mremap). */
void camp_guard_host_free(void *block);

/* ---- array_view_section.c ------------------------------------------------ */

/* Whether sections alone hold the view (every array_view of it released),
 * and where the latest of them was made (file NULL: not known). */
bool camp_sections_alone_hold(const camp_region *region, const char **file, unsigned *line);
/* Frees the region's sections (it is going). */
void camp_sections_free(camp_region *region);
/* Whether `address` lies in a section of the region synchronized since
 * its kernels' last write. */
bool camp_section_brought_back(const camp_region *region, const void *address);

/* ---- memory_check.c --------------------------------------------------------- */

/* The region holding the `count` objects of `element_size` bytes at `p`
 * (writable where `written`; an array: of `dev`) and their bytes, else an
 * error "`call`: `what` ...". */
camp_status camp_range_find(const void *p, long long count, size_t element_size, bool written, const char *what,
                            const char *call, camp_device *dev, camp_region **out, size_t *out_bytes);

/* ---- cpu_access.c ---------------------------------------------------------- */

/* What CAMP_ACCESS_TYPE_AUTO means on accelerator `index`: the program's
 * choice, else READ_WRITE where it shares memory with the host, else NONE. */
camp_access_type camp_default_cpu_access(uint32_t index, bool shares_memory);

/* ---- array.c ------------------------------------------------------------ */

/* A new array region named `name` of `bytes`, its memory still to get (array.c). */
camp_status camp_array_region_new(const char *name, size_t bytes, camp_region **out);
/* Ends making an array whose memory came with `status`: bound to `view`,
 * filled from `src` if any, listed; *out its host pointer. Frees it on failure. */
camp_status camp_array_publish(camp_region *region, camp_accelerator_view *view, const void *src, camp_status status,
                               void **out);

/* ---- future.c ------------------------------------------------------------- */

/* A future for the copy just recorded on `q`, which it submits; `later`
 * (NULL: none) is delivered when the future is waited. */
camp_status camp_future_after(camp_accelerator_view *q, const camp_copy_edge *later, camp_future **out);
/* A marker of `view` (NULL: the current one): done when its work so far is. */
camp_status camp_future_marker(camp_accelerator_view *view, camp_future **out);
/* Ends a public call that makes future `f`: frees it when `status` failed,
 * then releases the lock and reports. */
camp_future *camp_future_returned(camp_status status, camp_future *f);
/* A future of a call that failed, freed (NULL: none). */
void camp_future_discard(camp_future *f);
/* Frees every future not waited yet (the runtime is going). */
void camp_futures_destroy(void);
/* A queue is going (finished): its futures are done. */
void camp_futures_forget_queue(camp_accelerator_view *q);

/* ---- views.c ------------------------------------------------------------ */

/* Views whose host ranges overlap, and the device buffer they share. */
typedef struct camp_view_group {
    char *host;   /* lowest host byte of the group */
    size_t bytes; /* up to its highest */
    size_t pad;   /* host % 16: where the bytes start in the buffers */
    uint32_t access; /* union of the views' enum camp_access bits */
    camp_buffer device;
    camp_buffer staging; /* only when device memory is not mappable */
    camp_usage usage;
    bool written_through_pointer; /* a captured pointer into it may write */
} camp_view_group;

/* Launches with at most this many views need no heap memory for their
 * bookkeeping (a round trip's host time counts every malloc). */
#define CAMP_VIEWS_INLINE 8

/* regions.c: an empty view (array_view(p, 0)) kept as its pointer; whether
 * `host` is one's (`release`: and ends it). */
camp_status camp_empty_view_add(const void *host);
bool camp_empty_view_find(const void *host, bool release);
/* The device address a kernel gets for an empty view's pointer: not null
 * (the kernel may test it), inside no buffer (it has no element to reach). */
#define CAMP_EMPTY_VIEW_ADDRESS ((uint64_t)4096)

/* A launch's memory: implicit views grouped into fresh buffers, and the
 * explicit regions its views and pointers lie in. */
typedef struct camp_view_set {
    const camp_launch_view *views;
    uint32_t view_count;
    camp_view_group *groups;
    uint32_t count;
    uint32_t *group_of;       /* per view: index of its group, or UINT32_MAX */
    camp_region **region_of;  /* per view: the explicit region it lies in (a pointer: points into), or NULL */
    bool writes_back;         /* some implicit view is written: wait and copy back */
    bool wide_addresses;      /* some buffer of the launch is over 4 GiB */
    camp_accelerator_view *queue;
    const camp_module_info *module; /* the launch's: its file-scope arrays */
    /* The three arrays above, for launches of up to CAMP_VIEWS_INLINE views. */
    camp_view_group groups_inline[CAMP_VIEWS_INLINE];
    uint32_t group_of_inline[CAMP_VIEWS_INLINE];
    camp_region *region_of_inline[CAMP_VIEWS_INLINE];
} camp_view_set;

/* Checks the views, resolves pointers and objects to regions or fresh group
 * buffers holding the host bytes, and writes device addresses into `push`. */
camp_status camp_views_prepare(camp_view_set *set, camp_accelerator_view *q, const camp_module_info *module,
                               const camp_launch_view *views, uint32_t count, void *push, uint32_t push_size);
/* Records the staging copies in, with the barrier the kernel needs, and
 * the kernel's uses of every group and region (before its dispatch). */
camp_status camp_views_record_before(camp_view_set *set, camp_accelerator_view *q);
/* After the dispatch: for written implicit views, records their copies out,
 * waits for the queue and copies them to the host. */
camp_status camp_views_finish(camp_view_set *set, camp_accelerator_view *q);
/* Gives the group buffers back (retired to `q` while it may use them);
 * safe on a partly prepared set. */
void camp_views_release(camp_view_set *set, camp_accelerator_view *q);

/* ---- pipeline.c --------------------------------------------------------- */

/* The pipelines of kernel `k`, once the device is known to run the kernel
 * at the workgroup size chosen for it (workgroup.c). */
camp_status camp_pipeline_get(camp_device *dev, camp_module_info *module, uint32_t k, camp_pipeline **out);
/* fragment.c: the cooperative matrices dev offers (at device creation), and
 * whether kernel runs its cooperative-matrix module on dev (an error where
 * dev has cooperative matrices but not the kernel's shapes). */
camp_status camp_fragment_shapes_query(camp_device *dev);
camp_status camp_fragment_choose(const camp_device *dev, const camp_kernel_info *kernel, const uint32_t local_size[3],
                                 bool *cooperative);
/* device.c: the device's subgroup size */
uint32_t camp_device_subgroup_size(const camp_device *dev);
/* One of them, made on first use: with the kernel's bounds check or
 * without it (for an extent of whole workgroups); addressing views by
 * access chains (CAMP_SPEC_NARROW_ADDRESSES: a launch whose buffers are
 * all at most 4 GiB, on a device that uses them) or not. */
camp_status camp_pipeline_variant(camp_device *dev, const camp_kernel_info *kernel, camp_pipeline *p,
                                  bool bounds_check, bool narrow_addresses, VkPipeline *out);
void camp_pipelines_destroy(camp_device *dev);
/* Bytes of push constants actually pushed (camp_abi.h's camp_pushed_bytes). */
uint32_t camp_push_range_size(const camp_kernel_info *kernel);

/* ---- workgroup.c ---------------------------------------------------------- */

/* The workgroup size of `kernel` on dev: its own (a tile), or chosen for
 * the device and the kernel's rank (or by CAMP_WORKGROUP_SIZE). */
camp_status camp_workgroup_size(const camp_device *dev, const camp_kernel_info *kernel, uint32_t size[3]);
/* The elements along x each thread of `kernel` takes on dev
 * (CAMP_SPEC_ELEMENTS_PER_THREAD): its vector width, or 1 (as written,
 * or CAMP_VECTORIZE=0). */
camp_status camp_elements_per_thread(const camp_device *dev, const camp_kernel_info *kernel, uint32_t *elements);

/* ---- loop_limit.c ----------------------------------------------------------- */

/* The device's driver: its VkPhysicalDeviceDriverProperties, its ID. */
void camp_driver_properties(VkPhysicalDevice physical, VkPhysicalDeviceDriverProperties *driver);
VkDriverId camp_driver_id(VkPhysicalDevice physical);
/* The loop passes after which the device leaves a thread's loops
 * (lavapipe before Mesa 25.0), or 0 where it runs them as written. */
unsigned camp_loop_budget(VkPhysicalDevice physical);
/* The report of a kernel with loops, on such a device (else nothing). */
camp_status camp_loop_report_create(camp_device *dev, const camp_kernel_info *kernel, camp_pipeline *p);
/* A loop cut short by the budget in a kernel of the device: its error. */
camp_status camp_loop_reports_check(camp_device *dev);
void camp_loop_report_destroy(camp_pipeline *p);

/* ---- pipeline_cache.c ----------------------------------------------------- */

/* Loads $XDG_CACHE_HOME/camp/<device>.bin (or starts empty) into
 * dev->pipeline_cache; a missing or foreign file is not an error, nor is
 * something other than a regular file there (a warning; no cache). */
camp_status camp_pipeline_cache_load(camp_device *dev);
/* Writes it back when pipelines were created (temp file + rename), then
 * destroys it. Failures to write are ignored: the cache is only a speedup. */
void camp_pipeline_cache_save_and_destroy(camp_device *dev);


/* ---- report.c: printf and assert in kernels ------------------------------ */

/* A launch of `kernel` (report_offset != 0) on `q`: its report buffer's
 * address and the launch's number into `push`. */
camp_status camp_reports_launch(camp_accelerator_view *q, const camp_module_info *module,
                                const camp_kernel_info *kernel, const camp_view_set *views, void *push);
/* After a wait for `q`: once every launch with a number is done, prints
 * their printf lines, launch by launch, and empties the buffer; the first
 * failed assert is the error returned. */
camp_status camp_reports_drain(camp_accelerator_view *q);
/* `q` is going (finished). */
void camp_reports_destroy(camp_accelerator_view *q);
/* Waits for every view with launches not drained yet, or (on lavapipe)
 * with kernels that check their loops, and drains them (the runtime is
 * going): the first error. */
camp_status camp_reports_finish_all(void);

/* ---- view_table.c: -fcamp-check's views of a launch ------------------- */

typedef struct camp_view_table camp_view_table;
/* The table of the launch's views (camp_abi.h; `push` holds their
 * addresses) and its device address. */
camp_status camp_view_table_make(camp_device *dev, const camp_view_set *set, const void *push,
                                 camp_view_table **out, uint64_t *address);
/* Once the launch is done. */
void camp_view_table_free(camp_view_table *t);
/* Where `address` lies, as ": N bytes past the end of array_view 'a' (32 bytes)". */
void camp_view_table_describe(const camp_view_table *t, uint64_t address, char *out, size_t size);

/* ---- profile.c: CAMP_PROFILE, device timestamps, debug names ------------- */


/* Reads CAMP_PROFILE and CAMP_TRACE once (warning about values it does
 * not know); true when names and labels are wanted (VK_EXT_debug_utils). */
bool camp_profile_init(void);
/* Names a Vulkan object for validation messages and tools, when VK_EXT_debug_utils is on. */
void camp_debug_name(const camp_device *dev, VkObjectType type, uint64_t handle, const char *name);
/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t camp_profile_now(void);
/* A launch of camp_call.kernel from here to camp_profile_launch_end. */
void camp_profile_launch_begin(void);
void camp_profile_launch_end(void);
/* Around the kernel's dispatches in `commands` (q's open batch): device
 * timestamps, read when the batch is done. Begin returns the slot to end. */
uint32_t camp_profile_kernel_begin(camp_accelerator_view *q, VkCommandBuffer commands);
void camp_profile_timed_end(camp_accelerator_view *q, VkCommandBuffer commands, uint32_t slot);
/* The same for a copy recorded on `q` (ended by camp_profile_timed_end). */
uint32_t camp_profile_device_copy_begin(camp_accelerator_view *q, VkCommandBuffer commands,
                                        enum camp_copy_direction direction, size_t bytes);
/* The batch was submitted / is done (its timestamps readable) / is freed. */
void camp_profile_batch_submitted(camp_batch *batch);
void camp_profile_batch_done(camp_accelerator_view *q, camp_batch *batch);
void camp_profile_batch_free(camp_accelerator_view *q, camp_batch *batch);
/* The batch's copies are done (or will never run): no longer in flight. */
void camp_profile_copies_done(camp_batch *batch);
/* A host <-> device copy of `bytes` from begin to end: its time apart from
 * the waits for the device in it, and those waits. */
typedef struct camp_profile_span {
    uint64_t start, waits_before; /* host time; the thread's time in waits until then */
} camp_profile_span;
camp_profile_span camp_profile_copy_begin(enum camp_copy_direction direction, size_t bytes);
void camp_profile_copy_end(enum camp_copy_direction direction, size_t bytes, camp_profile_span span);
/* The host waits for the device from begin to end (any thread, lock or not). */
uint64_t camp_profile_wait_begin(void);
void camp_profile_wait_end(uint64_t start);
/* The calling thread did `what` from `start` until now (nothing else traced meanwhile). */
void camp_profile_host_span(const char *what, uint64_t start);
/* A pipeline of `kernel` took [start, now) to create; cache_hit: 1, 0, or -1 when unknown. */
void camp_profile_pipeline_created(const camp_device *dev, const camp_kernel_info *kernel, VkPipeline pipeline,
                                   uint64_t start, int cache_hit);

/* ---- trace.c: CAMP_TRACE, Chrome trace-event JSON ------------------------- */

/* Opens the trace file, %p in `pattern` the process id (a warning and no
 * trace when it cannot). */
void camp_trace_open(const char *pattern);
bool camp_trace_on(void);
/* Host events of the calling thread: a span `name` at file:line (file may
 * be NULL) with `detail` (may be NULL), ended by camp_trace_end. */
void camp_trace_begin(uint64_t now, const char *name, const char *file, unsigned line, const char *detail);
void camp_trace_end(uint64_t now);
void camp_trace_instant(uint64_t now, const char *name);
/* An arrow begins here, inside the thread's launch span, to the kernel
 * that camp_trace_device gives the same `flow`. */
void camp_trace_flow(uint64_t now, uint64_t flow);
/* `what` (a kernel's entry, from `file`:`line`; or a copy, file NULL) ran on
 * view `q` from `start` for `duration` ns (host time); `flow` (0: none)
 * ends camp_trace_flow's arrow. */
void camp_trace_device(const camp_accelerator_view *q, const char *device_name, const char *what, const char *file,
                       unsigned line, uint64_t flow, uint64_t start, uint64_t duration);
/* A sample of the counter `name` (on the device process): `value` in `unit`. */
void camp_trace_counter(const char *name, const char *unit, double value);
/* Writes everything buffered and ends the JSON array (at exit, or before
 * an abort); later events are dropped. */
void camp_trace_close(void);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif /* CAMP_INTERNAL_H */
