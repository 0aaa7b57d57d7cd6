/* vk_baseline — queue_bench's work done by hand over the Vulkan loader, no
 * libcamp: the baseline its numbers are read against (not a timed test; see
 * docs/performance.md). One storage buffer of 4096 floats in device-local
 * memory, one compute pipeline adding 1 to every element (add_one.spvasm),
 * and five measurements:
 *   back-to-back: N dispatches in one command buffer, a barrier between
 *   each two, one submission and one fence wait; time per kernel from the
 *   start of recording to the end of the wait (and the recording alone);
 *   immediate: N submissions of one pre-recorded one-dispatch command
 *   buffer, a fence on the last; time per kernel;
 *   round trip: a pre-recorded dispatch + copy to a host-cached staging
 *   buffer, submitted with a fence, waited for, the 16 KiB copied out and
 *   the fence reset; once polling the fence (as libcamp polls), once with
 *   the copy made by a second dispatch (copy_words.spv, as libcamp's copy
 *   kernel does on discrete GPUs) instead of vkCmdCopyBuffer, polled, once
 *   blocking in vkWaitForFences; median, mean and min;
 *   floor: an empty command buffer submitted with a fence and polled: the
 *   driver's submission + signal latency without GPU work;
 *   threads: 1, 2, 4 and 8 host threads, each submitting the one-kernel
 *   command buffer to a queue of its own and polling a fence of its own
 *   (libcamp's threads benchmark by hand), then the same blocking in
 *   vkWaitForFences: kernels per millisecond, all threads together (after
 *   the result check: they add to one buffer).
 * Device: CAMP_DEVICE (an index) as for libcamp, else the same order as
 * libcamp (discrete > integrated > virtual > CPU, first of a kind).
 * usage: vk_baseline [kernels] [round_trips] [add_one.spv]
 *   (the module defaults to add_one.spv beside the executable;
 *   copy_words.spv is read from beside add_one.spv) */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, readlink */
#include <vulkan/vulkan.h>

#include "vk_choose.h"

#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { N = 4096, WORKGROUP = 64, WARM_UP_KERNELS = 200, WARM_UP_TRIPS = 100, THREADS_MAX = 8 };
static const VkDeviceSize data_size = N * sizeof(float);

/* libcamp's wait (on its timeline semaphore), here on a fence: poll this
 * long, then block. */
#define FENCE_SPIN_NS 1000000LL

typedef struct {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkMemoryPropertyFlags flags;
} bench_buffer;

typedef struct {
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline pipeline;
    VkDescriptorPool descriptor_pool;
    VkDescriptorSet set;
} kernel;

typedef struct {
    VkInstance instance;
    VkPhysicalDevice physical;
    VkPhysicalDeviceProperties properties;
    uint32_t queue_family;
    VkDevice device;
    VkQueue queue;
    VkQueue queues[THREADS_MAX]; /* of the compute family: the threads' (queue 0 is `queue`) */
    uint32_t queue_count;
    bench_buffer data;    /* the 4096 floats the kernel adds to */
    bench_buffer staging; /* where round trips copy them back */
    void *staging_map;
    kernel add_one;     /* add_one.spv on `data` */
    kernel copy;        /* copy_words.spv: `data` into `staging` */
    VkCommandPool pool;
    VkFence fence;
} bench;

typedef enum { WAIT_POLL, WAIT_BLOCK } wait_kind;

static void vk_check(VkResult result, const char *call) {
    if (result >= 0) return;
    fprintf(stderr, "vk_baseline: %s failed: VkResult %d\n", call, (int)result);
    exit(1);
}
#define VK(call) vk_check((call), #call)

static void fail(const char *message) {
    fprintf(stderr, "vk_baseline: %s\n", message);
    exit(1);
}

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ---- Device ---------------------------------------------------------------- */

static void create_instance(bench *b) {
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "vk_baseline",
        .apiVersion = VK_API_VERSION_1_2, /* the module is SPIR-V 1.5 */
    };
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
    VK(vkCreateInstance(&info, NULL, &b->instance));
}

static void choose_device_and_family(bench *b) {
    const char *why = NULL;
    if (!(b->physical = vk_choose_device(b->instance, &why))) fail(why);
    vkGetPhysicalDeviceProperties(b->physical, &b->properties);
    if ((b->queue_family = vk_choose_compute_family(b->physical)) == UINT32_MAX) fail("the device has no compute queue");
}

