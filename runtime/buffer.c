/* buffer.c — device buffers (addressed by kernels through their device
 * address) and staging buffers, their memory, and a small cache of free ones
 * so that repeated launches do not allocate every time. */
#include "internal.h"

#include <string.h>

#define HOST_MAPPABLE (VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)

/* Sizes are rounded up so that a cached buffer fits the next launch of a
 * similar size: powers of two up to 1 MiB, then whole MiB. */
static VkDeviceSize rounded_size(VkDeviceSize size) {
    const VkDeviceSize mib = 1u << 20;
    if (size >= mib) return (size + mib - 1) / mib * mib;
    VkDeviceSize rounded = 256;
    while (rounded < size) rounded *= 2;
    return rounded;
}

/* Memory-property wishes, best first. Device buffers prefer memory that is
 * device-local and that the host reads through its caches (integrated GPUs,
 * lavapipe): copies are then a memcpy. A discrete GPU's host-visible VRAM
 * (ReBAR) is uncached for the host: reading 16 KiB of it took 535 µs on an
 * H100, against 1 µs from a cached staging buffer, so it is not mapped
 * (see host_reads_fast) and plain device-local memory is preferred to it.
 * Staging buffers must be mappable; cached reads are faster. */
static const VkMemoryPropertyFlags device_wishes[] = {
    VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | HOST_MAPPABLE | VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
    VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
    HOST_MAPPABLE,
    0,
};
/* The bar copy path: device memory the host writes through its mapping
 * (a discrete GPU's resizable BAR), else what device buffers take. */
static const VkMemoryPropertyFlags bar_wishes[] = {
    VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | HOST_MAPPABLE,
    VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
    HOST_MAPPABLE,
    0,
};
static const VkMemoryPropertyFlags staging_wishes[] = {
    HOST_MAPPABLE | VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
    HOST_MAPPABLE,
};
/* Arrays the host reads or writes in place (shared memory): mappable
 * device-local memory; cached when the host reads it. */
static const VkMemoryPropertyFlags shared_read_wishes[] = {
    VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | HOST_MAPPABLE | VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
    VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | HOST_MAPPABLE,
};
static const VkMemoryPropertyFlags shared_write_wishes[] = {
    VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | HOST_MAPPABLE,
};
/* Kernels' reports: few device writes, host reads at every wait. */
static const VkMemoryPropertyFlags readback_wishes[] = {
    HOST_MAPPABLE | VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
    HOST_MAPPABLE,
};

#define COUNT(a) (sizeof(a) / sizeof *(a))

/* Whether kernels address the buffer, so that it gets guard bytes. (Every
 * buffer has a device address: staging buffers for the copy kernel.) */
static bool kernels_address(enum camp_buffer_kind kind) { return kind != CAMP_BUFFER_STAGING; }

/* Whether the host may use a device buffer's mapping for copies: only where
 * it reads the memory through its caches. */
static bool host_reads_fast(VkMemoryPropertyFlags has) {
    const VkMemoryPropertyFlags fast = HOST_MAPPABLE | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
    return (has & fast) == fast;
}

static void buffer_clear(camp_buffer *buffer) { memset(buffer, 0, sizeof *buffer); }

void camp_buffer_destroy(camp_buffer *buffer) {
    camp_device *dev = buffer->owner;
    if (!dev || !dev->device) return;
    if (buffer->buffer) {
        vkDestroyBuffer(dev->device, buffer->buffer, NULL);
        dev->buffers_destroyed++;
    }
    camp_memory_free(dev, &buffer->memory);
    buffer_clear(buffer);
}

/* Memory for `buffer` (as `needs` says, lead guard included) of one of the
 * types in `wishes` order; a type whose heap is full is skipped for the
 * next wish. */
/* The first memory type in `wishes` order that `needs` allows and that is
 * not among `tried` (bits), or -1. */
static int wished_type(const camp_device *dev, const VkMemoryRequirements *needs, const VkMemoryPropertyFlags *wishes,
                       size_t wish_count, uint32_t tried) {
    for (size_t w = 0; w < wish_count; w++)
        for (uint32_t t = 0; t < dev->memory.memoryTypeCount; t++) {
            VkMemoryPropertyFlags has = dev->memory.memoryTypes[t].propertyFlags;
            if ((needs->memoryTypeBits & (1u << t)) && !(tried & (1u << t)) && (has & wishes[w]) == wishes[w])
                return (int)t;
        }
    return -1;
}

