/* suballoc.c — device memory for buffers without a vkAllocateMemory per
 * buffer: small allocations are carved out of large blocks (one list of
 * blocks per memory type), large ones get memory of
 * their own that is kept for reuse when freed, so that allocating and
 * freeing in a loop costs microseconds after the first time.
 *
 * Every allocation backs a buffer (no images), so bufferImageGranularity
 * does not separate neighbours; offsets still honour it with the buffer's
 * own alignment, which costs little and stays right if images come. Every
 * buffer has a device address (kernels' and, for the copy kernel, staging
 * buffers), so all memory is allocated with VK_MEMORY_ALLOCATE_DEVICE_
 * ADDRESS_BIT. Host-visible memory is mapped once, for its whole life. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Blocks are at most this large; an allocation above a quarter of it
 * (CAMP_MEMORY_OWN_ABOVE) has memory of its own. A memory type's first
 * block is FIRST_BLOCK_SIZE (or what its first allocation needs), each
 * next one twice its predecessor: pinned
 * host memory costs about 0.3 ms a MiB to allocate and as much again to
 * fault in on an H200's host, so a first 64 MiB staging block made a
 * program's first copy back of 250 KB take 31 ms. */
#define BLOCK_SIZE ((VkDeviceSize)64 << 20)
#define FIRST_BLOCK_SIZE ((VkDeviceSize)4 << 20)
_Static_assert(CAMP_MEMORY_OWN_ABOVE == BLOCK_SIZE / 4, "own memory above a quarter of a block");
/* Memory of its own is whole multiples of CAMP_MEMORY_GRANULE: an
 * H200 read and wrote arrays of 1 GiB + 1 MiB at a third of its bandwidth
 * (a sum over 256 Mi floats: 1.6 TB/s; an array_copy 1.5), and of 1 GiB +
 * 2 MiB at full speed (3.9 and 3.2). 2 MiB is the large page of every GPU
 * we know; rounding wastes at most an eighth of an allocation above 16 MiB.
 * Device buffers that large get Vulkan dedicated allocations
 * (VkMemoryDedicatedAllocateInfo, buffer.c): on the H200 a first copy into
 * a new 1 GiB array took 42-43 ms in memory of our own (22.6 once that
 * memory was reused) and 24 ms in a dedicated allocation, new or not. */
/* Freed memory of its own (not dedicated to a buffer) is kept for reuse:
 * at most this many, of at most this many bytes together (and an eighth of
 * their heap). */
#define KEPT_MAX 8
#define KEPT_BYTES_MAX ((VkDeviceSize)2 << 30)

typedef struct free_span {
    VkDeviceSize offset, size;
} free_span;

typedef struct camp_memory_block {
    VkDeviceMemory memory;
    VkDeviceSize size, used;
    void *mapped;
    free_span *spans; /* free ranges, sorted by offset, never adjacent */
    uint32_t span_count, span_capacity;
    struct camp_memory_block *next;
} camp_memory_block;

/* The blocks of one memory type. */
typedef struct block_pool {
    camp_memory_block *blocks;
    VkDeviceSize next_size; /* of its next block (0: FIRST_BLOCK_SIZE) */
} block_pool;

/* A freed dedicated allocation, kept. */
typedef struct kept_memory {
    VkDeviceMemory memory;
    VkDeviceSize size;
    uint32_t memory_type;
    void *mapped;
} kept_memory;

struct camp_memory_pools {
    block_pool pools[VK_MAX_MEMORY_TYPES];
    kept_memory kept[KEPT_MAX];
    uint32_t kept_count;
};

static VkDeviceSize align_up(VkDeviceSize value, VkDeviceSize alignment) {
    return (value + alignment - 1) / alignment * alignment;
}

static bool host_visible(const camp_device *dev, uint32_t type) {
    return dev->memory.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
}

/* `size` bytes of device memory were allocated (or freed): a sample of the
 * trace's counter. */
static void count_memory(camp_device *dev, VkDeviceSize size, bool allocated) {
    dev->allocated_bytes = allocated ? dev->allocated_bytes + size : dev->allocated_bytes - size;
    if (camp_rt.profiling) camp_trace_counter("device memory", "MiB", (double)dev->allocated_bytes / (1 << 20));
}