static void create_device(bench *b) {
    const float priorities[THREADS_MAX] = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
    uint32_t family_count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(b->physical, &family_count, NULL);
    VkQueueFamilyProperties families[32];
    if (family_count > 32) family_count = 32;
    vkGetPhysicalDeviceQueueFamilyProperties(b->physical, &family_count, families);
    b->queue_count = families[b->queue_family].queueCount;
    if (b->queue_count > THREADS_MAX) b->queue_count = THREADS_MAX;
    VkDeviceQueueCreateInfo queue = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = b->queue_family,
        .queueCount = b->queue_count,
        .pQueuePriorities = priorities,
    };
    VkDeviceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue,
    };
    VK(vkCreateDevice(b->physical, &info, NULL, &b->device));
    for (uint32_t i = 0; i < b->queue_count; i++) vkGetDeviceQueue(b->device, b->queue_family, i, &b->queues[i]);
    b->queue = b->queues[0];
}

/* ---- Buffers ----------------------------------------------------------------- */

/* The first memory type allowed by `bits` that has all of `wanted` and none
 * of `unwanted`; UINT32_MAX if none. */
static uint32_t find_memory_type(const VkPhysicalDeviceMemoryProperties *memory, uint32_t bits,
                                 VkMemoryPropertyFlags wanted, VkMemoryPropertyFlags unwanted) {
    for (uint32_t t = 0; t < memory->memoryTypeCount; t++) {
        VkMemoryPropertyFlags flags = memory->memoryTypes[t].propertyFlags;
        if ((bits & (1u << t)) && (flags & wanted) == wanted && !(flags & unwanted)) return t;
    }
    return UINT32_MAX;
}

/* A buffer in the first memory type matching one of the `choices`
 * ({wanted, unwanted} pairs, best first). */
static bench_buffer create_buffer(bench *b, VkBufferUsageFlags usage, const VkMemoryPropertyFlags choices[][2],
                                  int choice_count) {
    bench_buffer out = {0};
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = data_size,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VK(vkCreateBuffer(b->device, &info, NULL, &out.buffer));
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(b->device, out.buffer, &needs);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(b->physical, &memory);
    uint32_t type = UINT32_MAX;
    for (int c = 0; c < choice_count && type == UINT32_MAX; c++)
        type = find_memory_type(&memory, needs.memoryTypeBits, choices[c][0], choices[c][1]);
    if (type == UINT32_MAX) fail("no suitable memory type for a buffer");
    out.flags = memory.memoryTypes[type].propertyFlags;
    VkMemoryAllocateInfo allocate = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = needs.size,
        .memoryTypeIndex = type,
    };
    VK(vkAllocateMemory(b->device, &allocate, NULL, &out.memory));
    VK(vkBindBufferMemory(b->device, out.buffer, out.memory, 0));
    return out;
}

static void create_buffers(bench *b) {
    /* Plain device-local memory where the device has it (not the host-
     * visible BAR window); host-cached staging, for fast host reads. */
    const VkMemoryPropertyFlags device_local[][2] = {
        {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT},
        {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0},
    };
    const VkMemoryPropertyFlags host_cached[][2] = {
        {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT, 0},
        {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0},
    };
    b->data = create_buffer(b,
                            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            device_local, 2);
    b->staging = create_buffer(b, VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, host_cached, 2);
    VK(vkMapMemory(b->device, b->staging.memory, 0, VK_WHOLE_SIZE, 0, &b->staging_map));
}

static void destroy_buffer(bench *b, bench_buffer *buffer) {
    vkDestroyBuffer(b->device, buffer->buffer, NULL);
    vkFreeMemory(b->device, buffer->memory, NULL);
}

/* ---- Pipeline ---------------------------------------------------------------- */

/* The SPIR-V module at `path`, as 32-bit words (the caller frees them). */
static uint32_t *load_module(const char *path, size_t *bytes) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "vk_baseline: cannot open %s (give the path of add_one.spv as the third argument)\n", path);
        exit(1);
    }
    uint32_t *words = NULL;
    size_t capacity = 0;
    *bytes = 0;
    for (;;) {
        if (*bytes == capacity) {
            capacity = capacity ? 2 * capacity : 4096;
            words = realloc(words, capacity);
            if (!words) fail("out of host memory");
        }
        size_t got = fread((char *)words + *bytes, 1, capacity - *bytes, file);
        *bytes += got;
        if (got == 0) break;
    }
    bool bad = ferror(file) || *bytes < 20 || *bytes % 4 || words[0] != 0x07230203u; /* header, magic */
    fclose(file);
    if (bad) {
        fprintf(stderr, "vk_baseline: %s is not a SPIR-V module\n", path);
        exit(1);
    }
    return words;
}

