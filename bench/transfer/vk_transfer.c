/* vk_transfer — the hand-written baselines for host<->device copies: every
 * way the Vulkan loader (no libcamp) offers to move a program's malloc'd
 * bytes into and out of device-local memory, timed at sizes from 4 KiB up.
 * Every copy is checked byte for byte before its time counts. Not a timed
 * test; docs/performance.md ("Transfer baselines") describes each path and
 * the lines printed:
 *   BENCH name=transfer size=<bytes> impl=<path> ms=<median> value=<GB/s>
 *         unit=GB/s reps=<n> best_ms=<min> best_value=<GB/s at min>
 *   BENCH name=alloc size=<bytes> impl=<what> ms=<median> value=<ms> unit=ms
 *         reps=<n> best_ms=<min>
 * and comment lines starting with '#'.
 * usage: vk_transfer [--quick] [--min SIZE] [--max SIZE] [--reps N]
 *                    [--threads N] [--chunk SIZE] [--dma-share PERCENT]
 *                    [--queue transfer|compute] [--require-all]
 * (SIZE: bytes, or with a K, M or G suffix: KiB, MiB, GiB). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sysconf */
#include "host_threads.h"
#include "pattern.h"
#include "transfer_device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Staging slots of the pipelined paths: the DMA of one slot overlaps the
 * memcpy of the next, with two more in flight so a late wake-up on either
 * side does not stall the other. */
enum { RING_SLOTS = 4, PAGE = 4096, MAX_THREADS = 16 };
_Static_assert((int)RING_SLOTS >= (int)XFER_MAX_QUEUES, "a command buffer per queue comes from the ring's");
#define KIB ((size_t)1024)
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)
#define ALLOCATION_SIZE (256 * MIB) /* of the vkAllocateMemory measurement, at most */

typedef enum { H2D, D2H } direction;

typedef struct {
    size_t min, max;  /* sizes: min, 4 min, 16 min, ... up to max, and max */
    size_t chunk;     /* of the pipelined paths */
    size_t min_slice; /* the least memcpy, fill or check work given to one thread */
    int reps;         /* timed repetitions (after one warm-up) */
    int dma_share;    /* percent of vulkan-import-bar-h2d's bytes the DMA engine moves */
    int threads;
    bool transfer_queue, require_all;
} options;

typedef struct {
    options opt;
    xfer_device device;
    host_threads *team;
    void *user_block; /* the program's memory, from malloc */
    char *user;       /* its first page-aligned (import-aligned) byte */
    size_t user_alignment;
    xfer_buffer device_local, staging, bar;
    size_t bar_capacity; /* bytes of the BAR buffer; 0: no such memory */
    xfer_buffer imported; /* the cached import of the path being measured */
    VkCommandBuffer commands[RING_SLOTS];
    uint32_t seed; /* the last seed used: each fill gets a new one */
    double *times, *more_times;
    int skipped;
} bench;

typedef struct path path;
struct path {
    const char *impl;
    direction dir;
    bool host_is_staging; /* moves the staging buffer's bytes, not the program's */
    bool device_is_bar;   /* its device side is the BAR buffer */
    bool imports;         /* needs VK_EXT_external_memory_host */
    bool cached_import;   /* imports the program's pages once, before timing */
    double (*copy)(bench *b, const path *p, size_t size); /* one timed copy, in ms */
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }
static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }
static size_t import_size(bench *b, size_t size) { return round_up(size, b->user_alignment); }

/* ---- Copies ------------------------------------------------------------------ */

/* Records and submits to queue `queue` one copy between a host-side and a
 * device-side buffer. */
static xfer_ticket dma_on(bench *b, uint32_t queue, VkCommandBuffer commands, const xfer_buffer *host,
                          size_t host_offset, const xfer_buffer *device, size_t device_offset, size_t size,
                          direction dir) {
    if (dir == H2D)
        xfer_record_copy(commands, host->buffer, host_offset, device->buffer, device_offset, size, false);
    else
        xfer_record_copy(commands, device->buffer, device_offset, host->buffer, host_offset, size, true);
    return xfer_submit(&b->device, queue, commands);
}

