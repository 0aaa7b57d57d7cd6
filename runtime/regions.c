/* regions.c — the table of explicit views and arrays: host ranges sorted by
 * address (binary search for a kernel's pointers), each with its device
 * buffer, and the copies between the two sides. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define REGION_ALIGNMENT 16u

/* ---- The table ------------------------------------------------------------ */

/* Index of the first region starting above `address`. */
static uint32_t upper_bound(uintptr_t address) {
    uint32_t low = 0, high = camp_rt.region_count;
    while (low < high) {
        uint32_t mid = low + (high - low) / 2;
        if ((uintptr_t)camp_rt.regions[mid]->host <= address) low = mid + 1;
        else high = mid;
    }
    return low;
}

camp_region *camp_region_find(const void *address) {
    uintptr_t a = (uintptr_t)address;
    uint32_t i = upper_bound(a);
    if (i == 0) return NULL;
    camp_region *r = camp_rt.regions[i - 1];
    return a <= (uintptr_t)r->host + r->bytes ? r : NULL;
}

camp_region *camp_region_below(const void *end) {
    uint32_t i = upper_bound((uintptr_t)end - 1);
    return i ? camp_rt.regions[i - 1] : NULL;
}

camp_status camp_region_insert(camp_region *region) {
    if (camp_rt.region_count == camp_rt.region_capacity) {
        uint32_t capacity = camp_rt.region_capacity ? camp_rt.region_capacity * 2 : 16;
        camp_region **grown = realloc(camp_rt.regions, capacity * sizeof *grown);
        if (!grown) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
        camp_rt.regions = grown;
        camp_rt.region_capacity = capacity;
    }
    uint32_t i = upper_bound((uintptr_t)region->host);
    memmove(&camp_rt.regions[i + 1], &camp_rt.regions[i], (camp_rt.region_count - i) * sizeof *camp_rt.regions);
    camp_rt.regions[i] = region;
    camp_rt.region_count++;
    return CAMP_OK;
}

camp_status camp_view_region_new(char *host, size_t bytes, const char *name, camp_region **out) {
    camp_region *region = calloc(1, sizeof *region);
    if (!region) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    region->kind = CAMP_REGION_VIEW;
    region->host = host;
    region->bytes = bytes;
    region->name = name;
    region->refs = 1;
    camp_status status = camp_region_insert(region);
    if (status != CAMP_OK) {
        free(region);
        return status;
    }
    *out = region;
    return CAMP_OK;
}

/* A view made over memory that launches gave views of their own (static
 * arrays, views.c) replaces them: they are brought back and ended. */
camp_status camp_implicit_regions_end(const char *host, size_t bytes) {
    for (uint32_t i = upper_bound((uintptr_t)host + bytes - 1); i > 0; i--) {
        camp_region *region = camp_rt.regions[i - 1];
        if (region->host + region->bytes <= host) break;
        if (!region->implicit) continue;
        if (region->host_stale) CAMP_TRY(camp_region_read(region, 0, region->host, region->bytes));
        camp_region_remove(region);
        camp_region_free(region);
    }
    return CAMP_OK;
}

camp_status camp_lasting_region(const char *host, size_t bytes, const char *name, camp_region **out) {
    *out = NULL;
    if (!bytes || !camp_guard_lasting(host, bytes)) return CAMP_OK;
    const char *start = host, *end = host + bytes;
    for (uint32_t i = upper_bound((uintptr_t)end - 1); i > 0; i--) {
        camp_region *region = camp_rt.regions[i - 1];
        if (region->host + region->bytes <= start) break;
        if (!region->implicit) return CAMP_OK; /* an explicit view or array overlaps it: the caller says so */
        if (region->host < start) start = region->host;
        if (region->host + region->bytes > end) end = region->host + region->bytes;
    }
    CAMP_TRY(camp_implicit_regions_end(start, (size_t)(end - start)));
    /* the program's own memory: const only in the callers' ABI */
    CAMP_TRY(camp_view_region_new((char *)(uintptr_t)start, (size_t)(end - start), name, out));
    (*out)->implicit = true;
    return CAMP_OK;
}

