/* spv_fragment.c — matrix fragments as cooperative matrices
 * (SPV_NV_cooperative_matrix, which the SPIRV-Tools campcc links
 * validates). A kernel that uses fragments gets two modules: the one every
 * kernel gets, where camp_fragment.h's functions are called (the scalar
 * lowering), and one where the unit is emitted again with each fragment
 * a cooperative matrix of the subgroup and each of the header's calls one
 * instruction (the runtime takes it on a device with those shapes). The
 * fragment rules (fragment.c, check_tile.c) keep the two equivalent: the
 * elements are reached only through the header's operations, every thread
 * of the subgroup reaches each one, and layouts are constants. */
#include "spv_expr.h"

#include <stdlib.h>
#include <string.h>

uint32_t em_fragment_type(Emitter *e, const Fragment *f) {
    SpvBuilder *b = &e->b;
    if (!spv_has_capability(b, SpvCapabilityCooperativeMatrixNV)) {
        spv_capability(b, SpvCapabilityCooperativeMatrixNV);
        spv_op_string(&b->extensions, SpvOpExtension, NULL, 0, "SPV_NV_cooperative_matrix", NULL, 0);
    }
    /* one type per component type and size (SPIR-V allows no duplicates; A's and B's may be the same) */
    uint32_t component = em_type(e, f->element), rows = (uint32_t)f->rows, cols = (uint32_t)f->cols;
    IdList *known = &e->cooperative_types;
    for (int i = 0; i + 3 < known->len; i += 4)
        if (known->ids[i] == component && known->ids[i + 1] == rows && known->ids[i + 2] == cols) return known->ids[i + 3];
    uint32_t id = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpTypeCooperativeMatrixNV, id, component, spv_const_u32(b, SpvScopeSubgroup),
           spv_const_u32(b, rows), spv_const_u32(b, cols));
    const uint32_t entry[4] = {component, rows, cols, id};
    for (int i = 0; i < 4; i++) {
        known->ids = grow_array(known->ids, known->len, &known->cap, sizeof *known->ids, 16);
        known->ids[known->len++] = entry[i];
    }
    return id;
}

/* What a pointer argument points at: a fragment (&f), or the memory a
 * load or store reaches (its first element, as a SPIR-V pointer). */
static LValue pointee(Emitter *e, Expr *arg) {
    return em_pointee(e, em_ptr(e, arg), arg->type->base);
}

static uint32_t layout_is_column_major(Emitter *e, Expr *layout) {
    while (layout->kind == EX_CAST) layout = layout->lhs; /* a constant: fragment.c */
    return spv_const_bool(&e->b, layout->ival == 1);
}

/* The Aligned operand of an access to views' memory: fragment_load and
 * fragment_store ask for 16-byte alignment of p and of its rows, as
 * CUDA's load_matrix_sync does (docs/dialect.md). */
enum { FRAGMENT_ALIGN = 16 };

/* The stride in elements as SPIR-V's operand counts it: in units of the
 * pointer's pointee, which for a load from 16-byte units (a uint4
 * pointer) holds several elements. */
static uint32_t stride_u32(Emitter *e, Expr *stride, const Type *element, const Type *pointee) {
    uint32_t s = convert(e, em_expr(e, stride), stride->type, type_int(4, false), stride->loc);
    if (pointee->size == element->size) return s;
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false);
    return em_op2(e, SpvOpUDiv, u32, s, spv_const_u32(b, (uint32_t)(pointee->size / element->size)));
}

static void load(Emitter *e, Expr *x) {
    LValue f = pointee(e, x->args[0]), p = pointee(e, x->args[1]);
    uint32_t stride = stride_u32(e, x->args[2], x->args[0]->type->base->fragment->element, x->args[1]->type->base);
    uint32_t column = layout_is_column_major(e, x->args[3]);
    uint32_t type = em_type(e, x->args[0]->type->base), r = spv_new_id(&e->b);
    if (is_psb(p.storage))
        SPV_OP(&e->code, SpvOpCooperativeMatrixLoadNV, type, r, p.ptr, stride, column, SpvMemoryAccessAlignedMask,
               FRAGMENT_ALIGN);
    else
        SPV_OP(&e->code, SpvOpCooperativeMatrixLoadNV, type, r, p.ptr, stride, column);
    em_store(e, f, r);
}

static void store(Emitter *e, Expr *x) {
    LValue p = pointee(e, x->args[0]), f = pointee(e, x->args[1]);
    uint32_t value = em_load(e, x->args[1]->type->base, f);
    uint32_t stride = stride_u32(e, x->args[2], x->args[1]->type->base->fragment->element, x->args[0]->type->base);
    uint32_t column = layout_is_column_major(e, x->args[3]);
    if (is_psb(p.storage))
        SPV_OP(&e->code, SpvOpCooperativeMatrixStoreNV, p.ptr, value, stride, column, SpvMemoryAccessAlignedMask,
               FRAGMENT_ALIGN);
    else
        SPV_OP(&e->code, SpvOpCooperativeMatrixStoreNV, p.ptr, value, stride, column);
}