static camp_status allocate_memory(camp_buffer *buffer, VkMemoryRequirements needs,
                                   const VkMemoryPropertyFlags *wishes, size_t wish_count) {
    camp_device *dev = buffer->owner;
    camp_status last = CAMP_OK;
    uint32_t tried = 0; /* memory types already tried, as bits */
    for (int t; (t = wished_type(dev, &needs, wishes, wish_count, tried)) >= 0;) {
        tried |= 1u << t;
        /* a buffer with its lead guard inside (base) has memory of its own */
        VkBuffer own_for = buffer->base ? buffer->buffer : VK_NULL_HANDLE;
        camp_status status = camp_memory_alloc(dev, &needs, (uint32_t)t, own_for, &buffer->memory);
        /* A full heap's message goes once another type serves. */
        if (status == CAMP_OK && last != CAMP_OK) camp_failure_clear();
        if (status != CAMP_ERROR_OUT_OF_MEMORY) return status;
        last = status; /* the first failure's message is kept, in case every type fails */
    }
    if (!tried)
        return camp_fail(CAMP_ERROR_VULKAN, "no memory type fits a buffer of %llu bytes",
                         (unsigned long long)buffer->size);
    return last;
}

/* The largest heap: no buffer can be larger (and sizes near SIZE_MAX
 * must not reach the rounding below). */
static VkDeviceSize largest_heap(const camp_device *dev) {
    VkDeviceSize largest = 0;
    for (uint32_t h = 0; h < dev->memory.memoryHeapCount; h++)
        if (dev->memory.memoryHeaps[h].size > largest) largest = dev->memory.memoryHeaps[h].size;
    return largest;
}

void camp_buffer_sharing(const camp_device *dev, VkBufferCreateInfo *info) {
    /* Concurrent: the copy queue's family and the kernels' use a buffer in
     * turn, ordered by timeline semaphores, with no ownership transfers. */
    info->sharingMode = dev->family_count > 1 ? VK_SHARING_MODE_CONCURRENT : VK_SHARING_MODE_EXCLUSIVE;
    info->queueFamilyIndexCount = dev->family_count > 1 ? dev->family_count : 0;
    info->pQueueFamilyIndices = dev->family_count > 1 ? dev->families : NULL;
}

/* Whether a device buffer of `size` bytes lives in the BAR (transfer.c). */
static bool in_bar(const camp_device *dev, VkDeviceSize size) {
    return dev->copy_path == CAMP_COPY_BAR || (dev->small_buffers_in_bar && size < CAMP_BAR_WRITES_BELOW);
}

/* Guard bytes around a shader-visible buffer's `size` that no other buffer
 * uses: a kernel's write a little past a view's end (a grid rounded up, an
 * off-by-one) or a little before its start (an index off by a few below)
 * lands there instead of in another buffer, or, on lavapipe, whose device
 * memory is host memory, past the end of its mapping (SIGBUS) or into the
 * host's heap before or after the VkDeviceMemory (malloc's chunk headers:
 * "double free or corruption" at the memory's free); and -fcamp-check
 * finds such an access in no view (view_table.c). A 64th of the size, from
 * 256 bytes to 64 KiB, at each end: docs/security.md. */
static VkDeviceSize guard_bytes(VkDeviceSize size) {
    VkDeviceSize guard = size / 64;
    return guard < 256 ? 256 : guard > ((VkDeviceSize)64 << 10) ? (VkDeviceSize)64 << 10 : guard;
}

/* The guard before a buffer of `size` bytes: the buffer is bound this far
 * into its memory, a multiple of its alignment (and of 256, as sizes are),
 * so that its device address keeps the alignment it would have had. */
static VkDeviceSize lead_guard(VkDeviceSize size, VkDeviceSize alignment) {
    VkDeviceSize unit = alignment > 256 ? alignment : 256;
    return (guard_bytes(size) + unit - 1) / unit * unit;
}

/* A VkBuffer of `size` bytes for every use libcamp makes of buffers. */
static VkResult create_vk_buffer(camp_device *dev, VkDeviceSize size, bool host_pages, VkBuffer *out) {
    VkExternalMemoryBufferCreateInfo external = {
        .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO,
        .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
    };
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .pNext = host_pages ? &external : NULL,
        .size = size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
    };
    camp_buffer_sharing(dev, &info);
    info.usage |= VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    return vkCreateBuffer(dev->device, &info, NULL, out);
}

