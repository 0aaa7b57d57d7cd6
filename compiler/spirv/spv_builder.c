/* spv_builder.c — SPIR-V words, sections and hash-consed types/constants. */
#include "spv_builder.h"

#include "campcc.h"

#include <stdlib.h>
#include <string.h>

struct ConsEntry {
    uint32_t id;
    uint32_t nkey;
    uint32_t key[];
};

/* Copies n words; src may be NULL when n is 0 (memcpy may not be given NULL). */
static void copy_words(uint32_t *dst, const uint32_t *src, size_t n) {
    for (size_t i = 0; i < n; i++) dst[i] = src[i];
}

void wb_push(WordBuf *b, uint32_t word) {
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 64;
        b->w = realloc(b->w, b->cap * sizeof *b->w);
        if (!b->w) unreachable("out of memory");
    }
    b->w[b->n++] = word;
}

void wb_append(WordBuf *dst, const WordBuf *src) {
    for (size_t i = 0; i < src->n; i++) wb_push(dst, src->w[i]);
}

void wb_free(WordBuf *b) {
    free(b->w);
    *b = (WordBuf){0};
}

uint32_t spv_new_id(SpvBuilder *b) { return ++b->bound; }

void spv_op(WordBuf *w, SpvOp op, const uint32_t *operands, size_t n) {
    wb_push(w, (uint32_t)(n + 1) << SpvWordCountShift | (uint32_t)op);
    for (size_t i = 0; i < n; i++) wb_push(w, operands[i]);
}

static size_t string_words(const char *s) { return strlen(s) / 4 + 1; }

void spv_op_string(WordBuf *w, SpvOp op, const uint32_t *pre, size_t npre, const char *s, const uint32_t *post,
                   size_t npost) {
    size_t ns = string_words(s), len = strlen(s);
    wb_push(w, (uint32_t)(1 + npre + ns + npost) << SpvWordCountShift | (uint32_t)op);
    for (size_t i = 0; i < npre; i++) wb_push(w, pre[i]);
    for (size_t i = 0; i < ns; i++) {
        uint32_t word = 0;
        for (size_t j = 0; j < 4; j++) {
            size_t k = i * 4 + j;
            if (k < len) word |= (uint32_t)(unsigned char)s[k] << (8 * j);
        }
        wb_push(w, word);
    }
    for (size_t i = 0; i < npost; i++) wb_push(w, post[i]);
}


void spv_name(SpvBuilder *b, uint32_t id, const char *name) {
    spv_op_string(&b->debug, SpvOpName, &id, 1, name, NULL, 0);
}

void spv_decorate(SpvBuilder *b, uint32_t id, SpvDecoration dec, const uint32_t *extra, size_t n) {
    uint32_t ops[8] = {id, dec};
    if (n > 6) unreachable("too many decoration operands");
    copy_words(ops + 2, extra, n);
    spv_op(&b->annotations, SpvOpDecorate, ops, n + 2);
}

void spv_member_decorate(SpvBuilder *b, uint32_t id, uint32_t member, SpvDecoration dec, uint32_t value) {
    SPV_OP(&b->annotations, SpvOpMemberDecorate, id, member, dec, value);
}

/* ---- hash-consing ------------------------------------------------------------ */

static uint64_t hash_key(const uint32_t *key, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ key[i]) * 1099511628211ull;
    return h;
}

static ConsEntry **cons_slot(SpvBuilder *b, const uint32_t *key, size_t n) {
    size_t mask = b->capcons - 1, i = (size_t)hash_key(key, n) & mask;
    for (;; i = (i + 1) & mask) {
        ConsEntry *e = b->cons[i];
        if (!e || (e->nkey == n && memcmp(e->key, key, n * sizeof *key) == 0)) return &b->cons[i];
    }
}

/* The id for `key`, or 0 when new (then `cons_add` it). */
static uint32_t cons_find(SpvBuilder *b, const uint32_t *key, size_t n) {
    if (!b->capcons) return 0;
    ConsEntry *e = *cons_slot(b, key, n);
    return e ? e->id : 0;
}

static void cons_add(SpvBuilder *b, const uint32_t *key, size_t n, uint32_t id) {
    if ((b->ncons + 1) * 2 > b->capcons) {
        size_t old = b->capcons;
        ConsEntry **entries = b->cons;
        b->capcons = old ? old * 2 : 256;
        b->cons = calloc(b->capcons, sizeof *b->cons);
        if (!b->cons) unreachable("out of memory");
        for (size_t i = 0; i < old; i++)
            if (entries[i]) *cons_slot(b, entries[i]->key, entries[i]->nkey) = entries[i];
        free(entries);
    }
    ConsEntry *e = malloc(sizeof *e + n * sizeof *key);
    if (!e) unreachable("out of memory");
    e->id = id;
    e->nkey = (uint32_t)n;
    copy_words(e->key, key, n);
    *cons_slot(b, key, n) = e;
    b->ncons++;
}