/* add_one.spv beside this executable. */
static void default_module_path(char *path, size_t size) {
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n < 0) fail("cannot find the executable's directory; give the path of add_one.spv as the third argument");
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (slash) *slash = '\0';
    snprintf(path, size, "%s/add_one.spv", self);
}

/* A compute pipeline running the module at `path` on storage buffers at
 * set 0, bindings 0, 1, ... (`buffers`), its descriptor set written. */
static void create_kernel(bench *b, const char *path, const VkBuffer *buffers, uint32_t count, kernel *out) {
    VkDescriptorSetLayoutBinding bindings[2];
    for (uint32_t i = 0; i < count; i++)
        bindings[i] = (VkDescriptorSetLayoutBinding){
            .binding = i,
            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .descriptorCount = 1,
            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
        };
    VkDescriptorSetLayoutCreateInfo set_info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = count,
        .pBindings = bindings,
    };
    VK(vkCreateDescriptorSetLayout(b->device, &set_info, NULL, &out->set_layout));
    VkPipelineLayoutCreateInfo layout_info = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &out->set_layout,
    };
    VK(vkCreatePipelineLayout(b->device, &layout_info, NULL, &out->layout));

    size_t bytes;
    uint32_t *code = load_module(path, &bytes);
    VkShaderModuleCreateInfo module_info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = bytes,
        .pCode = code,
    };
    VkShaderModule module;
    VK(vkCreateShaderModule(b->device, &module_info, NULL, &module));
    free(code);
    VkComputePipelineCreateInfo pipeline_info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = module,
            .pName = "main",
        },
        .layout = out->layout,
    };
    VK(vkCreateComputePipelines(b->device, VK_NULL_HANDLE, 1, &pipeline_info, NULL, &out->pipeline));
    vkDestroyShaderModule(b->device, module, NULL);

    VkDescriptorPoolSize pool_size = {.type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = count};
    VkDescriptorPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 1,
        .poolSizeCount = 1,
        .pPoolSizes = &pool_size,
    };
    VK(vkCreateDescriptorPool(b->device, &pool_info, NULL, &out->descriptor_pool));
    VkDescriptorSetAllocateInfo allocate = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = out->descriptor_pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &out->set_layout,
    };
    VK(vkAllocateDescriptorSets(b->device, &allocate, &out->set));
    VkDescriptorBufferInfo infos[2];
    for (uint32_t i = 0; i < count; i++) infos[i] = (VkDescriptorBufferInfo){.buffer = buffers[i], .range = VK_WHOLE_SIZE};
    VkWriteDescriptorSet write = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = out->set,
        .descriptorCount = count,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .pBufferInfo = infos,
    };
    vkUpdateDescriptorSets(b->device, 1, &write, 0, NULL);
}

static void destroy_kernel(bench *b, kernel *k) {
    vkDestroyDescriptorPool(b->device, k->descriptor_pool, NULL);
    vkDestroyPipeline(b->device, k->pipeline, NULL);
    vkDestroyPipelineLayout(b->device, k->layout, NULL);
    vkDestroyDescriptorSetLayout(b->device, k->set_layout, NULL);
}

/* ---- Commands ---------------------------------------------------------------- */

static VkCommandBuffer allocate_commands(bench *b) {
    VkCommandBufferAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = b->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer commands;
    VK(vkAllocateCommandBuffers(b->device, &info, &commands));
    return commands;
}

static void begin(VkCommandBuffer commands, VkCommandBufferUsageFlags flags) {
    VkCommandBufferBeginInfo info = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, .flags = flags};
    VK(vkBeginCommandBuffer(commands, &info));
}

static void barrier(VkCommandBuffer commands, VkPipelineStageFlags from, VkAccessFlags written,
                    VkPipelineStageFlags to, VkAccessFlags accessed) {
    VkMemoryBarrier memory = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = written,
        .dstAccessMask = accessed,
    };
    vkCmdPipelineBarrier(commands, from, to, 0, 1, &memory, 0, NULL, 0, NULL);
}

static void bind_kernel(VkCommandBuffer commands, const kernel *k) {
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, k->pipeline);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, k->layout, 0, 1, &k->set, 0, NULL);
}

static void bind(bench *b, VkCommandBuffer commands) {
    bind_kernel(commands, &b->add_one);
}