/* The same on the first queue. */
static xfer_ticket dma(bench *b, VkCommandBuffer commands, const xfer_buffer *host, size_t host_offset,
                       const xfer_buffer *device, size_t device_offset, size_t size, direction dir) {
    return dma_on(b, 0, commands, host, host_offset, device, device_offset, size, dir);
}

static void import_user(bench *b, size_t size, xfer_buffer *out) {
    VkResult result = xfer_buffer_import(&b->device, b->user, import_size(b, size), out);
    if (result != VK_SUCCESS) {
        fprintf(stderr, "vk_transfer: importing %zu bytes of malloc'd memory failed: VkResult %d\n", size,
                (int)result);
        exit(1);
    }
}

/* Import: the DMA engine reads or writes the program's pages, imported
 * before the clock starts. */
static double import_cached(bench *b, const path *p, size_t size) {
    double start = now_ms();
    xfer_wait(&b->device, dma(b, b->commands[0], &b->imported, 0, &b->device_local, 0, size, p->dir));
    return now_ms() - start;
}

/* Import split over the queue family's queues (up to XFER_MAX_QUEUES), one
 * page-aligned part and one submission per queue, submitted together:
 * whether several DMA engines move more than one. */
static double import_queues(bench *b, const path *p, size_t size) {
    uint32_t queues = b->device.queue_count, used = 0;
    size_t part = round_up((size + queues - 1) / queues, PAGE);
    xfer_ticket done[XFER_MAX_QUEUES];
    double start = now_ms();
    for (size_t offset = 0; offset < size; offset += part, used++)
        done[used] = dma_on(b, used, b->commands[used], &b->imported, offset, &b->device_local, offset,
                            min_size(part, size - offset), p->dir);
    for (uint32_t q = 0; q < used; q++) xfer_wait(&b->device, done[q]);
    return now_ms() - start;
}

/* Import for this copy alone: the pages imported before it and released
 * after it, both timed. */
static double import_per_copy(bench *b, const path *p, size_t size) {
    double start = now_ms();
    xfer_buffer imported;
    import_user(b, size, &imported);
    xfer_wait(&b->device, dma(b, b->commands[0], &imported, 0, &b->device_local, 0, size, p->dir));
    xfer_buffer_destroy(&b->device, &imported);
    return now_ms() - start;
}

/* BAR: the host threads write straight into device-local host-visible
 * memory (the resizable BAR); no submission. */
static double bar_write(bench *b, const path *p, size_t size) {
    (void)p;
    double start = now_ms();
    host_threads_copy(b->team, b->bar.map, b->user, size, b->opt.min_slice);
    return now_ms() - start;
}

/* Import and BAR side by side, to see whether the bus carries more than either
 * alone: the DMA engine copies the first opt.dma_share percent from the
 * imported pages while the host threads write the rest through the BAR,
 * both into the BAR buffer. */
static double import_and_bar(bench *b, const path *p, size_t size) {
    (void)p;
    size_t dma_bytes = min_size(round_up(size / 100 * b->opt.dma_share, PAGE), size);
    double start = now_ms();
    xfer_ticket done = {0};
    if (dma_bytes) done = dma(b, b->commands[0], &b->imported, 0, &b->bar, 0, dma_bytes, H2D);
    host_threads_copy(b->team, (char *)b->bar.map + dma_bytes, b->user + dma_bytes, size - dma_bytes,
                      b->opt.min_slice);
    if (dma_bytes) xfer_wait(&b->device, done);
    return now_ms() - start;
}

/* Staging: memcpy over the host threads into the staging buffer, then
 * the DMA (or the DMA, then memcpy out), one after the other. */
static double staging_sequential(bench *b, const path *p, size_t size) {
    double start = now_ms();
    if (p->dir == H2D) host_threads_copy(b->team, b->staging.map, b->user, size, b->opt.min_slice);
    xfer_wait(&b->device, dma(b, b->commands[0], &b->staging, 0, &b->device_local, 0, size, p->dir));
    if (p->dir == D2H) host_threads_copy(b->team, b->user, b->staging.map, size, b->opt.min_slice);
    return now_ms() - start;
}

