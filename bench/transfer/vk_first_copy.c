/* vk_first_copy — the floor under a program's first copy in: what the
 * fastest hand-written Vulkan path moves when a process copies its
 * malloc'd data to the device right after opening it, as a program whose
 * first kernel opens the device does (bench/sync/matvec_globals.c), against
 * the same path's later copies in the same process. The host fills its
 * data before the device opens; the device-local buffer (or, for `bar`,
 * the host-visible device memory the data goes to) is made before the
 * clock starts (its time is printed apart, target_ms), as an array's
 * buffer is made before its copy; what the first copy needs besides is
 * timed with it: the staging memory's allocation, mapping and first touch,
 * or the import of the pages. With --fill-after the host fills its data
 * after the device opens, as bench/transfer/first_copy_sizes.c does.
 *   BENCH name=first_copy impl=vulkan-<path> size=<bytes> target_ms=<ms>
 *         first_ms=<ms> first_value=<GB/s> later_ms=<best of the later
 *         copies> later_value=<GB/s> ratio=<first GB/s / later GB/s>
 *         unit=GB/s
 * Each copy is checked byte for byte, after its time is taken.
 * usage: vk_first_copy staging|ring|import|bar [--size MIB] [--threads N]
 *        [--reps N] [--fill-after 1]   (staging: one buffer of the copy's
 *        size; ring: two 8 MiB slots the copy goes through in turn) */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "host_threads.h"
#include "pattern.h"
#include "transfer_device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MIB ((size_t)1 << 20)
enum { RING_SLOTS = 2, MIN_SLICE = 256 << 10, SEED = 7 };
static const size_t RING_CHUNK = 8 * MIB;

typedef enum { STAGING, RING, IMPORT, BAR } path;
static const char *const path_names[] = {"staging", "ring", "import", "bar"};

typedef struct {
    path path;
    size_t size;
    xfer_device device;
    host_threads *team;
    char *user;            /* the program's data: malloc'd, import-aligned */
    xfer_buffer target;    /* device-local (bar: host-visible device-local) */
    xfer_buffer host;      /* staging or the ring, or the imported pages; made by the first copy */
    bool host_made;
    VkCommandBuffer commands[RING_SLOTS];
} bench;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void make_host_side(bench *b) {
    if (b->host_made || b->path == BAR) return;
    VkResult result = b->path == IMPORT
                          ? xfer_buffer_import(&b->device, b->user, b->size, &b->host)
                          : xfer_buffer_create(&b->device, b->path == RING ? RING_SLOTS * RING_CHUNK : b->size,
                                               xfer_staging_memory, 3, true, &b->host);
    if (result != VK_SUCCESS) xfer_fail(b->path == IMPORT ? "importing the pages failed" : "no staging memory");
    b->host_made = true;
}

static xfer_ticket dma(bench *b, int slot, size_t host_offset, size_t offset, size_t length) {
    xfer_record_copy(b->commands[slot], b->host.buffer, host_offset, b->target.buffer, offset, length, false);
    return xfer_submit(&b->device, 0, b->commands[slot]);
}

/* One copy of the data to the target, making what it needs on the first. */
static double copy(bench *b) {
    double start = now_ms();
    make_host_side(b);
    switch (b->path) {
    case BAR: host_threads_copy(b->team, b->target.map, b->user, b->size, MIN_SLICE); break;
    case IMPORT: xfer_wait(&b->device, dma(b, 0, 0, 0, b->size)); break;
    case STAGING:
        host_threads_copy(b->team, b->host.map, b->user, b->size, MIN_SLICE);
        xfer_wait(&b->device, dma(b, 0, 0, 0, b->size));
        break;
    case RING: { /* the host fills one slot while the DMA moves the other */
        xfer_ticket done[RING_SLOTS] = {{0}};
        size_t chunks = (b->size + RING_CHUNK - 1) / RING_CHUNK;
        for (size_t k = 0; k < chunks; k++) {
            int slot = (int)(k % RING_SLOTS);
            size_t offset = k * RING_CHUNK, length = b->size - offset < RING_CHUNK ? b->size - offset : RING_CHUNK;
            if (done[slot].value) xfer_wait(&b->device, done[slot]);
            host_threads_copy(b->team, (char *)b->host.map + slot * RING_CHUNK, b->user + offset, length, MIN_SLICE);
            done[slot] = dma(b, slot, slot * RING_CHUNK, offset, length);
        }
        xfer_wait(&b->device, done[(chunks - 1) % RING_SLOTS]);
        break;
    }
    }
    return now_ms() - start;
}