/* One kernel: each reads what the one before wrote (in this command buffer
 * or an earlier submission; a barrier reaches across submissions), and
 * writes what a round trip's copy read before. */
static void add_one(VkCommandBuffer commands) {
    barrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
            VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
            VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    vkCmdDispatch(commands, N / WORKGROUP, 1, 1);
}

static void submit(bench *b, VkCommandBuffer commands, VkFence fence) {
    VkSubmitInfo info = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &commands,
    };
    VK(vkQueueSubmit(b->queue, 1, &info, fence));
}

/* WAIT_POLL waits as libcamp does: polls, yielding the core (a CPU
 * device's threads may need it), for up to 1 ms, then blocks. */
static void wait_for(VkDevice device, VkFence fence, wait_kind kind) {
    if (kind == WAIT_POLL) {
        double give_up = now_us() + FENCE_SPIN_NS / 1e3;
        for (;;) {
            VkResult status = vkGetFenceStatus(device, fence);
            if (status == VK_SUCCESS) return;
            if (status != VK_NOT_READY) VK(status);
            if (now_us() > give_up) break;
            sched_yield();
        }
    }
    VK(vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX));
}

static void wait_fence(bench *b, wait_kind kind) { wait_for(b->device, b->fence, kind); }

static void submit_and_wait(bench *b, VkCommandBuffer commands) {
    submit(b, commands, b->fence);
    wait_fence(b, WAIT_POLL);
    VK(vkResetFences(b->device, 1, &b->fence));
}

/* ---- Measurements ------------------------------------------------------------ */

typedef struct {
    double median, mean, min;
} spread;

static spread spread_of(double *times, int count) {
    double total = 0;
    for (int i = 0; i < count; i++) total += times[i];
    qsort(times, (size_t)count, sizeof *times, by_value);
    return (spread){times[count / 2], total / count, times[0]};
}

/* Records `count` kernels into `commands`, submits them and waits;
 * microseconds per kernel, and in *record those of recording alone. */
static double back_to_back(bench *b, VkCommandBuffer commands, int count, double *record) {
    double start = now_us();
    begin(commands, VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT);
    bind(b, commands);
    for (int k = 0; k < count; k++) add_one(commands);
    VK(vkEndCommandBuffer(commands));
    *record = (now_us() - start) / count;
    submit_and_wait(b, commands);
    return (now_us() - start) / count;
}

/* Submits the one-kernel `commands` `count` times, a fence on the last, and
 * waits; microseconds per kernel. */
static double immediate(bench *b, VkCommandBuffer commands, int count) {
    double start = now_us();
    for (int k = 0; k < count; k++) submit(b, commands, k == count - 1 ? b->fence : VK_NULL_HANDLE);
    wait_fence(b, WAIT_POLL);
    VK(vkResetFences(b->device, 1, &b->fence));
    return (now_us() - start) / count;
}

/* Runs the pre-recorded round trip `commands` WARM_UP_TRIPS + `count` times,
 * copying the result to `host` each time (skipped for an empty command
 * buffer: host == NULL); the spread of the last `count`, in microseconds. */
static spread trips(bench *b, VkCommandBuffer commands, wait_kind kind, float *host, double *times, int count) {
    VkMappedMemoryRange staging = {
        .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
        .memory = b->staging.memory,
        .size = VK_WHOLE_SIZE,
    };
    bool coherent = b->staging.flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    for (int r = -WARM_UP_TRIPS; r < count; r++) {
        double start = now_us();
        submit(b, commands, b->fence);
        wait_fence(b, kind);
        if (host) {
            if (!coherent) VK(vkInvalidateMappedMemoryRanges(b->device, 1, &staging));
            memcpy(host, b->staging_map, data_size);
        }
        VK(vkResetFences(b->device, 1, &b->fence));
        double t = now_us() - start;
        if (r >= 0) times[r] = t;
    }
    return spread_of(times, count);
}

/* A kernel, then its result copied into staging memory for the host: by
 * vkCmdCopyBuffer, or (`by_dispatch`) by a second dispatch, copy_words.spv,
 * as libcamp's copy kernel does on discrete GPUs. */
