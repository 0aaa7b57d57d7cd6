/* views.c — a launch's memory. Implicit views (objects with a complete
 * type) are copied to fresh device buffers before the kernel and the
 * written ones copied back after it, unless they lie inside an explicit
 * region (array_view, array_new), which then provides them. Captured
 * pointers are looked up in the regions, then in the launch's own objects,
 * then among the locals of the wrapped calls running (call_scope.c) and the
 * launching unit's file-scope arrays, each of which then gets a view.
 * Device addresses go into the push constants.
 *
 * Views whose host ranges overlap share one device buffer (a group), so that
 * a kernel that sees the same memory through two captures sees one copy, as
 * the C program would. Each group's buffer starts `pad` bytes early so that
 * device addresses keep the host addresses' alignment modulo 16. */
#define _GNU_SOURCE /* pthread_getattr_np */
#include "internal.h"

#include <pthread.h>

#include <stddef.h>
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
    if (view->access & CAMP_ACCESS_POINTER) {
        if (view->bytes)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "pointer '%s' comes with %zu bytes", name, view->bytes);
    } else if (!view->host && view->bytes)
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

static bool is_pointer(const camp_launch_view *view) { return view->access & CAMP_ACCESS_POINTER; }

/* The explicit region an object lies in, NULL if none; an object that
 * overlaps a region only partly is an error. */
static camp_status object_region(const camp_launch_view *view, camp_region **out) {
    *out = NULL;
    if (!view->bytes) return CAMP_OK;
    const char *host = view->host, *end = host + view->bytes;
    camp_region *below = camp_region_below(end);
    if (!below || below->host + below->bytes <= host) return CAMP_OK; /* apart from every region */
    if (below->host <= host && end <= below->host + below->bytes) {
        *out = below;
        return CAMP_OK;
    }
    if (below->implicit) { /* a library call's view of part of a global or static array: the whole array's replaces it */
        CAMP_TRY(camp_implicit_regions_end(host, view->bytes));
        return object_region(view, out);
    }
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                     "'%s' [%p, %p) overlaps %s '%s' [%p, %p) only partly; a kernel can use an object "
                     "either inside an explicit view or apart from every one",
                     view->name ? view->name : "(unnamed)", (void *)host, (void *)end,
                     below->kind == CAMP_REGION_ARRAY ? "the array" : "the array_view", below->name,
                     (void *)below->host, (void *)(below->host + below->bytes));
}

/* A global or static array (CAMP_ACCESS_LASTING) lives as long as the
 * program: where its pages can be protected (host_guard.c), it gets a
 * view of its own at its first launch, which keeps it on the accelerator
 * between launches as an array_view does, and brings kernels' writes back
 * at the host's first access rather than after every launch. */
static camp_status lasting_region(const camp_launch_view *view, camp_region **out) {
    if (!(view->access & CAMP_ACCESS_LASTING)) return CAMP_OK;
    return camp_lasting_region(view->host, view->bytes, view->name ? view->name : "(unnamed)", out);
}

/* Sorts the launch's own objects by address and merges overlapping ones
 * into groups. */
static camp_status make_groups(camp_view_set *set, const camp_launch_view *views, uint32_t count) {
    sorted_view sorted_inline[CAMP_VIEWS_INLINE];
    sorted_view *sorted = count <= CAMP_VIEWS_INLINE ? sorted_inline : calloc(count, sizeof *sorted);
    if (!sorted) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    uint32_t own = 0;
    for (uint32_t i = 0; i < count; i++)
        if (!is_pointer(&views[i]) && !set->region_of[i])
            sorted[own++] = (sorted_view){(uintptr_t)views[i].host, (uintptr_t)views[i].host + views[i].bytes, i};
    if (own > 1) qsort(sorted, own, sizeof *sorted, by_start);

    camp_view_group *group = NULL;
    uintptr_t group_end = 0;
    for (uint32_t s = 0; s < own; s++) {
        const camp_launch_view *view = &views[sorted[s].index];
        if (!group || sorted[s].start >= group_end) {
            group = &set->groups[set->count++];
            memset(group, 0, sizeof *group);
            group->host = (char *)sorted[s].start;
            group_end = sorted[s].start;
        }
        if (sorted[s].end > group_end) group_end = sorted[s].end;
        group->bytes = group_end - (uintptr_t)group->host;
        group->access |= view->access;
        set->group_of[sorted[s].index] = (uint32_t)(group - set->groups);
    }
    if (sorted != sorted_inline) free(sorted);
    return CAMP_OK;
}

