/* texture.c — textures (C++ AMP's texture): Vulkan images of one format,
 * in the GENERAL layout from creation on, so that kernels read them (as
 * sampled images) and write them (as storage images, which a kernel that
 * writes a texture with texture_set also reads) and copies reach them
 * without layout changes. A texture belongs to the accelerator view it was made on:
 * its copies are recorded there, ordered with kernels through its
 * camp_usage like a buffer's. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct camp_texture {
    camp_device *dev;
    camp_accelerator_view *view; /* where copies go */
    VkImage image;
    VkDeviceMemory memory;
    VkImageView image_view;
    VkFormat format;
    const char *format_name;
    camp_texel_kind kind;
    int rank, channels;
    int extent[3]; /* most significant first; 1 beyond the rank */
    unsigned bits;
    size_t bytes;
    VkFormatFeatureFlags features; /* its format's, optimal tiling */
    camp_usage usage;
    struct camp_texture *next; /* the device's textures, for shutdown */
};

/* A camp_sampler's VkSampler on a device, made on first use. */
typedef struct camp_sampler_entry {
    camp_sampler key;
    VkSampler sampler;
    struct camp_sampler_entry *next;
} camp_sampler_entry;

/* ---- Formats ---------------------------------------------------------------- */

typedef struct texel_format {
    camp_texel_kind kind;
    unsigned bits;
    VkFormat formats[3]; /* 1, 2 and 4 channels */
    const char *names[3];
} texel_format;

#define FORMATS(kind, bits, a, b, c) {kind, bits, {a, b, c}, {#a, #b, #c}}
static const texel_format texel_formats[] = {
    FORMATS(CAMP_TEXEL_INT, 8, VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8B8A8_SINT),
    FORMATS(CAMP_TEXEL_INT, 16, VK_FORMAT_R16_SINT, VK_FORMAT_R16G16_SINT, VK_FORMAT_R16G16B16A16_SINT),
    FORMATS(CAMP_TEXEL_INT, 32, VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT, VK_FORMAT_R32G32B32A32_SINT),
    FORMATS(CAMP_TEXEL_UINT, 8, VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R8G8B8A8_UINT),
    FORMATS(CAMP_TEXEL_UINT, 16, VK_FORMAT_R16_UINT, VK_FORMAT_R16G16_UINT, VK_FORMAT_R16G16B16A16_UINT),
    FORMATS(CAMP_TEXEL_UINT, 32, VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT, VK_FORMAT_R32G32B32A32_UINT),
    FORMATS(CAMP_TEXEL_FLOAT, 16, VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT),
    FORMATS(CAMP_TEXEL_FLOAT, 32, VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT),
    FORMATS(CAMP_TEXEL_NORM, 8, VK_FORMAT_R8_SNORM, VK_FORMAT_R8G8_SNORM, VK_FORMAT_R8G8B8A8_SNORM),
    FORMATS(CAMP_TEXEL_NORM, 16, VK_FORMAT_R16_SNORM, VK_FORMAT_R16G16_SNORM, VK_FORMAT_R16G16B16A16_SNORM),
    FORMATS(CAMP_TEXEL_UNORM, 8, VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8B8A8_UNORM),
    FORMATS(CAMP_TEXEL_UNORM, 16, VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16B16A16_UNORM),
};

static const char *const kind_names[] = {"int", "uint", "float", "norm", "unorm"};

static camp_status find_format(camp_texel_kind kind, int channels, unsigned bits, VkFormat *format, const char **name) {
    if ((unsigned)kind > CAMP_TEXEL_UNORM || (channels != 1 && channels != 2 && channels != 4))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_new: no texture has %d channels of kind %d", channels,
                         (int)kind);
    int slot = channels == 4 ? 2 : channels - 1;
    *format = VK_FORMAT_UNDEFINED;
    *name = NULL;
    for (size_t i = 0; i < sizeof texel_formats / sizeof *texel_formats; i++)
        if (texel_formats[i].kind == kind && texel_formats[i].bits == bits) {
            *format = texel_formats[i].formats[slot];
            *name = texel_formats[i].names[slot];
            return CAMP_OK;
        }
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                     "texture_new: %u bits per scalar element is not a format of %s textures (int and uint: 8, 16 "
                     "or 32; float: 16 or 32; norm and unorm: 8 or 16)",
                     bits, kind_names[kind]);
}

