/* spv_idmap.c — the emitter's side tables: which SPIR-V id an IR node (a
 * type, a variable, a compound literal) has in the module or the function
 * being emitted, kept off the IR so that it can be emitted more than once. */
#include "spv_emit.h"

#include <stdlib.h>
#include <string.h>

static size_t slot_of(const IdMap *m, const void *key) {
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15u;
    return (size_t)(h >> 7) & (m->cap - 1);
}

uint32_t em_map_get(const IdMap *m, const void *key) {
    if (!m->len) return 0;
    for (size_t i = slot_of(m, key);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key) return m->ids[i];
        if (!m->keys[i]) return 0;
    }
}

static void put(IdMap *m, const void *key, uint32_t id) {
    size_t i = slot_of(m, key);
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    if (!m->keys[i]) m->len++;
    m->keys[i] = key;
    m->ids[i] = id;
}

void em_map_set(IdMap *m, const void *key, uint32_t id) {
    if (2 * (m->len + 1) > m->cap) { /* at most half full */
        IdMap bigger = {.cap = m->cap ? 2 * m->cap : 64};
        bigger.keys = calloc(bigger.cap, sizeof *bigger.keys);
        bigger.ids = calloc(bigger.cap, sizeof *bigger.ids);
        if (!bigger.keys || !bigger.ids) unreachable("out of memory");
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) put(&bigger, m->keys[i], m->ids[i]);
        em_map_free(m);
        *m = bigger;
    }
    put(m, key, id);
}

void em_map_clear(IdMap *m) {
    if (m->len) memset(m->keys, 0, sizeof *m->keys * m->cap);
    m->len = 0;
}

void em_map_free(IdMap *m) {
    free(m->keys);
    free(m->ids);
    *m = (IdMap){0};
}