/* A device buffer per group, filled with the host bytes: through its mapping
 * when the memory is host-visible, else through a staging buffer whose copy
 * camp_views_record_before records. */
static camp_status fill_group(camp_device *dev, camp_view_group *group) {
    group->pad = (uintptr_t)group->host % GROUP_ALIGNMENT;
    VkDeviceSize size = group->pad + group->bytes;
    CAMP_TRY(camp_buffer_acquire(dev, CAMP_BUFFER_DEVICE, size, &group->device));
    if (group->device.address % GROUP_ALIGNMENT != 0)
        return camp_fail(CAMP_ERROR_VULKAN, "device address 0x%llx is not %u-byte aligned",
                         (unsigned long long)group->device.address, GROUP_ALIGNMENT);
    char *destination = group->device.mapped;
    if (!destination) {
        CAMP_TRY(camp_buffer_acquire(dev, CAMP_BUFFER_STAGING, size, &group->staging));
        destination = group->staging.mapped;
    }
    if (!group->bytes) return CAMP_OK;
    camp_guard_window window;
    camp_status status = camp_guard_open(&window, group->host, group->bytes, NULL, false);
    camp_profile_span span = {0, 0};
    if (camp_rt.profiling) span = camp_profile_copy_begin(CAMP_COPY_IN, group->bytes);
    if (status == CAMP_OK) memcpy(destination + group->pad, group->host, group->bytes);
    if (camp_rt.profiling) camp_profile_copy_end(CAMP_COPY_IN, group->bytes, span);
    camp_guard_close(&window);
    return status;
}

static uint64_t region_address(const camp_region *region, const void *host) {
    return region->device.address + region->pad + (uint64_t)((uintptr_t)host - (uintptr_t)region->host);
}

/* Kernels address a buffer over 4 GiB in 64 bits (CAMP_SPEC_NARROW_ADDRESSES). */
static void note_buffer(camp_view_set *set, const camp_buffer *buffer) {
    if (buffer->size > UINT32_MAX) set->wide_addresses = true;
}

/* The file-scope array of the launching unit that `p` points into, or
 * NULL; one past an array's end counts (`past_end`) where no array begins
 * there. */
static const camp_global_array *global_array_of(const camp_module_info *module, uintptr_t p, bool past_end) {
    const camp_global_array *past = NULL;
    for (uint32_t g = 0; module && g < module->global_count; g++) {
        uintptr_t start = (uintptr_t)module->globals[g].host, end = start + module->globals[g].bytes;
        if (p >= start && p < end) return &module->globals[g];
        if (p == end && past_end) past = &module->globals[g];
    }
    return past;
}

/* Captured pointer `i` points into `region`: prepared for the launch. */
static camp_status pointer_in_region(camp_view_set *set, uint32_t i, camp_region *region, uint64_t *address) {
    const camp_launch_view *view = &set->views[i];
    set->region_of[i] = region;
    if (region->stack_local && !region->host_stale) region->device_valid = false; /* the host may have written it */
    CAMP_TRY(camp_region_prepare(region, set->queue, view));
    *address = region_address(region, view->host);
    note_buffer(set, &region->device);
    return CAMP_OK;
}

/* AddressSanitizer's, where the program is built with it: it may keep a
 * function's locals in frames of its own, off the thread's stack. */
extern void *__asan_get_current_fake_stack(void) __attribute__((weak));
extern void *__asan_addr_is_in_fake_stack(void *fake_stack, void *addr, void **beg, void **end)
    __attribute__((weak));

/* Whether `p` lies in the calling thread's stack (the launch runs on it). */
static bool on_this_stack(const void *p) {
    if (__asan_get_current_fake_stack && __asan_addr_is_in_fake_stack &&
        __asan_addr_is_in_fake_stack(__asan_get_current_fake_stack(), (void *)(uintptr_t)p, NULL, NULL))
        return true;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return false;
    void *low = NULL;
    size_t size = 0;
    bool in = pthread_attr_getstack(&attr, &low, &size) == 0 && (uintptr_t)p >= (uintptr_t)low &&
              (uintptr_t)p - (uintptr_t)low < size;
    pthread_attr_destroy(&attr);
    return in;
}

/* The device address of captured pointer `i`'s value; the region it
 * points into, if any, noted in region_of. One to a value the kernel only
 * reads, lying in no view: null, the value copied into `push`. */