/* Capabilities are in the table too, keyed {OpCapability, cap} (a
 * declared one maps to 1). */
bool spv_has_capability(SpvBuilder *b, SpvCapability cap) {
    return cons_find(b, (const uint32_t[]){SpvOpCapability, cap}, 2) != 0;
}

void spv_capability(SpvBuilder *b, SpvCapability cap) {
    if (spv_has_capability(b, cap)) return;
    cons_add(b, (const uint32_t[]){SpvOpCapability, cap}, 2, 1);
    SPV_OP(&b->capabilities, SpvOpCapability, cap);
}

/* A type `op %id operands…`, keyed by op and operands (the key is the
 * instruction with op in place of the id). */
static uint32_t cons_type(SpvBuilder *b, SpvOp op, const uint32_t *operands, size_t n) {
    uint32_t small[16], *key = n + 1 <= 16 ? small : malloc(sizeof *key * (n + 1));
    if (!key) unreachable("out of memory");
    key[0] = op;
    copy_words(key + 1, operands, n);
    uint32_t id = cons_find(b, key, n + 1);
    if (!id) {
        id = spv_new_id(b);
        cons_add(b, key, n + 1, id);
        key[0] = id;
        spv_op(&b->globals, op, key, n + 1);
    }
    if (key != small) free(key);
    return id;
}

uint32_t spv_type_void(SpvBuilder *b) { return cons_type(b, SpvOpTypeVoid, NULL, 0); }
uint32_t spv_type_bool(SpvBuilder *b) { return cons_type(b, SpvOpTypeBool, NULL, 0); }

uint32_t spv_type_int(SpvBuilder *b, uint32_t width, bool is_signed) {
    if (width == 64) spv_capability(b, SpvCapabilityInt64);
    /* narrow integers live in views too (struct members, char arrays) */
    if (width == 16) spv_capability(b, SpvCapabilityInt16), spv_capability(b, SpvCapabilityStorageBuffer16BitAccess);
    if (width == 8) spv_capability(b, SpvCapabilityInt8), spv_capability(b, SpvCapabilityStorageBuffer8BitAccess);
    return cons_type(b, SpvOpTypeInt, (const uint32_t[]){width, is_signed}, 2);
}

uint32_t spv_type_float(SpvBuilder *b, uint32_t width) {
    if (width == 64) spv_capability(b, SpvCapabilityFloat64);
    if (width == 16) spv_capability(b, SpvCapabilityFloat16), spv_capability(b, SpvCapabilityStorageBuffer16BitAccess);
    return cons_type(b, SpvOpTypeFloat, &width, 1);
}

uint32_t spv_type_vector(SpvBuilder *b, uint32_t elem, uint32_t count) {
    return cons_type(b, SpvOpTypeVector, (const uint32_t[]){elem, count}, 2);
}

uint32_t spv_type_array(SpvBuilder *b, uint32_t elem, uint32_t len, uint32_t stride) {
    uint32_t key[4] = {SpvOpTypeArray, elem, len, stride};
    uint32_t id = cons_find(b, key, 4);
    if (id) return id;
    uint32_t n = spv_const_u32(b, len);
    id = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpTypeArray, id, elem, n);
    if (stride) spv_decorate(b, id, SpvDecorationArrayStride, &stride, 1);
    cons_add(b, key, 4, id);
    return id;
}

/* The type entry made for id, or NULL. */
static const ConsEntry *cons_of_id(const SpvBuilder *b, uint32_t id) {
    for (size_t i = 0; i < b->capcons; i++)
        if (b->cons[i] && b->cons[i]->id == id) return b->cons[i];
    return NULL;
}

uint32_t spv_pointee_type(const SpvBuilder *b, uint32_t pointer_type) {
    const ConsEntry *p = cons_of_id(b, pointer_type);
    return p && p->key[0] == SpvOpTypePointer ? p->key[2] : 0;
}

bool spv_array_type_parts(const SpvBuilder *b, uint32_t type, uint32_t *element, uint32_t *length) {
    const ConsEntry *a = cons_of_id(b, type);
    if (!a || a->key[0] != SpvOpTypeArray) return false;
    *element = a->key[1];
    *length = a->key[2];
    return true;
}

uint32_t spv_pointee_array_length(const SpvBuilder *b, uint32_t pointer_type) {
    uint32_t element, length;
    return spv_array_type_parts(b, spv_pointee_type(b, pointer_type), &element, &length) ? length : 0;
}

bool spv_const_u32_bits(const SpvBuilder *b, uint32_t id, uint32_t *bits) {
    const ConsEntry *c = cons_of_id(b, id);
    if (!c || c->key[0] != SpvOpConstant || c->nkey != 3) return false;
    *bits = c->key[2];
    return true;
}