/* Staging, pipelined: chunks through RING_SLOTS staging slots, one
 * submission per chunk; host->device copies chunk k + 1 into its slot while
 * the DMA moves chunk k, device->host copies chunk k out while the DMA
 * fills the next slots. */
static double staging_pipelined(bench *b, const path *p, size_t size) {
    xfer_device *d = &b->device;
    size_t chunk = b->opt.chunk, chunks = (size + chunk - 1) / chunk;
    xfer_ticket done[RING_SLOTS] = {{0}}; /* each slot's latest copy (value 0: none) */
    char *ring = b->staging.map;
    double start = now_ms();
    if (p->dir == H2D) {
        for (size_t k = 0; k < chunks; k++) {
            size_t slot = k % RING_SLOTS, offset = k * chunk, length = min_size(chunk, size - offset);
            if (done[slot].value) xfer_wait(d, done[slot]);
            host_threads_copy(b->team, ring + slot * chunk, b->user + offset, length, b->opt.min_slice);
            done[slot] = dma(b, b->commands[slot], &b->staging, slot * chunk, &b->device_local, offset, length, H2D);
        }
        /* A submission's signal also covers every earlier one to its queue. */
        xfer_wait(d, done[(chunks - 1) % RING_SLOTS]);
    } else {
        for (size_t k = 0; k < chunks && k < RING_SLOTS; k++)
            done[k] = dma(b, b->commands[k], &b->staging, k * chunk, &b->device_local, k * chunk,
                          min_size(chunk, size - k * chunk), D2H);
        for (size_t k = 0; k < chunks; k++) {
            size_t slot = k % RING_SLOTS, offset = k * chunk, length = min_size(chunk, size - offset);
            xfer_wait(d, done[slot]);
            host_threads_copy(b->team, b->user + offset, ring + slot * chunk, length, b->opt.min_slice);
            size_t next = k + RING_SLOTS, next_offset = next * chunk;
            if (next < chunks)
                done[slot] = dma(b, b->commands[slot], &b->staging, slot * chunk, &b->device_local, next_offset,
                                 min_size(chunk, size - next_offset), D2H);
        }
    }
    return now_ms() - start;
}

/* The DMA between the staging buffer and device-local memory alone, no
 * host copy: what the DMA engine gives pinned memory. */
static double dma_alone(bench *b, const path *p, size_t size) {
    double start = now_ms();
    xfer_wait(&b->device, dma(b, b->commands[0], &b->staging, 0, &b->device_local, 0, size, p->dir));
    return now_ms() - start;
}

static const path paths[] = {
    {"vulkan-import-h2d", H2D, false, false, true, true, import_cached},
    {"vulkan-import-queues-h2d", H2D, false, false, true, true, import_queues},
    {"vulkan-import-uncached-h2d", H2D, false, false, true, false, import_per_copy},
    {"vulkan-bar-h2d", H2D, false, true, false, false, bar_write},
    {"vulkan-import-bar-h2d", H2D, false, true, true, true, import_and_bar},
    {"vulkan-staging-h2d", H2D, false, false, false, false, staging_sequential},
    {"vulkan-staging-pipelined-h2d", H2D, false, false, false, false, staging_pipelined},
    {"vulkan-dma-h2d", H2D, true, false, false, false, dma_alone},
    {"vulkan-import-d2h", D2H, false, false, true, true, import_cached},
    {"vulkan-import-queues-d2h", D2H, false, false, true, true, import_queues},
    {"vulkan-import-uncached-d2h", D2H, false, false, true, false, import_per_copy},
    {"vulkan-staging-d2h", D2H, false, false, false, false, staging_sequential},
    {"vulkan-staging-pipelined-d2h", D2H, false, false, false, false, staging_pipelined},
    {"vulkan-dma-d2h", D2H, true, false, false, false, dma_alone},
};