/* The buffer `out` of `kind` and `size`, without memory yet: what it needs
 * in `needs` (its lead guard included), and where in that memory it
 * starts (`lead`). */
static camp_status buffer_unbound(camp_device *dev, enum camp_buffer_kind kind, VkDeviceSize size, bool host_pages,
                                  camp_buffer *out, VkMemoryRequirements *needs, VkDeviceSize *lead) {
    camp_status status = CAMP_OK;
    buffer_clear(out);
    out->owner = dev;
    out->kind = kind;
    out->size = size;
    VK(create_vk_buffer(dev, size, host_pages, &out->buffer));

    /* The memory holds the lead guard, then the buffer (its trailing guard
     * included in `size`); only where the buffer sits in it moves, so the
     * buffer's offset 0 is still its first byte for copies and addresses. */
    vkGetBufferMemoryRequirements(dev->device, out->buffer, needs);
    *lead = kernels_address(kind) ? lead_guard(size, needs->alignment) : 0;
    if (kind == CAMP_BUFFER_DEVICE && needs->size + *lead > CAMP_MEMORY_OWN_ABOVE) {
        /* Large: a Vulkan dedicated allocation, which binds at offset 0, so
         * the VkBuffer holds the lead guard and its size is whole granules
         * (suballoc.c says why both). */
        vkDestroyBuffer(dev->device, out->buffer, NULL);
        out->buffer = VK_NULL_HANDLE;
        VkDeviceSize whole = (*lead + size + CAMP_MEMORY_GRANULE - 1) / CAMP_MEMORY_GRANULE * CAMP_MEMORY_GRANULE;
        VK(create_vk_buffer(dev, whole, host_pages, &out->buffer));
        vkGetBufferMemoryRequirements(dev->device, out->buffer, needs);
        out->base = *lead;
        *lead = 0;
        return CAMP_OK;
    }
    needs->size += *lead;
    return CAMP_OK;
error: /* the caller destroys what was made */
    return status;
}

/* Binds the buffer to its memory (out->memory, from `lead` on) and sets
 * its mapping and device address. */
static camp_status buffer_bind(camp_buffer *out, VkDeviceSize lead) {
    camp_status status = CAMP_OK;
    camp_device *dev = out->owner;
    enum camp_buffer_kind kind = out->kind;
    VkDeviceSize size = out->size;
    VK(vkBindBufferMemory(dev->device, out->buffer, out->memory.memory, out->memory.offset + lead));
    /* where the buffer's first byte lies in the memory */
    VkDeviceSize first = lead + out->base;
    void *mapped = out->memory.mapped ? (char *)out->memory.mapped + first : NULL;

    VkMemoryPropertyFlags has = dev->memory.memoryTypes[out->memory.memory_type].propertyFlags;
    bool map = (has & HOST_MAPPABLE) == HOST_MAPPABLE;
    /* Device buffers whose memory the host reads slowly, and every device
     * buffer where the copy path is not a memcpy (CAMP_COPY_PATH, so that
     * tests cover the discrete-GPU paths on devices whose memory is all
     * mappable), are not used through their mapping. */
    if (kind == CAMP_BUFFER_DEVICE) map = host_reads_fast(has) && dev->copy_path == CAMP_COPY_MAP;
    if (map) out->mapped = mapped;
    if (kind == CAMP_BUFFER_DEVICE && in_bar(dev, size) && (has & HOST_MAPPABLE) == HOST_MAPPABLE)
        out->write_mapped = mapped;
    VkBufferDeviceAddressInfo address = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
        .buffer = out->buffer,
    };
    out->address = vkGetBufferDeviceAddress(dev->device, &address) + out->base;
    return CAMP_OK;
error: /* the caller destroys what was made */
    return status;
}

static camp_status buffer_create(camp_device *dev, enum camp_buffer_kind kind, VkDeviceSize size, camp_buffer *out) {
    VkMemoryRequirements needs;
    VkDeviceSize lead = 0;
    camp_status status = buffer_unbound(dev, kind, size, false, out, &needs, &lead);
    if (status != CAMP_OK) return status;
    switch (kind) {
    case CAMP_BUFFER_DEVICE:
        status = in_bar(dev, size) ? allocate_memory(out, needs, bar_wishes, COUNT(bar_wishes))
                                   : allocate_memory(out, needs, device_wishes, COUNT(device_wishes));
        break;
    case CAMP_BUFFER_STAGING: status = allocate_memory(out, needs, staging_wishes, COUNT(staging_wishes)); break;
    case CAMP_BUFFER_SHARED_READ:
        status = allocate_memory(out, needs, shared_read_wishes, COUNT(shared_read_wishes));
        break;
    case CAMP_BUFFER_READBACK: status = allocate_memory(out, needs, readback_wishes, COUNT(readback_wishes)); break;
    default: status = allocate_memory(out, needs, shared_write_wishes, COUNT(shared_write_wishes)); break;
    }
    return status == CAMP_OK ? buffer_bind(out, lead) : status;
}