static void memory_free(camp_device *dev, VkDeviceMemory memory, VkDeviceSize size) {
    vkFreeMemory(dev->device, memory, NULL); /* unmaps too */
    count_memory(dev, size, false);
}

/* vkAllocateMemory (and vkMapMemory where host-visible). */
VkMemoryAllocateInfo camp_memory_allocate_info(uint32_t type, VkDeviceSize size, VkMemoryAllocateFlagsInfo *flags) {
    *flags = (VkMemoryAllocateFlagsInfo){
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
        .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
    };
    return (VkMemoryAllocateInfo){
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .pNext = flags,
        .allocationSize = size,
        .memoryTypeIndex = type,
    };
}

void camp_memory_adopt(camp_device *dev, uint32_t type, VkDeviceSize size, VkDeviceMemory memory, void *mapped,
                       void *host_pages, camp_allocation *out) {
    count_memory(dev, size, true);
    *out = (camp_allocation){memory, 0, size, type, mapped, NULL, false, host_pages};
}

static camp_status allocate(camp_device *dev, uint32_t type, VkDeviceSize size, VkBuffer own_for,
                            VkDeviceMemory *memory, void **mapped) {
    VkMemoryAllocateFlagsInfo flags;
    VkMemoryAllocateInfo info = camp_memory_allocate_info(type, size, &flags);
    VkMemoryDedicatedAllocateInfo dedicated = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO,
        .pNext = flags.pNext,
        .buffer = own_for,
    };
    if (own_for) flags.pNext = &dedicated;
    *mapped = NULL;
    camp_status status = CAMP_OK;
    bool allocated = false;
    VK(CAMP_INJECT(CAMP_FAULT_ALLOC, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                   vkAllocateMemory(dev->device, &info, NULL, memory)));
    allocated = true;
    count_memory(dev, size, true);
    if (host_visible(dev, type)) VK(vkMapMemory(dev->device, *memory, 0, VK_WHOLE_SIZE, 0, mapped));
    return CAMP_OK;
error:
    if (allocated) memory_free(dev, *memory, size);
    *memory = VK_NULL_HANDLE;
    return status;
}