static camp_status pointer_address(camp_view_set *set, uint32_t i, uint64_t *address, void *push) {
    const camp_launch_view *view = &set->views[i];
    uintptr_t p = (uintptr_t)view->host;
    *address = 0;
    if (!p) return CAMP_OK; /* NULL stays NULL: kernels may test it */
    camp_region *region = camp_region_find(view->host);
    /* One past a region's end: where an array begins that has no view yet,
     * that array's; where the kernel reads or writes through the pointer,
     * what begins there (a static local, a struct), not past the end of
     * the region's buffer; else (a bound the kernel compares with) the
     * region's end. */
    bool derefs = view->access & (CAMP_ACCESS_READ | CAMP_ACCESS_WRITE);
    if (region && (const char *)view->host == region->host + region->bytes &&
        (derefs || global_array_of(set->module, p, false) || camp_scope_lists(view->host)))
        region = NULL;
    if (region) return pointer_in_region(set, i, region, address);
    for (uint32_t g = 0; g < set->count; g++) {
        camp_view_group *group = &set->groups[g];
        uintptr_t end = (uintptr_t)group->host + group->bytes;
        if (p >= (uintptr_t)group->host && (p < end || (p == end && !derefs))) {
            if (view->access & CAMP_ACCESS_WRITE) group->written_through_pointer = true;
            group->access |= view->access & ~CAMP_ACCESS_POINTER;
            *address = group->device.address + group->pad + (p - (uintptr_t)group->host);
            return CAMP_OK;
        }
    }
    /* a local array of a calling function, passed to the function that launched: its view for the call
     * (one past its end only where the kernel does not read or write there, and no file-scope array begins) */
    CAMP_TRY(camp_scope_region(view->host, !derefs && !global_array_of(set->module, p, false), &region));
    if (region) return pointer_in_region(set, i, region, address);
    if (camp_empty_view_find(view->host, false)) {
        *address = CAMP_EMPTY_VIEW_ADDRESS;
        return CAMP_OK;
    }
    const char *name = view->name ? view->name : "(unnamed)";
    /* an array at file scope that no kernel names: its view, as a kernel naming it would make; one of
     * another file (without kernels) found by its symbol */
    const camp_global_array *global = global_array_of(set->module, p, true);
    camp_static_object object;
    camp_global_array other;
    if (!global && camp_static_object_find(view->host, &object)) {
        char *object_name = strdup(object.name); /* the view's name, as long as the program runs */
        other = (camp_global_array){object.host, object.bytes, object_name ? object_name : "(file scope)",
                                    object.read_only};
        global = &other;
    }
    if (global) {
        CAMP_TRY(camp_lasting_region(global->host, global->bytes, global->name, &region));
        /* a constant table (in read-only pages): a view of it, as array_view of a pointer to const makes */
        if (!region && global->read_only) {
            CAMP_TRY(camp_view_region_new((char *)(uintptr_t)global->host, global->bytes, global->name, &region));
            region->read_only = true;
        }
        if (region) return pointer_in_region(set, i, region, address);
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "pointer '%s' (%p) points into the array '%s', which no kernel names and which has no "
                         "view: without implicit synchronization (CAMP_IMPLICIT_SYNC) make it a view, "
                         "array_view(%s, n)",
                         name, view->host, global->name, global->name);
    }
    if (view->value_bytes) { /* Fortran's scalar arguments, from a caller campcc did not see */
        memcpy((char *)push + view->value_offset, view->host, view->value_bytes);
        return CAMP_OK;
    }
    /* f2c's and Numerical Recipes' offset base pointers (`--dx`, then dx[1..n]): just before a view or a
     * file-scope array */
    const char *ahead = (const char *)view->host + 16, *start = NULL, *kind = "view", *start_name = NULL;
    camp_region *after = camp_region_find(ahead);
    const camp_global_array *array = global_array_of(set->module, (uintptr_t)ahead, false);
    if (after) start = after->host, start_name = after->name;
    else if (array) start = array->host, start_name = array->name, kind = "array";
    else if (camp_static_object_find(ahead, &object)) start = object.host, start_name = object.name, kind = "array";
    if (start && (const char *)view->host < start)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "pointer '%s' (%p) lies %td bytes before the %s '%s' (%p): a kernel's pointer must point "
                         "into a view or array (or one past its end); pass the %s's start and index from 0 (f2c's "
                         "`--dx;` works inside the amp functions a kernel calls, not before a launch)%s",
                         name, view->host, start - (const char *)view->host, kind, start_name ? start_name : "",
                         (const void *)start, kind, after ? ", or make the view begin where the pointer does" : "");
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                     "pointer '%s' (%p) lies in no view%s: make the memory it points to available to "
                     "kernels with array_view(%s, count), or allocate it with array_new",
                     name, view->host,
                     on_this_stack(view->host) ? " (it points into the stack: a local array that campcc did not see "
                                                 "reach this launch, which needs its view where it is declared)"
                                               : "",
                     name);
}