/* What a texture's image must allow: sampled (kernels read it), storage
 * (they write it, without a format in the shader) and copies. */
static camp_status check_format(camp_device *dev, VkFormat format, const char *name, VkFormatFeatureFlags *features) {
    VkFormatProperties3 three = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
    bool has_three = dev->properties.apiVersion >= VK_API_VERSION_1_3;
    VkFormatProperties2 props = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = has_three ? &three : NULL};
    vkGetPhysicalDeviceFormatProperties2(dev->physical, format, &props);
    VkFormatFeatureFlags need = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT |
                                VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
    *features = props.formatProperties.optimalTilingFeatures;
    bool ok = (*features & need) == need;
    if (ok && has_three)
        ok = three.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
    if (!ok)
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "texture_new: %s does not support %s as an image that kernels read (sampled) and write "
                         "(storage, without a format in the shader)",
                         dev->name, name);
    return CAMP_OK;
}

static camp_status check_extent(const camp_device *dev, int rank, const int *extent) {
    if (rank < 1 || rank > 3) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_new: rank %d (not 1, 2 or 3)", rank);
    const VkPhysicalDeviceLimits *limits = &dev->properties.limits;
    uint32_t most = rank == 1 ? limits->maxImageDimension1D : rank == 2 ? limits->maxImageDimension2D
                                                                        : limits->maxImageDimension3D;
    for (int d = 0; d < rank; d++)
        if (extent[d] <= 0 || (uint32_t)extent[d] > most)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "texture_new: an extent of %d (index component %d): a texture of rank %d has 1 to %u "
                             "elements along each dimension on %s",
                             extent[d], d, rank, most, dev->name);
    return CAMP_OK;
}

/* ---- Images ------------------------------------------------------------------ */

static VkExtent3D image_extent(const camp_texture *t) {
    /* x is the last index component */
    return (VkExtent3D){(uint32_t)t->extent[t->rank - 1], t->rank >= 2 ? (uint32_t)t->extent[t->rank - 2] : 1u,
                        t->rank == 3 ? (uint32_t)t->extent[0] : 1u};
}

static camp_status allocate_memory(camp_device *dev, camp_texture *t) {
    camp_status status = CAMP_OK;
    VkMemoryRequirements needs;
    vkGetImageMemoryRequirements(dev->device, t->image, &needs);
    uint32_t type = UINT32_MAX;
    for (uint32_t pass = 0; pass < 2 && type == UINT32_MAX; pass++)
        for (uint32_t i = 0; i < dev->memory.memoryTypeCount && type == UINT32_MAX; i++)
            if ((needs.memoryTypeBits & (1u << i)) &&
                (pass || (dev->memory.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)))
                type = i;
    if (type == UINT32_MAX) return camp_fail(CAMP_ERROR_VULKAN, "texture_new: no memory type fits the image");
    VkMemoryAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = needs.size, .memoryTypeIndex = type};
    VkResult r = CAMP_INJECT(CAMP_FAULT_ALLOC, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                             vkAllocateMemory(dev->device, &info, NULL, &t->memory));
    if (r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY)
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "texture_new: out of device memory for %llu bytes",
                         (unsigned long long)needs.size);
    VK(r);
    VK(vkBindImageMemory(dev->device, t->image, t->memory, 0));
error: /* the caller destroys what was made */
    return status;
}

/* The image from UNDEFINED to GENERAL, first thing on the texture's view. */
static camp_status record_layout(camp_texture *t) {
    camp_accelerator_view *q = t->view;
    VkCommandBuffer commands;
    CAMP_TRY(camp_queue_commands(q, &commands));
    VkImageMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                         VK_ACCESS_TRANSFER_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = t->image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, q->stages, 0, 0, NULL, 0, NULL, 1, &barrier);
    camp_queue_use(q, &t->usage, CAMP_ACCESS_WRITE);
    return camp_queue_recorded(q);
}

