/* array_view.c — explicit views (docs/dialect.md §4) with C++ AMP's lazy rules:
 * registering a view copies nothing; a kernel's first use copies the data
 * in; the data stays on the device across kernels; synchronize copies back
 * what kernels may have written; refresh says the host changed it;
 * discard_data says its current contents do not matter; release ends it.
 * A view of a pointer to const is read-only (C++ AMP's array_view<const T>):
 * kernels may not write it, so it is never copied back.
 * A view inside an existing one shares it (and refreshes it unless kernel
 * writes wait to be synchronized); partial overlaps are refused. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What an error about a view in the way adds: where only its sections hold
 * it, that the program released the view (and perhaps freed its memory,
 * which malloc gave out again) but not the sections; else the usual
 * cause, a view never released over memory since freed, or over a stack
 * frame since gone, and new memory at its address. */
static void in_the_way_note(const camp_region *region, char *note, size_t size) {
    const char *file = NULL;
    unsigned line = 0;
    note[0] = '\0';
    if (region->kind != CAMP_REGION_VIEW) return;
    if (!camp_sections_alone_hold(region, &file, &line)) {
        snprintf(note, size,
                 "; a view stays until array_view_release, even once its memory is freed or its function has "
                 "returned (release '%s' there)",
                 region->name);
        return;
    }
    char made[300] = "";
    if (file) snprintf(made, sizeof made, " made at %s:%u", file, line);
    snprintf(note, size,
             "; '%s' was released, but its section%s still holds it: a view ends once its sections are "
             "released too (array_view_section_release)",
             region->name, made);
}

static camp_status create(char *host, size_t bytes, const char *name, bool read_only) {
    if (!bytes) return camp_empty_view_add(host);
    if (!host) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_view(%s, ...): a null pointer", name);
    if ((uintptr_t)host + bytes < (uintptr_t)host)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_view(%s, ...) wraps around the address space", name);
    char *end = host + bytes;
    CAMP_TRY(camp_implicit_regions_end(host, bytes)); /* an explicit view takes over a static array's */
    camp_region *outer = camp_region_find(host);
    if (outer && host == outer->host + outer->bytes) outer = NULL; /* only touches it */
    char note[512];
    if (outer) {
        in_the_way_note(outer, note, sizeof note);
        if (end > outer->host + outer->bytes)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "array_view(%s, ...) [%p, %p) straddles the end of %s '%s' [%p, %p); views "
                             "may nest inside another, not overlap it partly%s",
                             name, (void *)host, (void *)end,
                             outer->kind == CAMP_REGION_ARRAY ? "array" : "view", outer->name,
                             (void *)outer->host, (void *)(outer->host + outer->bytes), note);
        if (outer->kind == CAMP_REGION_ARRAY)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "array_view(%s, ...) lies inside the array '%s': arrays are already on the "
                             "accelerator and need no view",
                             name, outer->name);
        /* A new view says "here is the host's data": unless kernel writes
         * wait to be synchronized, the next kernel copies it in again. */
        if (!outer->host_stale) {
            outer->device_valid = false;
            outer->skip_begin = outer->skip_end = 0;
            camp_guard_update(outer);
        }
        /* read-only while every view of it is */
        if (!read_only) outer->read_only = false;
        outer->refs++;
        return CAMP_OK;
    }
    camp_region *next = camp_region_below(end);
    if (next && next->host + next->bytes > host) {
        in_the_way_note(next, note, sizeof note);
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "array_view(%s, ...) [%p, %p) encloses or overlaps %s '%s' [%p, %p); release that "
                         "first, or make the larger view first%s",
                         name, (void *)host, (void *)end, next->kind == CAMP_REGION_ARRAY ? "array" : "view",
                         next->name, (void *)next->host, (void *)(next->host + next->bytes), note);
    }
    camp_region *region = NULL;
    CAMP_TRY(camp_view_region_new(host, bytes, name, &region));
    region->read_only = read_only;
    return CAMP_OK;
}

/* The view holding `host`, or an error naming `call`. */
static camp_status find_view(const void *host, const char *call, camp_region **out) {
    camp_region *region = camp_region_find(host);
    if ((!region || region->kind != CAMP_REGION_VIEW) && camp_ended_at_exit())
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s(%p): libcamp's teardown at exit has ended every view, without copying back what "
                         "kernels wrote since the last synchronize; this call comes from an exit handler that runs "
                         "after it (registered before the program's first kernel)",
                         call, host);
    if (!region || region->kind != CAMP_REGION_VIEW || (char *)host == region->host + region->bytes)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s(%p): the pointer lies in no array_view", call, host);
    *out = region;
    return CAMP_OK;
}

