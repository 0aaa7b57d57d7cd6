/* array_view_section.c — parts of an explicit view: C++ AMP's
 * array_view::section (a rectangular block of rank 1-3 by origin and
 * extent), view_as and reinterpret_as.
 *
 * A section is named by its first element's address: kernels use it as any
 * pointer into the view (C indexing already makes `&m[r][c]` of a
 * `float (*m)[cols]` a block with the view's row size), so only the
 * host's coherence calls need it: a section's synchronize copies back only
 * its own bytes, its refresh copies in only its own, which is what lets
 * several kernels and the host work on different sections of one view. A
 * section holds a reference to its view, as C++ AMP's does. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* A block as rows: extent[0] x extent[1] runs of `run` contiguous bytes,
 * `stride[0]` and `stride[1]` bytes apart (rank 1: one run). */
typedef struct camp_section {
    char *host;       /* its first byte */
    size_t extent[2];
    size_t stride[2];
    size_t run;
    uint64_t synced_writes; /* the view's `writes` when it last came back; UINT64_MAX: never */
    const char *file;       /* where array_view_section made it (NULL: not known) */
    unsigned line;
    struct camp_section *next;
} camp_section;

/* Offsets from the view's start of the section's first and one past its last byte. */
static size_t section_begin(const camp_region *region, const camp_section *s) {
    return (size_t)(s->host - region->host);
}
static size_t section_end(const camp_region *region, const camp_section *s) {
    return section_begin(region, s) + (s->extent[0] - 1) * s->stride[0] + (s->extent[1] - 1) * s->stride[1] + s->run;
}

/* Calls `copy` on each run, as (offset in the view, bytes). */
static camp_status each_run(camp_region *region, const camp_section *s,
                            camp_status (*copy)(camp_region *, size_t, size_t)) {
    size_t begin = section_begin(region, s);
    for (size_t i = 0; i < s->extent[0]; i++)
        for (size_t j = 0; j < s->extent[1]; j++)
            CAMP_TRY(copy(region, begin + i * s->stride[0] + j * s->stride[1], s->run));
    return CAMP_OK;
}

static camp_status read_run(camp_region *region, size_t offset, size_t bytes) {
    return camp_region_read(region, offset, region->host + offset, bytes);
}

static camp_status write_run(camp_region *region, size_t offset, size_t bytes) {
    return camp_region_write(region, offset, region->host + offset, bytes);
}

static bool one_run(const camp_section *s) { return s->extent[0] * s->extent[1] == 1; }

bool camp_section_brought_back(const camp_region *region, const void *address) {
    for (const camp_section *s = region->sections; s; s = s->next) {
        size_t at = (size_t)((const char *)address - region->host);
        if (s->synced_writes == region->writes && section_begin(region, s) <= at && at < section_end(region, s))
            return true;
    }
    return false;
}

/* ---- Making one ---------------------------------------------------------- */

static camp_status check_dimensions(const char *name, uint32_t rank, const long long *origin, const long long *extent,
                                    const size_t *stride) {
    if (rank < 1 || rank > 3) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: a section of rank %u", name, rank);
    for (uint32_t d = 0; d < rank; d++) {
        if (origin[d] < 0 || extent[d] < 1)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "%s: origin %lld and extent %lld in index component %u: an origin must be at least 0 "
                             "and an extent at least 1",
                             name, origin[d], extent[d], d);
        /* an inner dimension must stay inside the element of the one above */
        if (d > 0 && ((unsigned long long)origin[d] + (unsigned long long)extent[d]) * stride[d] > stride[d - 1])
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "%s is outside its view: origin %lld + extent %lld in index component %u is more than "
                             "the %zu the view has there",
                             name, origin[d], extent[d], d, stride[d - 1] / stride[d]);
    }
    return CAMP_OK;
}

