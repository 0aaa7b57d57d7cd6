/* spv_union.c — unions, held as unsigned words: reading, writing and
 * initializing a member is reading and writing the bits of the words that
 * hold it. */
#include "spv_expr.h"

#include <stdlib.h>

/* ---- unions ------------------------------------------------------------------------ */

/* A union is held as unsigned words (em_union_word): one integer of its
 * size, or an array of them. A member is its bytes from the lowest (the
 * host is little-endian, as are Vulkan devices), reinterpreted: each
 * scalar inside it is a bit field of the word that holds it (a scalar is
 * aligned to its size, so it never straddles two words). */

/* Whether x is (a part of) a member of a union, through members, vector
 * components and array elements: then *root is the union. */
bool union_access(const Expr *x, Expr **root) {
    for (;;) {
        if (x->kind == EX_MEMBER && x->lhs->type->is_union) {
            *root = x->lhs;
            return true;
        }
        if (x->kind == EX_MEMBER || x->kind == EX_VELEM) x = x->lhs;
        else if (x->kind == EX_INDEX && x->lhs->kind == EX_DECAY) x = x->lhs->lhs;
        else return false;
    }
}

/* The byte offset of union part x in its union: *off, plus the int *dyn
 * (or 0) for the indices that are not constants. */
void union_offset(Emitter *e, Expr *x, int *off, uint32_t *dyn) {
    uint32_t i32 = em_type(e, type_int(4, true));
    *off = 0;
    *dyn = 0;
    while (!(x->kind == EX_MEMBER && x->lhs->type->is_union)) {
        Expr *index = x->kind == EX_INDEX || x->kind == EX_VELEM ? x->rhs : NULL;
        /* 32-bit offsets that wrap as the computed ones do: a constant index
         * far outside the array (undefined in the program) must not
         * overflow here */
        if (x->kind == EX_MEMBER) *off = (int)((uint32_t)*off + x->lhs->type->members[x->ival].offset);
        else if (!index) *off = (int)((uint32_t)*off + (uint32_t)x->ival * (uint32_t)x->type->size);
        else if (index->kind == EX_INT) *off = (int)((uint32_t)*off + (uint32_t)index->ival * (uint32_t)x->type->size);
        else {
            uint32_t bytes = em_op2(e, SpvOpIMul, i32, offset_of(e, em_expr(e, index), index->type),
                                 const_int(e, type_int(4, true), x->type->size));
            *dyn = *dyn ? em_op2(e, SpvOpIAdd, i32, *dyn, bytes) : bytes;
        }
        x = x->kind == EX_INDEX ? x->lhs->lhs : x->lhs;
    }
}

/* The parts of a composite member type: count, and type/offset of part i. */
int part_count(const Type *t) {
    return t->kind == TY_STRUCT && !t->is_union ? t->nmembers : t->kind == TY_ARRAY || t->kind == TY_VECTOR ? t->len : 0;
}

const Type *part(const Type *t, int i, int *off) {
    if (t->kind == TY_STRUCT) {
        *off += (int)t->members[i].offset;
        return t->members[i].type;
    }
    *off += i * t->base->size;
    return t->base;
}

static const Type *word_type(int bytes) {
    static const Type words[4] = {
        {.kind = TY_INT, .size = 1, .align = 1, .name = "unsigned char"},
        {.kind = TY_INT, .size = 2, .align = 2, .name = "unsigned short"},
        {.kind = TY_INT, .size = 4, .align = 4, .name = "unsigned"},
        {.kind = TY_INT, .size = 8, .align = 8, .name = "unsigned long"},
    };
    return &words[bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : 3];
}

/* The word of union lv (of type u) holding byte off + dyn, and in *shift
 * that byte's bit position in it (0 when it is the lowest). */
static LValue union_word(Emitter *e, LValue lv, const Type *u, int off, uint32_t dyn, uint32_t *shift) {
    int w = em_union_word(u);
    const Type *wt = word_type(w);
    if (!dyn) {
        *shift = off % w ? const_int(e, wt, off % w * 8) : 0;
        return w == u->size ? lv : sub_lvalue(e, lv, wt, spv_const_u32(&e->b, (uint32_t)(off / w)));
    }
    uint32_t i32 = em_type(e, type_int(4, true)), at = off ? em_op2(e, SpvOpIAdd, i32, dyn, const_int(e, type_int(4, true), off)) : dyn;
    uint32_t bit = em_op2(e, SpvOpShiftLeftLogical, i32, em_op2(e, SpvOpBitwiseAnd, i32, at, const_int(e, type_int(4, true), w - 1)),
                       const_int(e, type_int(4, true), 3));
    *shift = em_op1(e, w == 4 ? SpvOpBitcast : SpvOpUConvert, em_type(e, wt), bit); /* in the word's width */
    if (w == u->size) return lv;
    int log2w = w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : 3;
    return sub_lvalue(e, lv, wt, em_op2(e, SpvOpShiftRightArithmetic, i32, at, const_int(e, type_int(4, true), log2w)));
}

