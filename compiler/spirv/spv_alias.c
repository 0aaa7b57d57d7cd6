/* spv_alias.c — after the optimizer: a variable holding a device address
 * says how it aliases, as Vulkan requires of every variable whose type is
 * a pointer to PhysicalStorageBuffer (AliasedPointer or RestrictPointer).
 * campcc's own such variables carry it; --scalar-replacement, splitting a
 * struct variable that holds pointers (a kernel's copy of a captured
 * struct, `g->off[u]`) into one variable per member, makes the pointer
 * members' variables without it, and the module is invalid. They get
 * AliasedPointer, which promises nothing. Also here: the decorations'
 * insertion, which spv_restore_exact shares. */
#include "campcc.h"
#include "spv_builder.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

static bool is_annotation(uint32_t op) {
    return op == SpvOpDecorate || op == SpvOpMemberDecorate || op == SpvOpDecorationGroup ||
           op == SpvOpGroupDecorate || op == SpvOpGroupMemberDecorate || op == SpvOpDecorateId ||
           op == SpvOpDecorateString || op == SpvOpMemberDecorateString;
}

static size_t annotations_start(const uint32_t *w, size_t n) {
    for (size_t i = SPV_HEADER_WORDS; i < n;) {
        uint32_t len = w[i] >> SpvWordCountShift;
        if (!len || len > n - i) break;
        if (is_annotation(w[i] & SpvOpCodeMask)) return i;
        i += len;
    }
    return 0;
}

bool spv_insert_decorations(uint32_t **words, size_t *nwords, const uint32_t *ids, size_t count, uint32_t decoration) {
    if (!count) return true;
    uint32_t *w = *words;
    size_t n = *nwords, at = annotations_start(w, n);
    /* new decorations go where the others are (our modules always have some) */
    uint32_t *out = at ? malloc(sizeof *out * (n + 3 * count)) : NULL;
    if (!out) return false;
    memcpy(out, w, sizeof *w * at);
    for (size_t k = 0; k < count; k++) {
        uint32_t *d = out + at + 3 * k;
        d[0] = 3u << SpvWordCountShift | SpvOpDecorate;
        d[1] = ids[k];
        d[2] = decoration;
    }
    memcpy(out + at + 3 * count, w + at, sizeof *w * (n - at));
    free(*words);
    *words = out;
    *nwords = n + 3 * count;
    return true;
}

bool spv_restore_aliasing(Unit *u, uint32_t **words, size_t *nwords) {
    uint32_t *w = *words;
    size_t n = *nwords;
    if (n <= SPV_HEADER_WORDS) return true;
    uint32_t bound = w[3];
    /* per id: 1 a pointer to PhysicalStorageBuffer, 2 a pointer to such a pointer, 4 decorated */
    uint8_t *kind = calloc(bound ? bound : 1, 1);
    uint32_t *missing = NULL;
    size_t nmissing = 0;
    bool ok = kind != NULL;
    for (size_t i = SPV_HEADER_WORDS; ok && i < n;) {
        uint32_t len = w[i] >> SpvWordCountShift, op = w[i] & SpvOpCodeMask;
        if (!len || len > n - i) break;
        if (op == SpvOpDecorate && len >= 3 && w[i + 1] < bound &&
            (w[i + 2] == SpvDecorationAliasedPointer || w[i + 2] == SpvDecorationRestrictPointer))
            kind[w[i + 1]] |= 4;
        if (op == SpvOpTypePointer && len == 4 && w[i + 1] < bound && w[i + 3] < bound) {
            if (w[i + 2] == SpvStorageClassPhysicalStorageBuffer) kind[w[i + 1]] |= 1;
            else if (kind[w[i + 3]] & 1) kind[w[i + 1]] |= 2;
        }
        if ((op == SpvOpVariable || op == SpvOpFunctionParameter) && len >= 3 && w[i + 1] < bound &&
            w[i + 2] < bound && (kind[w[i + 1]] & 2) && !(kind[w[i + 2]] & 4)) {
            uint32_t *grown = realloc(missing, sizeof *missing * (nmissing + 1));
            ok = grown != NULL;
            if (ok) (missing = grown)[nmissing++] = w[i + 2];
        }
        i += len;
    }
    free(kind);
    ok = ok && spv_insert_decorations(words, nwords, missing, nmissing, SpvDecorationAliasedPointer);
    free(missing);
    if (!ok) {
        diag_tool_error("cannot mark the optimized module's pointer variables aliased");
        u->diag->errors++;
    }
    return ok;
}