static camp_status section_new(const void *host, uint32_t rank, const long long *origin, const long long *extent,
                               const size_t *stride, const char *name, const char *file, unsigned line, void **out) {
    CAMP_TRY(check_dimensions(name, rank, origin, extent, stride));
    camp_region *region = camp_region_find(host);
    if (region && region->kind == CAMP_REGION_ARRAY)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: the pointer lies in an array, which needs no view: kernels index it directly, and "
                         "array_copy_in and array_copy_out copy parts of it",
                         name);
    if (!region || (const char *)host == region->host + region->bytes)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: the pointer %p lies in no array_view", name, host);
    /* as rows of the innermost dimension: rank 1 and 2 have outer extents of 1 */
    camp_section s = {.extent = {1, 1}, .stride = {0, 0}, .synced_writes = UINT64_MAX, .file = file, .line = line};
    size_t first = (size_t)((const char *)host - region->host);
    for (uint32_t d = 0; d < rank; d++) {
        if ((size_t)origin[d] > region->bytes / stride[d] || (size_t)extent[d] > region->bytes / stride[d])
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "%s is outside its view: origin %lld and extent %lld in index component %u are "
                             "beyond the %zu bytes of the view '%s'",
                             name, origin[d], extent[d], d, region->bytes, region->name);
        first += (size_t)origin[d] * stride[d];
    }
    s.run = (size_t)extent[rank - 1] * stride[rank - 1];
    for (uint32_t d = 0; d + 1 < rank; d++) {
        s.extent[d + 3 - rank] = (size_t)extent[d];
        s.stride[d + 3 - rank] = stride[d];
    }
    s.host = region->host + first;
    if (first >= region->bytes || section_end(region, &s) > region->bytes)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s is outside its view: its bytes [%zu, %zu) from the start of the view '%s' are not all "
                         "inside its %zu",
                         name, first, section_end(region, &s), region->name, region->bytes);
    camp_section *made = malloc(sizeof *made);
    if (!made) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    *made = s;
    made->next = region->sections; /* the latest first: it is the one its address names */
    region->sections = made;
    region->refs++;
    *out = made->host;
    return CAMP_OK;
}

/* ---- Its calls ------------------------------------------------------------- */

/* The latest live section starting at `host`, and its view. */
static camp_status find_section(const void *host, const char *call, camp_region **region_out, camp_section **out) {
    camp_region *region = camp_region_find(host);
    for (camp_section *s = region && region->kind == CAMP_REGION_VIEW ? region->sections : NULL; s; s = s->next)
        if (s->host == host) {
            *region_out = region;
            *out = s;
            return CAMP_OK;
        }
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s(%p): no live array_view_section starts there", call, host);
}

/* The rows of a section between the device buffer and staging memory
 * where they lie packed, in one command: only the section's bytes cross
 * the bus, and a copy back waits once. */