static camp_status make_image(camp_device *dev, camp_texture *t) {
    camp_status status = CAMP_OK;
    static const VkImageType types[] = {VK_IMAGE_TYPE_1D, VK_IMAGE_TYPE_2D, VK_IMAGE_TYPE_3D};
    static const VkImageViewType view_types[] = {VK_IMAGE_VIEW_TYPE_1D, VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_VIEW_TYPE_3D};
    VkImageCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = types[t->rank - 1],
        .format = t->format,
        .extent = image_extent(t),
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VK(vkCreateImage(dev->device, &info, NULL, &t->image));
    CAMP_TRY(allocate_memory(dev, t));
    VkImageViewCreateInfo view = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = t->image,
        .viewType = view_types[t->rank - 1],
        .format = t->format,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    VK(vkCreateImageView(dev->device, &view, NULL, &t->image_view));
    return record_layout(t);
error: /* the caller destroys what was made */
    return status;
}

static void destroy(camp_texture *t) {
    VkDevice device = t->dev->device;
    if (t->image_view) vkDestroyImageView(device, t->image_view, NULL);
    if (t->image) vkDestroyImage(device, t->image, NULL);
    if (t->memory) vkFreeMemory(device, t->memory, NULL);
    free(t);
}

/* ---- Copies -------------------------------------------------------------------- */

/* The open batch of the texture's view, after a barrier where its last use
 * needs one before `access`; the use noted. */
static camp_status begin_use(camp_texture *t, uint32_t access, VkCommandBuffer *commands) {
    bool barrier = false;
    CAMP_TRY(camp_queue_needs_barrier(t->view, &t->usage, access, &barrier));
    CAMP_TRY(camp_queue_commands(t->view, commands));
    if (barrier) camp_queue_barrier(t->view);
    camp_queue_use(t->view, &t->usage, access);
    return CAMP_OK;
}

/* Copies use the transfer layouts (GENERAL would cost them speed): each
 * image from GENERAL into `layouts[i]` after everything before (`into`),
 * or back after the copy. The barriers order the copy with the image's
 * other uses on the view. */
static void transfer_layouts(camp_accelerator_view *q, VkCommandBuffer commands, camp_texture *const *textures,
                             const VkImageLayout *layouts, uint32_t n, bool into) {
    const VkAccessFlags any = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                              VK_ACCESS_TRANSFER_WRITE_BIT;
    VkImageMemoryBarrier barriers[2];
    for (uint32_t i = 0; i < n; i++)
        barriers[i] = (VkImageMemoryBarrier){
            .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
            .srcAccessMask = into ? VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT : VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = into ? VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT : any,
            .oldLayout = into ? VK_IMAGE_LAYOUT_GENERAL : layouts[i],
            .newLayout = into ? layouts[i] : VK_IMAGE_LAYOUT_GENERAL,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .image = textures[i]->image,
            .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
        };
    vkCmdPipelineBarrier(commands, into ? q->stages : VK_PIPELINE_STAGE_TRANSFER_BIT,
                         into ? VK_PIPELINE_STAGE_TRANSFER_BIT : q->stages, 0, 0, NULL, 0, NULL, n, barriers);
}

static VkBufferImageCopy whole_image(const camp_texture *t) {
    return (VkBufferImageCopy){
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = image_extent(t),
    };
}

static camp_status check_bytes(const char *call, const camp_texture *t, size_t bytes) {
    if (bytes != t->bytes)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: %zu bytes, for a texture of %zu bytes (%s)", call, bytes,
                         t->bytes, t->format_name);
    return CAMP_OK;
}

