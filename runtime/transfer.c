/* transfer.c — copies between host memory and device buffers whose memory
 * the host does not read through a mapping (discrete GPUs), by one of two
 * paths (the third, a memcpy through the mapping, is regions.c's):
 *
 * - import (VK_EXT_external_memory_host): the DMA engine reads and writes
 *   the program's own pages. The page-aligned middle of an explicit view is
 *   imported once, at its first large copy, and stays imported until the
 *   view is released (importing pins the pages: 13-20 ms for 256 MB on an
 *   H100 host, more than the copy); its ragged edges go through staging.
 *   Memory outside views is never imported: nothing says when the program
 *   frees it, and pages imported before a free would silently stay the
 *   copy's source after the address is reused.
 * - staging: the bytes pass through a ring of staging chunks; copies in
 *   memcpy chunk k+1 (over several threads) while the DMA moves chunk k,
 *   and copies out copy chunk k to the host while the DMA fills chunk k+1.
 *   Small copies use one staging buffer recorded into the open batch.
 *
 * - bar (CAMP_COPY_PATH=bar): device buffers in device-local memory the
 *   host can write (a resizable BAR); copies in that no import serves,
 *   below 16 MiB, are a memcpy over several threads through the mapping,
 *   the others and copies out as import (else staging), since the host
 *   reads such memory slowly. The import path does the same for buffers
 *   below 16 MiB where the BAR spans the device's memory: large buffers
 *   stay in plain VRAM, where the ring's DMA ran faster.
 *
 * The path is the device's (camp_copy_path_choose): import where the
 * device has the extension, else staging; CAMP_COPY_PATH overrides it. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copies up to this size are one staging buffer in the open batch. */
#define SMALL_COPY ((size_t)256 << 10)
/* A view's pages are imported for copies of at least this many bytes: the
 * import is kept, and below 1 MiB a pipelined staging copy ran at half the
 * import's speed on an H100 (1 MiB: 8.4 against 20.8 GB/s). */
#define IMPORT_ABOVE ((size_t)64 << 10)
/* Imported bytes of all views together, at most. */
#define IMPORTED_BYTES_MAX ((size_t)16 << 30)
/* The staging ring: SLOTS chunks of at most CHUNK bytes. Eight: a copy in
 * of 64 MB then fills the ring at memcpy speed while the DMA drains it,
 * and returns with half its DMA still queued, which an asynchronous copy
 * overlaps with whatever the host does next. */
#define RING_SLOTS 8u
#define RING_CHUNK ((size_t)8 << 20)
/* Pipelined copies use chunks of at least these sizes: each chunk costs a
 * submission and a wake-up of the copy threads, which 256 KiB chunks did
 * not repay. On an H100 (copies from and to malloc'd memory, the copy in
 * returning when its bytes are in staging): in, 1 MiB 6.6 -> 16.3 GB/s and
 * 4 MiB 12.6 -> 47.6 with 4 MiB chunks; out, where the DMA of one chunk
 * overlaps the memcpy of the one before, 4 MiB 10.4 -> 15.2 with 2 MiB
 * chunks (13.6 with 4 MiB). */
#define CHUNK_MIN_IN ((size_t)4 << 20)
#define CHUNK_MIN_OUT ((size_t)2 << 20)

/* A view's page-aligned middle, imported as a buffer of one device. A view
 * keeps one per device that copies it (a list), so that the halo rows one
 * accelerator copies out into a view and another copies in from it move
 * by both devices' DMA, with no memcpy on the host in between. */
typedef struct camp_host_import {
    camp_device *dev;
    struct camp_host_import *next; /* the view's import for another device */
    char *start; /* aligned to minImportedHostPointerAlignment */
    size_t bytes;
    VkDeviceMemory memory;
    VkBuffer buffer;
    /* An asynchronous copy's use: the import lives until `queue` reaches
     * `serial` (NULL: no copy pending). */
    camp_accelerator_view *queue;
    uint64_t serial;
} camp_host_import;

/* The last use of a ring slot: done once `queue` reaches `serial`. */
typedef struct ring_slot {
    camp_accelerator_view *queue;
    uint64_t serial;
} ring_slot;

struct camp_transfer {
    camp_buffer ring; /* RING_SLOTS * RING_CHUNK bytes of staging memory */
    camp_buffer_ahead *ring_ahead; /* the ring on its way, until its first use */
    ring_slot slots[RING_SLOTS];
    uint32_t next_slot;
    struct camp_copy_threads *threads;
    size_t imported_bytes; /* of every view's import on this device */
};

/* ---- The path -------------------------------------------------------------- */

const char *camp_copy_path_name(enum camp_copy_path path) {
    switch (path) {
    case CAMP_COPY_MAP: return "map";
    case CAMP_COPY_IMPORT: return "import";
    case CAMP_COPY_BAR: return "bar";
    default: return "staging";
    }
}

