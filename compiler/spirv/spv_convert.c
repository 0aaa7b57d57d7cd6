/* spv_convert.c — conversions between C's arithmetic types (the IR carries
 * each one as an EX_CAST), bools, and constants: scalars, vectors, and the
 * module constants that hold constant tables. */
#include "spv_expr.h"

#include <stdlib.h>

const Type *scalar_of(const Type *t) { return t->kind == TY_VECTOR ? t->base : t; }

bool is_float(const Type *t) { return scalar_of(t)->kind == TY_FLOAT; }

/* _Bool is an unsigned byte holding 0 or 1. */
bool is_signed(const Type *t) { return scalar_of(t)->kind == TY_INT && scalar_of(t)->is_signed; }

/* n copies of the constant `part` as a vector of type t, or part itself. */
static uint32_t splat_const(Emitter *e, const Type *t, uint32_t part) {
    if (t->kind != TY_VECTOR) return part;
    uint32_t parts[4] = {part, part, part, part};
    return spv_const_composite(&e->b, em_type(e, t), parts, (size_t)t->len);
}

uint32_t const_int(Emitter *e, const Type *t, long long v) {
    const Type *s = scalar_of(t);
    uint32_t width = (uint32_t)s->size * 8;
    uint64_t bits = (uint64_t)v;
    if (width < 64) { /* narrow constants: sign-extended if signed, else zero-extended, to 32 bits */
        bits &= (1ull << width) - 1;
        if (is_signed(s) && (bits >> (width - 1)) & 1) bits |= ~0ull << width;
        bits &= 0xffffffffu;
    }
    return splat_const(e, t, spv_const_bits(&e->b, em_type(e, s), bits, width));
}

uint32_t const_scalar(Emitter *e, const Type *t, double v) {
    const Type *s = scalar_of(t);
    if (s->kind != TY_FLOAT) return const_int(e, t, (long long)v);
    uint32_t part;
    if (s->size == 2) {
        _Float16 h = (_Float16)v; /* one rounding, to nearest even, as the host's cast */
        uint16_t bits;
        __builtin_memcpy(&bits, &h, 2);
        part = spv_const_bits(&e->b, em_type(e, s), bits, 16);
    } else if (s->size == 4) {
        float f = (float)v;
        uint32_t bits;
        __builtin_memcpy(&bits, &f, 4);
        part = spv_const_bits(&e->b, em_type(e, s), bits, 32);
    } else {
        uint64_t bits;
        __builtin_memcpy(&bits, &v, 8);
        part = spv_const_bits(&e->b, em_type(e, s), bits, 64);
    }
    return splat_const(e, t, part);
}

uint32_t bool_type(Emitter *e, const Type *t) {
    uint32_t b = spv_type_bool(&e->b);
    return t->kind == TY_VECTOR ? spv_type_vector(&e->b, b, (uint32_t)t->len) : b;
}

/* `v` of type t as a bool: v != 0 (NaN counts as true, as in C). */
uint32_t to_bool(Emitter *e, const Type *t, uint32_t v, SrcLoc loc) {
    uint32_t b = spv_type_bool(&e->b);
    if (t->kind == TY_FLOAT) return em_op2(e, SpvOpFUnordNotEqual, b, v, const_scalar(e, t, 0));
    if (t->kind == TY_INT || t->kind == TY_BOOL) return em_op2(e, SpvOpINotEqual, b, v, const_int(e, t, 0));
    if (is_complex(t)) return complex_to_bool(e, t, v);
    em_internal(e, loc, "condition of this type");
    return spv_const_bool(&e->b, 0);
}

/* C's value of a bool: 1 or 0; for vector comparisons, -1 or 0 per lane. */
uint32_t from_bool(Emitter *e, const Type *t, uint32_t b) {
    uint32_t r = spv_new_id(&e->b);
    long long yes = t->kind == TY_VECTOR ? -1 : 1;
    SPV_OP(&e->code, SpvOpSelect, em_type(e, t), r, b, const_int(e, t, yes), const_int(e, t, 0));
    return r;
}

/* ---- conversions ---------------------------------------------------------------- */