static camp_status copy_in(camp_texture *t, const void *src) {
    if (!src) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_copy_in: a null source");
    camp_buffer staging;
    CAMP_TRY(camp_buffer_acquire(t->dev, CAMP_BUFFER_STAGING, t->bytes, &staging));
    memcpy(staging.mapped, src, t->bytes);
    VkCommandBuffer commands;
    camp_status status = begin_use(t, CAMP_ACCESS_WRITE, &commands);
    if (status != CAMP_OK) {
        camp_buffer_release(&staging);
        return status;
    }
    VkBufferImageCopy region = whole_image(t);
    const VkImageLayout layout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    transfer_layouts(t->view, commands, &t, &layout, 1, true);
    vkCmdCopyBufferToImage(commands, staging.buffer, t->image, layout, 1, &region);
    transfer_layouts(t->view, commands, &t, &layout, 1, false);
    CAMP_TRY(camp_queue_retire(t->view, &staging));
    return camp_queue_recorded(t->view);
}

/* The texture into staging memory (acquired here), recorded on its view. */
static camp_status record_out(camp_texture *t, camp_buffer *staging) {
    CAMP_TRY(camp_buffer_acquire(t->dev, CAMP_BUFFER_STAGING, t->bytes, staging));
    VkCommandBuffer commands;
    camp_status status = begin_use(t, CAMP_ACCESS_READ, &commands);
    if (status != CAMP_OK) {
        camp_buffer_release(staging);
        return status;
    }
    VkBufferImageCopy region = whole_image(t);
    const VkImageLayout layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    transfer_layouts(t->view, commands, &t, &layout, 1, true);
    vkCmdCopyImageToBuffer(commands, t->image, layout, staging->buffer, 1, &region);
    transfer_layouts(t->view, commands, &t, &layout, 1, false);
    t->view->open_commands++;
    return CAMP_OK;
}

static camp_status copy_out(void *dst, camp_texture *t) {
    if (!dst) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_copy_out: a null destination");
    camp_buffer staging;
    CAMP_TRY(record_out(t, &staging));
    camp_status status = camp_queue_finish(t->view);
    if (status == CAMP_OK) memcpy(dst, staging.mapped, t->bytes);
    camp_buffer_release(&staging); /* the queue is done with it, or never ran */
    return status;
}

/* copy_in or copy_out (`host` checked not NULL), a copy out's bytes
 * delivered when the future is waited. */
static camp_status copy_async(enum camp_copy_direction direction, camp_texture *t, void *host, camp_future **out) {
    if (direction == CAMP_COPY_IN) {
        CAMP_TRY(copy_in(t, host));
        return camp_future_after(t->view, NULL, out);
    }
    camp_buffer staging;
    CAMP_TRY(record_out(t, &staging));
    return camp_future_after(t->view, &(camp_copy_edge){staging, host, t->bytes}, out);
}

static camp_status copy_between(camp_texture *dst, camp_texture *src) {
    if (dst == src) return CAMP_OK;
    if (dst->dev != src->dev)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_copy: the textures are on different accelerators");
    if (memcmp(dst->extent, src->extent, sizeof dst->extent) || dst->rank != src->rank || dst->format != src->format)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "texture_copy: a texture of %d x %d x %d %s into one of %d x %d x %d %s: the textures must "
                         "have the same extent and format",
                         src->extent[0], src->extent[1], src->extent[2], src->format_name, dst->extent[0],
                         dst->extent[1], dst->extent[2], dst->format_name);
    /* recorded on the destination's view, after the source's writes */
    bool barrier = false;
    CAMP_TRY(camp_queue_needs_barrier(dst->view, &src->usage, CAMP_ACCESS_READ, &barrier));
    VkCommandBuffer commands;
    CAMP_TRY(begin_use(dst, CAMP_ACCESS_WRITE, &commands));
    if (barrier) camp_queue_barrier(dst->view);
    camp_queue_use(dst->view, &src->usage, CAMP_ACCESS_READ);
    VkImageCopy region = {
        .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .extent = image_extent(src),
    };
    camp_texture *const images[2] = {src, dst};
    const VkImageLayout layouts[2] = {VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL};
    transfer_layouts(dst->view, commands, images, layouts, 2, true);
    vkCmdCopyImage(commands, src->image, layouts[0], dst->image, layouts[1], 1, &region);
    transfer_layouts(dst->view, commands, images, layouts, 2, false);
    return camp_queue_recorded(dst->view);
}