static bool has_device_extension(VkPhysicalDevice physical, const char *name) {
    uint32_t count = 0;
    if (vkEnumerateDeviceExtensionProperties(physical, NULL, &count, NULL) < 0 || !count) return false;
    VkExtensionProperties *list = calloc(count, sizeof *list);
    bool found = false;
    if (list && vkEnumerateDeviceExtensionProperties(physical, NULL, &count, list) >= 0)
        for (uint32_t i = 0; i < count && !found; i++) found = strcmp(list[i].extensionName, name) == 0;
    free(list);
    return found;
}

/* Whether the device has device-local memory with all of `flags`. */
static bool device_memory_has(VkPhysicalDevice physical, VkMemoryPropertyFlags flags) {
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(physical, &memory);
    flags |= VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
    for (uint32_t t = 0; t < memory.memoryTypeCount; t++)
        if ((memory.memoryTypes[t].propertyFlags & flags) == flags) return true;
    return false;
}

static const VkMemoryPropertyFlags host_mappable =
    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

/* Whether the device maps its memory for the host to read through its
 * caches (buffer.c's map path), and whether it imports host pages, as the
 * device or the CAMP_SIMULATE profile it acts as says. */
static void copy_abilities(VkPhysicalDevice physical, bool *can_map, bool *can_import) {
    *can_map = device_memory_has(physical, host_mappable | VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
    *can_import = has_device_extension(physical, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
    camp_simulate_memory(can_map, can_import);
}

camp_status camp_copy_path_for(VkPhysicalDevice physical, enum camp_copy_path *out) {
    bool can_map, can_import, can_bar = device_memory_has(physical, host_mappable);
    copy_abilities(physical, &can_map, &can_import);
    *out = can_map ? CAMP_COPY_MAP : can_import ? CAMP_COPY_IMPORT : CAMP_COPY_STAGING;
    const char *forced = getenv("CAMP_FORCE_STAGING");
    if (forced && *forced && strcmp(forced, "0") != 0) *out = CAMP_COPY_STAGING;
    const char *wanted = getenv("CAMP_COPY_PATH");
    if (!wanted || !*wanted) return CAMP_OK;
    if (strcmp(wanted, "staging") == 0) *out = CAMP_COPY_STAGING;
    else if (strcmp(wanted, "import") == 0 && can_import) *out = CAMP_COPY_IMPORT;
    else if (strcmp(wanted, "map") == 0 && can_map) *out = CAMP_COPY_MAP;
    else if (strcmp(wanted, "bar") == 0 && can_bar) *out = CAMP_COPY_BAR;
    else if (strcmp(wanted, "import") == 0)
        return camp_fail_setting(CAMP_ERROR_UNSUPPORTED, "CAMP_COPY_PATH=import: the device has no VK_EXT_external_memory_host");
    else if (strcmp(wanted, "map") == 0)
        return camp_fail_setting(CAMP_ERROR_UNSUPPORTED,
                                 "CAMP_COPY_PATH=map: the device has no device memory the host reads through its caches");
    else if (strcmp(wanted, "bar") == 0)
        return camp_fail_setting(CAMP_ERROR_UNSUPPORTED, "CAMP_COPY_PATH=bar: the device has no host-visible device memory");
    else
        return camp_fail_setting(CAMP_ERROR_INVALID_ARGUMENT, "CAMP_COPY_PATH=%s: not map, import, staging or bar", wanted);
    return CAMP_OK;
}

/* Whether the host can map device-local memory as large as half the
 * largest device-local heap (a resizable BAR; without it the BAR is a
 * 256 MiB window). */
static bool bar_spans_device_memory(const VkPhysicalDeviceMemoryProperties *memory) {
    const VkMemoryPropertyFlags bar = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                      VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    VkDeviceSize largest = 0, mappable = 0;
    for (uint32_t h = 0; h < memory->memoryHeapCount; h++)
        if ((memory->memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) && memory->memoryHeaps[h].size > largest)
            largest = memory->memoryHeaps[h].size;
    for (uint32_t t = 0; t < memory->memoryTypeCount; t++) {
        VkDeviceSize size = memory->memoryHeaps[memory->memoryTypes[t].heapIndex].size;
        if ((memory->memoryTypes[t].propertyFlags & bar) == bar && size > mappable) mappable = size;
    }
    return largest && mappable >= largest / 2;
}

camp_status camp_copy_path_choose(camp_device *dev) {
    CAMP_TRY(camp_copy_path_for(dev->physical, &dev->copy_path));
    /* Small buffers in the BAR: their copies in from outside views are a
     * memcpy through the mapping (CAMP_BAR_WRITES_BELOW); large ones stay
     * in plain VRAM, where the ring's DMA and overlapped copies ran faster. */
    dev->small_buffers_in_bar = dev->copy_path == CAMP_COPY_IMPORT && bar_spans_device_memory(&dev->memory);
    if (dev->copy_path == CAMP_COPY_IMPORT && !dev->import_host)
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "VK_EXT_external_memory_host is listed but unusable on %s",
                         dev->name);
    return CAMP_OK;
}

static camp_status transfer_get(camp_device *dev, struct camp_transfer **out) {
    if (!dev->transfer) {
        dev->transfer = calloc(1, sizeof *dev->transfer);
        if (!dev->transfer) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    if (!dev->transfer->threads) CAMP_TRY(camp_copy_threads_start(&dev->transfer->threads));
    *out = dev->transfer;
    return CAMP_OK;
}

/* Whether the staging ring is made ahead (CAMP_STAGING_AHEAD=0: at its first use). */
static bool ring_ahead_wanted(void) {
    const char *ahead = getenv("CAMP_STAGING_AHEAD");
    return !ahead || strcmp(ahead, "0") != 0;
}

camp_pages_ahead *camp_transfer_pages_ahead(VkPhysicalDevice physical) {
    enum camp_copy_path path;
    bool can_map, can_import;
    copy_abilities(physical, &can_map, &can_import); /* a profile without the extension: none */
    if (!ring_ahead_wanted() || !can_import) return NULL;
    if (camp_copy_path_for(physical, &path) != CAMP_OK) {
        camp_failure_clear(); /* the device's opening reports it */
        return NULL;
    }
    return path == CAMP_COPY_MAP ? NULL : camp_pages_ahead_start(RING_SLOTS * RING_CHUNK);
}

void camp_transfer_start(camp_device *dev, camp_pages_ahead *pages) {
    struct camp_transfer *t = NULL;
    /* The copy threads as the device opens: started by a program's first
     * copy, they cost it most of its time at 1 MiB on an H200's host
     * (1.25-1.40 ms against 0.18-0.55 with them started here; 0.05 for
     * later copies) and about 1 ms at 16 and 64 MiB. */
    if (transfer_get(dev, &t) != CAMP_OK) camp_failure_clear(); /* the first copy starts them, and reports */
    if (!t || dev->copy_path == CAMP_COPY_MAP || !ring_ahead_wanted()) {
        camp_pages_ahead_cancel(pages);
        return;
    }
    camp_buffer_ahead_start(dev, RING_SLOTS * RING_CHUNK, pages, &t->ring_ahead);
}

camp_status camp_transfer_memcpy(camp_device *dev, void *dst, const void *src, size_t bytes) {
    struct camp_transfer *t = NULL;
    CAMP_TRY(transfer_get(dev, &t));
    camp_parallel_memcpy(t->threads, dst, src, bytes, true);
    return CAMP_OK;
}

/* ---- Imports ------------------------------------------------------------------ */

static void import_destroy(camp_host_import *import) {
    camp_device *dev = import->dev;
    /* A lost device: the copy will never run, the pages may go. */
    if (import->queue) (void)camp_queue_wait_serial(import->queue, import->serial);
    if (import->buffer) {
        vkDestroyBuffer(dev->device, import->buffer, NULL);
        dev->buffers_destroyed++;
    }
    if (import->memory) vkFreeMemory(dev->device, import->memory, NULL);
    if (dev->transfer) dev->transfer->imported_bytes -= import->bytes;
    free(import);
}

/* Ends the import at *p and takes it out of its view's list. */
static void unimport_at(camp_host_import **p) {
    camp_host_import *import = *p;
    *p = import->next;
    import_destroy(import);
}

void camp_transfer_unimport(camp_region *region) {
    while (region->import) unimport_at(&region->import);
}

/* The place in the view's list that holds its import for `dev` (or the
 * list's end). */
static camp_host_import **import_of(camp_region *view, const camp_device *dev) {
    camp_host_import **p = &view->import;
    while (*p && (*p)->dev != dev) p = &(*p)->next;
    return p;
}

/* Frees other views' imports of `dev` until `bytes` more fit under the limit. */
static void make_room(camp_device *dev, size_t bytes, const camp_region *keep) {
    for (uint32_t i = 0; i < camp_rt.region_count && dev->transfer->imported_bytes + bytes > IMPORTED_BYTES_MAX; i++) {
        camp_region *r = camp_rt.regions[i];
        camp_host_import **p = r != keep ? import_of(r, dev) : NULL;
        if (p && *p) unimport_at(p);
    }
}

/* Imports [start, start + bytes) (aligned) as a transfer buffer. False when
 * the device will not import these pages (memory mapped from a file, a
 * driver's limits...): the copy then goes through staging. Nothing is
 * recorded as a failure: staging is as right, only slower. */
static bool import_pages(camp_device *dev, char *start, size_t bytes, camp_host_import **out) {
    VkMemoryHostPointerPropertiesEXT pointer = {.sType = VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
    if (dev->vk.vkGetMemoryHostPointerPropertiesEXT(dev->device, VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
                                                    start, &pointer) < 0)
        return false;
    camp_host_import *import = calloc(1, sizeof *import);
    if (!import) return false;
    dev->transfer->imported_bytes += bytes; /* import_destroy takes it off */
    *import = (camp_host_import){.dev = dev, .start = start, .bytes = bytes};
    VkExternalMemoryBufferCreateInfo external = {
        .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO,
        .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
    };
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .pNext = &external,
        .size = bytes,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
    };
    camp_buffer_sharing(dev, &info);
    if (vkCreateBuffer(dev->device, &info, NULL, &import->buffer) < 0) goto declined;
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(dev->device, import->buffer, &needs);
    uint32_t types = needs.memoryTypeBits & pointer.memoryTypeBits;
    if (!types || needs.size > bytes) goto declined;
    /* Host-coherent where offered: the program reads and writes its pages
     * directly, never through a mapping it could flush; else any type
     * that imports them (x86 DMA snoops the caches either way). */
    uint32_t type = UINT32_MAX;
    for (uint32_t t = 0; t < dev->memory.memoryTypeCount; t++) {
        if (!((types >> t) & 1u)) continue;
        bool coherent = dev->memory.memoryTypes[t].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        if (type == UINT32_MAX || coherent) type = t;
        if (coherent) break;
    }
    if (type == UINT32_MAX) goto declined;
    VkImportMemoryHostPointerInfoEXT host = {
        .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
        .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
        .pHostPointer = start,
    };
    VkMemoryAllocateInfo allocate = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .pNext = &host,
        .allocationSize = bytes,
        .memoryTypeIndex = type,
    };
    if (vkAllocateMemory(dev->device, &allocate, NULL, &import->memory) < 0) goto declined;
    if (vkBindBufferMemory(dev->device, import->buffer, import->memory, 0) < 0) goto declined;
    *out = import;
    return true;
declined: /* not a failure: the copy goes through staging */
    import_destroy(import);
    return false;
}

/* The view's import for `dev`, covering as much of [host, host + bytes) as
 * its aligned middle holds, imported now if need be; NULL: none. */
static camp_host_import *view_import(camp_device *dev, camp_region *view) {
    camp_host_import **slot = import_of(view, dev);
    if (*slot) return *slot;
    uintptr_t align = (uintptr_t)dev->import_alignment;
    uintptr_t start = ((uintptr_t)view->host + align - 1) / align * align;
    uintptr_t end = ((uintptr_t)view->host + view->bytes) / align * align;
    if (end <= start || end - start < IMPORT_ABOVE) return NULL;
    make_room(dev, end - start, view);
    if (dev->transfer->imported_bytes + (end - start) > IMPORTED_BYTES_MAX) return NULL;
    camp_host_import *import = NULL;
    if (import_pages(dev, (char *)start, end - start, &import)) {
        import->next = view->import;
        view->import = import;
    }
    if (dev->verbose)
        fprintf(stderr, "camp: view '%s': %zu bytes at %p %s on %s\n", view->name, end - start, (void *)start,
                import ? "imported" : "not importable: copied through staging", dev->name);
    return import;
}

/* The part of [host, host + bytes) the import holds, as [*first, *last). */
static void imported_part(const camp_host_import *import, const char *host, size_t bytes, const char **first,
                          const char **last) {
    const char *end = host + bytes, *import_end = import->start + import->bytes;
    *first = host > import->start ? host : import->start;
    *last = end < import_end ? end : import_end;
    if (*last < *first) *last = *first;
}

/* Whether the device's copies to and from views go through their imported
 * pages (the import path, or the bar path where the device imports). */
static bool imports_views(const camp_device *dev) {
    return dev->copy_path == CAMP_COPY_IMPORT || (dev->copy_path == CAMP_COPY_BAR && dev->import_host);
}

/* Whether the device's DMA reaches imported pages whatever their
 * protection: a CPU device's DMA is its threads' memcpy, which it stops. */
static bool dma_ignores_protection(const camp_device *dev) {
    return dev->properties.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU;
}

/* Whether a copy out of the whole view may go by the DMA into its imported pages, once they are. */
static bool dma_serves(const camp_device *dev, const camp_region *view) {
    return imports_views(dev) && dma_ignores_protection(dev) && view->bytes >= IMPORT_ABOVE;
}

bool camp_transfer_importable(camp_device *dev, const camp_region *view) {
    return dma_serves(dev, view) && view->copied_large && !*import_of((camp_region *)view, dev);
}

void camp_transfer_import(camp_device *dev, camp_region *view) {
    struct camp_transfer *t = NULL;
    if (transfer_get(dev, &t) == CAMP_OK) (void)view_import(dev, view);
}

bool camp_transfer_out_dma_part(camp_device *dev, const camp_region *view, const char **first, const char **last) {
    const camp_host_import *import = *import_of((camp_region *)view, dev);
    if (!dma_serves(dev, view) || !import) return false;
    imported_part(import, view->host, view->bytes, first, last);
    /* as camp_transfer_out copies it: edges this small in the same wait */
    return *first < *last && (size_t)(*first - view->host) <= SMALL_COPY &&
           (size_t)(view->host + view->bytes - *last) <= SMALL_COPY;
}

/* ---- Recording ------------------------------------------------------------ */

/* The open batch of `q`, with a barrier first where `usage`'s last use
 * needs one before an access `access`; the use noted. */
static camp_status begin_copy(camp_accelerator_view *q, camp_usage *usage, uint32_t access) {
    bool barrier = false;
    CAMP_TRY(camp_queue_needs_barrier(q, usage, access, &barrier));
    CAMP_TRY(camp_queue_open(q));
    if (barrier) camp_queue_barrier(q);
    camp_queue_use(q, usage, access);
    return CAMP_OK;
}

/* The copy, by the copy kernel where it serves, else by vkCmdCopyBuffer;
 * timed on the device when profiling. `on_device`: both ends are device
 * memory, copied by kernel at any size. */
static void record_copy(camp_accelerator_view *q, enum camp_copy_direction direction, const camp_buffer *from,
                        VkDeviceSize from_offset, const camp_buffer *to, VkDeviceSize to_offset, VkDeviceSize bytes,
                        bool on_device) {
    if (!bytes) return;
    VkCommandBuffer commands = VK_NULL_HANDLE;
    uint32_t timed = 0;
    if (camp_rt.profiling) {
        commands = camp_replay_commands(q); /* timestamps around it: recorded directly */
        timed = camp_profile_device_copy_begin(q, commands, direction, bytes);
    }
    bool addressed = from->address && to->address;
    if (!addressed || !camp_copy_kernel_record(q, from->address + from_offset, to->address + to_offset, bytes, on_device))
        camp_cmd_copy(q, from->buffer, from->base + from_offset, to->buffer, to->base + to_offset, bytes);
    if (camp_rt.profiling) camp_profile_timed_end(q, commands, timed);
}

void camp_record_copy(camp_accelerator_view *q, enum camp_copy_direction direction, const camp_buffer *from,
                      VkDeviceSize from_offset, const camp_buffer *to, VkDeviceSize to_offset, VkDeviceSize bytes) {
    record_copy(q, direction, from, from_offset, to, to_offset, bytes, false);
}

void camp_record_device_copy(camp_accelerator_view *q, const camp_buffer *from, VkDeviceSize from_offset,
                             const camp_buffer *to, VkDeviceSize to_offset, VkDeviceSize bytes) {
    record_copy(q, CAMP_COPY_IN, from, from_offset, to, to_offset, bytes, true);
}

/* ---- Small copies: one staging buffer -------------------------------------------- */

static camp_status small_in(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                            const void *src, size_t bytes) {
    camp_buffer staging;
    CAMP_TRY(camp_buffer_acquire(device->owner, CAMP_BUFFER_STAGING, bytes, &staging));
    memcpy(staging.mapped, src, bytes);
    camp_status status = begin_copy(q, usage, CAMP_ACCESS_WRITE);
    if (status != CAMP_OK) {
        camp_buffer_release(&staging);
        return status;
    }
    camp_record_copy(q, CAMP_COPY_IN, &staging, 0, device, offset, bytes);
    CAMP_TRY(camp_queue_retire(q, &staging));
    return camp_queue_recorded(q);
}

static camp_status small_out(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                             void *dst, size_t bytes) {
    camp_buffer staging;
    CAMP_TRY(camp_buffer_acquire(device->owner, CAMP_BUFFER_STAGING, bytes, &staging));
    camp_status status = begin_copy(q, usage, CAMP_ACCESS_READ);
    if (status == CAMP_OK) {
        camp_record_copy(q, CAMP_COPY_OUT, device, offset, &staging, 0, bytes);
        q->open_commands++;
        status = camp_queue_finish_releasing(q); /* the staging buffer is this call's */
    }
    if (status == CAMP_OK) memcpy(dst, staging.mapped, bytes);
    camp_buffer_release(&staging); /* the queue is done with it, or never ran */
    return status;
}

/* ---- Pipelined copies: the staging ring ----------------------------------------- */

static camp_status ring_get(camp_device *dev, struct camp_transfer **out) {
    struct camp_transfer *t = NULL;
    CAMP_TRY(transfer_get(dev, &t));
    if (t->ring_ahead) { /* traced: a first copy may wait here for the thread making the ring */
        uint64_t start = camp_rt.profiling ? camp_profile_now() : 0;
        camp_buffer_ahead_take(t->ring_ahead, &t->ring);
        if (camp_rt.profiling) camp_profile_host_span("wait for the staging ring", start);
    }
    t->ring_ahead = NULL;
    if (!t->ring.buffer) CAMP_TRY(camp_buffer_acquire(dev, CAMP_BUFFER_STAGING, RING_SLOTS * RING_CHUNK, &t->ring));
    *out = t;
    return CAMP_OK;
}

/* The next slot, once the device is done with its last use. */
static camp_status slot_take(struct camp_transfer *t, uint32_t *out) {
    uint32_t s = t->next_slot++ % RING_SLOTS;
    ring_slot *slot = &t->slots[s];
    if (slot->queue) CAMP_TRY(camp_queue_wait_serial(slot->queue, slot->serial));
    slot->queue = NULL;
    *out = s;
    return CAMP_OK;
}

/* Chunks of a pipelined copy: at least four for the overlap (more cost a
 * submission each), within limits. */
static size_t chunk_size(size_t bytes, size_t least) {
    size_t chunk = bytes / 4;
    if (chunk < least) chunk = least;
    if (chunk > RING_CHUNK) chunk = RING_CHUNK;
    return chunk;
}

/* Records a copy of `slot` into the open batch and submits it. */
static camp_status slot_submit(struct camp_transfer *t, camp_accelerator_view *q, uint32_t s) {
    t->slots[s] = (ring_slot){q, q->open->serial};
    q->open_commands++;
    return camp_queue_flush(q);
}

static camp_status ring_in(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                           const char *src, size_t bytes) {
    struct camp_transfer *t = NULL;
    CAMP_TRY(ring_get(device->owner, &t));
    size_t chunk = chunk_size(bytes, CHUNK_MIN_IN);
    for (size_t done = 0; done < bytes; done += chunk) {
        size_t n = bytes - done < chunk ? bytes - done : chunk;
        uint32_t s;
        CAMP_TRY(slot_take(t, &s));
        /* The DMA of the chunks before this one runs meanwhile. */
        camp_parallel_memcpy(t->threads, (char *)t->ring.mapped + s * RING_CHUNK, src + done, n, false);
        CAMP_TRY(begin_copy(q, usage, CAMP_ACCESS_WRITE));
        camp_record_copy(q, CAMP_COPY_IN, &t->ring, s * RING_CHUNK, device, offset + done, n);
        CAMP_TRY(slot_submit(t, q, s));
    }
    return CAMP_OK;
}

static camp_status ring_out(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                            char *dst, size_t bytes) {
    struct camp_transfer *t = NULL;
    CAMP_TRY(ring_get(device->owner, &t));
    size_t chunk = chunk_size(bytes, CHUNK_MIN_OUT);
    size_t chunks = (bytes + chunk - 1) / chunk;
    uint32_t slot_of[RING_SLOTS];
    size_t submitted = 0;
    for (size_t k = 0; k < chunks; k++) {
        /* Keep the ring full: the DMA fills the next chunks while this one
         * is copied to the host. */
        for (; submitted < chunks && submitted < k + RING_SLOTS; submitted++) {
            uint32_t s;
            CAMP_TRY(slot_take(t, &s));
            slot_of[submitted % RING_SLOTS] = s;
            CAMP_TRY(begin_copy(q, usage, CAMP_ACCESS_READ));
            size_t from = submitted * chunk, n = bytes - from < chunk ? bytes - from : chunk;
            camp_record_copy(q, CAMP_COPY_OUT, device, offset + from, &t->ring, s * RING_CHUNK, n);
            CAMP_TRY(slot_submit(t, q, s));
        }
        uint32_t s = slot_of[k % RING_SLOTS];
        size_t from = k * chunk, n = bytes - from < chunk ? bytes - from : chunk;
        camp_copy_threads_ready(t->threads, n); /* awake by the time the DMA is done */
        CAMP_TRY(camp_queue_wait_serial(q, t->slots[s].serial));
        camp_parallel_memcpy(t->threads, dst + from, (char *)t->ring.mapped + s * RING_CHUNK, n, true);
    }
    return CAMP_OK;
}

static camp_status staged_in(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                             const char *src, size_t bytes) {
    if (!bytes) return CAMP_OK;
    return bytes <= SMALL_COPY ? small_in(q, device, offset, usage, src, bytes)
                               : ring_in(q, device, offset, usage, src, bytes);
}

static camp_status staged_out(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                              char *dst, size_t bytes) {
    if (!bytes) return CAMP_OK;
    return bytes <= SMALL_COPY ? small_out(q, device, offset, usage, dst, bytes)
                               : ring_out(q, device, offset, usage, dst, bytes);
}

/* ---- Public to the runtime ------------------------------------------------------ */

/* An asynchronous copy recorded on `q` uses `import`: its batch is
 * submitted, and the import outlives it (import_destroy waits). */
static camp_status import_busy(camp_host_import *import, camp_accelerator_view *q) {
    import->queue = q;
    import->serial = q->open->serial;
    return camp_queue_flush(q);
}

/* The import to use for this copy, or NULL (staging). */
static camp_status import_for(camp_device *dev, camp_region *host_view, size_t bytes, camp_host_import **out) {
    *out = NULL;
    if (!imports_views(dev) || !host_view || bytes < IMPORT_ABOVE) return CAMP_OK;
    /* A view's first large copy goes through staging: pinning its pages
     * costs more than one copy through staging (256 MiB: 20-25 ms against
     * 5-8 on an H200), which only a view copied again wins back. */
    if (!*import_of(host_view, dev) && !host_view->copied_large) {
        host_view->copied_large = true;
        return CAMP_OK;
    }
    struct camp_transfer *t = NULL;
    CAMP_TRY(transfer_get(dev, &t));
    *out = view_import(dev, host_view);
    return CAMP_OK;
}

/* The bar path's copy in: a memcpy over the copy threads into the
 * device's memory, once no command uses it. */
static camp_status bar_in(camp_buffer *device, VkDeviceSize offset, camp_usage *usage, const void *src, size_t bytes) {
    struct camp_transfer *t = NULL;
    CAMP_TRY(transfer_get(device->owner, &t));
    CAMP_TRY(camp_usage_wait(usage));
    camp_parallel_memcpy(t->threads, (char *)device->write_mapped + offset, src, bytes, false);
    return CAMP_OK;
}

camp_status camp_transfer_in(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                             const void *src, size_t bytes, camp_region *host_view, uint64_t *reading) {
    if (reading) *reading = 0;
    camp_host_import *import = NULL;
    CAMP_TRY(import_for(device->owner, host_view, bytes, &import));
    if (device->write_mapped && !import && bytes < CAMP_BAR_WRITES_BELOW) return bar_in(device, offset, usage, src, bytes);
    const char *host = src, *first = host, *last = host;
    if (import) imported_part(import, host, bytes, &first, &last);
    if (first == last) return staged_in(q, device, offset, usage, host, bytes);
    /* The ragged edges through staging, the middle straight from the
     * program's pages; the call returns once the DMA has read them, or
     * (given `reading`) with the import kept until it has. */
    CAMP_TRY(staged_in(q, device, offset, usage, host, (size_t)(first - host)));
    CAMP_TRY(staged_in(q, device, offset + (VkDeviceSize)(last - host), usage, last, (size_t)(host + bytes - last)));
    CAMP_TRY(begin_copy(q, usage, CAMP_ACCESS_WRITE));
    camp_record_copy(q, CAMP_COPY_IN, &(camp_buffer){.buffer = import->buffer}, (VkDeviceSize)(first - import->start), device,
                     offset + (VkDeviceSize)(first - host), (VkDeviceSize)(last - first));
    q->open_commands++;
    /* The caller may protect the pages while the DMA reads them. */
    if (reading && dma_ignores_protection(device->owner)) {
        *reading = q->open->serial;
        return import_busy(import, q);
    }
    /* With the lock held: another call could end the import meanwhile. */
    return camp_queue_finish(q);
}

/* An edge of an imported copy out (or an asynchronous copy out's whole
 * range): recorded into the open batch with a staging buffer of its own,
 * moved to the host after the batch's wait. */
static camp_status edge_record(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset, camp_usage *usage,
                               char *dst, size_t bytes, camp_copy_edge *edge) {
    *edge = (camp_copy_edge){.dst = dst, .bytes = bytes};
    if (!bytes) return CAMP_OK;
    CAMP_TRY(camp_buffer_acquire(device->owner, CAMP_BUFFER_STAGING, bytes, &edge->staging));
    CAMP_TRY(begin_copy(q, usage, CAMP_ACCESS_READ));
    camp_record_copy(q, CAMP_COPY_OUT, device, offset, &edge->staging, 0, bytes);
    q->open_commands++;
    return CAMP_OK;
}

camp_status camp_copy_edge_deliver(camp_copy_edge *edge, bool done) {
    camp_status status = CAMP_OK;
    if (done && edge->bytes && edge->staging.buffer)
        status = camp_transfer_memcpy(edge->staging.owner, edge->dst, edge->staging.mapped, edge->bytes);
    camp_buffer_release(&edge->staging);
    *edge = (camp_copy_edge){0};
    return status;
}

/* Parts of an imported copy out whose arrival is told (ends[k] ends part
 * k): each half of what is left, cut at 2 MiB (whole huge pages), so that
 * the host's work on a part's pages hides behind the DMA of the smaller
 * ones after it and only the last, of 2-4 MiB, is waited for alone. */
#define ARRIVAL_PARTS_MAX 12u
#define ARRIVAL_CUT ((uintptr_t)2 << 20)

static size_t arrival_parts(const char *first, const char *last, const char *ends[ARRIVAL_PARTS_MAX]) {
    size_t count = 0;
    for (const char *at = first; at < last; at = ends[count - 1]) {
        uintptr_t half = ((uintptr_t)at + (size_t)(last - at) / 2) & ~(ARRIVAL_CUT - 1);
        bool cut = count + 1 < ARRIVAL_PARTS_MAX && half > (uintptr_t)at && half - (uintptr_t)at >= ARRIVAL_CUT;
        ends[count++] = cut ? (const char *)half : last;
    }
    return count;
}

camp_status camp_transfer_out(camp_accelerator_view *q, camp_buffer *device, VkDeviceSize offset,
                              camp_usage *usage, void *dst, size_t bytes, camp_region *host_view,
                              camp_copy_edge later[2], const camp_arrival *arrived) {
    camp_host_import *import = NULL;
    CAMP_TRY(import_for(device->owner, host_view, bytes, &import));
    char *host = dst;
    const char *first = host, *last = host;
    if (import) imported_part(import, host, bytes, &first, &last);
    if (first == last && later) {
        CAMP_TRY(edge_record(q, device, offset, usage, host, bytes, &later[0]));
        return camp_queue_flush(q);
    }
    if (first == last) return staged_out(q, device, offset, usage, host, bytes);
    size_t head = (size_t)(first - host), tail = (size_t)(host + bytes - last);
    VkDeviceSize tail_offset = offset + (VkDeviceSize)(last - host);
    if (head > SMALL_COPY || tail > SMALL_COPY) {
        /* Edges this large (a driver's coarse import alignment) go first,
         * through the ring, whose waits let the lock go; the import is
         * looked up again after them, since another call may have ended it. */
        CAMP_TRY(staged_out(q, device, offset, usage, host, head));
        CAMP_TRY(staged_out(q, device, tail_offset, usage, host + (last - host), tail));
        import = view_import(device->owner, host_view);
        if (!import) return staged_out(q, device, offset + head, usage, host + head, (size_t)(last - first));
        head = tail = 0;
    }
    /* The edges, the middle straight into the program's pages, one
     * submission and one wait for the three, with the lock held: another
     * call could end the import while the DMA writes into it. An
     * asynchronous copy leaves the edges to the caller and keeps the
     * import until the copy is done. */
    camp_copy_edge own[2], *edges = later ? later : own;
    camp_status status = edge_record(q, device, offset, usage, host, head, &edges[0]);
    if (status == CAMP_OK)
        status = edge_record(q, device, tail_offset, usage, host + (last - host), tail, &edges[1]);
    else
        edges[1] = (camp_copy_edge){0};
    const char *ends[ARRIVAL_PARTS_MAX];
    uint64_t serials[ARRIVAL_PARTS_MAX];
    bool told = !later && arrived && arrived->bytes;
    size_t parts = told ? arrival_parts(first, last, ends) : (ends[0] = last, 1);
    for (size_t k = 0; k < parts && status == CAMP_OK; k++) {
        const char *from = k ? ends[k - 1] : first;
        status = begin_copy(q, usage, CAMP_ACCESS_READ);
        if (status != CAMP_OK) break;
        camp_record_copy(q, CAMP_COPY_OUT, device, offset + (VkDeviceSize)(from - host),
                         &(camp_buffer){.buffer = import->buffer}, (VkDeviceSize)(from - import->start),
                         (VkDeviceSize)(ends[k] - from));
        q->open_commands++;
        serials[k] = q->open->serial;
        if (parts > 1) status = camp_queue_flush(q);
    }
    if (later) return status == CAMP_OK ? import_busy(import, q) : camp_queue_flush(q);
    for (size_t k = 0; k < parts && status == CAMP_OK && told; k++) {
        status = camp_queue_wait_serial(q, serials[k]);
        if (status == CAMP_OK) arrived->bytes(arrived->context, k ? ends[k - 1] : first, ends[k]);
    }
    if (status == CAMP_OK) status = camp_queue_finish(q);
    else (void)camp_queue_finish(q); /* the edges' buffers may be recorded: let the queue finish with them */
    for (int e = 0; e < 2; e++) {
        bool own_delivery = status == CAMP_OK && arrived && arrived->edge && edges[e].bytes;
        if (own_delivery) arrived->edge(edges[e].dst, edges[e].staging.mapped, edges[e].bytes);
        camp_status delivered = camp_copy_edge_deliver(&edges[e], status == CAMP_OK && !own_delivery);
        if (status == CAMP_OK) status = delivered;
    }
    return status;
}

void camp_transfer_forget_queue(camp_accelerator_view *q) {
    struct camp_transfer *t = q->dev->transfer;
    if (!t) return;
    for (uint32_t s = 0; s < RING_SLOTS; s++)
        if (t->slots[s].queue == q) t->slots[s].queue = NULL;
    for (uint32_t i = 0; i < camp_rt.region_count; i++)
        for (camp_host_import *import = camp_rt.regions[i]->import; import; import = import->next)
            if (import->queue == q) import->queue = NULL; /* q was finished before it goes */
}

void camp_transfer_destroy(camp_device *dev) {
    struct camp_transfer *t = dev->transfer;
    if (!t) return;
    /* Views' imports go with their regions, before the devices close. */
    if (t->ring_ahead) camp_buffer_ahead_cancel(t->ring_ahead);
    camp_buffer_destroy(&t->ring);
    camp_copy_threads_stop(t->threads);
    free(t);
    dev->transfer = NULL;
}
