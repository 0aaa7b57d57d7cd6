/* array_staging.c — copies between two arrays of one accelerator (C++
 * AMP's copy(array, array) and array::copy_to), and staging arrays (C++
 * AMP's array(extent, cpu_av, gpu_av)): host-visible memory of the
 * accelerator that the host reads and writes in place and that the
 * accelerator's DMA copies to and from its arrays with no staging step, for
 * repeated uploads and downloads. Kernels do not use a staging array (as in
 * C++ AMP, it is the data's way in and out); on a discrete GPU it is host
 * memory, which kernels would read across the bus. */
#include "internal.h"

static camp_status staging_new(camp_accelerator_view *view, size_t bytes, const void *src, void **out) {
    CAMP_TRY(camp_runtime_start());
    CAMP_TRY(camp_view_or_default(view, "array_new_staging", &view));
    if (!bytes) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_new_staging: an empty array");
    camp_region *region = NULL;
    CAMP_TRY(camp_array_region_new("array_new_staging", bytes, &region));
    region->staging_array = true;
    camp_status status = camp_buffer_acquire(view->dev, CAMP_BUFFER_STAGING, bytes, &region->device);
    if (status == CAMP_OK) region->host = region->device.mapped;
    return camp_array_publish(region, view, src, status, out);
}

static camp_status copy_arrays(void *dst, const void *src, size_t bytes) {
    camp_region *to = NULL, *from = NULL;
    CAMP_TRY(camp_array_find(dst, bytes, "array_copy", &to));
    CAMP_TRY(camp_array_find(src, bytes, "array_copy", &from));
    if (to->device.owner != from->device.owner)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "array_copy: the arrays belong to accelerators %u (%s) and %u (%s); copy through the host "
                         "(array_copy_out, then array_copy_in)",
                         to->device.owner->index, to->device.owner->name, from->device.owner->index,
                         from->device.owner->name);
    size_t to_offset = (size_t)((char *)dst - to->host), from_offset = (size_t)((const char *)src - from->host);
    if (to == from && to_offset < from_offset + bytes && from_offset < to_offset + bytes)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_copy: the source and the destination overlap");
    if (!bytes) return CAMP_OK;
    camp_accelerator_view *q = camp_region_queue(to); /* in order with the destination's last use */
    bool read_barrier = false, write_barrier = false;
    CAMP_TRY(camp_queue_needs_barrier(q, &from->usage, CAMP_ACCESS_READ, &read_barrier));
    CAMP_TRY(camp_queue_needs_barrier(q, &to->usage, CAMP_ACCESS_WRITE, &write_barrier));
    CAMP_TRY(camp_queue_open(q));
    if (read_barrier || write_barrier) camp_queue_barrier(q);
    camp_queue_use(q, &from->usage, CAMP_ACCESS_READ);
    camp_queue_use(q, &to->usage, CAMP_ACCESS_WRITE);
    if (to->staging_array || from->staging_array)
        camp_record_copy(q, to->staging_array ? CAMP_COPY_OUT : CAMP_COPY_IN, &from->device, from->pad + from_offset,
                         &to->device, to->pad + to_offset, bytes);
    else
        camp_record_device_copy(q, &from->device, from->pad + from_offset, &to->device, to->pad + to_offset, bytes);
    CAMP_TRY(camp_queue_recorded(q));
    /* Staging arrays are the host's: as C++ AMP's copy does, return once
     * the host may read or overwrite them. Copies between device arrays
     * stay in order with the view's kernels, without a wait. */
    if (to->staging_array || from->staging_array) CAMP_TRY(camp_usage_wait(&to->usage));
    return CAMP_OK;
}

void *camp_array_new_staging_at(camp_accelerator_view *view, long long count, size_t element_size, const void *src,
                                const char *file, unsigned line) {
    camp_lock_at(file, line);
    void *array = NULL;
    size_t bytes = 0;
    camp_status status = camp_checked_bytes("array_new_staging", count, element_size, &bytes);
    if (status == CAMP_OK) status = staging_new(view, bytes, src, &array);
    camp_unlock_and_report(status);
    return array;
}

void camp_array_copy_at(void *dst, const void *src, long long count, size_t element_size, const char *file,
                        unsigned line) {
    camp_lock_at(file, line);
    size_t bytes = 0;
    camp_status status = camp_checked_bytes("array_copy", count, element_size, &bytes);
    if (status == CAMP_OK) status = copy_arrays(dst, src, bytes);
    camp_unlock_and_report(status);
}