uint32_t spv_type_pointer(SpvBuilder *b, SpvStorageClass sc, uint32_t pointee, uint32_t stride) {
    uint32_t key[3] = {SpvOpTypePointer, sc, pointee};
    uint32_t id = cons_find(b, key, 3);
    if (id) return id;
    id = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpTypePointer, id, sc, pointee);
    if (sc == SpvStorageClassPhysicalStorageBuffer) spv_decorate(b, id, SpvDecorationArrayStride, &stride, 1);
    cons_add(b, key, 3, id);
    return id;
}

uint32_t spv_type_function(SpvBuilder *b, uint32_t ret, const uint32_t *params, size_t n) {
    uint32_t *ops = malloc(sizeof *ops * (n + 1));
    if (!ops) unreachable("out of memory");
    ops[0] = ret;
    copy_words(ops + 1, params, n);
    uint32_t id = cons_type(b, SpvOpTypeFunction, ops, n + 1);
    free(ops);
    return id;
}

uint32_t spv_const_bits(SpvBuilder *b, uint32_t type, uint64_t bits, uint32_t width) {
    uint32_t key[4] = {SpvOpConstant, type, (uint32_t)bits, (uint32_t)(bits >> 32)};
    size_t nk = width == 64 ? 4 : 3;
    uint32_t id = cons_find(b, key, nk);
    if (id) return id;
    id = spv_new_id(b);
    if (width == 64) SPV_OP(&b->globals, SpvOpConstant, type, id, (uint32_t)bits, (uint32_t)(bits >> 32));
    else SPV_OP(&b->globals, SpvOpConstant, type, id, (uint32_t)bits);
    cons_add(b, key, nk, id);
    return id;
}

uint32_t spv_const_null(SpvBuilder *b, uint32_t type) {
    uint32_t key[2] = {SpvOpConstantNull, type};
    uint32_t id = cons_find(b, key, 2);
    if (id) return id;
    id = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpConstantNull, type, id);
    cons_add(b, key, 2, id);
    return id;
}

uint32_t spv_const_composite(SpvBuilder *b, uint32_t type, const uint32_t *parts, size_t n) {
    uint32_t *key = malloc(sizeof *key * (n + 3));
    if (!key) unreachable("out of memory");
    key[0] = SpvOpConstantComposite;
    key[1] = type;
    copy_words(key + 2, parts, n);
    uint32_t id = cons_find(b, key, n + 2);
    if (!id) {
        id = spv_new_id(b);
        key[1] = id; /* the instruction: type, id, parts */
        uint32_t *ops = malloc(sizeof *ops * (n + 2));
        if (!ops) unreachable("out of memory");
        ops[0] = type;
        ops[1] = id;
        copy_words(ops + 2, parts, n);
        spv_op(&b->globals, SpvOpConstantComposite, ops, n + 2);
        free(ops);
        key[1] = type;
        cons_add(b, key, n + 2, id);
    }
    free(key);
    return id;
}

uint32_t spv_const_u32(SpvBuilder *b, uint32_t value) { return spv_const_bits(b, spv_type_int(b, 32, false), value, 32); }

uint32_t spv_const_bool(SpvBuilder *b, int value) {
    SpvOp op = value ? SpvOpConstantTrue : SpvOpConstantFalse;
    uint32_t key[1] = {op};
    uint32_t id = cons_find(b, key, 1);
    if (id) return id;
    uint32_t t = spv_type_bool(b);
    id = spv_new_id(b);
    SPV_OP(&b->globals, op, t, id);
    cons_add(b, key, 1, id);
    return id;
}

uint32_t *spv_finish(SpvBuilder *b, size_t *nwords) {
    WordBuf out = {0};
    wb_push(&out, SpvMagicNumber);
    wb_push(&out, 0x00010500); /* SPIR-V 1.5 */
    wb_push(&out, 0);          /* generator: unregistered */
    wb_push(&out, b->bound + 1);
    wb_push(&out, 0);
    const WordBuf *sections[] = {&b->capabilities, &b->extensions, &b->imports,     &b->memory_model,
                                 &b->entry_points, &b->exec_modes, &b->debug,       &b->annotations,
                                 &b->globals,      &b->functions};
    for (size_t i = 0; i < sizeof sections / sizeof *sections; i++) wb_append(&out, sections[i]);
    *nwords = out.n;
    return out.w;
}

void spv_builder_free(SpvBuilder *b) {
    WordBuf *sections[] = {&b->capabilities, &b->extensions, &b->imports, &b->memory_model, &b->entry_points,
                           &b->exec_modes,   &b->debug,      &b->annotations, &b->globals, &b->functions};
    for (size_t i = 0; i < sizeof sections / sizeof *sections; i++) wb_free(sections[i]);
    for (size_t i = 0; i < b->capcons; i++) free(b->cons[i]);
    free(b->cons);
    *b = (SpvBuilder){0};
}