/* Whether cast x widens a half (or halves) read from a view or a capture
 * to float or double: no rounding of the kernel's precedes such a value,
 * so OpFConvert is exact there (elsewhere spv_half.c widens). */
bool widens_stored_half(const Expr *x) {
    const Type *from = x->lhs->type, *to = x->type;
    if (scalar_of(from)->kind != TY_FLOAT || scalar_of(from)->size != 2 || scalar_of(to)->kind != TY_FLOAT ||
        scalar_of(to)->size == 2 || (from->kind == TY_VECTOR) != (to->kind == TY_VECTOR) || x->lhs->kind != EX_LOAD)
        return false;
    const Expr *l = x->lhs->lhs;
    while (l->kind == EX_MEMBER || l->kind == EX_VELEM) l = l->lhs;
    if (l->kind == EX_VAR) return l->var->kind == VAR_CAPTURE;
    if (l->kind != EX_INDEX && l->kind != EX_DEREF) return false;
    const Expr *p = l->lhs;
    if (p->kind == EX_DECAY) return p->lhs->kind == EX_VAR && p->lhs->var->kind == VAR_CAPTURE;
    return p->kind == EX_LOAD && p->lhs->kind == EX_VAR &&
           (p->lhs->var->kind == VAR_CAPTURE || p->lhs->var->points_into.space == PTR_VIEW);
}

/* Converts v from fs to ts, lane by lane when lanes > 0 (tt: the vector type). */
static uint32_t convert_scalar(Emitter *e, uint32_t v, const Type *fs, const Type *ts, uint32_t tt, uint32_t lanes,
                               SrcLoc loc) {
    if (ts->kind == TY_BOOL) return from_bool(e, ts, to_bool(e, fs, v, loc));
    bool fi = fs->kind == TY_INT || fs->kind == TY_BOOL, ti = ts->kind == TY_INT;
    if (fi && ti) {
        if (fs->size != ts->size) {
            /* widen by the source's signedness; OpUConvert must produce an unsigned type */
            bool sext = is_signed(fs) && ts->size > fs->size;
            uint32_t wt = spv_type_int(&e->b, (uint32_t)ts->size * 8, sext);
            v = em_op1(e, sext ? SpvOpSConvert : SpvOpUConvert, lanes ? spv_type_vector(&e->b, wt, lanes) : wt, v);
            return sext == is_signed(ts) ? v : em_op1(e, SpvOpBitcast, tt, v);
        }
        return is_signed(fs) == is_signed(ts) ? v : em_op1(e, SpvOpBitcast, tt, v);
    }
    if (fi && ts->kind == TY_FLOAT) return em_op1(e, is_signed(fs) ? SpvOpConvertSToF : SpvOpConvertUToF, tt, v);
    if (fs->kind == TY_FLOAT && ti) {
        /* A half the kernel rounded converts from its bits (spv_half.c):
         * Mesa 25's lavapipe folds the rounding to half into a conversion
         * to int that follows it, so (int)(h * 10) truncated the float. */
        if (fs->size == 2) v = em_widen_half(e, v, lanes);
        return em_op1(e, is_signed(ts) ? SpvOpConvertFToS : SpvOpConvertFToU, tt, v);
    }
    if (fs->kind == TY_FLOAT && ts->kind == TY_FLOAT && fs->size == 2 && ts->size > 2) { /* spv_half.c */
        v = em_widen_half(e, v, lanes);
        return ts->size == 4 ? v : em_op1(e, SpvOpFConvert, tt, v);
    }
    if (fs->kind == TY_FLOAT && ts->kind == TY_FLOAT) {
        if (fs->size == ts->size) return v;
        v = em_op1(e, SpvOpFConvert, tt, v);
        /* C rounds at a narrowing conversion: NoContraction keeps drivers
         * from folding it into a widening after it, as Mesa 25's lavapipe
         * did with (double)(float)x, which gave x */
        if (ts->size < fs->size) spv_decorate(&e->b, v, SpvDecorationNoContraction, NULL, 0);
        return v;
    }
    em_internal(e, loc, "conversion");
    return v;
}