/* The member of type m at byte off + dyn of union lv (of type u). */
uint32_t union_get(Emitter *e, LValue lv, const Type *u, int off, uint32_t dyn, const Type *m) {
    uint32_t mt = em_type(e, m);
    int n = part_count(m);
    if (n) {
        uint32_t *ops = malloc(sizeof *ops * (2 + (size_t)n)), r = spv_new_id(&e->b);
        if (!ops) unreachable("out of memory");
        ops[0] = mt;
        ops[1] = r;
        for (int i = 0; i < n; i++) {
            int o = off;
            const Type *pt = part(m, i, &o);
            ops[2 + i] = union_get(e, lv, u, o, dyn, pt);
        }
        spv_op(&e->code, SpvOpCompositeConstruct, ops, 2 + (size_t)n);
        free(ops);
        return r;
    }
    const Type *wt = word_type(em_union_word(u));
    uint32_t shift, nt = spv_type_int(&e->b, (uint32_t)m->size * 8, false);
    LValue word = union_word(e, lv, u, off, dyn, &shift);
    uint32_t bits = em_load(e, wt, word);
    if (shift) bits = em_op2(e, SpvOpShiftRightLogical, em_type(e, wt), bits, shift);
    if (m->size < wt->size) bits = em_op1(e, SpvOpUConvert, nt, bits);
    return nt == mt ? bits : em_op1(e, SpvOpBitcast, mt, bits);
}

/* Sets the member of type m at byte off + dyn of union lv (of type u) to v. */
void union_set(Emitter *e, LValue lv, const Type *u, int off, uint32_t dyn, const Type *m, uint32_t v) {
    int n = part_count(m);
    for (int i = 0; i < n; i++) {
        int o = off;
        const Type *pt = part(m, i, &o);
        uint32_t pv = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpCompositeExtract, em_type(e, pt), pv, v, (uint32_t)i);
        union_set(e, lv, u, o, dyn, pt, pv);
    }
    if (n) return;
    const Type *wt = word_type(em_union_word(u));
    uint32_t wtid = em_type(e, wt), shift, nt = spv_type_int(&e->b, (uint32_t)m->size * 8, false);
    LValue word = union_word(e, lv, u, off, dyn, &shift);
    uint32_t bits = em_type(e, m) == nt ? v : em_op1(e, SpvOpBitcast, nt, v);
    if (m->size == wt->size) {
        em_store(e, word, bits);
        return;
    }
    bits = em_op1(e, SpvOpUConvert, wtid, bits);
    uint32_t field = const_int(e, wt, (long long)((1ull << (m->size * 8)) - 1));
    if (shift) {
        bits = em_op2(e, SpvOpShiftLeftLogical, wtid, bits, shift);
        field = em_op2(e, SpvOpShiftLeftLogical, wtid, field, shift);
    }
    uint32_t others = em_op1(e, SpvOpNot, wtid, field), old = em_load(e, wt, word); /* SEQUENCED */
    uint32_t kept = em_op2(e, SpvOpBitwiseAnd, wtid, old, others);
    em_store(e, word, em_op2(e, SpvOpBitwiseOr, wtid, kept, bits));
}

/* The union an access goes through, as an object (a value is put in one). */
LValue union_object(Emitter *e, Expr *u) {
    if (expr_is_lvalue(u)) return em_lvalue(e, u);
    LValue lv = {.ptr = em_local(e, u->type, NULL), .storage = SpvStorageClassFunction};
    em_store(e, lv, em_expr(e, u));
    return lv;
}

/* The initializer `value` of the part of type t at byte `off` of union lv
 * (of type u). */
void store_union_init(Emitter *e, LValue lv, const Type *u, int off, const Type *t, Expr *value) {
    if (value->kind != EX_INIT) {
        union_set(e, lv, u, off, 0, t, em_expr(e, value));
        return;
    }
    for (int i = 0; i < value->ninits; i++) {
        InitItem *it = &value->inits[i];
        int o = off;
        const Type *pt = t;
        for (int d = 0; d < it->depth; d++) pt = part(pt, it->path[d], &o);
        store_union_init(e, lv, u, o, pt, it->value);
    }
}