/* ---- Measuring --------------------------------------------------------------- */

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts `ms`; *median and *best of it. */
static void summarize(double *ms, int count, double *median, double *best) {
    qsort(ms, (size_t)count, sizeof *ms, by_value);
    *median = ms[count / 2];
    *best = ms[0];
}

static void report_transfer(const char *impl, size_t size, double *ms, int count, const bench *b) {
    double median, best;
    summarize(ms, count, &median, &best);
    printf("BENCH name=transfer size=%zu impl=%s ms=%.6f value=%.3f unit=GB/s reps=%d best_ms=%.6f best_value=%.3f",
           size, impl, median, size / median / 1e6, count, best, size / best / 1e6);
    if (strstr(impl, "pipelined")) printf(" chunk=%zu", b->opt.chunk);
    if (strstr(impl, "queues")) printf(" queues=%u", b->device.queue_count);
    if (strcmp(impl, "vulkan-import-bar-h2d") == 0) printf(" dma_share=%d", b->opt.dma_share);
    printf("\n");
    fflush(stdout);
}

static void report_alloc(const char *impl, size_t size, double *ms, int count) {
    double median, best;
    summarize(ms, count, &median, &best);
    printf("BENCH name=alloc size=%zu impl=%s ms=%.6f value=%.6f unit=ms reps=%d best_ms=%.6f\n", size, impl, median,
           median, count, best);
    fflush(stdout);
}

static void skip(bench *b, const char *impl, size_t size, const char *why) {
    printf("# skipped impl=%s size=%zu: %s\n", impl, size, why);
    b->skipped++;
}

static char *host_side(bench *b, const path *p) { return p->host_is_staging ? b->staging.map : b->user; }
static xfer_buffer *device_side(bench *b, const path *p) { return p->device_is_bar ? &b->bar : &b->device_local; }

static void check(bench *b, const path *p, size_t size, int rep, const void *data, uint32_t seed) {
    uint32_t got, wanted;
    size_t bad = pattern_mismatch(b->team, data, size, seed, b->opt.min_slice, &got, &wanted);
    if (bad == SIZE_MAX) return;
    fprintf(stderr,
            "vk_transfer: %s, %zu bytes, copy %d (0: the warm-up): wrong bytes at offset %zu (0x%08x where 0x%08x "
            "belongs)\n",
            p->impl, size, rep + 1, bad, (unsigned)got, (unsigned)wanted);
    exit(1);
}

/* The device-side bytes the copy wrote, read back through the staging
 * buffer. */
static void check_device(bench *b, const path *p, size_t size, int rep, uint32_t seed) {
    xfer_wait(&b->device, dma(b, b->commands[0], &b->staging, 0, device_side(b, p), 0, size, D2H));
    check(b, p, size, rep, b->staging.map, seed);
}

/* Device-local memory holds the pattern of the returned seed. */
static uint32_t fill_device(bench *b, size_t size) {
    uint32_t seed = ++b->seed;
    pattern_fill(b->team, b->staging.map, size, seed, b->opt.min_slice);
    xfer_wait(&b->device, dma(b, b->commands[0], &b->staging, 0, &b->device_local, 0, size, H2D));
    return seed;
}

/* One warm-up and opt.reps timed copies, each with its own bytes: a new
 * pattern in the source (host->device) or over the destination
 * (device->host), so a copy that did not happen cannot pass the check. */
static void measure(bench *b, const path *p, size_t size) {
    if (p->imports && !b->device.host_import) {
        skip(b, p->impl, size, "no VK_EXT_external_memory_host");
        return;
    }
    if (p->device_is_bar && size > b->bar_capacity) {
        skip(b, p->impl, size,
             b->bar_capacity ? "larger than the BAR allocation" : "no device-local host-visible memory");
        return;
    }
    if (p->cached_import) import_user(b, size, &b->imported);
    uint32_t device_seed = p->dir == D2H ? fill_device(b, size) : 0;
    char *host = host_side(b, p);
    for (int rep = -1; rep < b->opt.reps; rep++) {
        uint32_t seed = ++b->seed;
        pattern_fill(b->team, host, size, seed, b->opt.min_slice);
        double ms = p->copy(b, p, size);
        if (p->dir == H2D)
            check_device(b, p, size, rep, seed);
        else
            check(b, p, size, rep, host, device_seed);
        if (rep >= 0) b->times[rep] = ms;
    }
    if (p->cached_import) xfer_buffer_destroy(&b->device, &b->imported);
    report_transfer(p->impl, size, b->times, b->opt.reps, b);
}