/* The element operations: a cooperative matrix's elements of this thread,
 * through OpAccessChain on its variable (SPV_NV_cooperative_matrix). */
static LValue element(Emitter *e, Expr *fragment, Expr *index) {
    const Type *t = fragment->type->base;
    LValue f = pointee(e, fragment);
    return sub_lvalue(e, f, t->fragment->element, offset_of(e, em_expr(e, index), index->type));
}

uint32_t em_fragment_call(Emitter *e, Expr *x) {
    const Type *t = x->args[x->callee->fragment_op == FRAGMENT_OP_STORE]->type->base;
    switch (x->callee->fragment_op) {
    case FRAGMENT_OP_FILL: {
        LValue f = pointee(e, x->args[0]);
        uint32_t v = em_expr(e, x->args[1]);
        em_store(e, f, em_op1(e, SpvOpCompositeConstruct, em_type(e, t), v));
        return 0;
    }
    case FRAGMENT_OP_LOAD: load(e, x); return 0;
    case FRAGMENT_OP_STORE: store(e, x); return 0;
    case FRAGMENT_OP_MMA: {
        LValue d = pointee(e, x->args[0]);
        uint32_t v[3];
        for (int i = 0; i < 3; i++) v[i] = em_load(e, x->args[i + 1]->type->base, pointee(e, x->args[i + 1]));
        uint32_t r = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpCooperativeMatrixMulAddNV, em_type(e, t), r, v[0], v[1], v[2]);
        em_store(e, d, r);
        return 0;
    }
    case FRAGMENT_OP_LENGTH: {
        uint32_t n = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpCooperativeMatrixLengthNV, spv_type_int(&e->b, 32, false), n, em_type(e, t));
        return em_op1(e, SpvOpBitcast, em_type(e, x->type), n);
    }
    case FRAGMENT_OP_GET: return em_load(e, x->type, element(e, x->args[0], x->args[1]));
    case FRAGMENT_OP_SET: {
        LValue el = element(e, x->args[0], x->args[1]);
        em_store(e, el, em_expr(e, x->args[2]));
        return 0;
    }
    case FRAGMENT_OP_NONE: break;
    }
    unreachable("fragment operation");
}

static const char cooperative_extension[] = "SPV_NV_cooperative_matrix";

/* Whether instruction `at` of `words` is OpExtension of the cooperative matrices. */
static bool is_cooperative_extension(const uint32_t *words, size_t at) {
    return (words[at] & 0xffffu) == SpvOpExtension &&
           strncmp((const char *)(words + at + 1), cooperative_extension, ((words[at] >> 16) - 1) * 4) == 0;
}

size_t spv_hide_cooperative_extension(uint32_t *words, size_t n) {
    size_t out = 5;
    for (size_t at = 5; at < n;) {
        size_t len = words[at] >> 16;
        if (len == 0) break;
        if (!is_cooperative_extension(words, at)) memmove(words + out, words + at, len * sizeof *words), out += len;
        at += len;
    }
    return out;
}

void spv_restore_cooperative_extension(uint32_t **words, size_t *n) {
    size_t at = 5;
    while (at < *n && ((*words)[at] & 0xffffu) == SpvOpCapability) at += (*words)[at] >> 16;
    size_t name_words = sizeof cooperative_extension / 4 + 1, len = 1 + name_words;
    uint32_t *w = realloc(*words, (*n + len) * sizeof *w);
    if (!w) unreachable("out of memory");
    memmove(w + at + len, w + at, (*n - at) * sizeof *w);
    memset(w + at, 0, len * sizeof *w);
    w[at] = (uint32_t)len << 16 | SpvOpExtension;
    memcpy(w + at + 1, cooperative_extension, sizeof cooperative_extension);
    *words = w;
    *n += len;
}

bool spv_emit_cooperative_kernels(Unit *u) {
    bool any = false;
    for (int i = 0; i < u->kernels.len && !any; i++) any = ((Kernel *)u->kernels.items[i])->fragment_shapes.len > 0;
    if (!any) return true;
    uint32_t *scalar = u->spirv;
    size_t scalar_words = u->spirv_words;
    bool ok = spv_emit_module(u, true);
    uint32_t *words = u->spirv;
    size_t nwords = u->spirv_words;
    u->spirv = scalar, u->spirv_words = scalar_words;
    if (!ok) {
        free(words);
        return false;
    }
    WordBuf out = {.w = u->kernel_spirv, .n = u->kernel_spirv_words, .cap = u->kernel_spirv_words};
    for (int i = 0; i < u->kernels.len && ok; i++) {
        Kernel *k = u->kernels.items[i];
        if (k->fragment_shapes.len == 0) continue;
        Kernel *c = arena_alloc(&u->arena, sizeof *c);
        *c = *k;
        c->cooperative = NULL;
        ok = spv_recut_kernel(u, c, words, nwords, &out);
        k->cooperative = c;
    }
    u->kernel_spirv = out.w;
    u->kernel_spirv_words = out.n;
    free(words);
    return ok;
}
