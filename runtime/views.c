/* views.c — a launch's implicit views: host ranges copied to device buffers
 * before the kernel, their device addresses written into the push
 * constants, and the written ones copied back after it.
 *
 * Views whose host ranges overlap share one device buffer (a group), so that
 * a kernel that sees the same memory through two captures sees one copy, as
 * the C program would. Each group's buffer starts `pad` bytes early so that
 * device addresses keep the host addresses' alignment modulo 16. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define GROUP_ALIGNMENT 16u

typedef struct sorted_view {
    uintptr_t start, end;
    uint32_t index;
} sorted_view;

static int by_start(const void *a, const void *b) {
    const sorted_view *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

static camp_status check_view(const camp_launch_view *view, uint32_t push_size) {
    const char *name = view->name ? view->name : "(unnamed)";
    if (!view->host && view->bytes)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "view '%s' has %zu bytes at a null address", name,
                         view->bytes);
    if (view->push_offset < CAMP_PUSH_HEADER_SIZE || push_size < sizeof(uint64_t) ||
        view->push_offset > push_size - sizeof(uint64_t))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "view '%s': its address at push offset %u is outside the captures [%u, %u)",
                         name, view->push_offset, CAMP_PUSH_HEADER_SIZE, push_size);
    if ((uintptr_t)view->host + view->bytes < (uintptr_t)view->host)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "view '%s' wraps around the address space", name);
    return CAMP_OK;
}

/* Sorts the views by address and merges overlapping ones into groups. */
static camp_status make_groups(camp_view_set *set, const camp_launch_view *views, uint32_t count) {
    sorted_view *sorted = calloc(count ? count : 1, sizeof *sorted);
    set->groups = calloc(count ? count : 1, sizeof *set->groups);
    set->group_of = calloc(count ? count : 1, sizeof *set->group_of);
    if (!sorted || !set->groups || !set->group_of) {
        free(sorted);
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    for (uint32_t i = 0; i < count; i++)
        sorted[i] = (sorted_view){(uintptr_t)views[i].host, (uintptr_t)views[i].host + views[i].bytes, i};
    qsort(sorted, count, sizeof *sorted, by_start);

    camp_view_group *group = NULL;
    uintptr_t group_end = 0;
    for (uint32_t s = 0; s < count; s++) {
        const camp_launch_view *view = &views[sorted[s].index];
        if (!group || sorted[s].start >= group_end) {
            group = &set->groups[set->count++];
            group->host = (char *)sorted[s].start;
            group_end = sorted[s].start;
        }
        if (sorted[s].end > group_end) group_end = sorted[s].end;
        group->bytes = group_end - (uintptr_t)group->host;
        group->access |= view->access;
        set->group_of[sorted[s].index] = (uint32_t)(group - set->groups);
    }
    free(sorted);
    return CAMP_OK;
}

/* A device buffer per group, filled with the host bytes: through its mapping
 * when the memory is host-visible, else through a staging buffer whose copy
 * camp_views_record_copy_in records. */
static camp_status fill_group(camp_view_group *group) {
    group->pad = (uintptr_t)group->host % GROUP_ALIGNMENT;
    VkDeviceSize size = group->pad + group->bytes;
    CAMP_TRY(camp_buffer_acquire(CAMP_BUFFER_DEVICE, size, &group->device));
    if (group->device.address % GROUP_ALIGNMENT != 0)
        return camp_fail(CAMP_ERROR_VULKAN, "device address 0x%llx is not %u-byte aligned",
                         (unsigned long long)group->device.address, GROUP_ALIGNMENT);
    char *destination = group->device.mapped;
    if (!destination) {
        CAMP_TRY(camp_buffer_acquire(CAMP_BUFFER_STAGING, size, &group->staging));
        destination = group->staging.mapped;
    }
    if (group->bytes) memcpy(destination + group->pad, group->host, group->bytes);
    return CAMP_OK;
}

camp_status camp_views_prepare(camp_view_set *set, const camp_launch_view *views, uint32_t count,
                               void *push, uint32_t push_size) {
    memset(set, 0, sizeof *set);
    set->views = views;
    set->view_count = count;
    for (uint32_t i = 0; i < count; i++) CAMP_TRY(check_view(&views[i], push_size));
    CAMP_TRY(make_groups(set, views, count));
    for (uint32_t g = 0; g < set->count; g++) CAMP_TRY(fill_group(&set->groups[g]));
    for (uint32_t i = 0; i < count; i++) {
        const camp_view_group *group = &set->groups[set->group_of[i]];
        uint64_t address = group->device.address + group->pad +
                           (uint64_t)((uintptr_t)views[i].host - (uintptr_t)group->host);
        /* The offset is the compiler's: it may not be 8-aligned. */
        memcpy((char *)push + views[i].push_offset, &address, sizeof address);
    }
    return CAMP_OK;
}

void camp_views_record_copy_in(const camp_view_set *set, VkCommandBuffer commands) {
    for (uint32_t g = 0; g < set->count; g++) {
        const camp_view_group *group = &set->groups[g];
        if (!group->staging.buffer || !group->bytes) continue;
        VkBufferCopy region = {group->pad, group->pad, group->bytes};
        vkCmdCopyBuffer(commands, group->staging.buffer, group->device.buffer, 1, &region);
    }
}

void camp_views_record_copy_out(const camp_view_set *set, VkCommandBuffer commands) {
    for (uint32_t g = 0; g < set->count; g++) {
        const camp_view_group *group = &set->groups[g];
        if (!group->staging.buffer || !group->bytes || !(group->access & CAMP_ACCESS_WRITE)) continue;
        VkBufferCopy region = {group->pad, group->pad, group->bytes};
        vkCmdCopyBuffer(commands, group->device.buffer, group->staging.buffer, 1, &region);
    }
}

void camp_views_copy_back(const camp_view_set *set) {
    /* Only the views the kernel may write: the bytes of read-only ones are
     * left alone even when they share a group with a written one. */
    for (uint32_t i = 0; i < set->view_count; i++) {
        const camp_launch_view *view = &set->views[i];
        if (!(view->access & CAMP_ACCESS_WRITE) || !view->bytes) continue;
        const camp_view_group *group = &set->groups[set->group_of[i]];
        const char *source = group->staging.buffer ? group->staging.mapped : group->device.mapped;
        size_t offset = (uintptr_t)view->host - (uintptr_t)group->host;
        memcpy(view->host, source + group->pad + offset, view->bytes);
    }
}

void camp_views_release(camp_view_set *set) {
    for (uint32_t g = 0; g < set->count; g++) {
        camp_buffer_release(&set->groups[g].device);
        camp_buffer_release(&set->groups[g].staging);
    }
    free(set->groups);
    free(set->group_of);
    memset(set, 0, sizeof *set);
}