/* What importing the program's pages costs (the pinning a cache of imports
 * saves): the first import of the range at this size (smaller prefixes of
 * it were imported before), then import and release, repeated. The pages
 * are written first, as a program's would be, so that no import pays for
 * faulting them in. */
static void measure_import(bench *b, size_t size) {
    if (!b->device.host_import) return;
    pattern_fill(b->team, b->user, size, ++b->seed, b->opt.min_slice);
    xfer_buffer imported;
    double start = now_ms();
    import_user(b, size, &imported);
    double first = now_ms() - start;
    xfer_buffer_destroy(&b->device, &imported);
    for (int rep = 0; rep < b->opt.reps; rep++) {
        start = now_ms();
        import_user(b, size, &imported);
        double middle = now_ms();
        xfer_buffer_destroy(&b->device, &imported);
        b->times[rep] = middle - start;
        b->more_times[rep] = now_ms() - middle;
    }
    report_alloc("vulkan-import-host-first", size, &first, 1);
    report_alloc("vulkan-import-host", size, b->times, b->opt.reps);
    report_alloc("vulkan-import-host-release", size, b->more_times, b->opt.reps);
}

/* vkAllocateMemory and vkFreeMemory of device-local memory (the memory
 * type of the device-local buffer): the first allocation of the process,
 * then allocation and release, repeated. */
static void measure_allocation(bench *b, size_t size) {
    xfer_device *d = &b->device;
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
    };
    VkBuffer probe;
    VK(vkCreateBuffer(d->device, &info, NULL, &probe));
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(d->device, probe, &needs);
    vkDestroyBuffer(d->device, probe, NULL);
    VkMemoryAllocateInfo allocate = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = needs.size,
        .memoryTypeIndex = xfer_memory_type(d, needs.memoryTypeBits, xfer_device_local_memory, 2),
    };
    if (allocate.memoryTypeIndex == UINT32_MAX) xfer_fail("no device-local memory type");
    for (int rep = -1; rep < b->opt.reps; rep++) {
        VkDeviceMemory memory;
        double start = now_ms();
        VK(vkAllocateMemory(d->device, &allocate, NULL, &memory));
        double middle = now_ms();
        vkFreeMemory(d->device, memory, NULL);
        double allocated = middle - start, freed = now_ms() - middle;
        if (rep < 0) {
            report_alloc("vulkan-allocate-first", size, &allocated, 1);
            continue;
        }
        b->times[rep] = allocated;
        b->more_times[rep] = freed;
    }
    report_alloc("vulkan-allocate", size, b->times, b->opt.reps);
    report_alloc("vulkan-free", size, b->more_times, b->opt.reps);
}

/* ---- Set-up -------------------------------------------------------------------- */

static void describe_memory(const char *what, const xfer_device *d, const xfer_buffer *buffer, size_t bytes) {
    VkMemoryPropertyFlags flags = buffer->flags;
    uint32_t heap = d->memory.memoryTypes[buffer->type].heapIndex;
    printf("# %s: %zu bytes in memory type %u (%s%s%s%s), heap %u of %llu bytes\n", what, bytes, buffer->type,
           flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT ? "device-local " : "",
           flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT ? "host-visible " : "",
           flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT ? "host-coherent " : "",
           flags & VK_MEMORY_PROPERTY_HOST_CACHED_BIT ? "host-cached" : "", heap,
           (unsigned long long)d->memory.memoryHeaps[heap].size);
}

