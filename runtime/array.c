/* array.c — arrays (C++ AMP's array): memory of the accelerator, named on
 * the host by a pointer. Where the accelerator shares memory with the CPU
 * and the host may access it, the pointer is the buffer's mapping, valid on
 * both sides; otherwise it is the start of a reserved, inaccessible
 * (PROT_NONE) address range: a unique key that kernels' pointers are looked
 * up by, which faults if the host dereferences it. */
#define _DEFAULT_SOURCE /* mmap flags */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static bool shares_memory(const camp_device *dev) {
    return camp_device_shares_memory(dev->properties.deviceType, &dev->memory);
}

camp_status camp_array_region_new(const char *name, size_t bytes, camp_region **out) {
    camp_region *region = calloc(1, sizeof *region);
    if (!region) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    region->kind = CAMP_REGION_ARRAY;
    region->bytes = bytes;
    region->name = name;
    region->refs = 1;
    region->device_valid = true;
    *out = region;
    return CAMP_OK;
}

camp_status camp_array_publish(camp_region *region, camp_accelerator_view *view, const void *src, camp_status status,
                               void **out) {
    if (status == CAMP_OK) {
        /* Copies go through the view the array was made on. */
        region->usage.queue = view;
        if (src) status = camp_region_write(region, 0, src, region->bytes);
    }
    if (status == CAMP_OK) status = camp_region_insert(region);
    if (status != CAMP_OK) {
        camp_region_free(region);
        return status;
    }
    *out = region->host;
    return CAMP_OK;
}

static camp_status create(camp_accelerator_view *view, size_t bytes, const void *src, camp_access_type access,
                          void **out) {
    CAMP_TRY(camp_runtime_start());
    CAMP_TRY(camp_view_or_default(view, "array_new_on", &view));
    camp_device *dev = view->dev;
    if (!bytes) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_new: an empty array");
    if ((unsigned)access > CAMP_ACCESS_TYPE_AUTO)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_new: unknown access type %d", (int)access);
    if (access == CAMP_ACCESS_TYPE_AUTO) access = camp_default_cpu_access(dev->index, shares_memory(dev));
    bool shared = access != CAMP_ACCESS_TYPE_NONE;
    if (shared && !shares_memory(dev))
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "array_new: host access to an array needs an accelerator with "
                         "supports_cpu_shared_memory, and %s has none",
                         dev->name);

    camp_region *region = NULL;
    CAMP_TRY(camp_array_region_new("array_new", bytes, &region));
    enum camp_buffer_kind kind = !shared ? CAMP_BUFFER_DEVICE
                                 : access & CAMP_ACCESS_TYPE_READ ? CAMP_BUFFER_SHARED_READ
                                                                  : CAMP_BUFFER_SHARED_WRITE;
    camp_status status = camp_buffer_acquire(dev, kind, bytes, &region->device);
    if (status == CAMP_OK && shared) {
        region->host = region->device.mapped;
    } else if (status == CAMP_OK) {
        size_t page = (size_t)sysconf(_SC_PAGESIZE);
        region->reserved_bytes = (bytes + page - 1) / page * page;
        void *key = mmap(NULL, region->reserved_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (key == MAP_FAILED)
            status = camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "array_new: cannot reserve %zu bytes of address space",
                               region->reserved_bytes);
        else region->host = key, region->reserved = true, camp_guard_watch_arrays();
    }
    return camp_array_publish(region, view, src, status, out);
}

void *camp_array_new_at(camp_accelerator_view *view, long long count, size_t element_size, const void *src,
                        camp_access_type access, const char *file, unsigned line) {
    camp_lock_at(file, line);
    void *array = NULL;
    size_t bytes = 0;
    camp_status status = camp_checked_bytes("array_new", count, element_size, &bytes);
    if (status == CAMP_OK) status = create(view, bytes, src, access, &array);
    camp_unlock_and_report(status);
    return array;
}

void *camp_array_new(camp_accelerator_view *view, size_t bytes, const void *src, camp_access_type access) {
    camp_lock_at(NULL, 0);
    void *array = NULL;
    camp_unlock_and_report(create(view, bytes, src, access, &array));
    return array;
}

static camp_status copy_in(void *array, const void *src, size_t bytes) {
    camp_region *region = NULL;
    CAMP_TRY(camp_array_find(array, bytes, "array_copy_in", &region));
    if (!src && bytes) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_copy_in: a null source");
    return camp_region_write(region, (size_t)((char *)array - region->host), src, bytes);
}

static camp_status copy_out(void *dst, const void *array, size_t bytes) {
    camp_region *region = NULL;
    CAMP_TRY(camp_array_find(array, bytes, "array_copy_out", &region));
    if (!dst && bytes) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_copy_out: a null destination");
    return camp_region_read(region, (size_t)((const char *)array - region->host), dst, bytes);
}

void camp_array_copy_in_at(void *array, const void *src, long long count, size_t element_size, const char *file,
                           unsigned line) {
    camp_lock_at(file, line);
    size_t bytes = 0;
    camp_status status = camp_checked_bytes("array_copy_in", count, element_size, &bytes);
    if (status == CAMP_OK) status = copy_in(array, src, bytes);
    camp_unlock_and_report(status);
}

void camp_array_copy_in(void *array, const void *src, size_t bytes) {
    camp_lock_at(NULL, 0);
    camp_unlock_and_report(copy_in(array, src, bytes));
}

void camp_array_copy_out_at(void *dst, const void *array, long long count, size_t element_size,
                            const char *file, unsigned line) {
    camp_lock_at(file, line);
    size_t bytes = 0;
    camp_status status = camp_checked_bytes("array_copy_out", count, element_size, &bytes);
    if (status == CAMP_OK) status = copy_out(dst, array, bytes);
    camp_unlock_and_report(status);
}

void camp_array_copy_out(void *dst, const void *array, size_t bytes) {
    camp_lock_at(NULL, 0);
    camp_unlock_and_report(copy_out(dst, array, bytes));
}

static camp_status delete(void *array) {
    camp_region *region = NULL;
    if (!array) return CAMP_OK;
    CAMP_TRY(camp_array_find(array, 0, "array_delete", &region));
    if ((char *)array != region->host)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_delete(%p): not the start of an array", array);
    camp_region_remove(region);
    camp_region_free(region);
    return CAMP_OK;
}

void camp_array_delete_at(void *array, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_unlock_and_report(delete(array));
}

void camp_array_delete(void *array) { camp_array_delete_at(array, NULL, 0); }