/* ---- Creation and release ------------------------------------------------------ */

camp_status camp_texture_create(camp_accelerator_view *view, camp_texel_kind kind, int channels, int rank,
                                const int *extent, unsigned bits, const void *src, camp_texture **out) {
    camp_device *dev = view->dev;
    if (!extent) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_new: a null extent");
    VkFormat format;
    const char *name;
    CAMP_TRY(find_format(kind, channels, bits, &format, &name));
    CAMP_TRY(check_extent(dev, rank, extent));
    VkFormatFeatureFlags features;
    CAMP_TRY(check_format(dev, format, name, &features));
    camp_texture *t = calloc(1, sizeof *t);
    if (!t) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    *t = (camp_texture){.dev = dev, .view = view, .format = format, .format_name = name, .kind = kind,
                        .rank = rank, .channels = channels, .extent = {1, 1, 1}, .bits = bits};
    t->features = features;
    t->bytes = (size_t)channels * bits / 8;
    for (int d = 0; d < rank; d++) t->extent[d] = extent[d], t->bytes *= (size_t)extent[d];
    camp_status status = make_image(dev, t);
    if (status == CAMP_OK && src) status = copy_in(t, src);
    if (status != CAMP_OK) {
        /* the layout change may be recorded: the device is done with it once the view is */
        if (camp_queue_finish(view) == CAMP_OK) destroy(t);
        return status;
    }
    t->next = dev->textures;
    dev->textures = t;
    *out = t;
    return CAMP_OK;
}

/* A texture made by texture_new and not deleted. */
static camp_status find(const camp_texture *texture, const char *call, camp_texture **out) {
    for (camp_device *dev = camp_rt.devices; dev; dev = dev->next)
        for (camp_texture *t = dev->textures; t; t = t->next)
            if (t == texture) {
                *out = t;
                return CAMP_OK;
            }
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s(%p): not a texture made by texture_new (or deleted)", call,
                     (const void *)texture);
}

static camp_status delete(camp_texture *texture) {
    if (!texture) return CAMP_OK;
    camp_texture *t = NULL;
    CAMP_TRY(find(texture, "texture_delete", &t));
    CAMP_TRY(camp_usage_wait(&t->usage));
    for (camp_texture **p = &t->dev->textures; *p; p = &(*p)->next)
        if (*p == t) {
            *p = t->next;
            break;
        }
    destroy(t);
    return CAMP_OK;
}

void camp_textures_destroy(camp_device *dev) {
    while (dev->textures) {
        camp_texture *next = dev->textures->next;
        destroy(dev->textures);
        dev->textures = next;
    }
    while (dev->samplers) {
        camp_sampler_entry *next = dev->samplers->next;
        vkDestroySampler(dev->device, dev->samplers->sampler, NULL);
        free(dev->samplers);
        dev->samplers = next;
    }
    dev->custom_border_samplers = 0;
}

/* ---- Samplers -------------------------------------------------------------------- */

/* The border colours every Vulkan device has; others are custom colours
 * (VK_EXT_custom_border_color, set in *custom), where the device has them. */