static void record_round_trip(bench *b, VkCommandBuffer commands, bool by_dispatch) {
    begin(commands, 0);
    bind(b, commands);
    add_one(commands);
    if (by_dispatch) {
        barrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
        bind_kernel(commands, &b->copy);
        vkCmdDispatch(commands, N / 4 / WORKGROUP, 1, 1); /* 16 bytes per invocation */
        barrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                VK_ACCESS_HOST_READ_BIT);
    } else {
        barrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        VkBufferCopy region = {.size = data_size};
        vkCmdCopyBuffer(commands, b->data.buffer, b->staging.buffer, 1, &region);
        barrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                VK_ACCESS_HOST_READ_BIT);
    }
    VK(vkEndCommandBuffer(commands));
}

/* One host thread of the threads measurement: `launches` submissions of
 * `commands` to `queue`, each waited for by polling `fence`. */
typedef struct {
    VkDevice device;
    VkQueue queue;
    VkCommandPool pool;
    VkCommandBuffer commands;
    VkFence fence;
    int launches;
    wait_kind wait;
} thread_work;

static void *thread_main(void *arg) {
    thread_work *w = arg;
    VkSubmitInfo info = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &w->commands};
    for (int l = 0; l < w->launches; l++) {
        VK(vkQueueSubmit(w->queue, 1, &info, w->fence));
        wait_for(w->device, w->fence, w->wait);
        VK(vkResetFences(w->device, 1, &w->fence));
    }
    return NULL;
}

/* Kernels per millisecond from 1, 2, 4 and 8 threads (as many as the
 * family has queues), each on a queue and with a one-kernel command buffer
 * of its own, waiting as `wait` says. */
static void threads(bench *b, int launches, wait_kind wait) {
    const char *how = wait == WAIT_POLL ? "fences polled" : "vkWaitForFences";
    printf("threads (%s): %u queues in the compute family used\n", how, b->queue_count);
    for (int count = 1; count <= THREADS_MAX; count *= 2) {
        /* A queue is submitted to by one thread at a time: this pattern has
         * no lock, so it needs a queue per thread. */
        if ((uint32_t)count > b->queue_count) {
            printf("threads %d (%s): skipped, the family has %u queues\n", count, how, b->queue_count);
            continue;
        }
        pthread_t id[THREADS_MAX];
        thread_work work[THREADS_MAX];
        VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        VkCommandPoolCreateInfo pool = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
            .queueFamilyIndex = b->queue_family,
        };
        for (int t = 0; t < count; t++) {
            work[t] = (thread_work){.device = b->device, .queue = b->queues[t],
                                    .launches = launches, .wait = wait};
            VK(vkCreateFence(b->device, &fence, NULL, &work[t].fence));
            VK(vkCreateCommandPool(b->device, &pool, NULL, &work[t].pool));
            VkCommandBufferAllocateInfo allocate = {
                .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                .commandPool = work[t].pool,
                .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                .commandBufferCount = 1,
            };
            VK(vkAllocateCommandBuffers(b->device, &allocate, &work[t].commands));
            begin(work[t].commands, 0);
            bind(b, work[t].commands);
            add_one(work[t].commands);
            VK(vkEndCommandBuffer(work[t].commands));
        }
        double start = now_us();
        for (int t = 0; t < count; t++)
            if (pthread_create(&id[t], NULL, thread_main, &work[t])) fail("cannot start a thread");
        for (int t = 0; t < count; t++) pthread_join(id[t], NULL);
        double ms = (now_us() - start) / 1e3;
        for (int t = 0; t < count; t++) {
            vkDestroyFence(b->device, work[t].fence, NULL);
            vkDestroyCommandPool(b->device, work[t].pool, NULL);
        }
        printf("threads %d (%s): %.2f kernels/ms (%d kernels each, %.3f ms)\n", count, how, count * launches / ms,
               launches, ms);
    }
}

static void print_spread(const char *what, spread s, int count) {
    printf("%s: median %.2f us, mean %.2f us, min %.2f us (%d trips)\n", what, s.median, s.mean, s.min, count);
}

/* ---- Main ---------------------------------------------------------------------- */

static void create_bench(bench *b, const char *module_path) {
    create_instance(b);
    choose_device_and_family(b);
    create_device(b);
    create_buffers(b);
    create_kernel(b, module_path, &b->data.buffer, 1, &b->add_one);
    /* copy_words.spv from beside add_one.spv */
    char copy_path[PATH_MAX + 32];
    snprintf(copy_path, sizeof copy_path, "%s", module_path);
    char *slash = strrchr(copy_path, '/');
    snprintf(slash ? slash + 1 : copy_path, sizeof copy_path - (size_t)(slash ? slash + 1 - copy_path : 0),
             "copy_words.spv");
    VkBuffer copied[2] = {b->data.buffer, b->staging.buffer};
    create_kernel(b, copy_path, copied, 2, &b->copy);
    VkCommandPoolCreateInfo pool = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = b->queue_family,
    };
    VK(vkCreateCommandPool(b->device, &pool, NULL, &b->pool));
    VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VK(vkCreateFence(b->device, &fence, NULL, &b->fence));
}

