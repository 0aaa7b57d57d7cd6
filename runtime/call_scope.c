/* call_scope.c — a local array that the program passes to a function
 * which launches kernels on it (campcc wraps the call: call_views.c):
 * a view of it for the call, as a library call makes one for memory with
 * none (memory_check.c), never guarded (the stack's pages hold everything
 * else the function has), and ended as the call returns, what kernels
 * wrote brought back first. */
#include "internal.h"

camp_scope camp_abi_scope_begin(void) { return (camp_scope){{NULL}, 0}; }

/* Whether [p, p + bytes) touches a region: a view or array over it, or
 * one it overlaps, which the kernels' pointers find or report as before. */
static bool in_some_region(const char *p, size_t bytes) {
    camp_region *below = camp_region_below(p + bytes);
    return below && below->host + below->bytes > p;
}

void camp_abi_scope_view(camp_scope *scope, const void *host, camp_size bytes, const char *name) {
    if (!bytes || scope->count == CAMP_SCOPE_VIEWS_MAX) return; /* past the most: the launch reports it */
    camp_lock_at(NULL, 0);
    camp_region *region = NULL;
    camp_status status = CAMP_OK;
    if (!in_some_region(host, bytes)) {
        /* the program's own memory: const only in the ABI */
        status = camp_view_region_new((char *)(uintptr_t)host, bytes, name, &region);
        if (status == CAMP_OK) {
            region->call_scoped = true;
            scope->regions[scope->count++] = region;
        }
    }
    camp_unlock_and_report(status);
}

void camp_abi_scope_end(camp_scope *scope) {
    if (!scope->count) return;
    camp_lock_at(NULL, 0);
    camp_status status = CAMP_OK;
    while (scope->count) {
        camp_region *region = scope->regions[--scope->count];
        if (status == CAMP_OK) status = camp_region_synchronize(region, false);
        camp_region_remove(region);
        camp_region_free(region);
    }
    camp_unlock_and_report(status);
}
