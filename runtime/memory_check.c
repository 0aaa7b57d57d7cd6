/* memory_check.c — what libraries built on libcamp (camp_algorithms) ask
 * before launching their kernels on a caller's memory: whether a range lies
 * in one explicit view or array, what a view's device offers kernels
 * (features, subgroup size, tile_static memory: to pick a version of a
 * kernel), a way to report a bad argument through the program's error
 * handler, naming the caller's line, and a library call's span (its
 * kernels' errors at the caller's line; views of its own for memory that
 * has none, ended as it returns). */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Whether the library call is an _async form (its name says so): its
 * memory must outlive it, so it gets no view of its own. */
static bool call_is_async(void) {
    const char *call = camp_call.library_call;
    size_t n = call ? strlen(call) : 0;
    return n >= 6 && !strcmp(call + n - 6, "_async");
}

/* Memory with no view, in a synchronous library call
 * (camp_library_call_begin): a view of its own for the call, ended as it
 * returns (its kernels' writes brought back then). */
static camp_status call_view(const char *p, size_t bytes, const char *what, camp_region **out) {
    if (!camp_call.library_depth || !bytes || call_is_async()) return CAMP_OK;
    camp_region *below = camp_region_below(p + bytes);
    if (below && below->host + below->bytes > p)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: %s [%p, %p) overlaps %s '%s' [%p, %p) only partly; give the whole range one view",
                         camp_call.library_call, what, (const void *)p, (const void *)(p + bytes),
                         below->kind == CAMP_REGION_ARRAY ? "the array" : "the view", below->name,
                         (void *)below->host, (void *)(below->host + below->bytes));
    if (camp_call.call_view_count == CAMP_CALL_VIEWS_MAX)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: more than %u of its arguments lie in no view",
                         camp_call.library_call, CAMP_CALL_VIEWS_MAX);
    /* the program's own memory: const only in the callers' ABI */
    CAMP_TRY(camp_view_region_new((char *)(uintptr_t)p, bytes, what, out));
    (*out)->call_scoped = true;
    camp_call.call_views[camp_call.call_view_count++] = *out;
    return CAMP_OK;
}

void camp_library_call_begin(const char *call, const char *file, unsigned line) {
    if (camp_call.library_depth++) return; /* the outermost call is the program's */
    camp_call.library_call = call;
    camp_call.library_file = file;
    camp_call.library_line = line;
    camp_call.library_reported = false;
}

void camp_library_call_end(void) {
    if (!camp_call.library_depth || --camp_call.library_depth) return;
    if (camp_call.call_view_count) {
        camp_lock_at(camp_call.library_file, camp_call.library_line);
        camp_unlock_and_report(camp_call_views_end());
    }
    camp_call.library_file = camp_call.library_call = NULL;
}

camp_status camp_range_find(const void *p, long long count, size_t element_size, bool written, const char *what,
                            const char *call, camp_device *dev, camp_region **out, size_t *out_bytes) {
    size_t bytes = 0;
    CAMP_TRY(camp_checked_bytes(call, count, element_size, &bytes));
    if (!p) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: %s is a null pointer", call, what);
    camp_region *region = camp_region_find(p);
    if (region && (const char *)p == region->host + region->bytes && bytes) region = NULL;
    /* a global or static array gets a view of its own, as a kernel's use of it gives it */
    if (!region || (region->implicit && bytes > region->bytes - (size_t)((const char *)p - region->host)))
        CAMP_TRY(camp_lasting_region(p, bytes, what, &region));
    if (!region) CAMP_TRY(call_view(p, bytes, what, &region));
    /* an _async call's memory outside views gets none for the call (the call returns first): in a program
     * built without campcc, array_view makes none either */
    if (!region)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: %s (%p) lies in no array (array_new), no view (array_view) and %s; give it a view "
                         "first (array_view)%s",
                         call, what, p,
                         camp_guard_enabled() ? "no global or static array"
                                              : "no global or static array taken without a view (that needs implicit "
                                                "synchronization, which CAMP_IMPLICIT_SYNC turns off)",
                         strstr(call, "_async") ? "; a program built by a plain C compiler (the serial reference "
                                                  "mode) makes no views: call the synchronous form there"
                                                : "");
    size_t offset = (size_t)((const char *)p - region->host);
    if (bytes > region->bytes - offset)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: %s: %lld elements (%zu bytes) from offset %zu pass the end of %s '%s' (%zu bytes)",
                         call, what, count, bytes, offset, region->kind == CAMP_REGION_ARRAY ? "array" : "view",
                         region->name, region->bytes);
    if (written && region->read_only)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: %s lies in the read-only view '%s'", call, what,
                         region->name);
    if (region->staging_array)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: %s lies in a staging array, which kernels do not use (array_copy it into an array)",
                         call, what);
    *out = region;
    *out_bytes = bytes;
    if (region->kind != CAMP_REGION_ARRAY || !region->device.buffer) return CAMP_OK;
    /* an array: arrays do not move between accelerators */
    camp_device *own = region->device.owner;
    if (own != dev)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: %s lies in an array of accelerator %u (%s), and the call is for accelerator %u (%s)",
                         call, what, own->index, own->name, dev->index, dev->name);
    return CAMP_OK;
}

static camp_status check_range(const void *p, long long count, size_t element_size, bool written, const char *what,
                               const char *call) {
    camp_region *region = NULL;
    size_t bytes = 0;
    /* an array's device is known only once the runtime has started, as it has if p lies in one */
    camp_device *dev = camp_rt.main ? camp_queue_current()->dev : NULL;
    return camp_range_find(p, count, element_size, written, what, call, dev, &region, &bytes);
}

bool camp_memory_check_at(const void *p, long long count, size_t element_size, bool written, const char *what,
                          const char *call, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_status status = check_range(p, count, element_size, written, what, call);
    camp_unlock_and_report(status);
    return status == CAMP_OK;
}

void camp_report_error_at(camp_status status, const char *file, unsigned line, const char *fmt, ...) {
    char message[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    camp_lock_at(file, line);
    camp_unlock_and_report(camp_fail(status, "%s", message));
}

camp_view_limits camp_view_get_limits(camp_accelerator_view *view) {
    camp_lock_at(NULL, 0);
    camp_accelerator_view *resolved = NULL;
    camp_status status = camp_runtime_start();
    if (status == CAMP_OK) status = camp_view_or_default(view, "camp_view_get_limits", &resolved);
    camp_view_limits limits = {0, 0, 0};
    if (status == CAMP_OK) {
        const camp_device *dev = resolved->dev;
        limits = (camp_view_limits){dev->features, camp_device_subgroup_size(dev),
                                    dev->properties.limits.maxComputeSharedMemorySize};
    }
    camp_unlock_and_report(status);
    return limits;
}

bool camp_view_has_features(camp_accelerator_view *view, unsigned features) {
    return (camp_view_get_limits(view).features & features) == features;
}