static camp_status staged_rows(camp_region *region, const camp_section *s, enum camp_copy_direction direction) {
    size_t rows = s->extent[0] * s->extent[1], begin = section_begin(region, s);
    camp_buffer staging;
    CAMP_TRY(camp_buffer_acquire(region->device.owner, CAMP_BUFFER_STAGING, rows * s->run, &staging));
    VkBufferCopy *copies = malloc(rows * sizeof *copies);
    if (!copies) {
        camp_buffer_release(&staging);
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    size_t n = 0;
    for (size_t i = 0; i < s->extent[0]; i++)
        for (size_t j = 0; j < s->extent[1]; j++, n++) {
            size_t at = begin + i * s->stride[0] + j * s->stride[1];
            VkDeviceSize device = region->device.base + region->pad + at, packed = staging.base + n * s->run;
            copies[n] = direction == CAMP_COPY_OUT ? (VkBufferCopy){device, packed, s->run}
                                                   : (VkBufferCopy){packed, device, s->run};
            if (direction == CAMP_COPY_IN) memcpy((char *)staging.mapped + n * s->run, region->host + at, s->run);
        }
    camp_accelerator_view *q = camp_region_queue(region);
    uint32_t access = direction == CAMP_COPY_OUT ? CAMP_ACCESS_READ : CAMP_ACCESS_WRITE;
    bool barrier = false;
    VkCommandBuffer commands = VK_NULL_HANDLE;
    camp_status status = camp_queue_needs_barrier(q, &region->usage, access, &barrier);
    if (status == CAMP_OK) status = camp_queue_commands(q, &commands);
    if (status == CAMP_OK) {
        if (barrier) camp_queue_barrier(q);
        camp_queue_use(q, &region->usage, access);
        uint32_t timed = camp_rt.profiling ? camp_profile_device_copy_begin(q, commands, direction, rows * s->run)
                                        : UINT32_MAX;
        VkBuffer from = direction == CAMP_COPY_OUT ? region->device.buffer : staging.buffer;
        VkBuffer to = direction == CAMP_COPY_OUT ? staging.buffer : region->device.buffer;
        vkCmdCopyBuffer(commands, from, to, (uint32_t)rows, copies);
        if (camp_rt.profiling) camp_profile_timed_end(q, commands, timed);
    }
    if (status == CAMP_OK && direction == CAMP_COPY_IN) {
        free(copies);
        status = camp_queue_retire(q, &staging); /* given back once the copy has run */
        if (status != CAMP_OK) camp_buffer_release(&staging);
        return status == CAMP_OK ? camp_queue_recorded(q) : status;
    }
    if (status == CAMP_OK) {
        q->open_commands++;
        status = camp_queue_finish_releasing(q); /* the staging buffer is this call's */
    }
    /* the device buffer's offsets count from before its lead guard (base):
     * the region's byte `at` is at base + pad + at; row r is packed at r * run */
    for (size_t r = 0; r < rows && status == CAMP_OK; r++)
        memcpy(region->host + (copies[r].srcOffset - region->device.base - region->pad),
               (char *)staging.mapped + r * s->run, s->run);
    free(copies);
    camp_buffer_release(&staging);
    return status;
}

/* Copies the section's rows between the host and the device, with the
 * host pages of the view unprotected (host_guard.c): staged_rows copies
 * into and out of them directly. */
static camp_status copy_rows(camp_region *region, camp_section *s, enum camp_copy_direction direction) {
    camp_guard_window window;
    camp_status status = camp_guard_open(&window, region->host, region->bytes, region, direction == CAMP_COPY_OUT);
    if (status == CAMP_OK && (region->device.mapped || one_run(s)))
        status = each_run(region, s, direction == CAMP_COPY_OUT ? read_run : write_run);
    else if (status == CAMP_OK)
        status = staged_rows(region, s, direction);
    camp_guard_close(&window);
    return status;
}

static camp_status synchronize(camp_region *region, camp_section *s) {
    if (!region->host_stale || s->synced_writes == region->writes) return CAMP_OK;
    CAMP_TRY(copy_rows(region, s, CAMP_COPY_OUT));
    s->synced_writes = region->writes;
    if (one_run(s) && s->host == region->host && s->run == region->bytes) region->host_stale = false;
    camp_guard_update(region);
    return CAMP_OK;
}

static camp_status section_synchronize(const void *host) {
    camp_region *region = NULL;
    camp_section *s = NULL;
    CAMP_TRY(find_section(host, "array_view_section_synchronize", &region, &s));
    return synchronize(region, s);
}

static camp_status section_refresh(const void *host) {
    camp_region *region = NULL;
    camp_section *s = NULL;
    CAMP_TRY(find_section(host, "array_view_section_refresh", &region, &s));
    /* A device copy that is not current gets everything at the next kernel. */
    if (region->device.buffer && region->device_valid) {
        CAMP_TRY(copy_rows(region, s, CAMP_COPY_IN));
    } else if (section_begin(region, s) < region->skip_end && region->skip_begin < section_end(region, s)) {
        region->skip_begin = region->skip_end = 0; /* its bytes count again */
    }
    s->synced_writes = region->writes;
    region->host_write_place[0] = '\0'; /* the host's writes may have been this section's */
    camp_guard_update(region);
    return CAMP_OK;
}

static camp_status section_discard_data(const void *host) {
    camp_region *region = NULL;
    camp_section *s = NULL;
    CAMP_TRY(find_section(host, "array_view_section_discard_data", &region, &s));
    /* Its kernel writes need not come back; nor need its bytes go in where
     * the view's next use copies it in: a section of one run is left out
     * of that copy (the latest such section; the rows of a block go in). */
    s->synced_writes = region->writes;
    region->host_write_place[0] = '\0'; /* the host's writes may have been this section's, which need not go in */
    if (!region->device_valid && one_run(s)) {
        region->skip_begin = section_begin(region, s);
        region->skip_end = section_end(region, s);
    }
    return CAMP_OK;
}

static camp_status section_release(const void *host) {
    camp_region *region = NULL;
    camp_section *s = NULL;
    if (!host) return CAMP_OK; /* as free(NULL), and as the serial reference mode's */
    CAMP_TRY(find_section(host, "array_view_section_release", &region, &s));
    CAMP_TRY(synchronize(region, s));
    for (camp_section **p = &region->sections; *p; p = &(*p)->next)
        if (*p == s) {
            *p = s->next;
            break;
        }
    free(s);
    /* the last reference: the view ends as array_view_release ends it */
    if (--region->refs > 0) return CAMP_OK;
    if (region->host_stale) CAMP_TRY(camp_region_read(region, 0, region->host, region->bytes));
    camp_region_remove(region);
    camp_region_free(region);
    return CAMP_OK;
}

bool camp_sections_alone_hold(const camp_region *region, const char **file, unsigned *line) {
    uint32_t count = 0;
    for (const camp_section *s = region->sections; s; s = s->next) count++;
    if (!count || count != region->refs) return false;
    *file = region->sections->file;
    *line = region->sections->line;
    return true;
}

void camp_sections_free(camp_region *region) {
    while (region->sections) {
        camp_section *s = region->sections;
        region->sections = s->next;
        free(s);
    }
}

/* ---- view_as and reinterpret_as --------------------------------------------- */

/* The region holding `host`, and the bytes from `host` to its end. */
static camp_status bytes_after(const void *host, const char *name, camp_region **out, size_t *bytes) {
    camp_region *region = camp_region_find(host);
    if (!region || (const char *)host == region->host + region->bytes)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: the pointer %p lies in no array_view or array", name, host);
    *out = region;
    *bytes = region->bytes - (size_t)((const char *)host - region->host);
    return CAMP_OK;
}

static camp_status view_as(const void *host, long long count, size_t element_size, const char *name) {
    size_t bytes = 0, have = 0;
    camp_region *region = NULL;
    CAMP_TRY(camp_checked_bytes(name, count, element_size, &bytes));
    CAMP_TRY(bytes_after(host, name, &region, &have));
    if (bytes > have)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: %lld elements (%zu bytes) are more than the %zu elements of '%s' from there on", name,
                         count, bytes, have / element_size, region->name);
    return CAMP_OK;
}