camp_status camp_call_views_end(void) {
    camp_status status = CAMP_OK;
    for (unsigned i = 0; i < camp_call.call_view_count; i++) {
        camp_region *region = camp_call.call_views[i];
        if (status == CAMP_OK) status = camp_region_synchronize(region, false);
        camp_region_remove(region);
        camp_region_free(region);
    }
    camp_call.call_view_count = 0;
    return status;
}

void camp_region_remove(camp_region *region) {
    for (uint32_t i = 0; i < camp_rt.region_count; i++)
        if (camp_rt.regions[i] == region) {
            memmove(&camp_rt.regions[i], &camp_rt.regions[i + 1],
                    (camp_rt.region_count - i - 1) * sizeof *camp_rt.regions);
            camp_rt.region_count--;
            return;
        }
}

/* ---- Copies ----------------------------------------------------------------
 * Through the buffer's mapping when it has one (after waiting for the device
 * to stop using it), else through a staging buffer and a recorded copy. */

camp_accelerator_view *camp_region_queue(const camp_region *region) {
    camp_accelerator_view *q = region->usage.queue;
    return q && q->dev == region->device.owner ? q : region->device.owner->default_view;
}

camp_status camp_array_find(const void *p, size_t bytes, const char *call, camp_region **out) {
    camp_region *region = camp_region_find(p);
    if (!region || region->kind != CAMP_REGION_ARRAY)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s(%p): not an array made by array_new", call, p);
    size_t offset = (size_t)((const char *)p - region->host);
    if (bytes > region->bytes - offset)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: %zu bytes from offset %zu pass the end of the array (%zu bytes)", call, bytes,
                         offset, region->bytes);
    *out = region;
    return CAMP_OK;
}

/* The explicit view holding all of [host, host + bytes), or NULL: its pages
 * may be imported for the copy (transfer.c). */
camp_region *camp_view_holding(const void *host, size_t bytes) {
    camp_region *region = camp_region_find(host);
    if (!region || region->kind != CAMP_REGION_VIEW) return NULL;
    return bytes <= region->bytes - (size_t)((const char *)host - region->host) ? region : NULL;
}

static camp_status region_write(camp_region *region, size_t offset, const void *src, size_t bytes,
                                uint64_t *reading) {
    if (region->device.mapped) {
        CAMP_TRY(camp_usage_wait(&region->usage));
        memcpy((char *)region->device.mapped + region->pad + offset, src, bytes);
        return CAMP_OK;
    }
    return camp_transfer_in(camp_region_queue(region), &region->device, region->pad + offset, &region->usage, src, bytes,
                            camp_view_holding(src, bytes), reading);
}

static camp_status region_read(camp_region *region, size_t offset, void *dst, size_t bytes,
                               const camp_arrival *arrived) {
    if (region->device.mapped) {
        CAMP_TRY(camp_usage_wait(&region->usage));
        memcpy(dst, (char *)region->device.mapped + region->pad + offset, bytes);
        return CAMP_OK;
    }
    return camp_transfer_out(camp_region_queue(region), &region->device, region->pad + offset, &region->usage, dst, bytes,
                             camp_view_holding(dst, bytes), NULL, arrived);
}

static camp_status profiled_write(camp_region *region, size_t offset, const void *src, size_t bytes,
                                  uint64_t *reading) {
    if (!camp_rt.profiling) return region_write(region, offset, src, bytes, reading);
    camp_profile_span span = camp_profile_copy_begin(CAMP_COPY_IN, bytes);
    camp_status status = region_write(region, offset, src, bytes, reading);
    camp_profile_copy_end(CAMP_COPY_IN, bytes, span);
    return status;
}