uint32_t convert(Emitter *e, uint32_t v, const Type *from, const Type *to, SrcLoc loc) {
    if (to->kind == TY_VOID) return 0;
    if (is_complex(from) != is_complex(to)) return complex_convert(e, v, from, to, loc);
    uint32_t tt = em_type(e, to);
    if (from->kind == TY_VECTOR && to->kind == TY_VECTOR) /* lane by lane (__builtin_convertvector, complex casts) */
        return em_type(e, from) == tt ? v : convert_scalar(e, v, from->base, to->base, tt, (uint32_t)to->len, loc);
    if (to->kind == TY_VECTOR) { /* a scalar operand of a vector operation: every lane */
        uint32_t s = convert_scalar(e, v, from, to->base, em_type(e, to->base), 0, loc);
        uint32_t r = spv_new_id(&e->b);
        uint32_t ops[6] = {tt, r, s, s, s, s};
        spv_op(&e->code, SpvOpCompositeConstruct, ops, 2 + (size_t)to->len);
        return r;
    }
    if (from->kind == TY_STRUCT || to->kind == TY_STRUCT || from->kind == TY_ARRAY || from->kind == TY_VECTOR ||
        from->kind == TY_PTR || to->kind == TY_PTR) {
        em_internal(e, loc, "conversion");
        return v;
    }
    return convert_scalar(e, v, from, to, tt, 0, loc);
}

/* ---- module constants ------------------------------------------------------------ */

static uint32_t const_leaf(Emitter *e, const Type *t, Expr *x);

/* The constant of type t from the items (whose paths agree up to depth). */
static uint32_t const_tree(Emitter *e, const Type *t, InitItem *items, int n, int depth) {
    for (int i = n - 1; i >= 0; i--)
        if (items[i].depth == depth) return const_leaf(e, t, items[i].value);
    int parts = part_count(t);
    if (!parts || n == 0) return spv_const_null(&e->b, em_type(e, t));
    uint32_t *ids = malloc(sizeof *ids * (size_t)parts);
    if (!ids) unreachable("out of memory");
    int j = 0; /* items are in path order mostly: scan forward */
    for (int p = 0; p < parts; p++) {
        int off = 0;
        const Type *pt = part(t, p, &off);
        int b = j;
        while (b < n && items[b].path[depth] != p) b++;
        if (b == n) { /* out of order: a designator went back */
            for (b = 0; b < n && items[b].path[depth] != p; b++) continue;
        }
        int end = b;
        while (end < n && items[end].path[depth] == p) end++;
        ids[p] = b < n ? const_tree(e, pt, items + b, end - b, depth + 1) : spv_const_null(&e->b, em_type(e, pt));
        if (b < n) j = end;
    }
    uint32_t r = spv_const_composite(&e->b, em_type(e, t), ids, (size_t)parts);
    free(ids);
    return r;
}

static uint32_t const_leaf(Emitter *e, const Type *t, Expr *x) {
    if (x->kind == EX_INIT) return const_tree(e, t, x->inits, x->ninits, 0);
    if (x->kind == EX_INT && type_is_arith(t)) return t->kind == TY_FLOAT ? const_scalar(e, t, (double)x->ival) : const_int(e, t, t->kind == TY_BOOL ? x->ival != 0 : x->ival);
    if (x->kind == EX_FLOAT && type_is_arith(t)) return t->kind == TY_FLOAT ? const_scalar(e, t, x->fval) : const_int(e, t, (long long)x->fval);
    em_internal(e, x->loc, "an initializer that is not a constant (check_emit.c)");
    return spv_const_null(&e->b, em_type(e, t));
}

uint32_t em_module_const(Emitter *e, Var *v) {
    uint32_t id = em_map_get(&e->globals, v);
    if (id) return id;
    if (v->type->kind == TY_STRUCT && v->type->is_union) { /* check_emit.c */
        em_internal(e, v->loc, "a constant union");
        return 0;
    }
    uint32_t init = const_leaf(e, v->type, v->init);
    id = spv_new_id(&e->b);
    SPV_OP(&e->b.globals, SpvOpVariable, em_pointer_type(e, SpvStorageClassPrivate, v->type), id,
           SpvStorageClassPrivate, init);
    spv_name(&e->b, id, v->name);
    em_add_module_var(e, id);
    em_map_set(&e->globals, v, id);
    return id;
}