/* A view this small, synchronized, drops its device copy: its next kernel
 * copies it in again (a microsecond or two), where watching its pages for
 * the host's writes would cost two changes of their protection (4-5 µs
 * each on an H200's host) in every kernel and synchronize. */
#define SYNCHRONIZE_DROPS_BELOW ((size_t)64 << 10)

static camp_status synchronize(camp_region *region) {
    return camp_region_synchronize(region, region->bytes < SYNCHRONIZE_DROPS_BELOW && camp_guard_enabled());
}

/* Each call: its body, and the public entry points with and without the
 * caller's source location. */
static camp_status view_synchronize(const void *host) {
    camp_region *region = NULL;
    if (!camp_region_find(host) && camp_empty_view_find(host, false)) return CAMP_OK;
    CAMP_TRY(find_view(host, "array_view_synchronize", &region));
    return synchronize(region);
}

static camp_status view_refresh(const void *host) {
    camp_region *region = NULL;
    if (!camp_region_find(host) && camp_empty_view_find(host, false)) return CAMP_OK;
    CAMP_TRY(find_view(host, "array_view_refresh", &region));
    /* The host's bytes are the truth now: copied in at the next use. */
    region->device_valid = false;
    region->host_stale = false;
    region->skip_begin = region->skip_end = 0; /* a discarded section's data counts again */
    camp_guard_update(region);
    return CAMP_OK;
}

static camp_status view_discard_data(const void *host) {
    camp_region *region = NULL;
    if (!camp_region_find(host) && camp_empty_view_find(host, false)) return CAMP_OK;
    CAMP_TRY(find_view(host, "array_view_discard_data", &region));
    /* Neither side's bytes matter: no copy in before the next kernel, none
     * back unless a kernel writes. */
    region->device_valid = true;
    region->host_stale = false;
    region->host_write_place[0] = '\0'; /* the host's writes need not reach the device */
    camp_guard_update(region);
    return CAMP_OK;
}

static camp_status view_release(const void *host) {
    camp_region *region = NULL;
    if (!camp_region_find(host) && camp_empty_view_find(host, true)) return CAMP_OK;
    if (!host) return CAMP_OK; /* as free(NULL), and as the serial reference mode's */
    /* an exit handler's, after the teardown at exit ended the view: nothing is left to end */
    if (camp_ended_at_exit() && !camp_region_find(host)) return CAMP_OK;
    CAMP_TRY(find_view(host, "array_view_release", &region));
    if (region->owns_host && region->refs == 1)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "array_view_release(%p): the view '%s' was made by array_view_new, which owns its "
                         "memory; end it with array_view_delete",
                         host, region->name);
    CAMP_TRY(synchronize(region));
    if (--region->refs == 0) {
        camp_region_remove(region);
        camp_region_free(region);
    }
    return CAMP_OK;
}

static void create_at(const void *host, long long count, size_t element_size, const char *name, bool read_only,
                      const char *file, unsigned line) {
    camp_lock_at(file, line);
    size_t bytes = 0;
    name = name ? name : "(unnamed)";
    camp_status status = camp_checked_bytes("array_view", count, element_size, &bytes);
    /* a read-only view's bytes are never written: const only in the table */
    if (status == CAMP_OK) status = create((char *)(uintptr_t)host, bytes, name, read_only);
    camp_unlock_and_report(status);
}

void camp_array_view_create_at(void *host, long long count, size_t element_size, const char *name,
                               const char *file, unsigned line) {
    create_at(host, count, element_size, name, false, file, line);
}

void camp_array_view_create_read_only_at(const void *host, long long count, size_t element_size, const char *name,
                                         const char *file, unsigned line) {
    create_at(host, count, element_size, name, true, file, line);
}

void camp_array_view_create(void *host, size_t bytes, const char *name) {
    camp_lock_at(NULL, 0);
    camp_unlock_and_report(create(host, bytes, name ? name : "(unnamed)", false));
}

#define ENTRY_POINTS(call, body)                                                       \
    void camp_##call##_at(const void *host, const char *file, unsigned line) {         \
        camp_lock_at(file, line);                                                      \
        camp_unlock_and_report(body(host));                                            \
    }                                                                                  \
    void camp_##call(const void *host) { camp_##call##_at(host, NULL, 0); }

ENTRY_POINTS(array_view_synchronize, view_synchronize)
ENTRY_POINTS(array_view_refresh, view_refresh)
ENTRY_POINTS(array_view_discard_data, view_discard_data)
ENTRY_POINTS(array_view_release, view_release)