camp_status camp_buffer_staging_unbound(camp_device *dev, VkDeviceSize size, bool host_pages, camp_buffer *out,
                                        uint32_t *type, uint32_t *types, VkDeviceSize *bytes) {
    VkMemoryRequirements needs;
    VkDeviceSize lead = 0; /* none: kernels do not address staging buffers' neighbours */
    camp_status status = buffer_unbound(dev, CAMP_BUFFER_STAGING, size, host_pages, out, &needs, &lead);
    int t = status == CAMP_OK ? wished_type(dev, &needs, staging_wishes, COUNT(staging_wishes), 0) : -1;
    if (status == CAMP_OK && t < 0)
        status = camp_fail(CAMP_ERROR_VULKAN, "no memory type fits a buffer of %llu bytes", (unsigned long long)size);
    if (status != CAMP_OK) {
        camp_buffer_destroy(out);
        return status;
    }
    *type = (uint32_t)t;
    *types = needs.memoryTypeBits;
    *bytes = needs.size;
    return CAMP_OK;
}

camp_status camp_buffer_staging_bind(camp_buffer *buffer, camp_allocation memory) {
    buffer->memory = memory;
    camp_status status = buffer_bind(buffer, 0);
    if (status != CAMP_OK) camp_buffer_destroy(buffer);
    return status;
}

camp_status camp_buffer_acquire(camp_device *dev, enum camp_buffer_kind kind, VkDeviceSize size, camp_buffer *out) {
    if (size > largest_heap(dev))
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "%llu bytes are more than any memory heap of %s holds",
                         (unsigned long long)size, dev->name);
    VkDeviceSize wanted = rounded_size(size);
    /* the rounding's slack serves as the trailing guard where it is large
     * enough (buffer_create adds the lead guard) */
    if (kernels_address(kind) && wanted - size < guard_bytes(size)) wanted = (size + guard_bytes(size) + 255) / 256 * 256;
    /* The smallest cached buffer that fits, and not more than twice too big. */
    int best = -1;
    for (int i = 0; i < CAMP_BUFFER_CACHE_SLOTS; i++) {
        const camp_buffer *b = &dev->cache[i];
        if (!b->buffer || b->kind != kind || b->size < wanted || b->size > 2 * wanted) continue;
        if (best < 0 || b->size < dev->cache[best].size) best = i;
    }
    if (best >= 0) {
        *out = dev->cache[best];
        buffer_clear(&dev->cache[best]);
        return CAMP_OK;
    }
    camp_status status = buffer_create(dev, kind, wanted, out);
    if (status == CAMP_ERROR_OUT_OF_MEMORY) {
        /* Free buffers may be what fills the heap: drop them and retry once. */
        camp_buffer_destroy(out);
        camp_buffer_cache_clear(dev);
        camp_memory_trim(dev);
        camp_failure_clear();
        status = buffer_create(dev, kind, wanted, out);
    }
    if (status != CAMP_OK) camp_buffer_destroy(out);
    return status;
}

void camp_buffer_release(camp_buffer *buffer) {
    if (!buffer->buffer) return;
    camp_device *dev = buffer->owner;
    VkDeviceSize cached = 0;
    int empty = -1;
    for (int i = 0; i < CAMP_BUFFER_CACHE_SLOTS; i++) {
        cached += dev->cache[i].size;
        if (!dev->cache[i].buffer && empty < 0) empty = i;
    }
    VkDeviceSize limit = largest_heap(dev) / 8;
    if (limit > CAMP_BUFFER_CACHE_BYTES) limit = CAMP_BUFFER_CACHE_BYTES;
    if (empty >= 0 && cached + buffer->size <= limit) {
        dev->cache[empty] = *buffer;
        buffer_clear(buffer);
    } else {
        camp_buffer_destroy(buffer);
    }
}

void camp_buffer_cache_clear(camp_device *dev) {
    for (int i = 0; i < CAMP_BUFFER_CACHE_SLOTS; i++) camp_buffer_destroy(&dev->cache[i]);
}