camp_status camp_views_prepare(camp_view_set *set, camp_accelerator_view *q, const camp_module_info *module,
                               const camp_launch_view *views, uint32_t count, void *push, uint32_t push_size) {
    /* The inline arrays are cleared entry by entry as they are used. */
    memset(set, 0, offsetof(camp_view_set, groups_inline));
    set->views = views;
    set->view_count = count;
    set->queue = q;
    set->module = module;
    for (uint32_t i = 0; i < count; i++) CAMP_TRY(check_view(&views[i], push_size));
    if (count <= CAMP_VIEWS_INLINE) {
        set->groups = set->groups_inline;
        set->group_of = set->group_of_inline;
        set->region_of = set->region_of_inline;
    } else {
        set->groups = calloc(count, sizeof *set->groups);
        set->group_of = calloc(count, sizeof *set->group_of);
        set->region_of = calloc(count, sizeof *set->region_of);
    }
    if (!set->groups || !set->group_of || !set->region_of)
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    for (uint32_t i = 0; i < count; i++) {
        set->group_of[i] = UINT32_MAX;
        set->region_of[i] = NULL;
        if (is_pointer(&views[i])) continue;
        CAMP_TRY(object_region(&views[i], &set->region_of[i]));
        if (!set->region_of[i]) CAMP_TRY(lasting_region(&views[i], &set->region_of[i]));
    }
    CAMP_TRY(make_groups(set, views, count));
    for (uint32_t g = 0; g < set->count; g++) {
        CAMP_TRY(fill_group(q->dev, &set->groups[g]));
        note_buffer(set, &set->groups[g].device);
    }
    for (uint32_t i = 0; i < count; i++) {
        uint64_t address = 0;
        if (is_pointer(&views[i])) {
            CAMP_TRY(pointer_address(set, i, &address, push));
        } else if (set->region_of[i]) {
            CAMP_TRY(camp_region_prepare(set->region_of[i], q, &views[i]));
            address = region_address(set->region_of[i], views[i].host);
            note_buffer(set, &set->region_of[i]->device);
        } else {
            const camp_view_group *group = &set->groups[set->group_of[i]];
            address = group->device.address + group->pad +
                      (uint64_t)((uintptr_t)views[i].host - (uintptr_t)group->host);
        }
        /* The offset is the compiler's: it may not be 8-aligned. */
        memcpy((char *)push + views[i].push_offset, &address, sizeof address);
    }
    for (uint32_t i = 0; i < count; i++)
        if (set->region_of[i]) camp_region_used(set->region_of[i], views[i].access);
    for (uint32_t i = 0; i < count; i++)
        if (set->region_of[i]) CAMP_TRY(camp_region_copied(set->region_of[i]));
    for (uint32_t g = 0; g < set->count; g++)
        if (set->groups[g].access & CAMP_ACCESS_WRITE) set->writes_back = true;
    return CAMP_OK;
}

/* The memory the kernel uses, as usages with the kernel's access. */
typedef struct kernel_use {
    camp_usage *usage;
    uint32_t access;
} kernel_use;

static uint32_t kernel_uses(camp_view_set *set, kernel_use *uses) {
    uint32_t n = 0;
    for (uint32_t g = 0; g < set->count; g++)
        uses[n++] = (kernel_use){&set->groups[g].usage, set->groups[g].access};
    for (uint32_t i = 0; i < set->view_count; i++)
        if (set->region_of[i]) uses[n++] = (kernel_use){&set->region_of[i]->usage, set->views[i].access};
    return n;
}

camp_status camp_views_record_before(camp_view_set *set, camp_accelerator_view *q) {
    bool copied = false;
    for (uint32_t g = 0; g < set->count; g++) {
        camp_view_group *group = &set->groups[g];
        if (!group->staging.buffer || !group->bytes) continue;
        camp_record_copy(q, CAMP_COPY_IN, &group->staging, group->pad, &group->device, group->pad, group->bytes);
        camp_queue_use(q, &group->usage, CAMP_ACCESS_WRITE);
        copied = true;
    }
    kernel_use uses_inline[2 * CAMP_VIEWS_INLINE];
    uint32_t most = set->count + set->view_count;
    kernel_use *uses = most <= 2 * CAMP_VIEWS_INLINE ? uses_inline : calloc(most, sizeof *uses);
    if (!uses) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    uint32_t n = kernel_uses(set, uses);
    bool barrier = copied;
    camp_status status = CAMP_OK;
    for (uint32_t u = 0; u < n && status == CAMP_OK; u++) {
        bool needed = false;
        status = camp_queue_needs_barrier(q, uses[u].usage, uses[u].access, &needed);
        barrier |= needed;
    }
    if (status == CAMP_OK) {
        if (barrier) camp_queue_barrier(q);
        for (uint32_t u = 0; u < n; u++) camp_queue_use(q, uses[u].usage, uses[u].access);
    }
    if (uses != uses_inline) free(uses);
    return status;
}