/* The target's bytes, read back through a staging buffer of its own. */
static void check(bench *b) {
    xfer_buffer back;
    if (xfer_buffer_create(&b->device, b->size, xfer_staging_memory, 3, true, &back) != VK_SUCCESS)
        xfer_fail("no memory to check the copy");
    xfer_record_copy(b->commands[0], b->target.buffer, 0, back.buffer, 0, b->size, true);
    xfer_wait(&b->device, xfer_submit(&b->device, 0, b->commands[0]));
    uint32_t got, wanted;
    size_t at = pattern_mismatch(b->team, back.map, b->size, SEED, MIN_SLICE, &got, &wanted);
    if (at != SIZE_MAX) {
        fprintf(stderr, "vk_first_copy: byte %zu is 0x%08x, not 0x%08x\n", at, got, wanted);
        exit(1);
    }
    xfer_buffer_destroy(&b->device, &back);
}

int main(int argc, char **argv) {
    bench b = {.size = 64 * MIB};
    int threads = 8, reps = 5, fill_after = 0;
    if (argc < 2) goto usage;
    for (b.path = STAGING; b.path <= BAR && strcmp(argv[1], path_names[b.path]); b.path++) {}
    if (b.path > BAR) goto usage;
    for (int i = 2; i + 1 < argc; i += 2) {
        long v = strtol(argv[i + 1], NULL, 10);
        if (!strcmp(argv[i], "--size") && v > 0) b.size = (size_t)v * MIB;
        else if (!strcmp(argv[i], "--threads") && v > 0) threads = (int)v;
        else if (!strcmp(argv[i], "--reps") && v > 0) reps = (int)v;
        else if (!strcmp(argv[i], "--fill-after")) fill_after = v != 0;
        else goto usage;
    }
    b.team = host_threads_start(threads);
    b.user = aligned_alloc(64 << 10, b.size); /* the import alignment of every device we know */
    if (!b.team || !b.user) xfer_fail("out of host memory");
    if (!fill_after) pattern_fill(b.team, b.user, b.size, SEED, MIN_SLICE); /* the program's work, before its first kernel */
    double open = now_ms();
    xfer_device_create(&b.device, false);
    open = now_ms() - open;
    if (fill_after) pattern_fill(b.team, b.user, b.size, SEED, MIN_SLICE);
    if (b.path == IMPORT && !b.device.host_import) {
        printf("# vk_first_copy: %s has no VK_EXT_external_memory_host\n", b.device.properties.deviceName);
        return 0;
    }
    double target = now_ms();
    VkResult made = xfer_buffer_create(&b.device, b.size, b.path == BAR ? xfer_bar_memory : xfer_device_local_memory,
                                       b.path == BAR ? 1 : 2, b.path == BAR, &b.target);
    target = now_ms() - target;
    if (made != VK_SUCCESS) {
        printf("# vk_first_copy: %s: no %s memory for %zu bytes\n", b.device.properties.deviceName,
               b.path == BAR ? "host-visible device-local" : "device-local", b.size);
        return 0;
    }
    for (int i = 0; i < RING_SLOTS; i++) b.commands[i] = xfer_commands(&b.device);
    printf("# vk_first_copy: %s (driver version 0x%x), device opened in %.1f ms, %d host threads\n",
           b.device.properties.deviceName, b.device.properties.driverVersion, open, threads);

    double first = copy(&b), later = 0;
    check(&b);
    for (int r = 0; r < reps; r++) {
        double t = copy(&b);
        if (!r || t < later) later = t;
    }
    check(&b);
    double gb = (double)b.size / 1e6;
    printf("BENCH name=first_copy impl=vulkan-%s size=%zu target_ms=%.3f first_ms=%.3f first_value=%.2f "
           "later_ms=%.3f later_value=%.2f ratio=%.3f unit=GB/s\n",
           path_names[b.path], b.size, target, first, gb / first, later, gb / later, later / first);
    if (b.host_made) xfer_buffer_destroy(&b.device, &b.host);
    xfer_buffer_destroy(&b.device, &b.target);
    xfer_device_destroy(&b.device);
    host_threads_stop(b.team);
    free(b.user);
    return 0;
usage:
    fprintf(stderr, "usage: vk_first_copy staging|ring|import|bar [--size MIB] [--threads N] [--reps N]\n");
    return 2;
}