static camp_status pools_get(camp_device *dev, struct camp_memory_pools **out) {
    if (!dev->pools) {
        dev->pools = calloc(1, sizeof *dev->pools);
        if (!dev->pools) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    *out = dev->pools;
    return CAMP_OK;
}

/* ---- Blocks ---------------------------------------------------------------- */

/* Takes `size` bytes at `alignment` from the block's free spans, first fit. */
static bool block_take(camp_memory_block *block, VkDeviceSize size, VkDeviceSize alignment, VkDeviceSize *offset) {
    for (uint32_t i = 0; i < block->span_count; i++) {
        free_span *span = &block->spans[i];
        VkDeviceSize start = align_up(span->offset, alignment);
        if (start + size > span->offset + span->size) continue;
        VkDeviceSize end = start + size, span_end = span->offset + span->size;
        if (start == span->offset && end == span_end) {
            memmove(span, span + 1, (block->span_count - i - 1) * sizeof *span);
            block->span_count--;
        } else if (start == span->offset) {
            span->offset = end;
            span->size = span_end - end;
        } else if (end == span_end) {
            span->size = start - span->offset;
        } else {
            /* Split: the gap before `start` stays, a new span after `end`.
             * Capacity was reserved by the caller (block_reserve). */
            memmove(span + 2, span + 1, (block->span_count - i - 1) * sizeof *span);
            block->span_count++;
            span[1] = (free_span){end, span_end - end};
            span->size = start - span->offset;
        }
        block->used += size;
        *offset = start;
        return true;
    }
    return false;
}

/* Room for one more span, which a split or a free may need. */
static bool block_reserve(camp_memory_block *block) {
    if (block->span_count < block->span_capacity) return true;
    uint32_t capacity = block->span_capacity ? block->span_capacity * 2 : 8;
    free_span *grown = realloc(block->spans, capacity * sizeof *grown);
    if (!grown) return false;
    block->spans = grown;
    block->span_capacity = capacity;
    return true;
}

/* Gives [offset, offset + size) back, merging it with its free neighbours. */
static void block_give(camp_memory_block *block, VkDeviceSize offset, VkDeviceSize size) {
    uint32_t i = 0;
    while (i < block->span_count && block->spans[i].offset < offset) i++;
    bool joins_before = i > 0 && block->spans[i - 1].offset + block->spans[i - 1].size == offset;
    bool joins_after = i < block->span_count && offset + size == block->spans[i].offset;
    if (joins_before && joins_after) {
        block->spans[i - 1].size += size + block->spans[i].size;
        memmove(&block->spans[i], &block->spans[i + 1], (block->span_count - i - 1) * sizeof *block->spans);
        block->span_count--;
    } else if (joins_before) {
        block->spans[i - 1].size += size;
    } else if (joins_after) {
        block->spans[i].offset = offset;
        block->spans[i].size += size;
    } else {
        memmove(&block->spans[i + 1], &block->spans[i], (block->span_count - i) * sizeof *block->spans);
        block->spans[i] = (free_span){offset, size};
        block->span_count++;
    }
    block->used -= size;
}

static void block_destroy(camp_device *dev, camp_memory_block *block) {
    memory_free(dev, block->memory, block->size);
    free(block->spans);
    free(block);
}

/* A new block of the pool's next size, at least `fits` bytes. */
static camp_status block_create(camp_device *dev, uint32_t type, block_pool *pool, VkDeviceSize fits,
                                camp_memory_block **out) {
    camp_memory_block *block = calloc(1, sizeof *block);
    if (!block || !block_reserve(block)) {
        free(block);
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    VkDeviceSize size = pool->next_size ? pool->next_size : FIRST_BLOCK_SIZE;
    while (size < fits && size < BLOCK_SIZE) size *= 2;
    pool->next_size = size < BLOCK_SIZE ? 2 * size : BLOCK_SIZE;
    block->size = size;
    camp_status status = allocate(dev, type, size, VK_NULL_HANDLE, &block->memory, &block->mapped);
    if (status != CAMP_OK) {
        free(block->spans);
        free(block);
        return status;
    }
    block->spans[0] = (free_span){0, size};
    block->span_count = 1;
    *out = block;
    return CAMP_OK;
}

/* ---- Dedicated allocations ------------------------------------------------- */

static VkDeviceSize kept_bytes(const struct camp_memory_pools *pools) {
    VkDeviceSize total = 0;
    for (uint32_t i = 0; i < pools->kept_count; i++) total += pools->kept[i].size;
    return total;
}

/* A kept allocation of the type that fits `size` without wasting
 * more than a quarter of itself. */
static bool reuse_kept(struct camp_memory_pools *pools, uint32_t type, VkDeviceSize size, camp_allocation *out) {
    int best = -1;
    for (uint32_t i = 0; i < pools->kept_count; i++) {
        const kept_memory *k = &pools->kept[i];
        if (k->memory_type != type) continue;
        if (k->size < size || k->size - size > k->size / 4) continue;
        if (best < 0 || k->size < pools->kept[best].size) best = (int)i;
    }
    if (best < 0) return false;
    kept_memory k = pools->kept[best];
    pools->kept[best] = pools->kept[--pools->kept_count];
    *out = (camp_allocation){k.memory, 0, k.size, type, k.mapped, NULL, false, NULL};
    return true;
}

static void keep_or_free(camp_device *dev, camp_allocation *a) {
    struct camp_memory_pools *pools = dev->pools;
    VkDeviceSize heap = dev->memory.memoryHeaps[dev->memory.memoryTypes[a->memory_type].heapIndex].size;
    VkDeviceSize limit = heap / 8 < KEPT_BYTES_MAX ? heap / 8 : KEPT_BYTES_MAX;
    if (!a->buffer_own && !a->host_pages && pools && pools->kept_count < KEPT_MAX &&
        kept_bytes(pools) + a->size <= limit) {
        pools->kept[pools->kept_count++] =
            (kept_memory){a->memory, a->size, a->memory_type, a->mapped};
        return;
    }
    memory_free(dev, a->memory, a->size);
    if (a->host_pages) munmap(a->host_pages, a->size); /* the pages' import is gone */
}

/* ---- Public to the runtime --------------------------------------------------- */

camp_status camp_memory_alloc(camp_device *dev, const VkMemoryRequirements *needs, uint32_t type, VkBuffer own_for,
                              camp_allocation *out) {
    struct camp_memory_pools *pools = NULL;
    CAMP_TRY(pools_get(dev, &pools));
    memset(out, 0, sizeof *out);
    if (own_for) {
        CAMP_TRY(allocate(dev, type, needs->size, own_for, &out->memory, &out->mapped));
        *out = (camp_allocation){out->memory, 0, needs->size, type, out->mapped, NULL, true, NULL};
        return CAMP_OK;
    }
    VkDeviceSize alignment = needs->alignment ? needs->alignment : 1;
    VkDeviceSize granularity = dev->properties.limits.bufferImageGranularity;
    if (granularity > alignment && granularity <= 65536) alignment = granularity;
    VkDeviceSize size = align_up(needs->size, alignment);

    if (size > CAMP_MEMORY_OWN_ABOVE) {
        size = align_up(size, CAMP_MEMORY_GRANULE);
        if (reuse_kept(pools, type, size, out)) return CAMP_OK;
        CAMP_TRY(allocate(dev, type, size, VK_NULL_HANDLE, &out->memory, &out->mapped));
        *out = (camp_allocation){out->memory, 0, size, type, out->mapped, NULL, false, NULL};
        return CAMP_OK;
    }
    block_pool *pool = &pools->pools[type];
    for (camp_memory_block *block = pool->blocks; block; block = block->next) {
        VkDeviceSize offset;
        if (block->size - block->used < size || !block_reserve(block)) continue;
        if (!block_take(block, size, alignment, &offset)) continue;
        *out = (camp_allocation){block->memory, offset, size, type,
                                 block->mapped ? (char *)block->mapped + offset : NULL, block, false, NULL};
        return CAMP_OK;
    }
    camp_memory_block *block = NULL;
    CAMP_TRY(block_create(dev, type, pool, size + alignment, &block));
    block->next = pool->blocks;
    pool->blocks = block;
    VkDeviceSize offset = 0;
    block_take(block, size, alignment, &offset); /* a fresh block fits size + alignment */
    *out = (camp_allocation){block->memory, offset, size, type, block->mapped ? (char *)block->mapped + offset : NULL,
                             block, false, NULL};
    return CAMP_OK;
}

void camp_memory_free(camp_device *dev, camp_allocation *a) {
    if (!a->memory) return;
    camp_memory_block *block = a->block;
    if (!block) {
        keep_or_free(dev, a);
    } else {
        /* Without room for the span (no host memory), the range stays
         * taken until the device closes: lost, never handed out twice. */
        if (block_reserve(block)) block_give(block, a->offset, a->size);
        if (block->used == 0) {
            /* Keep one empty block per pool for the next allocations; free
             * the others. */
            block_pool *pool = &dev->pools->pools[a->memory_type];
            bool another_empty = false;
            for (camp_memory_block *b = pool->blocks; b; b = b->next) another_empty |= b != block && b->used == 0;
            if (another_empty) {
                for (camp_memory_block **p = &pool->blocks; *p; p = &(*p)->next)
                    if (*p == block) {
                        *p = block->next;
                        break;
                    }
                block_destroy(dev, block);
            }
        }
    }
    memset(a, 0, sizeof *a);
}

void camp_memory_trim(camp_device *dev) {
    struct camp_memory_pools *pools = dev->pools;
    if (!pools) return;
    for (uint32_t i = 0; i < pools->kept_count; i++) memory_free(dev, pools->kept[i].memory, pools->kept[i].size);
    pools->kept_count = 0;
    for (uint32_t t = 0; t < VK_MAX_MEMORY_TYPES; t++)
        for (camp_memory_block **p = &pools->pools[t].blocks; *p;) {
            camp_memory_block *block = *p;
            if (block->used) {
                p = &block->next;
                continue;
            }
            *p = block->next;
            block_destroy(dev, block);
        }
}

void camp_memory_destroy(camp_device *dev) {
    struct camp_memory_pools *pools = dev->pools;
    if (!pools) return;
    camp_memory_trim(dev);
    /* Blocks still in use belong to buffers destroyed with the device. */
    for (uint32_t t = 0; t < VK_MAX_MEMORY_TYPES; t++)
        while (pools->pools[t].blocks) {
            camp_memory_block *block = pools->pools[t].blocks;
            pools->pools[t].blocks = block->next;
            block_destroy(dev, block);
        }
    free(pools);
    dev->pools = NULL;
}