/* camp_region_write; given `reading`, as camp_transfer_in's. */
static camp_status copy_in(camp_region *region, size_t offset, const void *src, size_t bytes, uint64_t *reading) {
    if (!bytes) return CAMP_OK;
    camp_guard_window window;
    camp_status status = camp_guard_open(&window, src, bytes, region, false);
    if (status == CAMP_OK) status = profiled_write(region, offset, src, bytes, reading);
    camp_guard_close(&window);
    return status;
}

camp_status camp_region_write(camp_region *region, size_t offset, const void *src, size_t bytes) {
    return copy_in(region, offset, src, bytes, NULL);
}

static camp_status profiled_read(camp_region *region, size_t offset, void *dst, size_t bytes,
                                 const camp_arrival *arrived) {
    if (!camp_rt.profiling) return region_read(region, offset, dst, bytes, arrived);
    camp_profile_span span = camp_profile_copy_begin(CAMP_COPY_OUT, bytes);
    camp_status status = region_read(region, offset, dst, bytes, arrived);
    camp_profile_copy_end(CAMP_COPY_OUT, bytes, span);
    return status;
}

static void pages_arrived(void *region, const char *first, const char *end) {
    camp_guard_arrived(region, first, end);
}

/* The whole region into `dst` (camp_guard_fill_hidden's copy of its pages). */
static camp_status read_whole(camp_region *region, void *dst) {
    return profiled_read(region, 0, dst, region->bytes, NULL);
}

camp_status camp_region_read(camp_region *region, size_t offset, void *dst, size_t bytes) {
    if (!bytes) return CAMP_OK;
    /* The whole of a protected view, its middle written by the device's
     * DMA: the pages stay protected (opening them and closing them again
     * would cost two changes of their page tables, each about a third of
     * the copy's time), the edges' bytes written past their protection.
     * Where a change of the middle's costs that much (4 KiB pages, not
     * array_view_new's huge ones), the middle becomes readable part by
     * part as the DMA goes, each part's change behind the next one's copy. */
    const char *first, *last;
    if (dst == region->host && bytes == region->bytes && !region->device.mapped &&
        camp_transfer_out_dma_part(region->device.owner, region, &first, &last) &&
        camp_guard_edges_apart(region, first, last)) {
        camp_arrival arrival = {region->owns_host ? NULL : pages_arrived, camp_guard_put_edge, region};
        return profiled_read(region, offset, dst, bytes, &arrival);
    }
    camp_status status;
    if (dst == region->host && bytes == region->bytes && camp_guard_fill_hidden(region, read_whole, &status))
        return status;
    camp_guard_window window;
    status = camp_guard_open(&window, dst, bytes, region, true);
    if (status == CAMP_OK) status = profiled_read(region, offset, dst, bytes, NULL);
    camp_guard_close(&window);
    return status;
}

/* ---- Use by kernels ------------------------------------------------------- */

/* Frees the region's device buffer: now, or once its queue is done with it. */
static void drop_buffer(camp_region *region) {
    if (region->device.buffer && camp_usage_busy(&region->usage))
        (void)camp_queue_retire(region->usage.queue, &region->device);
    else camp_buffer_release(&region->device);
    memset(&region->usage, 0, sizeof region->usage);
}

/* A view used on another accelerator than its buffer's moves there through
 * the host (as C++ AMP's array_view does); an array cannot move. */
static camp_status move_to(camp_region *region, camp_device *dev) {
    camp_device *from = region->device.owner;
    if (region->kind == CAMP_REGION_ARRAY)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "an array of accelerator %u (%s) is used by a kernel on accelerator %u (%s); copy it "
                         "out and into an array of that accelerator",
                         from->index, from->name, dev->index, dev->name);
    if (region->host_stale) {
        CAMP_TRY(camp_region_read(region, 0, region->host, region->bytes));
        region->host_stale = false;
    }
    drop_buffer(region);
    region->device_valid = false;
    return CAMP_OK;
}