static void create_buffer(bench *b, const char *what, size_t size, const xfer_memory_choice *choices, int count,
                          bool map, xfer_buffer *out) {
    VkResult result = xfer_buffer_create(&b->device, size, choices, count, map, out);
    if (result != VK_SUCCESS) {
        fprintf(stderr, "vk_transfer: no memory for the %s buffer of %zu bytes (VkResult %d)\n", what, size,
                (int)result);
        exit(1);
    }
    describe_memory(what, &b->device, out, size);
}

/* The BAR buffer, as large as the device allows up to `size`; none where
 * the device has no device-local host-visible memory. */
static void create_bar(bench *b, size_t size) {
    if (xfer_memory_type(&b->device, UINT32_MAX, xfer_bar_memory, 1) == UINT32_MAX) {
        printf("# BAR: no device-local host-visible memory type\n");
        return;
    }
    for (; size >= b->opt.min; size /= 2)
        if (xfer_buffer_create(&b->device, size, xfer_bar_memory, 1, true, &b->bar) == VK_SUCCESS) {
            b->bar_capacity = size;
            describe_memory("BAR", &b->device, &b->bar, size);
            return;
        }
    printf("# BAR: the device refused even %zu bytes of device-local host-visible memory\n", b->opt.min);
}

static void create_bench(bench *b) {
    xfer_device *d = &b->device;
    xfer_device_create(d, b->opt.transfer_queue);
    b->team = host_threads_start(b->opt.threads);
    b->times = calloc((size_t)b->opt.reps, sizeof *b->times);
    b->more_times = calloc((size_t)b->opt.reps, sizeof *b->more_times);
    if (!b->team || !b->times || !b->more_times) xfer_fail("out of host memory");
    printf("# vk_transfer: %s (Vulkan %u.%u, driver version 0x%x)\n", d->properties.deviceName,
           VK_API_VERSION_MAJOR(d->properties.apiVersion), VK_API_VERSION_MINOR(d->properties.apiVersion),
           (unsigned)d->properties.driverVersion);
    printf("# queue family %u (%s, %u queues used), %d host threads (at least %zu bytes each), pipelined chunk %zu bytes x %d slots, "
           "%d timed repetitions after one warm-up\n",
           d->queue_family,
           d->queue_flags & (VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT) ? "with compute" : "transfer only",
           d->queue_count,
           b->opt.threads, b->opt.min_slice, b->opt.chunk, RING_SLOTS, b->opt.reps);

    /* First, before this process allocates any device memory. */
    measure_allocation(b, min_size(ALLOCATION_SIZE, b->opt.max));

    b->user_alignment = PAGE;
    if (d->host_import) {
        if (d->import_alignment > b->user_alignment) b->user_alignment = d->import_alignment;
        printf("# VK_EXT_external_memory_host: imports aligned to %llu bytes\n",
               (unsigned long long)d->import_alignment);
    } else {
        printf("# no VK_EXT_external_memory_host: the import paths are skipped\n");
    }
    b->user_block = malloc(b->opt.max + 2 * b->user_alignment);
    if (!b->user_block) xfer_fail("out of host memory");
    b->user = (char *)round_up((size_t)b->user_block, b->user_alignment);

    create_buffer(b, "device-local", b->opt.max, xfer_device_local_memory, 2, false, &b->device_local);
    size_t ring = RING_SLOTS * b->opt.chunk;
    create_buffer(b, "staging", b->opt.max > ring ? b->opt.max : ring, xfer_staging_memory, 3, true, &b->staging);
    create_bar(b, b->opt.max);
    for (int i = 0; i < RING_SLOTS; i++) b->commands[i] = xfer_commands(d);
}

static void destroy_bench(bench *b) {
    xfer_device *d = &b->device;
    VK(vkDeviceWaitIdle(d->device));
    if (b->bar_capacity) xfer_buffer_destroy(d, &b->bar);
    xfer_buffer_destroy(d, &b->staging);
    xfer_buffer_destroy(d, &b->device_local);
    xfer_device_destroy(d);
    host_threads_stop(b->team);
    free(b->user_block);
    free(b->more_times);
    free(b->times);
}