static camp_status border_colour(camp_device *dev, const camp_sampler *s, VkBorderColor *out,
                                 VkSamplerCustomBorderColorCreateInfoEXT *custom) {
    static const struct {
        float rgba[4];
        VkBorderColor colour;
    } colours[] = {
        {{0, 0, 0, 0}, VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK},
        {{0, 0, 0, 1}, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK},
        {{1, 1, 1, 1}, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE},
    };
    for (size_t i = 0; i < sizeof colours / sizeof *colours; i++)
        if (!memcmp(colours[i].rgba, s->border, sizeof s->border)) {
            *out = colours[i].colour;
            return CAMP_OK;
        }
    if (!dev->custom_border_colours)
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "a sampler's border colour (%g, %g, %g, %g): %s lacks VK_EXT_custom_border_color, and its "
                         "border colours are (0, 0, 0, 0), (0, 0, 0, 1) and (1, 1, 1, 1)",
                         s->border[0], s->border[1], s->border[2], s->border[3], dev->name);
    VkPhysicalDeviceCustomBorderColorPropertiesEXT limit = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &limit};
    vkGetPhysicalDeviceProperties2(dev->physical, &properties);
    if (dev->custom_border_samplers >= limit.maxCustomBorderColorSamplers)
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "more than %u samplers with border colours of their own on %s",
                         limit.maxCustomBorderColorSamplers, dev->name);
    *out = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
    *custom = (VkSamplerCustomBorderColorCreateInfoEXT){
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
        .customBorderColor.float32 = {s->border[0], s->border[1], s->border[2], s->border[3]},
        .format = VK_FORMAT_UNDEFINED,
    };
    return CAMP_OK;
}

static camp_status find_sampler(camp_device *dev, const camp_sampler *s, VkSampler *out) {
    camp_status status = CAMP_OK;
    if ((unsigned)s->filter > CAMP_FILTER_LINEAR || (unsigned)s->address > CAMP_ADDRESS_BORDER)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "a sampler with filter mode %d and address mode %d",
                         (int)s->filter, (int)s->address);
    camp_sampler key = *s;
    if (key.address != CAMP_ADDRESS_BORDER) memset(key.border, 0, sizeof key.border); /* unused */
    for (camp_sampler_entry *e = dev->samplers; e; e = e->next)
        if (!memcmp(&e->key, &key, sizeof key)) {
            *out = e->sampler;
            return CAMP_OK;
        }
    static const VkSamplerAddressMode modes[] = {VK_SAMPLER_ADDRESS_MODE_REPEAT, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
                                                 VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                                 VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER};
    VkFilter filter = key.filter == CAMP_FILTER_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    VkSamplerCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
        .magFilter = filter,
        .minFilter = filter,
        .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
        .addressModeU = modes[key.address],
        .addressModeV = modes[key.address],
        .addressModeW = modes[key.address],
        .borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK,
    };
    VkSamplerCustomBorderColorCreateInfoEXT custom = {0};
    if (key.address == CAMP_ADDRESS_BORDER) CAMP_TRY(border_colour(dev, &key, &info.borderColor, &custom));
    if (custom.sType) info.pNext = &custom;
    camp_sampler_entry *e = calloc(1, sizeof *e);
    if (!e) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    VK(vkCreateSampler(dev->device, &info, NULL, &e->sampler));
    e->key = key;
    dev->custom_border_samplers += custom.sType != 0;
    e->next = dev->samplers;
    dev->samplers = e;
    *out = e->sampler;
    return CAMP_OK;
error:
    free(e);
    return status;
}

/* How a binding uses the image's memory: a sampled one reads it. */
static uint32_t memory_access(uint32_t access) {
    return access & CAMP_ACCESS_SAMPLE ? CAMP_ACCESS_READ : access & (CAMP_ACCESS_READ | CAMP_ACCESS_WRITE);
}

/* A binding the kernel writes (only, or reads too) is a storage image. */
static VkDescriptorType descriptor_type(uint32_t access) {
    return access & CAMP_ACCESS_WRITE    ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
           : access & CAMP_ACCESS_SAMPLE ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
                                         : VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
}

/* A texture a kernel reads and writes (texture_set of the texture) is one
 * storage image that the kernel declares R32f, R32i or R32ui (reading a
 * storage image of another format would need the device's
 * shaderStorageImageReadWithoutFormat): the texture must be of that format. */
static camp_status check_read_write(const camp_texture *t, const char *name) {
    if (t->channels == 1 && t->bits == 32) return CAMP_OK;
    return camp_fail(CAMP_ERROR_UNSUPPORTED,
                     "texture '%s' is %s: a kernel that writes a texture with texture_set (and reads it) needs one "
                     "32-bit channel (an int, uint or float texture of 32 bits); write through a "
                     "writeonly_texture_view instead",
                     name, t->format_name);
}

