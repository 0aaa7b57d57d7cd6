/* view_table.c — campcc -fcamp-check's view table: the device address
 * ranges of the memory a launch's kernel may reach through pointers (its
 * implicit views' group buffers and the explicit regions its views and
 * pointers lie in), sorted, and the one each capture's address lies in, in a buffer whose address the kernel gets in
 * its push constants (camp_abi.h). Every access through a pointer is
 * checked against it on the device; an access outside is reported with its
 * address, which the host here explains by the nearest view. Each buffer
 * starts and ends with guard bytes (buffer.c), so an access just past a
 * view's end or just before its start lies in no view, even when another
 * buffer is next to it. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct table_view {
    uint64_t first, end;
    const char *kind; /* "array_view", "an array_new array", "" (a captured object) */
    char name[64];
} table_view;

struct camp_view_table {
    camp_buffer buffer;
    table_view *views;
    uint32_t count;
};

static int by_first(const void *a, const void *b) {
    const table_view *x = a, *y = b;
    return x->first < y->first ? -1 : x->first > y->first;
}

static void add(camp_view_table *t, uint64_t first, size_t bytes, const char *kind, const char *name) {
    for (uint32_t i = 0; i < t->count; i++)
        if (t->views[i].first == first) return; /* a region reached by several views */
    table_view *v = &t->views[t->count++];
    v->first = first;
    v->end = first + bytes;
    v->kind = kind;
    snprintf(v->name, sizeof v->name, "%s", name ? name : "(unnamed)");
}

/* "array_view 'a'", "'a'", "an array_new array" */
static void put_name(char *out, size_t size, const table_view *v) {
    snprintf(out, size, "%s%s%s%s%s", v->kind, *v->kind && *v->name ? " " : "", *v->name ? "'" : "", v->name,
             *v->name ? "'" : "");
}

static void add_region(camp_view_table *t, const camp_region *r) {
    if (r->kind == CAMP_REGION_ARRAY) add(t, r->device.address + r->pad, r->bytes, "an array_new array", "");
    else add(t, r->device.address + r->pad, r->bytes, "array_view", r->name);
}

/* The views of the launch, into t->views. */
static void collect(camp_view_table *t, const camp_view_set *set) {
    for (uint32_t g = 0; g < set->count; g++) {
        const camp_view_group *group = &set->groups[g];
        const char *name = NULL;
        for (uint32_t i = 0; i < set->view_count && !name; i++)
            if (set->group_of[i] == g) name = set->views[i].name;
        add(t, group->device.address + group->pad, group->bytes, "", name);
    }
    for (uint32_t i = 0; i < set->view_count; i++)
        if (set->region_of[i]) add_region(t, set->region_of[i]);
}

/* Each capture slot's view: the one its address (in `push`) lies in, or
 * ends at (a pointer one past the end). */
static void fill_slots(const camp_view_table *t, const camp_view_set *set, const void *push, uint64_t *slots) {
    for (uint32_t i = 0; i < set->view_count; i++) {
        uint32_t slot = (set->views[i].push_offset - CAMP_PUSH_HEADER_SIZE) / 8;
        if ((set->views[i].push_offset - CAMP_PUSH_HEADER_SIZE) % 8 || slot >= CAMP_VIEW_TABLE_SLOTS) continue;
        uint64_t address;
        memcpy(&address, (const char *)push + set->views[i].push_offset, sizeof address);
        for (uint32_t v = 0; v < t->count; v++)
            if (t->views[v].first <= address && address <= t->views[v].end) {
                slots[2 * slot] = t->views[v].first;
                slots[2 * slot + 1] = t->views[v].end;
            }
    }
}

camp_status camp_view_table_make(camp_device *dev, const camp_view_set *set, const void *push,
                                 camp_view_table **out, uint64_t *address) {
    camp_view_table *t = calloc(1, sizeof *t);
    uint32_t most = set->count + set->view_count;
    if (t) t->views = calloc(most ? most : 1, sizeof *t->views);
    if (!t || !t->views) {
        free(t);
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    collect(t, set);
    if (t->count > CAMP_VIEW_TABLE_MAX) {
        camp_view_table_free(t);
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "-fcamp-check checks at most %u views per launch",
                         CAMP_VIEW_TABLE_MAX);
    }
    qsort(t->views, t->count, sizeof *t->views, by_first);
    /* the scratch bytes, the count, the slots, and at least one view (an empty one if none) */
    uint32_t entries = t->count ? t->count : 1;
    size_t bytes = CAMP_VIEW_TABLE_SCRATCH + 8 + 16 * ((size_t)CAMP_VIEW_TABLE_SLOTS + entries);
    camp_status status = camp_buffer_acquire(dev, CAMP_BUFFER_READBACK, bytes, &t->buffer);
    if (status != CAMP_OK) {
        camp_view_table_free(t);
        return status;
    }
    uint64_t *words = (uint64_t *)((char *)t->buffer.mapped + CAMP_VIEW_TABLE_SCRATCH);
    memset(t->buffer.mapped, 0, bytes);
    words[0] = entries;
    fill_slots(t, set, push, words + 1);
    uint64_t *views = words + 1 + 2 * CAMP_VIEW_TABLE_SLOTS;
    for (uint32_t i = 0; i < t->count; i++) {
        views[2 * i] = t->views[i].first;
        views[2 * i + 1] = t->views[i].end;
    }
    *out = t;
    *address = t->buffer.address;
    return CAMP_OK;
}

void camp_view_table_free(camp_view_table *t) {
    if (!t) return;
    camp_buffer_release(&t->buffer);
    free(t->views);
    free(t);
}

static void put_view(char *out, size_t size, const char *where, unsigned long long distance, const table_view *v) {
    char amount[48], name[128];
    if (distance) snprintf(amount, sizeof amount, "%llu bytes ", distance);
    else snprintf(amount, sizeof amount, "just ");
    put_name(name, sizeof name, v);
    snprintf(out, size, ": %s%s %s (%llu bytes)", amount, where, name, (unsigned long long)(v->end - v->first));
}

void camp_view_table_describe(const camp_view_table *t, uint64_t address, char *out, size_t size) {
    const table_view *after = NULL, *before = NULL; /* the nearest view ending at or below it, starting above it */
    for (uint32_t i = 0; i < t->count; i++) {
        const table_view *v = &t->views[i];
        if (v->first <= address && address < v->end) {
            char name[128];
            put_name(name, sizeof name, v);
            snprintf(out, size, ": runs past the end of %s (%llu bytes)", name, (unsigned long long)(v->end - v->first));
            return;
        }
        if (v->end <= address && (!after || v->end > after->end)) after = v;
        if (v->first > address && (!before || v->first < before->first)) before = v;
    }
    if (address < 4096) snprintf(out, size, ": a null pointer");
    else if (after && (!before || address - after->end <= before->first - address))
        put_view(out, size, "past the end of", address - after->end, after);
    else if (before) put_view(out, size, "before", before->first - address, before);
    else snprintf(out, size, ": the launch has no views");
}
