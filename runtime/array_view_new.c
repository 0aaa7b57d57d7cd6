/* array_view_new.c — views created from an extent alone (C++ AMP's
 * array_view<T, N>(extent)): accelerator scratch with no data of the
 * program's. libcamp allocates the host memory the view is named by;
 * nothing is copied in (its contents are undefined until written, C++
 * AMP's discard_data), kernels' writes appear there at
 * array_view_synchronize, and array_view_delete ends the view and frees
 * the memory. Otherwise it is an explicit view like any other
 * (array_view.c). */
#define _DEFAULT_SOURCE /* madvise */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Views of a huge page or more are laid out in huge pages where the
 * system gives them (host_pages.c): implicit synchronization changes
 * their protection twice per kernel and host read. */

static camp_status view_new(size_t bytes, const char *name, void **out) {
    if (!bytes) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: an empty view", name);
    /* Whole pages of its own, so that implicit synchronization can protect
     * them (host_guard.c); zeroed, so that the host never reads
     * uninitialized memory (the device's copy is not, until a kernel
     * writes it). */
    size_t page = bytes >= CAMP_HUGE_PAGE ? CAMP_HUGE_PAGE : (size_t)sysconf(_SC_PAGESIZE);
    size_t rounded = bytes + page - 1 < bytes ? 0 : (bytes + page - 1) / page * page;
    char *host = rounded ? aligned_alloc(page, rounded) : NULL;
    if (!host) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "%s: out of host memory", name);
#ifdef MADV_HUGEPAGE
    if (page == CAMP_HUGE_PAGE) (void)madvise(host, rounded, MADV_HUGEPAGE); /* before the memset faults them in */
#endif
    memset(host, 0, rounded);
    camp_region *region = NULL;
    camp_status status = camp_view_region_new(host, bytes, name, &region);
    if (status != CAMP_OK) {
        free(host);
        return status;
    }
    region->owns_host = true;
    region->device_valid = true; /* nothing to copy in */
    camp_guard_update(region); /* a host write before the first kernel is copied in */
    *out = host;
    return CAMP_OK;
}

static camp_status view_delete(const void *host) {
    if (!host) return CAMP_OK; /* as free(NULL) */
    camp_region *region = camp_region_find(host);
    if (!region || region->kind != CAMP_REGION_VIEW || !region->owns_host || region->host != host)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "array_view_delete(%p): not the pointer array_view_new returned (end other views with "
                         "array_view_release)",
                         host);
    if (region->refs > 1)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "array_view_delete(%s): %u views or sections nested in it are live; release them first",
                         region->name, region->refs - 1);
    /* its data goes with it: nothing is copied back */
    camp_region_remove(region);
    camp_region_free(region);
    return CAMP_OK;
}

void *camp_array_view_new_at(long long count, size_t element_size, const char *name, const char *file,
                             unsigned line) {
    camp_lock_at(file, line);
    size_t bytes = 0;
    void *host = NULL;
    name = name ? name : "array_view_new";
    camp_status status = camp_checked_bytes(name, count, element_size, &bytes);
    if (status == CAMP_OK) status = view_new(bytes, name, &host);
    camp_unlock_and_report(status);
    return host;
}

void camp_array_view_delete_at(const void *host, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_unlock_and_report(view_delete(host));
}