static camp_status finish_eager_regions(camp_view_set *set) {
    for (uint32_t i = 0; i < set->view_count; i++) {
        camp_region *region = set->region_of[i];
        if (!region) continue;
        CAMP_TRY(camp_region_settle_eager(region));
        /* The statement after the launch reads or writes the view's
         * elements (campcc saw it): the kernel's results now, as that
         * access would bring them back, with no change of protection on
         * the way. */
        if ((set->views[i].access & CAMP_ACCESS_USED_NEXT) && region->kind == CAMP_REGION_VIEW && camp_guard_enabled())
            CAMP_TRY(camp_region_synchronize(region, false));
        /* A local of a wrapped call or launch (call_scope.c): never guarded,
         * so its data goes back after each kernel, as a local array's that a
         * kernel names does, and in before each (pointer_in_region). */
        if (region->stack_local) CAMP_TRY(camp_region_synchronize(region, false));
    }
    return CAMP_OK;
}

camp_status camp_views_finish(camp_view_set *set, camp_accelerator_view *q) {
    CAMP_TRY(finish_eager_regions(set));
    if (!set->writes_back) return CAMP_OK;
    CAMP_TRY(camp_queue_open(q));
    bool barrier_done = false;
    for (uint32_t g = 0; g < set->count; g++) {
        camp_view_group *group = &set->groups[g];
        if (!group->staging.buffer || !group->bytes || !(group->access & CAMP_ACCESS_WRITE)) continue;
        if (!barrier_done) camp_queue_barrier(q);
        barrier_done = true;
        camp_record_copy(q, CAMP_COPY_OUT, &group->device, group->pad, &group->staging, group->pad, group->bytes);
    }
    /* counted, so that the batch is submitted: the copy back of an eager
     * view (finish_eager_regions) may have submitted the kernel's, and
     * then these copies are the open batch's only commands */
    if (barrier_done) q->open_commands++;
    /* The group buffers are this launch's own: other calls may go on. */
    CAMP_TRY(camp_queue_finish_releasing(q));
    /* Only the views the kernel may write: the bytes of read-only ones are
     * left alone even when they share a group with a written one, unless a
     * pointer into the group may have written anywhere in it. */
    for (uint32_t i = 0; i < set->view_count; i++) {
        const camp_launch_view *view = &set->views[i];
        if (set->group_of[i] == UINT32_MAX || !view->bytes) continue;
        const camp_view_group *group = &set->groups[set->group_of[i]];
        if (!(view->access & CAMP_ACCESS_WRITE) && !group->written_through_pointer) continue;
        const char *source = group->staging.buffer ? group->staging.mapped : group->device.mapped;
        size_t offset = (uintptr_t)view->host - (uintptr_t)group->host;
        camp_guard_window window;
        camp_status status = camp_guard_open(&window, view->host, view->bytes, NULL, true);
        camp_profile_span span = {0, 0};
        if (camp_rt.profiling) span = camp_profile_copy_begin(CAMP_COPY_OUT, view->bytes);
        /* the object is the program's own, written by the kernel: const only in the ABI */
        if (status == CAMP_OK) memcpy((void *)(uintptr_t)view->host, source + group->pad + offset, view->bytes);
        if (camp_rt.profiling) camp_profile_copy_end(CAMP_COPY_OUT, view->bytes, span);
        camp_guard_close(&window);
        CAMP_TRY(status);
    }
    return CAMP_OK;
}

void camp_views_release(camp_view_set *set, camp_accelerator_view *q) {
    for (uint32_t g = 0; g < set->count; g++) {
        camp_view_group *group = &set->groups[g];
        bool busy = camp_usage_busy(&group->usage);
        if (busy && camp_queue_retire(q, &group->device) == CAMP_OK &&
            camp_queue_retire(q, &group->staging) == CAMP_OK)
            continue;
        camp_buffer_release(&group->device);
        camp_buffer_release(&group->staging);
    }
    if (set->groups != set->groups_inline) {
        free(set->groups);
        free(set->group_of);
        free(set->region_of);
    }
    set->groups = NULL;
    set->group_of = NULL;
    set->region_of = NULL;
    set->count = 0;
}
