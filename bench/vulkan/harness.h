/* harness.h — the hand-written Vulkan twins' harness: plain Vulkan through
 * the loader, no libcamp. Buffers are device-local memory addressed by
 * buffer device address; a kernel is a GLSL compute shader (compiled to
 * SPIR-V at build time) that takes those addresses and its scalars as push
 * constants, as campcc's kernels do.
 *
 * Device: CAMP_DEVICE (an index) as for libcamp, else the first discrete
 * GPU, else integrated, virtual, CPU. CAMP_VALIDATION=1 enables the Khronos
 * validation layer with a messenger that makes every warning or error fatal,
 * as libcamp does. */
#ifndef VK_HARNESS_H
#define VK_HARNESS_H
#include <vulkan/vulkan.h>

#include "../bench.h"

typedef struct vkb vkb;

typedef struct vkb_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    VkDeviceAddress address; /* what the kernels take */
} vkb_buffer;

/* A 2-D image kept in the GENERAL layout, read by kernels as a sampled
 * image and written as a storage image (texture_blur's twin). */
typedef struct vkb_image {
    VkImage image;
    VkDeviceMemory memory;
    VkImageView view;
    uint32_t width, height, texel_bytes;
} vkb_image;

typedef struct vkb_kernel {
    VkPipeline pipeline;
    VkPipelineLayout layout;
    uint32_t push_size;
    /* vkb_kernel_load_images's: its images' descriptor set, bound at each dispatch */
    VkDescriptorSetLayout set_layout;
    VkDescriptorPool pool;
    VkDescriptorSet set;
} vkb_kernel;

/* One dispatch of a repetition's sequence: the kernel, its push constants
 * (kernel->push_size bytes) and its number of workgroups. */
typedef struct vkb_dispatch {
    const vkb_kernel *kernel;
    const void *push;
    uint32_t groups[3];
} vkb_dispatch;

/* Opens the device; refuses (bench_refuse) a problem of `bytes` of device
 * memory that does not fit its largest device-local heap. */
vkb *vkb_open(const bench_options *o, double bytes);

/* What a twin needs of the device beyond the harness's own buffer device
 * addresses: device extensions, Vulkan 1.2 features, and a pNext chain of
 * the extensions' feature structures with the wanted features set. */
typedef struct vkb_needs {
    const char *const *extensions;
    uint32_t extension_count;
    bool shader_float16, vulkan_memory_model;
    bool buffer_int64_atomics; /* 64-bit atomics on buffers (shaderBufferInt64Atomics) */
    void *features;
} vkb_needs;

/* vkb_open in two steps, for a twin that asks the physical device what it
 * has before it creates the device: vkb_open_physical chooses the device
 * (and refuses as vkb_open does), vkb_create_device creates it with `needs`. */
vkb *vkb_open_physical(const bench_options *o, double bytes);
void vkb_create_device(vkb *v, const vkb_needs *needs);
VkInstance vkb_instance(const vkb *v);
VkPhysicalDevice vkb_physical(const vkb *v);
const VkPhysicalDeviceProperties *vkb_properties(const vkb *v);
void vkb_close(vkb *v);
const char *vkb_device_name(const vkb *v);

/* A device-local buffer of `bytes`, filled from `src` unless it is NULL. */
vkb_buffer vkb_buffer_new(vkb *v, VkDeviceSize bytes, const void *src);
/* A width x height image of `format` (texel_bytes each) in device-local
 * memory, filled from `src` (rows of packed texels) unless it is NULL. */
vkb_image vkb_image_new(vkb *v, uint32_t width, uint32_t height, VkFormat format, uint32_t texel_bytes,
                        const void *src);
/* Copies the whole image into `dst`. */
void vkb_image_read(vkb *v, const vkb_image *image, void *dst);
void vkb_image_free(vkb *v, vkb_image *image);

/* Sets every 32-bit word of the buffer to `word`. */
void vkb_buffer_fill(vkb *v, const vkb_buffer *b, uint32_t word);
/* Copies the whole buffer into `dst`. */
void vkb_buffer_read(vkb *v, const vkb_buffer *b, void *dst);
void vkb_buffer_free(vkb *v, vkb_buffer *b);

/* The pipeline of NAME.spv (beside the executable), with `push_size` bytes
 * of push constants; refuses a local size the device does not allow. */
vkb_kernel vkb_kernel_load(vkb *v, const char *name, uint32_t push_size);
/* The same with specialization constants: constant_id i takes the 32-bit
 * constants[i]. The workgroup-size check covers only the module's literal
 * LocalSize: a caller that specializes the size checks it itself. */
vkb_kernel vkb_kernel_load_specialized(vkb *v, const char *name, uint32_t push_size, const uint32_t *constants,
                                       uint32_t count);
/* The same, with `count` images in descriptor set 0 at bindings 0..count-1,
 * each a sampled image (`storage` false) or a storage image. */
vkb_kernel vkb_kernel_load_images(vkb *v, const char *name, uint32_t push_size, const vkb_image *images,
                                  const bool *storage, uint32_t count);
void vkb_kernel_free(vkb *v, vkb_kernel *k);

/* Refuses a dispatch of more workgroups than the device allows. */
void vkb_require_groups(vkb *v, const uint32_t groups[3]);

/* bench_measure of a repetition that records `runs` times the `count`
 * dispatches of `sequence` into one command buffer, with a compute ->
 * compute memory barrier before every dispatch but the first (libcamp puts
 * one between kernels that share written memory, which all of these do),
 * submits it and waits on a fence. Median ms per run of the sequence. */
double vkb_measure(vkb *v, const bench_options *o, const vkb_dispatch *sequence, int count);
/* The sequence's dispatches once, in one command buffer, waited for. */
void vkb_run(vkb *v, const vkb_dispatch *sequence, int count);
#endif