static camp_status reinterpret_as(const void *host, size_t size, size_t align, const char *name) {
    size_t have = 0;
    camp_region *region = NULL;
    CAMP_TRY(bytes_after(host, name, &region, &have));
    if (have % size)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: the %zu bytes of '%s' from there on are not a whole number of %zu-byte elements",
                         name, have, region->name, size);
    if ((uintptr_t)host % align)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: %p is not aligned for %zu-byte alignment", name, host,
                         align);
    return CAMP_OK;
}

/* ---- Entry points ------------------------------------------------------------ */

void *camp_array_view_section_at(const void *host, unsigned rank, const long long *origin, const long long *extent,
                                 const size_t *stride, const char *name, const char *file, unsigned line) {
    camp_lock_at(file, line);
    void *section = NULL;
    camp_unlock_and_report(section_new(host, rank, origin, extent, stride, name ? name : "array_view_section", file,
                                       line, &section));
    return section;
}

#define ENTRY_POINT(call, body)                                                \
    void camp_##call##_at(const void *host, const char *file, unsigned line) { \
        camp_lock_at(file, line);                                              \
        camp_unlock_and_report(body(host));                                    \
    }
ENTRY_POINT(array_view_section_synchronize, section_synchronize)
ENTRY_POINT(array_view_section_refresh, section_refresh)
ENTRY_POINT(array_view_section_discard_data, section_discard_data)
ENTRY_POINT(array_view_section_release, section_release)

void *camp_array_view_view_as_at(const void *host, long long count, size_t element_size, const char *name,
                                 const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_status status = view_as(host, count, element_size, name);
    camp_unlock_and_report(status);
    return status == CAMP_OK ? (void *)(uintptr_t)host : NULL;
}

void *camp_array_view_reinterpret_as_at(const void *host, size_t element_size, size_t alignment, const char *name,
                                        const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_status status = reinterpret_as(host, element_size, alignment, name);
    camp_unlock_and_report(status);
    return status == CAMP_OK ? (void *)(uintptr_t)host : NULL;
}