camp_status camp_region_prepare(camp_region *region, camp_accelerator_view *q, const camp_launch_view *view) {
    uint32_t access = view->access;
    region->reading = (camp_usage){0}; /* a failed launch's */
    if (region->staging_array)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "the kernel uses '%s' (%p), which lies in a staging array: staging arrays are for copies "
                         "(array_copy into an array of the accelerator, array_copy_in and array_copy_out)",
                         view->name ? view->name : "(unnamed)", view->host);
    if ((access & CAMP_ACCESS_WRITE) && region->read_only)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "the kernel may write '%s' (%p), which lies in the read-only view '%s' [%p, %p) (an "
                         "array_view of a pointer to const); write through a view of a pointer to non-const, or "
                         "make '%s' a pointer to const",
                         view->name ? view->name : "(unnamed)", view->host, region->name, (void *)region->host,
                         (void *)(region->host + region->bytes), view->name ? view->name : "(unnamed)");
    if (region->device_valid) CAMP_TRY(camp_guard_check_refreshed(region));
    camp_guard_note_unwatched(region);
    if (region->device.buffer && region->device.owner != q->dev) CAMP_TRY(move_to(region, q->dev));
    if (!region->device.buffer) {
        region->pad = (uintptr_t)region->host % REGION_ALIGNMENT;
        CAMP_TRY(camp_buffer_acquire(q->dev, CAMP_BUFFER_DEVICE, region->pad + region->bytes, &region->device));
    }
    if (!region->device_valid) {
        /* Recorded on `q` where a staging copy is needed, so that it comes
         * before the kernel. */
        if (!camp_usage_busy(&region->usage)) {
            memset(&region->usage, 0, sizeof region->usage);
            region->usage.queue = q;
        }
        /* All but a section whose data was discarded. The DMA may still
         * read the host's bytes when this returns: the launch changes the
         * protection of the pages meanwhile (camp_region_used), then waits
         * (camp_region_copied). */
        camp_accelerator_view *copies = camp_region_queue(region);
        uint64_t head = 0, tail = 0;
        CAMP_TRY(copy_in(region, 0, region->host, region->skip_begin, &head));
        CAMP_TRY(copy_in(region, region->skip_end, region->host + region->skip_end, region->bytes - region->skip_end,
                         &tail));
        if (head || tail) region->reading = (camp_usage){.queue = copies, .serial = head > tail ? head : tail};
        region->skip_begin = region->skip_end = 0;
        region->device_valid = true;
        region->host_write_place[0] = '\0'; /* the device has the host's writes now */
    }
    return CAMP_OK;
}

void camp_region_used(camp_region *region, uint32_t access) {
    if (access & CAMP_ACCESS_WRITE) {
        region->host_stale = true;
        region->writes++;
        region->stale_reported = false;
        if (camp_call.kernel) {
            region->writer_file = camp_call.kernel->file;
            region->writer_line = camp_call.kernel->line;
        }
    }
    /* The statement after the launch synchronizes the view, or the launch
     * does for the statement's access (camp_views_finish): its pages keep
     * their protection until the synchronize gives them theirs (two
     * changes of page tables fewer). Only where the device holds writes
     * the host lacks: else the synchronize changes nothing, and the pages
     * must be watched now for the host's next write, which the next kernel
     * must see. Not where views are not synchronized implicitly:
     * CAMP_IMPLICIT_SYNC=check reports the access. */
    if ((access & (CAMP_ACCESS_SYNCHRONIZED_NEXT | CAMP_ACCESS_USED_NEXT)) && region->kind == CAMP_REGION_VIEW &&
        region->host_stale && camp_guard_enabled())
        return;
    /* Its writes come back when the host first touches it: a fault, its
     * pages closed to the program's other threads meanwhile, which only
     * the device's DMA into them (imported) passes; else the bytes go
     * through staging into other pages that then replace the view's
     * (host_guard.c): a 64 MiB view took 8.4 ms a kernel and fault on the
     * H200 that way, against 1.4 by DMA. Imported now, while its pages
     * may be opened (not while they hide an earlier kernel's writes from
     * the other threads), where its next large copy would import them. */
    camp_device *dev = region->device.owner;
    if ((access & CAMP_ACCESS_WRITE) && region->kind == CAMP_REGION_VIEW && region->guard != CAMP_GUARD_HIDDEN && dev &&
        camp_transfer_importable(dev, region)) {
        camp_guard_window window;
        if (camp_guard_open(&window, region->host, region->bytes, region, false) == CAMP_OK)
            camp_transfer_import(dev, region);
        camp_guard_close(&window);
    }
    camp_guard_update(region);
}