/* ---- Launches ------------------------------------------------------------------- */

camp_status camp_textures_prepare(camp_accelerator_view *q, const camp_kernel_info *kernel,
                                  const camp_launch_texture *textures, uint32_t count, camp_texture_binding *out) {
    if (count != kernel->texture_count || count > CAMP_TEXTURES_MAX)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "kernel '%s' uses %u textures; the launch gives %u",
                         kernel->entry, kernel->texture_count, count);
    for (uint32_t i = 0; i < count; i++) {
        const char *name = textures[i].name ? textures[i].name : "(unnamed)";
        camp_texture *t = NULL;
        if (find(textures[i].texture, "texture", &t) != CAMP_OK) {
            camp_failure_clear();
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "texture '%s' (%p) is not a live texture made by texture_new", name, textures[i].texture);
        }
        if (t->dev != q->dev)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture '%s' is on %s, not on the kernel's accelerator %s",
                             name, t->dev->name, q->dev->name);
        if (textures[i].binding >= count || textures[i].access != kernel->texture_access[textures[i].binding])
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture '%s' at binding %u of %u, for access %u", name,
                             textures[i].binding, count, textures[i].access);
        if (textures[i].access == (CAMP_ACCESS_READ | CAMP_ACCESS_WRITE)) CAMP_TRY(check_read_write(t, name));
        out[textures[i].binding] = (camp_texture_binding){
            .image = {.imageView = t->image_view, .imageLayout = VK_IMAGE_LAYOUT_GENERAL},
            .usage = &t->usage,
            .access = textures[i].access,
        };
        if (textures[i].access != CAMP_ACCESS_SAMPLE) continue;
        const camp_sampler *s = textures[i].sampler;
        if (!s) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture '%s' sampled without a sampler", name);
        if (s->filter == CAMP_FILTER_LINEAR && !(t->features & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT))
            return camp_fail(CAMP_ERROR_UNSUPPORTED, "texture '%s': %s cannot filter %s linearly", name, t->dev->name,
                             t->format_name);
        CAMP_TRY(find_sampler(t->dev, s, &out[textures[i].binding].image.sampler));
    }
    return CAMP_OK;
}

camp_status camp_textures_record_before(camp_accelerator_view *q, VkCommandBuffer commands, VkPipelineLayout layout,
                                        const camp_texture_binding *bindings, uint32_t count) {
    if (!count) return CAMP_OK;
    bool barrier = false;
    for (uint32_t i = 0; i < count; i++) {
        bool needed = false;
        CAMP_TRY(camp_queue_needs_barrier(q, bindings[i].usage, memory_access(bindings[i].access), &needed));
        barrier |= needed;
    }
    if (barrier) camp_queue_barrier(q);
    VkWriteDescriptorSet writes[CAMP_TEXTURES_MAX];
    for (uint32_t i = 0; i < count; i++) {
        camp_queue_use(q, bindings[i].usage, memory_access(bindings[i].access));
        writes[i] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstBinding = i,
            .descriptorCount = 1,
            .descriptorType = descriptor_type(bindings[i].access),
            .pImageInfo = &bindings[i].image,
        };
    }
    q->dev->vk.vkCmdPushDescriptorSetKHR(commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, count, writes);
    return CAMP_OK;
}