static void destroy_bench(bench *b) {
    VK(vkDeviceWaitIdle(b->device));
    vkDestroyFence(b->device, b->fence, NULL);
    vkDestroyCommandPool(b->device, b->pool, NULL);
    destroy_kernel(b, &b->add_one);
    destroy_kernel(b, &b->copy);
    destroy_buffer(b, &b->staging);
    destroy_buffer(b, &b->data);
    vkDestroyDevice(b->device, NULL);
    vkDestroyInstance(b->instance, NULL);
}

int main(int argc, char **argv) {
    int kernels = argc > 1 ? atoi(argv[1]) : 20000;
    int round_trips = argc > 2 ? atoi(argv[2]) : 2000;
    if (kernels < 1 || round_trips < 1 || argc > 4) {
        fprintf(stderr, "usage: vk_baseline [kernels] [round_trips] [add_one.spv]\n");
        return 2;
    }
    char module_path[PATH_MAX + 16];
    if (argc > 3)
        snprintf(module_path, sizeof module_path, "%s", argv[3]);
    else
        default_module_path(module_path, sizeof module_path);

    bench b = {0};
    create_bench(&b, module_path);
    printf("device: %s\n", b.properties.deviceName);

    /* The data starts at 0. */
    VkCommandBuffer batch = allocate_commands(&b);
    begin(batch, VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT);
    vkCmdFillBuffer(batch, b.data.buffer, 0, VK_WHOLE_SIZE, 0);
    VK(vkEndCommandBuffer(batch));
    submit_and_wait(&b, batch);

    double record, unused;
    back_to_back(&b, batch, WARM_UP_KERNELS, &unused);
    double per_batched = back_to_back(&b, batch, kernels, &record);

    /* Resubmitted while its previous submission may still be pending. */
    VkCommandBuffer one_kernel = allocate_commands(&b);
    begin(one_kernel, VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
    bind(&b, one_kernel);
    add_one(one_kernel);
    VK(vkEndCommandBuffer(one_kernel));
    immediate(&b, one_kernel, WARM_UP_KERNELS);
    double per_submission = immediate(&b, one_kernel, kernels);
    printf("back-to-back, one command buffer: %.2f us per kernel (%d kernels)\n", per_batched, kernels);
    printf("back-to-back, one submission per kernel: %.2f us per kernel (%d kernels)\n", per_submission, kernels);
    printf("host time to record one kernel (dispatch + barrier): %.2f us\n", record);

    VkCommandBuffer round_trip = allocate_commands(&b), round_trip_by_dispatch = allocate_commands(&b);
    record_round_trip(&b, round_trip, false);
    record_round_trip(&b, round_trip_by_dispatch, true);
    VkCommandBuffer empty = allocate_commands(&b);
    begin(empty, 0);
    VK(vkEndCommandBuffer(empty));
    float *host = calloc(N, sizeof *host);
    double *times = malloc((size_t)round_trips * sizeof *times);
    if (!host || !times) fail("out of host memory");
    print_spread("round trip (dispatch + copy back, fence polled)",
                 trips(&b, round_trip, WAIT_POLL, host, times, round_trips), round_trips);
    print_spread("round trip (dispatch + copy back by a dispatch, fence polled)",
                 trips(&b, round_trip_by_dispatch, WAIT_POLL, host, times, round_trips), round_trips);
    print_spread("round trip (dispatch + copy back, vkWaitForFences)",
                 trips(&b, round_trip, WAIT_BLOCK, host, times, round_trips), round_trips);
    print_spread("floor (empty command buffer, fence polled)", trips(&b, empty, WAIT_POLL, NULL, times, round_trips),
                 round_trips);

    long expected = 2L * WARM_UP_KERNELS + 2L * kernels + 3L * (WARM_UP_TRIPS + round_trips);
    bool right = true;
    for (int i = 0; i < N; i++) right = right && host[i] == (float)expected;
    printf("result check: %s\n", right ? "ok" : "WRONG");
    threads(&b, 1000, WAIT_POLL);
    threads(&b, 1000, WAIT_BLOCK);
    free(times);
    free(host);
    destroy_bench(&b);
    return right ? 0 : 1;
}