camp_status camp_region_copied(camp_region *region) {
    camp_usage reading = region->reading;
    region->reading = (camp_usage){0};
    return reading.queue ? camp_queue_wait_serial(reading.queue, reading.serial) : CAMP_OK;
}

camp_status camp_region_synchronize(camp_region *region, bool drop_device_copy) {
    if (!region->host_stale) return CAMP_OK;
    CAMP_TRY(camp_region_read(region, 0, region->host, region->bytes));
    if (drop_device_copy) {
        region->device_valid = false;
        region->skip_begin = region->skip_end = 0;
    }
    camp_guard_synchronized(region);
    return CAMP_OK;
}

/* Views whose pages cannot be protected (host_guard.c) are synchronized
 * as implicit views are: the device's writes come back now, and the next
 * launch copies the host's bytes in again. */
camp_status camp_region_settle_eager(camp_region *region) {
    if (!camp_guard_eager(region)) return CAMP_OK;
    if (region->host_stale) CAMP_TRY(camp_region_read(region, 0, region->host, region->bytes));
    region->host_stale = false;
    region->device_valid = false;
    return CAMP_OK;
}

/* ---- Ending regions ------------------------------------------------------- */

void camp_region_free(camp_region *region) {
    camp_guard_forget(region);
    drop_buffer(region);
    camp_transfer_unimport(region);
    if (region->reserved) munmap(region->host, region->reserved_bytes);
    if (region->owns_host) free(region->host);
    camp_sections_free(region);
    free(region);
}

void camp_regions_destroy(void) {
    /* No copy back: at exit the program may well have freed the memory of
     * views it never released. Its globals and static arrays are there to
     * the end, and handlers that run after libcamp's may read them. */
    for (uint32_t i = 0; i < camp_rt.region_count; i++) {
        camp_region *region = camp_rt.regions[i];
        if (region->implicit && region->host_stale && camp_region_read(region, 0, region->host, region->bytes) != CAMP_OK)
            camp_failure_clear(); /* the device is gone: nothing more to bring back */
    }
    for (uint32_t i = 0; i < camp_rt.region_count; i++) camp_region_free(camp_rt.regions[i]);
    free(camp_rt.regions);
    camp_rt.regions = NULL;
    camp_rt.region_count = camp_rt.region_capacity = 0;
    free(camp_rt.empty_views);
    camp_rt.empty_views = NULL;
    camp_rt.empty_view_count = camp_rt.empty_view_capacity = 0;
}

/* An empty view (array_view(p, 0), from code written for any n): kept
 * as its pointer, which the calls on views then accept. */
camp_status camp_empty_view_add(const void *host) {
    if (camp_rt.empty_view_count == camp_rt.empty_view_capacity) {
        uint32_t capacity = camp_rt.empty_view_capacity ? 2 * camp_rt.empty_view_capacity : 8;
        const void **grown = realloc(camp_rt.empty_views, capacity * sizeof *grown);
        if (!grown) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
        camp_rt.empty_views = grown;
        camp_rt.empty_view_capacity = capacity;
    }
    camp_rt.empty_views[camp_rt.empty_view_count++] = host;
    return CAMP_OK;
}

/* Whether `host` is an empty view's pointer; `release` ends one of them. */
bool camp_empty_view_find(const void *host, bool release) {
    for (uint32_t i = 0; i < camp_rt.empty_view_count; i++) {
        if (camp_rt.empty_views[i] != host) continue;
        if (release) camp_rt.empty_views[i] = camp_rt.empty_views[--camp_rt.empty_view_count];
        return true;
    }
    return false;
}