camp_status camp_textures_set_layout(camp_device *dev, const camp_kernel_info *kernel, VkDescriptorSetLayout *out) {
    camp_status status = CAMP_OK;
    *out = VK_NULL_HANDLE;
    uint32_t count = kernel->texture_count;
    if (!count) return CAMP_OK;
    if (count > CAMP_TEXTURES_MAX)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "kernel '%s' uses %u textures, more than %u", kernel->entry,
                         count, CAMP_TEXTURES_MAX);
    if (!dev->vk.vkCmdPushDescriptorSetKHR)
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "%s lacks VK_KHR_push_descriptor, which kernels with textures need",
                         dev->name);
    if (!kernel->texture_access)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "kernel '%s' has textures but no texture_access", kernel->entry);
    VkDescriptorSetLayoutBinding bindings[CAMP_TEXTURES_MAX];
    for (uint32_t i = 0; i < count; i++)
        bindings[i] = (VkDescriptorSetLayoutBinding){
            .binding = i,
            .descriptorType = descriptor_type(kernel->texture_access[i]),
            .descriptorCount = 1,
            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
        };
    VkDescriptorSetLayoutCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
        .bindingCount = count,
        .pBindings = bindings,
    };
    VK(vkCreateDescriptorSetLayout(dev->device, &info, NULL, out));
error:
    return status;
}

/* ---- The public calls ------------------------------------------------------------- */

void camp_texture_copy_in_at(camp_texture *texture, const void *src, size_t bytes, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_texture *t = NULL;
    camp_status status = find(texture, "texture_copy_in", &t);
    if (status == CAMP_OK) status = check_bytes("texture_copy_in", t, bytes);
    if (status == CAMP_OK) status = copy_in(t, src);
    camp_unlock_and_report(status);
}

void camp_texture_copy_out_at(void *dst, const camp_texture *texture, size_t bytes, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_texture *t = NULL;
    camp_status status = find(texture, "texture_copy_out", &t);
    if (status == CAMP_OK) status = check_bytes("texture_copy_out", t, bytes);
    if (status == CAMP_OK) status = copy_out(dst, t);
    camp_unlock_and_report(status);
}

/* The async copies, in from or out to `host`. */
static camp_future *texture_copy_async(const char *call, enum camp_copy_direction direction, void *host,
                                       const camp_texture *texture, size_t bytes, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_texture *t = NULL;
    camp_future *f = NULL;
    camp_status status = find(texture, call, &t);
    if (status == CAMP_OK) status = check_bytes(call, t, bytes);
    if (status == CAMP_OK && !host) status = camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: a null pointer", call);
    if (status == CAMP_OK) status = copy_async(direction, t, host, &f);
    if (status != CAMP_OK) {
        camp_future_discard(f);
        f = NULL;
    }
    camp_unlock_and_report(status);
    return f;
}

camp_future *camp_texture_copy_in_async_at(camp_texture *texture, const void *src, size_t bytes, const char *file,
                                           unsigned line) {
    return texture_copy_async("texture_copy_in_async", CAMP_COPY_IN, (void *)src, texture, bytes, file, line);
}

camp_future *camp_texture_copy_out_async_at(void *dst, const camp_texture *texture, size_t bytes, const char *file,
                                            unsigned line) {
    return texture_copy_async("texture_copy_out_async", CAMP_COPY_OUT, dst, texture, bytes, file, line);
}

void camp_texture_copy_at(camp_texture *dst, const camp_texture *src, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_texture *d = NULL, *s = NULL;
    camp_status status = find(dst, "texture_copy", &d);
    if (status == CAMP_OK) status = find(src, "texture_copy", &s);
    if (status == CAMP_OK) status = copy_between(d, s);
    camp_unlock_and_report(status);
}

void camp_texture_delete_at(camp_texture *texture, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_unlock_and_report(delete(texture));
}

void camp_texture_extent(const camp_texture *texture, int extent[3]) {
    camp_lock_at(NULL, 0);
    camp_texture *t = NULL;
    camp_status status = find(texture, "texture_extent", &t);
    if (status == CAMP_OK) memcpy(extent, t->extent, sizeof t->extent);
    else extent[0] = extent[1] = extent[2] = 0;
    camp_unlock_and_report(status);
}

size_t camp_texture_bytes(const camp_texture *texture) {
    camp_lock_at(NULL, 0);
    camp_texture *t = NULL;
    camp_status status = find(texture, "texture_bytes", &t);
    size_t bytes = status == CAMP_OK ? t->bytes : 0;
    camp_unlock_and_report(status);
    return bytes;
}
