/* call_scope.c — a local array that the program passes to a function
 * which launches kernels on it (campcc wraps the call: call_views.c).
 * While the call runs, its scope, innermost first, lists the locals; a
 * kernel's pointer into one that lies in no view (views.c) makes it a
 * view for the rest of the call, as a library call makes one for memory
 * with none (memory_check.c): never guarded (the stack's pages hold
 * everything else the functions have), and ended as the call returns,
 * what kernels wrote brought back first. A view the call's own code makes
 * (array_view) is found first and serves instead. */
#include "internal.h"

/* The thread's innermost scope; scopes live in the wrapped calls' frames
 * (in no order of addresses: two in one function, nested, may lie either
 * way, and under AddressSanitizer in frames of its own), each ended by its
 * call's end. A longjmp out of a wrapped call leaves its scope listed. */
static _Thread_local camp_scope *innermost;

void camp_abi_scope_begin(camp_scope *scope) {
    scope->count = scope->made = 0;
    scope->outer = innermost;
    innermost = scope;
}

void camp_abi_scope_view(camp_scope *scope, const void *host, camp_size bytes, const char *name) {
    if (!bytes || scope->count == CAMP_SCOPE_VIEWS_MAX) return; /* past the most: the launch reports it */
    scope->host[scope->count] = host;
    scope->bytes[scope->count] = bytes;
    scope->name[scope->count++] = name;
}

/* Local i of scope s made a view, in *out; NULL where a region over part
 * of it is there already (it stays as before). */
static camp_status scope_region(camp_scope *s, uint32_t i, camp_region **out) {
    const char *host = s->host[i];
    camp_region *below = camp_region_below(host + s->bytes[i]);
    if (below && below->host + below->bytes > host) return CAMP_OK;
    /* the program's own memory: const only in the ABI */
    CAMP_TRY(camp_view_region_new((char *)(uintptr_t)host, s->bytes[i], s->name[i], out));
    (*out)->call_scoped = (*out)->stack_local = true;
    s->regions[s->made++] = *out;
    return CAMP_OK;
}

camp_status camp_scope_region(const void *p, bool past_end_too, camp_region **out) {
    *out = NULL;
    /* a local p lies in before one it is just past the end of: the next on the stack may begin there */
    for (int past_end = 0; past_end < 1 + past_end_too; past_end++)
        for (camp_scope *s = innermost; s; s = s->outer)
            for (uint32_t i = 0; i < s->count; i++) {
                const char *host = s->host[i], *at = p;
                bool in = at >= host && at < host + s->bytes[i];
                if ((past_end ? at != host + s->bytes[i] : !in) || s->made == CAMP_SCOPE_VIEWS_MAX) continue;
                CAMP_TRY(scope_region(s, i, out));
                if (*out) return CAMP_OK;
            }
    return CAMP_OK;
}

bool camp_scope_lists(const void *p) {
    for (camp_scope *s = innermost; s; s = s->outer)
        for (uint32_t i = 0; i < s->count; i++)
            if (s->host[i] == p) return true;
    return false;
}

void camp_abi_scope_end(camp_scope *scope) {
    /* the scopes inside it are gone too (a longjmp skipped their ends) */
    for (camp_scope *s = innermost; s; s = s->outer)
        if (s == scope) {
            innermost = scope->outer;
            break;
        }
    if (!scope->made) return;
    camp_lock_at(NULL, 0);
    camp_status status = CAMP_OK;
    while (scope->made) {
        camp_region *region = scope->regions[--scope->made];
        if (status == CAMP_OK) status = camp_region_synchronize(region, false);
        camp_region_remove(region);
        camp_region_free(region);
    }
    camp_unlock_and_report(status);
}