/* ---- Options ----------------------------------------------------------------- */

static void usage(void) {
    fprintf(stderr,
            "usage: vk_transfer [--quick] [--min SIZE] [--max SIZE] [--reps N] [--threads N] [--chunk SIZE]\n"
            "                   [--dma-share PERCENT] [--queue transfer|compute] [--require-all]\n"
            "  sizes go from --min (4K) by factors of 4 up to --max (1G); SIZE is bytes or has a K, M or G suffix\n"
            "  --quick: 4K to 256K, 16K chunks, work shared out down to 4K per thread (exercises every path)\n"
            "  --reps: timed repetitions per path and size, at least 6 (7)\n"
            "  --threads: host threads for memcpy (the number of cores, at most 16)\n"
            "  --chunk: chunk of the pipelined staging paths (8M)\n"
            "  --dma-share: percent of vulkan-import-bar-h2d's bytes moved by DMA, the rest by BAR writes (50)\n"
            "  --queue: a transfer-only queue family if the device has one (default), or the compute queue\n"
            "  --require-all: fail if any path is skipped on this device\n");
    exit(2);
}

static size_t parse_size(const char *text) {
    char *end;
    unsigned long long n = strtoull(text, &end, 10);
    size_t unit = *end == 'K' ? KIB : *end == 'M' ? MIB : *end == 'G' ? GIB : 1;
    if (unit != 1) end++;
    if (end == text || *end || n == 0 || n > SIZE_MAX / unit) usage();
    return (size_t)n * unit;
}

static options parse_options(int argc, char **argv) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    options opt = {
        .min = 4 * KIB,
        .max = GIB,
        .chunk = 8 * MIB,
        .min_slice = 256 * KIB,
        .reps = 7,
        .dma_share = 50,
        .threads = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores,
        .transfer_queue = true,
    };
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--quick") == 0) opt.max = 256 * KIB, opt.chunk = 16 * KIB, opt.min_slice = 4 * KIB;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "--quick") == 0) continue;
        if (strcmp(arg, "--require-all") == 0) {
            opt.require_all = true;
            continue;
        }
        if (!value) usage();
        i++;
        if (strcmp(arg, "--min") == 0)
            opt.min = parse_size(value);
        else if (strcmp(arg, "--max") == 0)
            opt.max = parse_size(value);
        else if (strcmp(arg, "--chunk") == 0)
            opt.chunk = parse_size(value);
        else if (strcmp(arg, "--reps") == 0)
            opt.reps = atoi(value);
        else if (strcmp(arg, "--threads") == 0)
            opt.threads = atoi(value);
        else if (strcmp(arg, "--dma-share") == 0)
            opt.dma_share = atoi(value);
        else if (strcmp(arg, "--queue") == 0 && (strcmp(value, "transfer") == 0 || strcmp(value, "compute") == 0))
            opt.transfer_queue = strcmp(value, "transfer") == 0;
        else
            usage();
    }
    if (opt.min % PAGE || opt.max % PAGE || opt.chunk % PAGE || opt.min > opt.max) {
        fprintf(stderr, "vk_transfer: sizes and the chunk must be multiples of 4K, --min at most --max\n");
        exit(2);
    }
    if (opt.reps < 6 || opt.threads < 1 || opt.dma_share < 0 || opt.dma_share > 100) usage();
    return opt;
}

int main(int argc, char **argv) {
    bench b = {.opt = parse_options(argc, argv)};
    create_bench(&b);
    for (size_t size = b.opt.min;; size = size * 4 > b.opt.max && size < b.opt.max ? b.opt.max : size * 4) {
        measure_import(&b, size);
        for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) measure(&b, &paths[i], size);
        if (size >= b.opt.max) break;
    }
    printf("# every copy checked: ok%s\n", b.skipped ? " (some paths skipped, see above)" : "");
    destroy_bench(&b);
    if (b.opt.require_all && b.skipped) {
        fprintf(stderr, "vk_transfer: %d measurements skipped and --require-all was given\n", b.skipped);
        return 1;
    }
    return 0;
}
