/* spv_expr.c — expressions → SPIR-V, with C's semantics: the IR already
 * carries every conversion explicitly (EX_CAST), so each operator here picks
 * its opcode from the operand type: signed/unsigned/float. */
#include "spv_emit.h"

#include "camp_abi.h"

#include <spirv/unified1/GLSL.std.450.h>

#include <limits.h>
#include <stdlib.h>

static const Type *scalar_of(const Type *t) { return t->kind == TY_VECTOR ? t->base : t; }

static bool is_float(const Type *t) { return scalar_of(t)->kind == TY_FLOAT; }

/* _Bool is an unsigned byte holding 0 or 1. */
static bool is_signed(const Type *t) { return scalar_of(t)->kind == TY_INT && scalar_of(t)->is_signed; }

static const Type int_type = {.kind = TY_INT, .size = 4, .align = 4, .is_signed = true, .name = "int"};
static const Type long_type = {.kind = TY_INT, .size = 8, .align = 8, .is_signed = true, .name = "long"};
static const Type ulong_type = {.kind = TY_INT, .size = 8, .align = 8, .name = "unsigned long"};

/* n copies of the constant `part` as a vector of type t, or part itself. */
static uint32_t splat_const(Emitter *e, const Type *t, uint32_t part) {
    if (t->kind != TY_VECTOR) return part;
    uint32_t parts[4] = {part, part, part, part};
    return spv_const_composite(&e->b, em_type(e, t), parts, (size_t)t->len);
}

static uint32_t const_int(Emitter *e, const Type *t, long long v) {
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

static uint32_t const_scalar(Emitter *e, const Type *t, double v) {
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

static uint32_t bool_type(Emitter *e, const Type *t) {
    uint32_t b = spv_type_bool(&e->b);
    return t->kind == TY_VECTOR ? spv_type_vector(&e->b, b, (uint32_t)t->len) : b;
}

/* `v` of type t as a bool: v != 0 (NaN counts as true, as in C). */
static uint32_t to_bool(Emitter *e, const Type *t, uint32_t v, SrcLoc loc) {
    uint32_t b = spv_type_bool(&e->b);
    if (t->kind == TY_FLOAT) return em_op2(e, SpvOpFUnordNotEqual, b, v, const_scalar(e, t, 0));
    if (t->kind == TY_INT || t->kind == TY_BOOL) return em_op2(e, SpvOpINotEqual, b, v, const_int(e, t, 0));
    em_internal(e, loc, "condition of this type");
    return spv_const_bool(&e->b, 0);
}

/* C's value of a bool: 1 or 0; for vector comparisons, -1 or 0 per lane. */
static uint32_t from_bool(Emitter *e, const Type *t, uint32_t b) {
    uint32_t r = spv_new_id(&e->b);
    long long yes = t->kind == TY_VECTOR ? -1 : 1;
    SPV_OP(&e->code, SpvOpSelect, em_type(e, t), r, b, const_int(e, t, yes), const_int(e, t, 0));
    return r;
}

/* ---- conversions ---------------------------------------------------------------- */

/* Whether cast x widens a half (or halves) read from a view or a capture
 * to float or double: no rounding of the kernel's precedes such a value,
 * so OpFConvert is exact there (elsewhere spv_half.c widens). */
static bool widens_stored_half(const Expr *x) {
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

static uint32_t convert(Emitter *e, uint32_t v, const Type *from, const Type *to, SrcLoc loc) {
    if (to->kind == TY_VOID) return 0;
    uint32_t tt = em_type(e, to);
    if (from->kind == TY_VECTOR && to->kind == TY_VECTOR) /* lane by lane (__builtin_convertvector) */
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

static int part_count(const Type *t);
static const Type *part(const Type *t, int i, int *off);

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

/* ---- lvalues ---------------------------------------------------------------------- */

uint32_t em_load(Emitter *e, const Type *t, LValue lv) {
    uint32_t r = spv_new_id(&e->b);
    if (lv.storage == SpvStorageClassPhysicalStorageBuffer)
        SPV_OP(&e->code, SpvOpLoad, em_type(e, t), r, lv.ptr, SpvMemoryAccessAlignedMask, lv.align);
    else
        SPV_OP(&e->code, SpvOpLoad, em_type(e, t), r, lv.ptr);
    return r;
}

void em_store(Emitter *e, LValue lv, uint32_t value) {
    if (lv.storage == SpvStorageClassPhysicalStorageBuffer)
        SPV_OP(&e->code, SpvOpStore, lv.ptr, value, SpvMemoryAccessAlignedMask, lv.align);
    else
        SPV_OP(&e->code, SpvOpStore, lv.ptr, value);
}

uint32_t em_push_member(Emitter *e, uint32_t member, uint32_t type) {
    uint32_t ptr_t = spv_type_pointer(&e->b, SpvStorageClassPushConstant, type, 0);
    uint32_t p = spv_new_id(&e->b), r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpAccessChain, ptr_t, p, e->push_var, spv_const_u32(&e->b, member));
    SPV_OP(&e->code, SpvOpLoad, type, r, p);
    return r;
}

static bool is_psb(SpvStorageClass sc) { return sc == SpvStorageClassPhysicalStorageBuffer; }

static void store_init(Emitter *e, LValue lv, Expr *init);

/* A member, component or element of the object lv designates. */
static LValue sub_lvalue(Emitter *e, LValue lv, const Type *t, uint32_t index) {
    uint32_t p = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpAccessChain, em_pointer_type(e, lv.storage, t), p, lv.ptr, index);
    return (LValue){.ptr = p, .storage = lv.storage, .align = is_psb(lv.storage) ? (uint32_t)t->align : 0};
}

/* The object a pointer points at. */
static LValue deref(Emitter *e, Ptr p, const Type *pointee) {
    if (is_psb(p.storage)) return (LValue){.ptr = p.value, .storage = p.storage, .align = (uint32_t)pointee->align, .stride = {p.stride[1], 0}};
    if (p.base_is_object) return (LValue){.ptr = p.base, .storage = p.storage, .align = 0};
    return sub_lvalue(e, (LValue){.ptr = p.base, .storage = p.storage, .align = 0}, pointee, p.value);
}

/* An integer as a 32-bit signed offset (private memory is small). */
static uint32_t offset_of(Emitter *e, uint32_t i, const Type *it) {
    uint32_t i32 = em_type(e, &int_type);
    if (it->size != 4) i = em_op1(e, is_signed(it) ? SpvOpSConvert : SpvOpUConvert, spv_type_int(&e->b, 32, is_signed(it)), i);
    return is_signed(it) ? i : em_op1(e, SpvOpBitcast, i32, i);
}

/* Index value i of type it in the offset's width (32 bits when narrow). */
static uint32_t widen_index(Emitter *e, uint32_t i, const Type *it, bool narrow) {
    if (narrow) return offset_of(e, i, it);
    uint32_t i64 = em_type(e, &long_type);
    if (it->size != 8) i = em_op1(e, is_signed(it) ? SpvOpSConvert : SpvOpUConvert, spv_type_int(&e->b, 64, is_signed(it)), i);
    return is_signed(it) ? i : em_op1(e, SpvOpBitcast, i64, i);
}

/* p + i (ptr_type is p's type; for views OpPtrAccessChain steps by sizeof *p). */
static Ptr ptr_add(Emitter *e, Ptr p, const Type *ptr_type, uint32_t i, const Type *it, bool negate) {
    if (negate) i = em_op1(e, SpvOpSNegate, em_type(e, it), i);
    if (is_psb(p.storage)) {
        /* address + index * element size in 64-bit integers: NVIDIA's
         * driver (580) computes OpPtrAccessChain with a negative index
         * wrongly (the GPU faults), whatever the index's width */
        uint32_t i64 = em_type(e, &long_type), u64 = em_type(e, &ulong_type);
        i = widen_index(e, i, it, false);
        /* a variable-length row's stride counts its innermost scalars (frontend.c) */
        const Type *to = ptr_type->base;
        while (to->kind == TY_ARRAY && (to->len < 0 || p.stride[0])) to = to->base;
        uint32_t bytes = em_op2(e, SpvOpIMul, i64, i, const_int(e, &long_type, to->kind == TY_VOID ? 1 : to->size));
        if (p.stride[0]) bytes = em_op2(e, SpvOpIMul, i64, bytes, em_op1(e, SpvOpSConvert, i64, p.stride[0]));
        uint32_t addr = em_op2(e, SpvOpIAdd, u64, em_op1(e, SpvOpConvertPtrToU, u64, p.value), em_op1(e, SpvOpBitcast, u64, bytes));
        p.value = em_op1(e, SpvOpConvertUToPtr, em_type(e, ptr_type), addr);
    } else {
        p.value = em_op2(e, SpvOpIAdd, em_type(e, &int_type), p.value, offset_of(e, i, it));
    }
    return p;
}

/* ---- elements of views: one address computation per access ------------------ */

/* The view a pointer expression reads without side effects: a captured
 * array (decayed) or a captured pointer. */
static Var *view_root(Expr *p) {
    if ((p->kind == EX_DECAY || p->kind == EX_LOAD) && p->lhs->kind == EX_VAR) {
        Var *v = p->lhs->var;
        if (v->kind == VAR_CAPTURE && v->capture == (p->kind == EX_DECAY ? CAPTURE_VIEW : CAPTURE_POINTER)) return v;
    }
    return NULL;
}

static bool is_vla(const Type *t) { return t->kind == TY_ARRAY && t->len < 0; }

/* An index as a sum of terms (coefficient x leaf value, the leaves in the
 * offset's width) plus a constant. C's signed arithmetic at int's rank and
 * above does not overflow (undefined behaviour), so adding or subtracting
 * a constant distributes over the widening: (long)(y + 1) is (long)y + 1.
 * Only constants are split off: a sum of variables stays one leaf, as C
 * computes it.
 * Emitted as leaf terms first, in source order, then the constants, every
 * access of one point's neighbourhood — v[z][y][x - 1], v[z][y + 1][x] —
 * is one common offset plus a constant (or a row size), which NVIDIA's
 * compiler folds into the load's address; a wrapping 32-bit index
 * computed first and widened after would hide that. */
enum { MAX_INDEX_TERMS = 4 };
typedef struct LinearIndex {
    uint32_t leaf[MAX_INDEX_TERMS];
    long long coef[MAX_INDEX_TERMS];
    int n;
    long long constant;
} LinearIndex;

static void linear_index(Emitter *e, Expr *x, long long scale, bool narrow, LinearIndex *f) {
    const Type *t = x->type;
    long long c;
    if (x->kind == EX_INT && !__builtin_mul_overflow(x->ival, scale, &c) &&
        !__builtin_add_overflow(f->constant, c, &c)) {
        f->constant = c;
        return;
    }
    bool no_wrap = t->kind == TY_INT && t->is_signed && t->size >= 4 && scale != LLONG_MIN;
    if (no_wrap && x->kind == EX_BINARY && (x->op == OP_ADD || x->op == OP_SUB) &&
        (x->lhs->kind == EX_INT || x->rhs->kind == EX_INT)) {
        linear_index(e, x->lhs, scale, narrow, f);
        linear_index(e, x->rhs, x->op == OP_ADD ? scale : -scale, narrow, f);
        return;
    }
    if (no_wrap && x->kind == EX_UNARY && (x->op == OP_NEG || x->op == OP_PLUS)) {
        linear_index(e, x->lhs, x->op == OP_NEG ? -scale : scale, narrow, f);
        return;
    }
    if (no_wrap && x->kind == EX_CAST && x->lhs->type->kind == TY_INT && x->lhs->type->is_signed &&
        x->lhs->type->size >= 4 && x->lhs->type->size <= t->size) { /* int -> long keeps the value */
        linear_index(e, x->lhs, scale, narrow, f);
        return;
    }
    uint32_t v = widen_index(e, em_expr(e, x), t, narrow);
    if (f->n == MAX_INDEX_TERMS) { /* fold the last term into one leaf */
        const Type *ot = narrow ? &int_type : &long_type;
        uint32_t otype = em_type(e, ot), last = f->leaf[f->n - 1];
        if (f->coef[f->n - 1] != 1) last = em_op2(e, SpvOpIMul, otype, last, const_int(e, ot, f->coef[f->n - 1]));
        if (scale != 1) v = em_op2(e, SpvOpIMul, otype, v, const_int(e, ot, scale));
        f->leaf[f->n - 1] = em_op2(e, SpvOpIAdd, otype, last, v);
        f->coef[f->n - 1] = 1;
        return;
    }
    f->leaf[f->n] = v;
    f->coef[f->n++] = scale;
}

/* The sum of n levels' indices, each term as leaf x rows x (coefficient x
 * the level's unit), the leaf terms first, then the constants; in ot. */
static uint32_t index_sum(Emitter *e, const LinearIndex *index, const uint32_t *rows, const long long *unit, int n,
                          const Type *ot) {
    uint32_t otype = em_type(e, ot), sum = 0;
    for (int pass = 0; pass < 2; pass++) /* the leaf terms, then the constants */
        for (int l = n - 1; l >= 0; l--)
            for (int t = 0; t < (pass ? 1 : index[l].n); t++) {
                long long coef = pass ? index[l].constant : index[l].coef[t];
                if (pass && coef == 0) continue;
                uint32_t scaled = const_int(e, ot, (long long)((unsigned long long)coef * (unsigned long long)unit[l]));
                uint32_t term = pass ? 0 : index[l].leaf[t];
                if (rows[l]) term = term ? em_op2(e, SpvOpIMul, otype, term, rows[l]) : rows[l];
                term = term ? em_op2(e, SpvOpIMul, otype, term, scaled) : scaled;
                sum = sum ? em_op2(e, SpvOpIAdd, otype, sum, term) : term;
            }
    return sum ? sum : const_int(e, ot, 0);
}

/* The specialization constant that says view elements are addressed by
 * access chains (CAMP_SPEC_NARROW_ADDRESSES: the runtime's pipeline
 * variant for buffers of at most 4 GiB on NVIDIA), made on first use. */
static uint32_t narrow_addresses(Emitter *e) {
    if (!e->narrow_addresses) {
        SpvBuilder *b = &e->b;
        e->narrow_addresses = spv_new_id(b);
        SPV_OP(&b->globals, SpvOpSpecConstantTrue, spv_type_bool(b), e->narrow_addresses);
        spv_decorate(b, e->narrow_addresses, SpvDecorationSpecId, (const uint32_t[]){CAMP_SPEC_NARROW_ADDRESSES}, 1);
        spv_name(b, e->narrow_addresses, "narrow_addresses");
    }
    return e->narrow_addresses;
}

/* x = v[i0][i1]...[in] for a view v (1 to 3 levels, ending in an element
 * of fixed size): the element's address as the view's address plus one
 * byte offset, where indexing level by level would add 64-bit addresses at
 * each level. Each index is a LinearIndex; the offset is the sum of every
 * level's leaf terms times the level's step in bytes, then of the
 * constant terms. It is computed in 32 bits when the view is an object
 * smaller than 2 GiB (an offset outside it would be undefined behaviour;
 * wrapping partial sums then still add up to it). A level that steps over
 * variable-length rows multiplies by their size in scalars, which the
 * view's hidden captures carry (Ptr.stride). */
static bool view_element(Emitter *e, Expr *x, Ptr *out) {
    Expr *levels[3];
    int n = 0;
    Expr *cur = x;
    if (is_vla(x->type)) return false;
    for (;;) {
        if (cur->kind != EX_INDEX || cur->lhs->type->kind != TY_PTR || cur->lhs->type->base->kind == TY_VOID ||
            cur->rhs->type->kind != TY_INT || n == 3)
            return false;
        levels[n++] = cur;
        if (cur->lhs->kind == EX_DECAY && cur->lhs->lhs->kind == EX_INDEX) cur = cur->lhs->lhs;
        else break;
    }
    Var *view = view_root(cur->lhs);
    int vla_steps = 0, strides = view ? (view->vla_strides[0] != NULL) + (view->vla_strides[1] != NULL) : 0;
    for (int l = 0; l < n; l++) vla_steps += is_vla(levels[l]->lhs->type->base);
    if (!view || vla_steps > strides) return false;
    bool narrow = view->capture == CAPTURE_VIEW && !view->vla_strides[0] && view->type->size <= INT32_MAX;
    const Type *ot = narrow ? &int_type : &long_type;
    uint32_t otype = em_type(e, ot), i64 = em_type(e, &long_type), u64 = em_type(e, &ulong_type);
    Ptr base = em_ptr(e, cur->lhs);
    Type ptr = {.kind = TY_PTR, .base = x->type, .size = 8, .align = 8};
    LinearIndex index[3];
    uint32_t rows[3] = {0}; /* per level over variable-length rows: their size in scalars */
    long long step_size[3]; /* per level: the step in bytes, or the scalar's size over such rows */
    int vla = 0; /* strides used */
    for (int l = n - 1; l >= 0; l--) { /* the outermost index first, as C evaluates them */
        const Type *step = levels[l]->lhs->type->base;
        index[l] = (LinearIndex){0};
        linear_index(e, levels[l]->rhs, 1, narrow, &index[l]);
        if (is_vla(step)) { /* stride innermost scalars (frontend.c); never narrow */
            while (step->kind == TY_ARRAY) step = step->base;
            rows[l] = em_op1(e, SpvOpSConvert, otype, base.stride[vla++]);
        }
        step_size[l] = step->size;
    }
    uint32_t offset = index_sum(e, index, rows, step_size, n, ot);
    if (narrow) offset = em_op1(e, SpvOpSConvert, i64, offset);
    uint32_t addr = em_op2(e, SpvOpIAdd, u64, em_op1(e, SpvOpConvertPtrToU, u64, base.value), em_op1(e, SpvOpBitcast, u64, offset));
    uint32_t ptr_type = em_type(e, &ptr), value = em_op1(e, SpvOpConvertUToPtr, ptr_type, addr);
    /* Where every index is non-negative, and the launch's buffers are all
     * at most 4 GiB (a specialization constant, CAMP_SPEC_NARROW_ADDRESSES,
     * which libcamp sets on NVIDIA's driver only), the element's address is
     * OpPtrAccessChain's instead: NVIDIA's compiler addresses it better
     * (nbody and stencil7 3% faster), but computes its byte offset in 32
     * unsigned bits (a negative index or an element past 4 GiB is wrong
     * there). The other address stays for the other pipelines. */
    bool chain = x->type->size > 0; /* every index never negative, every step whole elements */
    for (int l = 0; l < n; l++) chain = chain && expr_nonneg(levels[l]->rhs) && step_size[l] % x->type->size == 0;
    if (chain) {
        long long elements[3];
        for (int l = 0; l < n; l++) elements[l] = step_size[l] / x->type->size;
        uint32_t first = em_type(e, cur->lhs->type) == ptr_type ? base.value : em_op1(e, SpvOpBitcast, ptr_type, base.value);
        uint32_t at = em_op2(e, SpvOpPtrAccessChain, ptr_type, first, index_sum(e, index, rows, elements, n, ot));
        uint32_t chosen = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpSelect, ptr_type, chosen, narrow_addresses(e), at, value);
        value = chosen;
    }
    *out = (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer, .value = value};
    return true;
}

/* The object a compound literal makes: one variable per function. */
static uint32_t literal_storage(Emitter *e, Expr *x) {
    uint32_t id = em_map_get(&e->literals, x);
    if (!id) {
        id = em_local(e, x->type, NULL);
        em_map_set(&e->literals, x, id);
    }
    return id;
}

/* What pointer variable v points into (ptr_storage.c decided): for memory
 * other than views, the object its offset is into. */
static Ptr var_target(Emitter *e, Var *v) {
    const PtrTarget *t = &v->points_into;
    if (t->space == PTR_PARAM) return e->param_ptrs[t->param];
    if (t->space != PTR_OBJECT) return (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer};
    const Type *type = t->root ? t->root->type : t->literal->type;
    LValue lv = t->root ? em_lvalue(e, &(Expr){.kind = EX_VAR, .type = t->root->type, .loc = t->root->loc, .var = t->root})
                        : (LValue){.ptr = literal_storage(e, t->literal), .storage = SpvStorageClassFunction};
    return (Ptr){.storage = lv.storage, .base = lv.ptr, .base_type = em_pointer_type(e, lv.storage, type),
                 .base_is_object = t->whole};
}

/* The offset a null pointer into memory other than views holds (no
 * element offset of a real pointer is this). */
static uint32_t null_offset(Emitter *e) { return const_int(e, &int_type, INT_MIN); }

/* The Function variable of a local or parameter, made on first use. */
static uint32_t var_storage(Emitter *e, Var *v) {
    uint32_t id = em_map_get(&e->locals, v);
    if (!id) {
        /* An address lives in a variable as an integer: spirv-opt 2023.1's
         * ssa-rewrite miscompiles PhysicalStorageBuffer pointers stored in
         * Function variables (it forwards the pointer for a load through it). */
        const Type *t = v->type;
        if (t->kind == TY_PTR) t = is_psb(var_target(e, v).storage) ? &ulong_type : &int_type;
        id = em_local(e, t, v->name);
        em_map_set(&e->locals, v, id);
        em_debug_local(e, v, id, t);
    }
    return id;
}

LValue em_lvalue(Emitter *e, Expr *x) {
    switch (x->kind) {
    case EX_VAR: {
        Var *v = x->var;
        if (v->kind == VAR_CAPTURE) {
            /* read-only by-value capture: its push-constant member */
            uint32_t ptr_t = spv_type_pointer(&e->b, SpvStorageClassPushConstant, em_type(e, v->type), 0);
            uint32_t p = spv_new_id(&e->b);
            SPV_OP(&e->code, SpvOpAccessChain, ptr_t, p, e->push_var, spv_const_u32(&e->b, (uint32_t)v->member + 6));
            return (LValue){.ptr = p, .storage = SpvStorageClassPushConstant, .align = 0};
        }
        if (v->kind == VAR_CONST) return (LValue){.ptr = em_module_const(e, v), .storage = SpvStorageClassPrivate};
        if (v->kind == VAR_TILE_STATIC) return (LValue){.ptr = em_tile_static(e, v), .storage = SpvStorageClassWorkgroup};
        return (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction, .align = 0};
    }
    case EX_INDEX: {
        Ptr p;
        if (!x->ival && view_element(e, x, &p)) return deref(e, p, x->type);
        p = em_ptr(e, x->lhs);
        uint32_t i = em_expr(e, x->rhs);
        p = ptr_add(e, p, x->lhs->type, i, x->rhs->type, false);
        return deref(e, x->ival ? em_check_pointer(e, x, p, i) : p, x->type);
    }
    case EX_DEREF: {
        Ptr p = em_ptr(e, x->lhs);
        return deref(e, x->ival ? em_check_pointer(e, x, p, 0) : p, x->type);
    }
    case EX_VELEM: {
        LValue vec = em_lvalue(e, x->lhs);
        return sub_lvalue(e, vec, x->type, x->rhs ? em_expr(e, x->rhs) : spv_const_u32(&e->b, (uint32_t)x->ival));
    }
    case EX_MEMBER: {
        if (x->lhs->type->is_union) break;
        return sub_lvalue(e, em_lvalue(e, x->lhs), x->type, spv_const_u32(&e->b, (uint32_t)x->ival));
    }
    case EX_INIT: { /* a compound literal: its object, initialized anew */
        LValue lv = {.ptr = literal_storage(e, x), .storage = SpvStorageClassFunction};
        store_init(e, lv, x);
        return lv;
    }
    default: break;
    }
    em_internal(e, x->loc, x->kind == EX_MEMBER ? "union member access" : "expression used as an lvalue");
    return (LValue){0};
}

/* ---- pointers ---------------------------------------------------------------------- */

/* A pointer to the object an lvalue designates. */
static Ptr address_of(Emitter *e, Expr *lv_expr) {
    if (lv_expr->kind == EX_INDEX) {
        Ptr p;
        if (view_element(e, lv_expr, &p)) return p;
        p = em_ptr(e, lv_expr->lhs);
        return ptr_add(e, p, lv_expr->lhs->type, em_expr(e, lv_expr->rhs), lv_expr->rhs->type, false);
    }
    if (lv_expr->kind == EX_DEREF) return em_ptr(e, lv_expr->lhs);
    LValue lv = em_lvalue(e, lv_expr);
    if (is_psb(lv.storage)) return (Ptr){.storage = lv.storage, .value = lv.ptr};
    return (Ptr){.storage = lv.storage, .value = const_int(e, &int_type, 0), .base = lv.ptr,
                 .base_type = em_pointer_type(e, lv.storage, lv_expr->type), .base_is_object = true};
}

/* The row sizes of a captured variable-length array (or pointer to one). */
static void load_vla_strides(Emitter *e, Var *v, Ptr *p) {
    for (int i = 0; i < 2 && v->vla_strides[i]; i++)
        p->stride[i] = em_push_member(e, (uint32_t)v->vla_strides[i]->member + 6, em_type(e, &int_type));
}

/* A view's first element: its address is pushed. */
static Ptr view_start(Emitter *e, Var *view) {
    Ptr p = {.storage = SpvStorageClassPhysicalStorageBuffer,
             .value = em_push_member(e, (uint32_t)view->member + 6, em_view_address_type(e, view))};
    load_vla_strides(e, view, &p);
    return p;
}

/* A pointer to the first element of an array lvalue. */
static Ptr decay(Emitter *e, Expr *x) {
    Expr *arr = x->lhs;
    if (arr->kind == EX_VAR && arr->var->kind == VAR_CAPTURE) return view_start(e, arr->var);
    LValue lv = em_lvalue(e, arr);
    if (lv.stride[0] || (arr->type->kind == TY_ARRAY && arr->type->len < 0)) /* a variable-length row */
        return (Ptr){.storage = lv.storage, .value = lv.ptr, .stride = {lv.stride[0], lv.stride[1]}};
    if (is_psb(lv.storage)) {
        uint32_t p = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpAccessChain, em_type(e, x->type), p, lv.ptr, spv_const_u32(&e->b, 0));
        return (Ptr){.storage = lv.storage, .value = p};
    }
    return (Ptr){.storage = lv.storage, .value = const_int(e, &int_type, 0), .base = lv.ptr,
                 .base_type = em_pointer_type(e, lv.storage, arr->type)};
}

static Ptr var_ptr(Emitter *e, Var *v) {
    LValue lv = {.ptr = var_storage(e, v), .storage = SpvStorageClassFunction};
    Ptr p = var_target(e, v);
    p.value = is_psb(p.storage) ? em_op1(e, SpvOpConvertUToPtr, em_type(e, v->type), em_load(e, &ulong_type, lv))
                                : em_load(e, &int_type, lv);
    return p;
}

/* Stores p into pointer variable v (ptr_storage.c made sure it points
 * into what v does, or is null). */
static void store_var_ptr(Emitter *e, Var *v, Ptr p) {
    uint32_t value;
    if (is_psb(var_target(e, v).storage))
        value = p.is_null ? const_int(e, &ulong_type, 0) : em_op1(e, SpvOpConvertPtrToU, em_type(e, &ulong_type), p.value);
    else
        value = p.is_null ? null_offset(e) : p.value;
    em_store(e, (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction}, value);
}

void em_store_param(Emitter *e, Var *v, uint32_t value) {
    if (v->type->kind == TY_PTR && is_psb(var_target(e, v).storage))
        value = em_op1(e, SpvOpConvertPtrToU, em_type(e, &ulong_type), value);
    em_store(e, (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction}, value);
}

static uint32_t conditional_value(Emitter *e, Expr *x, Ptr *pa, Ptr *pb);
static Ptr assign_ptr(Emitter *e, Expr *x);
static Ptr incdec_ptr(Emitter *e, Expr *x);

Ptr em_ptr(Emitter *e, Expr *x) {
    switch (x->kind) {
    case EX_LOAD: {
        if (x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE) return var_ptr(e, x->lhs->var);
        Ptr p = {.storage = SpvStorageClassPhysicalStorageBuffer, .value = em_expr(e, x)};
        if (x->lhs->kind == EX_VAR) load_vla_strides(e, x->lhs->var, &p); /* a captured pointer */
        return p;
    }
    case EX_DECAY: return decay(e, x);
    case EX_ADDR:
        if (x->lhs->kind == EX_VAR && x->lhs->var->kind == VAR_CAPTURE && x->lhs->type->kind == TY_ARRAY &&
            !x->lhs->var->vla_strides[0]) { /* &view: its start, as a pointer to the whole array */
            Ptr p = view_start(e, x->lhs->var);
            p.value = em_op1(e, SpvOpBitcast, em_type(e, x->type), p.value);
            return p;
        }
        return address_of(e, x->lhs);
    case EX_CAST:
        if (x->lhs->type->kind == TY_PTR) {
            Ptr p = em_ptr(e, x->lhs);
            if (is_psb(p.storage)) {
                uint32_t tt = em_type(e, x->type);
                if (em_type(e, x->lhs->type) != tt) p.value = em_op1(e, SpvOpBitcast, tt, p.value);
            } else if (!type_equal(x->lhs->type->base, x->type->base) && !e->failed) { /* ptr_storage.c */
                em_internal(e, x->loc, "a cast of a pointer into private memory");
            }
            return p;
        }
        if (x->lhs->kind == EX_INT && x->lhs->ival == 0) /* a null pointer constant (no OpConstantNull for
                                                          * PhysicalStorageBuffer pointers) */
            return (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer, .is_null = true,
                         .value = em_op1(e, SpvOpConvertUToPtr, em_type(e, x->type), const_int(e, &ulong_type, 0))};
        return (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer,
                     .value = em_op1(e, SpvOpConvertUToPtr, em_type(e, x->type),
                                  convert(e, em_expr(e, x->lhs), x->lhs->type, &ulong_type, x->loc))};
    case EX_BINARY:
        if (x->op == OP_COMMA) {
            em_discard(e, x->lhs);
            return em_ptr(e, x->rhs);
        }
        if (x->lhs->type->kind == TY_PTR) {
            Ptr p = em_ptr(e, x->lhs);
            return ptr_add(e, p, x->type, em_expr(e, x->rhs), x->rhs->type, x->op == OP_SUB);
        } else {
            uint32_t i = em_expr(e, x->lhs);
            return ptr_add(e, em_ptr(e, x->rhs), x->type, i, x->lhs->type, false);
        }
    case EX_ASSIGN: return assign_ptr(e, x);
    case EX_INCDEC: return incdec_ptr(e, x);
    case EX_COND: {
        Ptr a, b;
        uint32_t v = conditional_value(e, x, &a, &b);
        a.value = v;
        return a;
    }
    case EX_CALL: case EX_MEMBER: case EX_VELEM: case EX_INIT: /* addresses, produced as values */
        if (!expr_is_lvalue(x)) return (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer, .value = em_expr(e, x)};
        __attribute__((fallthrough)); /* a pointer-typed lvalue read as a value */
    default:
        if (expr_is_lvalue(x)) return em_ptr(e, &(Expr){.kind = EX_LOAD, .type = x->type, .loc = x->loc, .lhs = x});
        em_internal(e, x->loc, "pointer expression");
        return (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer, .value = 0};
    }
}

/* A pointer as a comparable integer: its address, or its offset (null's
 * is null_offset when the other side is an offset). */
static uint32_t ptr_word(Emitter *e, Ptr p, bool address) {
    if (address) return p.is_null ? const_int(e, &ulong_type, 0) : em_op1(e, SpvOpConvertPtrToU, em_type(e, &ulong_type), p.value);
    return p.is_null ? null_offset(e) : p.value;
}

/* Two pointers as comparable integers: addresses, or offsets into one base
 * (ptr_storage.c made sure they are into the same memory, or null). */
static void ptr_pair(Emitter *e, Expr *x, uint32_t *a, uint32_t *b, bool *is_address) {
    Ptr p = em_ptr(e, x->lhs), q = em_ptr(e, x->rhs);
    *is_address = is_psb(p.storage) && is_psb(q.storage);
    *a = ptr_word(e, p, *is_address);
    *b = ptr_word(e, q, *is_address);
}

/* p - q: the number of elements between them. */
static uint32_t ptr_diff(Emitter *e, Expr *x) {
    uint32_t a, b;
    bool is_address;
    ptr_pair(e, x, &a, &b, &is_address);
    if (!is_address) return convert(e, em_op2(e, SpvOpISub, em_type(e, &int_type), a, b), &int_type, x->type, x->loc);
    uint32_t bytes = em_op1(e, SpvOpBitcast, em_type(e, &long_type), em_op2(e, SpvOpISub, em_type(e, &ulong_type), a, b));
    uint32_t n = em_op2(e, SpvOpSDiv, em_type(e, &long_type), bytes, const_int(e, &long_type, x->lhs->type->base->size));
    return convert(e, n, &long_type, x->type, x->loc);
}

/* ---- operators ------------------------------------------------------------------- */

static SpvOp arith_opcode(Op op, const Type *t) {
    bool f = is_float(t), s = is_signed(t);
    switch (op) {
    case OP_ADD: return f ? SpvOpFAdd : SpvOpIAdd;
    case OP_SUB: return f ? SpvOpFSub : SpvOpISub;
    case OP_MUL: return f ? SpvOpFMul : SpvOpIMul;
    case OP_DIV: return f ? SpvOpFDiv : s ? SpvOpSDiv : SpvOpUDiv;
    case OP_REM: return f ? SpvOpFRem : s ? SpvOpSRem : SpvOpUMod;
    case OP_SHL: return SpvOpShiftLeftLogical;
    case OP_SHR: return s ? SpvOpShiftRightArithmetic : SpvOpShiftRightLogical;
    case OP_AND: return SpvOpBitwiseAnd;
    case OP_OR: return SpvOpBitwiseOr;
    case OP_XOR: return SpvOpBitwiseXor;
    case OP_LT: return f ? SpvOpFOrdLessThan : s ? SpvOpSLessThan : SpvOpULessThan;
    case OP_GT: return f ? SpvOpFOrdGreaterThan : s ? SpvOpSGreaterThan : SpvOpUGreaterThan;
    case OP_LE: return f ? SpvOpFOrdLessThanEqual : s ? SpvOpSLessThanEqual : SpvOpULessThanEqual;
    case OP_GE: return f ? SpvOpFOrdGreaterThanEqual : s ? SpvOpSGreaterThanEqual : SpvOpUGreaterThanEqual;
    case OP_EQ: return f ? SpvOpFOrdEqual : SpvOpIEqual;
    case OP_NE: return f ? SpvOpFUnordNotEqual : SpvOpINotEqual;
    default: return SpvOpNop;
    }
}

static bool is_comparison(Op op) { return op >= OP_LT && op <= OP_NE; }

/* r, a float operation's result: in the math library's functions it must
 * round on its own and be neither fused nor reassociated with its operands
 * or its users (NoContraction). */
static uint32_t exact_fp_result(Emitter *e, const Type *t, uint32_t r) {
    if (e->exact_fp && is_float(t)) spv_decorate(&e->b, r, SpvDecorationNoContraction, NULL, 0);
    return r;
}

/* lhs op rhs on values of the arithmetic type t. */
static uint32_t arith(Emitter *e, Op op, const Type *t, uint32_t a, uint32_t b, SrcLoc loc) {
    if (op == OP_REM && is_signed(t)) {
        /* C's remainder as a - (a / b) * b: NVIDIA's driver (580) computes
         * OpSRem as an unsigned remainder; OpSDiv is right everywhere. */
        uint32_t type = em_type(e, t), q = em_op2(e, SpvOpSDiv, type, a, b);
        return em_op2(e, SpvOpISub, type, a, em_op2(e, SpvOpIMul, type, q, b));
    }
    SpvOp opc = arith_opcode(op, t);
    if (opc == SpvOpNop) {
        em_internal(e, loc, "operator");
        return a;
    }
    return exact_fp_result(e, t, em_op2(e, opc, em_type(e, t), a, b));
}

/* && and ||: the right operand only when needed; a bool. */
static uint32_t logical(Emitter *e, Expr *x) {
    uint32_t a = em_cond(e, x->lhs), a_block = e->block;
    uint32_t rhs = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    if (x->op == OP_LAND) SPV_OP(&e->code, SpvOpBranchConditional, a, rhs, merge);
    else SPV_OP(&e->code, SpvOpBranchConditional, a, merge, rhs);
    e->terminated = true;
    em_begin_block(e, rhs);
    uint32_t b = em_cond(e, x->rhs), b_block = e->block;
    em_branch(e, merge);
    em_begin_block(e, merge);
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpPhi, spv_type_bool(&e->b), r, a, a_block, b, b_block);
    return r;
}

/* && and || of vectors: per lane, -1 where true; both operands are
 * evaluated, as clang does for vectors. */
static uint32_t vector_logical(Emitter *e, Expr *x) {
    uint32_t lanes[2];
    Expr *side[2] = {x->lhs, x->rhs};
    for (int k = 0; k < 2; k++) {
        const Type *t = side[k]->type;
        uint32_t v = em_expr(e, side[k]);
        if (t->kind != TY_VECTOR) {
            em_internal(e, x->loc, "logical operator of a vector and a scalar");
            return 0;
        }
        lanes[k] = em_op2(e, is_float(t) ? SpvOpFUnordNotEqual : SpvOpINotEqual, bool_type(e, t), v, const_scalar(e, t, 0));
    }
    SpvOp op = x->op == OP_LAND ? SpvOpLogicalAnd : SpvOpLogicalOr;
    return from_bool(e, x->type, em_op2(e, op, bool_type(e, x->type), lanes[0], lanes[1]));
}

/* A comparison as a bool (or a vector of bools). */
static uint32_t compare(Emitter *e, Expr *x) {
    if (x->lhs->type->kind == TY_PTR || x->rhs->type->kind == TY_PTR) {
        uint32_t a, b;
        bool is_address;
        ptr_pair(e, x, &a, &b, &is_address);
        return em_op2(e, arith_opcode(x->op, is_address ? &ulong_type : &int_type), spv_type_bool(&e->b), a, b);
    }
    uint32_t a = em_expr(e, x->lhs), b = em_expr(e, x->rhs);
    return em_op2(e, arith_opcode(x->op, x->lhs->type), bool_type(e, x->lhs->type), a, b);
}

uint32_t em_cond(Emitter *e, Expr *x) {
    if (x->kind == EX_BINARY && is_comparison(x->op)) return compare(e, x);
    if (x->kind == EX_BINARY && (x->op == OP_LAND || x->op == OP_LOR)) return logical(e, x);
    if (x->kind == EX_UNARY && x->op == OP_LNOT) return em_op1(e, SpvOpLogicalNot, spv_type_bool(&e->b), em_cond(e, x->lhs));
    if (x->type->kind == TY_PTR) {
        Ptr p = em_ptr(e, x);
        if (!is_psb(p.storage)) return em_op2(e, SpvOpINotEqual, spv_type_bool(&e->b), p.value, null_offset(e));
        return em_op2(e, SpvOpINotEqual, spv_type_bool(&e->b), ptr_word(e, p, true), const_int(e, &ulong_type, 0));
    }
    return to_bool(e, x->type, em_expr(e, x), x->loc);
}

/* c ? a : b; for pointers, *pa and *pb receive both sides (the value is
 * their phi). */
static uint32_t conditional_value(Emitter *e, Expr *x, Ptr *pa, Ptr *pb) {
    uint32_t c = em_cond(e, x->cond);
    uint32_t then = em_label(e), els = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, c, then, els);
    e->terminated = true;
    em_begin_block(e, then);
    uint32_t a, b;
    if (pa) *pa = em_ptr(e, x->lhs), a = pa->value;
    else a = em_expr(e, x->lhs);
    uint32_t a_block = e->block;
    em_branch(e, merge);
    em_begin_block(e, els);
    if (pb) *pb = em_ptr(e, x->rhs), b = pb->value;
    else b = em_expr(e, x->rhs);
    uint32_t b_block = e->block;
    em_branch(e, merge);
    em_begin_block(e, merge);
    if (x->type->kind == TY_VOID) return 0;
    uint32_t type = em_type(e, x->type);
    if (pa) { /* the same memory on both sides, or null (ptr_storage.c) */
        Ptr side = pa->is_null ? *pb : *pa;
        if (!is_psb(side.storage)) {
            if (pa->is_null) a = null_offset(e);
            if (pb->is_null) b = null_offset(e);
            type = em_type(e, &int_type);
        }
        bool both_null = pa->is_null && pb->is_null;
        *pa = side;
        pa->is_null = both_null;
    }
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpPhi, type, r, a, a_block, b, b_block);
    return r;
}

/* ---- unions ------------------------------------------------------------------------ */

/* A union is held as unsigned words (em_union_word): one integer of its
 * size, or an array of them. A member is its bytes from the lowest (the
 * host is little-endian, as are Vulkan devices), reinterpreted: each
 * scalar inside it is a bit field of the word that holds it (a scalar is
 * aligned to its size, so it never straddles two words). */

/* Whether x is (a part of) a member of a union, through members, vector
 * components and array elements: then *root is the union. */
static bool union_access(const Expr *x, Expr **root) {
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
static void union_offset(Emitter *e, Expr *x, int *off, uint32_t *dyn) {
    uint32_t i32 = em_type(e, &int_type);
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
                                 const_int(e, &int_type, x->type->size));
            *dyn = *dyn ? em_op2(e, SpvOpIAdd, i32, *dyn, bytes) : bytes;
        }
        x = x->kind == EX_INDEX ? x->lhs->lhs : x->lhs;
    }
}

/* The parts of a composite member type: count, and type/offset of part i. */
static int part_count(const Type *t) {
    return t->kind == TY_STRUCT && !t->is_union ? t->nmembers : t->kind == TY_ARRAY || t->kind == TY_VECTOR ? t->len : 0;
}

static const Type *part(const Type *t, int i, int *off) {
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
    uint32_t i32 = em_type(e, &int_type), at = off ? em_op2(e, SpvOpIAdd, i32, dyn, const_int(e, &int_type, off)) : dyn;
    uint32_t bit = em_op2(e, SpvOpShiftLeftLogical, i32, em_op2(e, SpvOpBitwiseAnd, i32, at, const_int(e, &int_type, w - 1)),
                       const_int(e, &int_type, 3));
    *shift = em_op1(e, w == 4 ? SpvOpBitcast : SpvOpUConvert, em_type(e, wt), bit); /* in the word's width */
    if (w == u->size) return lv;
    int log2w = w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : 3;
    return sub_lvalue(e, lv, wt, em_op2(e, SpvOpShiftRightArithmetic, i32, at, const_int(e, &int_type, log2w)));
}

/* The member of type m at byte off + dyn of union lv (of type u). */
static uint32_t union_get(Emitter *e, LValue lv, const Type *u, int off, uint32_t dyn, const Type *m) {
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
static void union_set(Emitter *e, LValue lv, const Type *u, int off, uint32_t dyn, const Type *m, uint32_t v) {
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
    uint32_t kept = em_op2(e, SpvOpBitwiseAnd, wtid, em_load(e, wt, word), em_op1(e, SpvOpNot, wtid, field));
    em_store(e, word, em_op2(e, SpvOpBitwiseOr, wtid, kept, bits));
}

/* The union an access goes through, as an object (a value is put in one). */
static LValue union_object(Emitter *e, Expr *u) {
    if (expr_is_lvalue(u)) return em_lvalue(e, u);
    LValue lv = {.ptr = em_local(e, u->type, NULL), .storage = SpvStorageClassFunction};
    em_store(e, lv, em_expr(e, u));
    return lv;
}

/* ---- assignment -------------------------------------------------------------------- */

/* Reads and writes of an assignment target, once its lvalue is known; a
 * swizzle `v.xy` or a union member works on the object it selects from. */
static LValue target_lvalue(Emitter *e, Expr *t) {
    Expr *u;
    if (union_access(t, &u)) {
        LValue lv = union_object(e, u);
        union_offset(e, t, &lv.union_off, &lv.union_index);
        return lv;
    }
    return em_lvalue(e, t->kind == EX_SWIZZLE ? t->lhs : t);
}

/* Whether swizzle x reads every lane of the vector it selects from. */
static bool reads_every_lane(const Expr *x) {
    unsigned read = 0;
    for (int i = 0; i < x->type->len; i++) read |= 1u << x->comps[i];
    return read == (1u << x->lhs->type->len) - 1;
}

static uint32_t shuffle(Emitter *e, const Type *t, uint32_t a, uint32_t b, const uint32_t *lanes, int n) {
    uint32_t r = spv_new_id(&e->b), ops[16] = {em_type(e, t), r, a, b};
    for (int i = 0; i < n; i++) ops[4 + i] = lanes[i];
    spv_op(&e->code, SpvOpVectorShuffle, ops, 4 + (size_t)n);
    return r;
}

static uint32_t target_load(Emitter *e, Expr *t, LValue lv) {
    Expr *u;
    if (union_access(t, &u)) return union_get(e, lv, u->type, lv.union_off, lv.union_index, t->type);
    if (t->kind != EX_SWIZZLE) return em_load(e, t->type, lv);
    uint32_t vec = em_load(e, t->lhs->type, lv), lanes[4];
    for (int i = 0; i < t->type->len; i++) lanes[i] = t->comps[i];
    return shuffle(e, t->type, vec, vec, lanes, t->type->len);
}

static void target_store(Emitter *e, Expr *t, LValue lv, uint32_t v) {
    Expr *u;
    if (union_access(t, &u)) {
        union_set(e, lv, u->type, lv.union_off, lv.union_index, t->type, v);
        return;
    }
    if (t->kind == EX_SWIZZLE) {
        const Type *vt = t->lhs->type;
        uint32_t old = em_load(e, vt, lv), lanes[4];
        for (int i = 0; i < vt->len; i++) lanes[i] = (uint32_t)i;
        for (int j = 0; j < t->type->len; j++) lanes[t->comps[j]] = (uint32_t)(vt->len + j);
        v = shuffle(e, vt, old, v, lanes, vt->len);
    }
    em_store(e, lv, v);
}

/* p = q, p += n, p -= n: the new value of p. */
static Ptr assign_ptr(Emitter *e, Expr *x) {
    Expr *t = x->lhs;
    bool in_var = t->kind == EX_VAR && t->var->kind != VAR_CAPTURE;
    LValue lv = {0};
    Ptr p;
    if (!in_var) lv = em_lvalue(e, t);
    if (x->op == OP_NONE) {
        p = em_ptr(e, x->rhs);
    } else {
        Ptr old = in_var ? var_ptr(e, t->var)
                         : (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer, .value = em_load(e, t->type, lv)};
        p = ptr_add(e, old, t->type, em_expr(e, x->rhs), x->rhs->type, x->op == OP_SUB);
    }
    if (in_var) {
        store_var_ptr(e, t->var, p);
    } else {
        em_store(e, lv, p.value);
    }
    return p;
}

static uint32_t assign(Emitter *e, Expr *x) {
    Expr *t = x->lhs;
    LValue lv = target_lvalue(e, t);
    if (x->op == OP_NONE && x->rhs->kind == EX_INIT && t->kind != EX_SWIZZLE) {
        store_init(e, lv, x->rhs);
        return em_load(e, t->type, lv);
    }
    uint32_t v;
    if (x->op == OP_NONE) {
        v = em_expr(e, x->rhs);
    } else {
        /* The computation type is the right operand's: clang converted it to
         * the common type; shifts compute in the (promoted) left type. */
        uint32_t rhs = em_expr(e, x->rhs);
        const Type *ct = x->op == OP_SHL || x->op == OP_SHR ? t->type : x->rhs->type;
        if ((x->op == OP_SHL || x->op == OP_SHR) && scalar_of(t->type)->size != scalar_of(x->rhs->type)->size)
            rhs = convert(e, rhs, x->rhs->type, t->type, x->loc);
        uint32_t old = convert(e, target_load(e, t, lv), t->type, ct, x->loc);
        v = convert(e, arith(e, x->op, ct, old, rhs, x->loc), ct, t->type, x->loc);
    }
    target_store(e, t, lv, v);
    return v;
}

/* ++p, p--: the new or the old value. */
static Ptr incdec_ptr(Emitter *e, Expr *x) {
    Expr *t = x->lhs;
    bool in_var = t->kind == EX_VAR;
    LValue lv = {0};
    Ptr old = in_var ? var_ptr(e, t->var) : (Ptr){0};
    if (!in_var) {
        lv = em_lvalue(e, t);
        old = (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer, .value = em_load(e, t->type, lv)};
    }
    Ptr nv = ptr_add(e, old, t->type, const_int(e, &int_type, x->op == OP_ADD ? 1 : -1), &int_type, false);
    if (in_var) store_var_ptr(e, t->var, nv);
    else em_store(e, lv, nv.value);
    return x->ival ? nv : old;
}

static uint32_t incdec(Emitter *e, Expr *x) {
    Expr *t = x->lhs;
    LValue lv = target_lvalue(e, t);
    uint32_t old = target_load(e, t, lv);
    /* _Bool++ sets it to 1 (true + 1 != 0); _Bool-- flips it */
    const Type *ct = t->type->kind == TY_BOOL ? &int_type : t->type;
    uint32_t nv = arith(e, x->op, ct, convert(e, old, t->type, ct, x->loc), const_scalar(e, ct, 1), x->loc);
    nv = convert(e, nv, ct, t->type, x->loc);
    target_store(e, t, lv, nv);
    return x->ival ? nv : old;
}

/* ---- initializers ------------------------------------------------------------------- */

/* The initializer `value` of the part of type t at byte `off` of union lv
 * (of type u). */
static void store_union_init(Emitter *e, LValue lv, const Type *u, int off, const Type *t, Expr *value) {
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

/* The zero value of type t: OpConstantNull, but a PhysicalStorageBuffer
 * pointer has none (spirv-val refuses it), so one inside t is 0 converted
 * and what holds it is built from its parts. */
static uint32_t zero_value(Emitter *e, const Type *t) {
    if (!type_holds_pointer(t)) return spv_const_null(&e->b, em_type(e, t));
    if (t->kind == TY_PTR) return em_op1(e, SpvOpConvertUToPtr, em_type(e, t), const_int(e, &ulong_type, 0));
    size_t n = (size_t)(t->kind == TY_ARRAY ? t->len : t->nmembers);
    uint32_t *ops = malloc(sizeof *ops * (n + 2));
    if (!ops) unreachable("out of memory");
    ops[0] = em_type(e, t);
    for (size_t i = 0; i < n; i++)
        ops[2 + i] = t->kind == TY_ARRAY ? (i ? ops[2] : zero_value(e, t->base)) : zero_value(e, t->members[i].type);
    ops[1] = spv_new_id(&e->b);
    spv_op(&e->code, SpvOpCompositeConstruct, ops, n + 2);
    uint32_t r = ops[1];
    free(ops);
    return r;
}

/* An initializer into the object lv: zero, then each value at its path. */
static void store_init(Emitter *e, LValue lv, Expr *init) {
    em_store(e, lv, zero_value(e, init->type));
    for (int i = 0; i < init->ninits; i++) {
        InitItem *it = &init->inits[i];
        LValue at = lv;
        const Type *t = init->type;
        int d = 0;
        for (; d < it->depth && !t->is_union; d++) {
            t = t->kind == TY_STRUCT ? t->members[it->path[d]].type : t->base;
            at = sub_lvalue(e, at, t, spv_const_u32(&e->b, (uint32_t)it->path[d]));
        }
        if (t->is_union && d < it->depth) { /* the rest of the path is inside the union's words */
            const Type *u = t;
            int off = 0;
            for (; d < it->depth; d++) t = t->is_union ? t->members[it->path[d]].type : part(t, it->path[d], &off);
            store_union_init(e, at, u, off, t, it->value);
            continue;
        }
        uint32_t v = it->value->kind == EX_INIT ? 0 : t->kind == TY_PTR ? em_ptr(e, it->value).value
                                                                         : em_expr(e, it->value);
        if (it->value->kind == EX_INIT) store_init(e, at, it->value);
        else em_store(e, at, v);
    }
}

void em_store_local(Emitter *e, Var *v, Expr *value) {
    if (v->type->kind == TY_PTR) {
        store_var_ptr(e, v, em_ptr(e, value));
    } else if (value->kind == EX_INIT) {
        store_init(e, (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction, .align = 0}, value);
    } else {
        em_store(e, (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction, .align = 0}, em_expr(e, value));
    }
}

/* ---- calls -------------------------------------------------------------------------- */

static uint32_t call(Emitter *e, Expr *x) {
    Func *f = x->callee;
    /* the operands of OpFunctionCall: type, result, function, then the
     * arguments (a pointer into private memory passes base and offset) */
    uint32_t *ops = malloc(sizeof *ops * (3 + 2 * (size_t)x->nargs)), *args = ops + 3;
    uint32_t *key = calloc(1, em_spec_key_size(f)), *bases = calloc((size_t)x->nargs + 1, sizeof *bases);
    if (!ops || !key || !bases) unreachable("out of memory");
    int n = 0;
    for (int i = 0; i < x->nargs; i++) {
        if (f->params[i]->type->kind != TY_PTR) {
            args[n++] = em_expr(e, x->args[i]);
            continue;
        }
        Ptr p = em_ptr(e, x->args[i]);
        if (is_psb(p.storage)) {
            args[n++] = p.value;
            continue;
        }
        key[2 * i] = (uint32_t)p.storage << 1 | p.base_is_object;
        key[2 * i + 1] = p.base_type;
        /* pointers into one object share its base in the callee too (so they compare) */
        int same = -1;
        for (int j = 0; j < i && same < 0; j++)
            if (bases[j] == p.base) same = j;
        bases[i] = p.base;
        if (same >= 0) key[2 * i] |= (uint32_t)(same + 1) << 8;
        else args[n++] = p.base;
        args[n++] = p.value;
    }
    Var **textures = em_texture_args(e, x, key + 2 * ((size_t)f->nparams + 1));
    Spec *s = em_spec(e, f, key);
    s->textures = textures;
    uint32_t r = spv_new_id(&e->b);
    ops[0] = em_type(e, f->ret);
    ops[1] = r;
    ops[2] = s->id;
    spv_op(&e->code, SpvOpFunctionCall, ops, 3 + (size_t)n);
    free(ops);
    free(key);
    free(bases);
    return x->type->kind == TY_VOID ? 0 : r;
}

/* ---- GLSL.std.450 ------------------------------------------------------------------- */

static uint32_t builtin(Emitter *e, Expr *x) {
    if (x->ival == BUILTIN_BIT_COUNT) return em_op1(e, SpvOpBitCount, em_type(e, x->type), em_expr(e, x->args[0]));
    if (x->ival == BUILTIN_BIT_REVERSE) return em_op1(e, SpvOpBitReverse, em_type(e, x->type), em_expr(e, x->args[0]));
    if (x->ival == BUILTIN_FREM)
        return em_op2(e, SpvOpFRem, em_type(e, x->type), em_expr(e, x->args[0]), em_expr(e, x->args[1]));
    if (!e->glsl) {
        e->glsl = spv_new_id(&e->b);
        uint32_t pre[1] = {e->glsl};
        spv_op_string(&e->b.imports, SpvOpExtInstImport, pre, 1, "GLSL.std.450", NULL, 0);
    }
    uint32_t ops[8] = {em_type(e, x->type), spv_new_id(&e->b), e->glsl, x->ival == BUILTIN_LOG10 ? GLSLstd450Log2 : (uint32_t)x->ival};
    for (int i = 0; i < x->nargs && i < 4; i++) ops[4 + i] = em_expr(e, x->args[i]);
    spv_op(&e->code, SpvOpExtInst, ops, 4 + (size_t)x->nargs);
    if (x->ival != BUILTIN_LOG10) return ops[1];
    /* log10(x) = log2(x) · log10(2) */
    return em_op2(e, SpvOpFMul, ops[0], ops[1], const_scalar(e, x->type, 0.301029995663981195));
}

/* ---- expressions -------------------------------------------------------------------- */

static uint32_t unary(Emitter *e, Expr *x) {
    uint32_t t = em_type(e, x->type);
    switch (x->op) {
    case OP_PLUS: return em_expr(e, x->lhs);
    case OP_NEG:
        /* an FNegate left undecorated lets NVIDIA's compiler (580) fold it
         * into the operation it negates and lose a double-double's low word */
        if (is_float(x->type)) return exact_fp_result(e, x->type, em_op1(e, SpvOpFNegate, t, em_expr(e, x->lhs)));
        return em_op1(e, SpvOpSNegate, t, em_expr(e, x->lhs));
    case OP_NOT: return em_op1(e, SpvOpNot, t, em_expr(e, x->lhs));
    case OP_LNOT:
        if (x->type->kind == TY_VECTOR) { /* per lane: -1 where zero */
            const Type *lt = x->lhs->type;
            uint32_t v = em_expr(e, x->lhs);
            return from_bool(e, x->type, em_op2(e, is_float(lt) ? SpvOpFOrdEqual : SpvOpIEqual, bool_type(e, lt), v,
                                             const_scalar(e, lt, 0)));
        }
        return from_bool(e, x->type, em_cond(e, x));
    default: em_internal(e, x->loc, "unary operator"); return 0;
    }
}

/* The value of a float or double constant expression (C evaluates it at
 * translation time; spirv-opt leaves float divisions to each thread),
 * rounded to its type at every step as the device would. */
static bool float_constant(const Expr *x, double *v) {
    if (x->type->kind != TY_FLOAT && x->type->kind != TY_INT) return false;
    double a, b;
    switch (x->kind) {
    case EX_FLOAT: *v = x->fval; break;
    case EX_INT: /* exact in a double, so converting it rounds once */
        if (x->ival > (1ll << 53) || x->ival < -(1ll << 53)) return false;
        *v = (double)x->ival;
        break;
    case EX_CAST:
        if (x->type->kind != TY_FLOAT || !float_constant(x->lhs, v)) return false;
        break;
    case EX_UNARY:
        if (x->op != OP_NEG || x->type->kind != TY_FLOAT || !float_constant(x->lhs, &a)) return false;
        *v = -a;
        break;
    case EX_BINARY:
        if (x->type->kind != TY_FLOAT || !float_constant(x->lhs, &a) || !float_constant(x->rhs, &b)) return false;
        switch (x->op) {
        case OP_ADD: *v = x->type->size == 4 ? (double)((float)a + (float)b) : a + b; break;
        case OP_SUB: *v = x->type->size == 4 ? (double)((float)a - (float)b) : a - b; break;
        case OP_MUL: *v = x->type->size == 4 ? (double)((float)a * (float)b) : a * b; break;
        case OP_DIV: *v = x->type->size == 4 ? (double)((float)a / (float)b) : a / b; break;
        default: return false;
        }
        break;
    default: return false;
    }
    if (x->type->kind == TY_FLOAT && x->type->size == 4) *v = (float)*v;
    if (x->type->kind == TY_FLOAT && x->type->size == 2) *v = (double)(_Float16)*v;
    return x->type->kind == TY_FLOAT || x->kind == EX_INT;
}

static uint32_t binary(Emitter *e, Expr *x) {
    if (x->op == OP_COMMA) {
        em_discard(e, x->lhs);
        return em_expr(e, x->rhs);
    }
    if ((x->op == OP_LAND || x->op == OP_LOR) && x->type->kind == TY_VECTOR) return vector_logical(e, x);
    if (is_comparison(x->op) || x->op == OP_LAND || x->op == OP_LOR) return from_bool(e, x->type, em_cond(e, x));
    if (x->type->kind == TY_PTR) return em_ptr(e, x).value;
    if (x->op == OP_SUB && x->lhs->type->kind == TY_PTR) return ptr_diff(e, x);
    double folded;
    if (x->type->kind == TY_FLOAT && (x->type->size == 4 || x->type->size == 8) && float_constant(x, &folded))
        return const_scalar(e, x->type, folded);
    uint32_t a = em_expr(e, x->lhs), b = em_expr(e, x->rhs);
    if ((x->op == OP_SHL || x->op == OP_SHR) && scalar_of(x->lhs->type)->size != scalar_of(x->rhs->type)->size)
        b = convert(e, b, x->rhs->type, x->lhs->type, x->loc); /* SPIR-V shifts want equal widths */
    if ((x->op == OP_DIV || x->op == OP_REM) && x->type->kind == TY_INT && x->type->is_signed &&
        expr_nonneg(x->lhs) && expr_nonneg(x->rhs)) { /* as unsigned: nonneg.c */
        uint32_t st = em_type(e, x->type), ut = spv_type_int(&e->b, (uint32_t)x->type->size * 8, false);
        uint32_t q = em_op2(e, x->op == OP_DIV ? SpvOpUDiv : SpvOpUMod, ut, em_op1(e, SpvOpBitcast, ut, a), em_op1(e, SpvOpBitcast, ut, b));
        return em_op1(e, SpvOpBitcast, st, q);
    }
    return arith(e, x->op, x->type, a, b, x->loc);
}

void em_discard(Emitter *e, Expr *x) {
    if (x->type->kind == TY_PTR) em_ptr(e, x);
    else em_expr(e, x);
}

uint32_t em_expr(Emitter *e, Expr *x) {
    if (x->type->kind == TY_PTR && x->kind != EX_CALL && x->kind != EX_LOAD &&
        !((x->kind == EX_MEMBER || x->kind == EX_VELEM || x->kind == EX_INIT) && !expr_is_lvalue(x))) {
        Ptr p = em_ptr(e, x);
        if (!is_psb(p.storage) && !e->failed)
            em_internal(e, x->loc, "a pointer into private memory as a value"); /* ptr_storage.c */
        return p.value;
    }
    switch (x->kind) {
    case EX_INT: return const_int(e, x->type, x->ival);
    case EX_FLOAT: return const_scalar(e, x->type, x->fval);
    case EX_LOAD:
        if (x->type->kind == TY_PTR && x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE) {
            Ptr p = var_ptr(e, x->lhs->var);
            if (!is_psb(p.storage) && !e->failed)
                em_internal(e, x->loc, "a pointer into private memory as a value"); /* ptr_storage.c */
            return p.value;
        }
        if (x->lhs->kind == EX_SWIZZLE) return em_expr(e, x->lhs);
        if (union_access(x->lhs, &(Expr *){0})) return target_load(e, x->lhs, target_lvalue(e, x->lhs));
        return em_load(e, x->type, em_lvalue(e, x->lhs));
    case EX_CAST: {
        if (x->lhs->type->kind == TY_PTR && x->type->kind == TY_VOID) return em_discard(e, x->lhs), 0;
        if (x->lhs->type->kind == TY_PTR && x->type->kind == TY_BOOL) return from_bool(e, x->type, em_cond(e, x->lhs));
        if (x->lhs->type->kind == TY_PTR) /* a view's address (ptr_storage.c refused the others) */
            return convert(e, ptr_word(e, em_ptr(e, x->lhs), true), &ulong_type, x->type, x->loc);
        uint32_t v = em_expr(e, x->lhs);
        if (x->ival) /* a C cast between vector types reinterprets the bits */
            return em_type(e, x->lhs->type) == em_type(e, x->type) ? v : em_op1(e, SpvOpBitcast, em_type(e, x->type), v);
        if (widens_stored_half(x)) return em_op1(e, SpvOpFConvert, em_type(e, x->type), v);
        return convert(e, v, x->lhs->type, x->type, x->loc);
    }
    case EX_VELEM: case EX_MEMBER: {
        if (expr_is_lvalue(x) || union_access(x, &(Expr *){0})) return target_load(e, x, target_lvalue(e, x));
        uint32_t v = em_expr(e, x->lhs), r = spv_new_id(&e->b);
        if (x->rhs) /* v[i] */
            SPV_OP(&e->code, SpvOpVectorExtractDynamic, em_type(e, x->type), r, v, em_expr(e, x->rhs));
        else
            SPV_OP(&e->code, SpvOpCompositeExtract, em_type(e, x->type), r, v, (uint32_t)x->ival);
        return r;
    }
    case EX_SWIZZLE: {
        uint32_t v;
        if (expr_is_lvalue(x->lhs)) {
            /* A swizzle that leaves a lane unread loads at its scalar's
             * alignment, as glslang does: NVIDIA's compiler then loads only
             * the lanes read, where a 16-byte load takes four aligned
             * registers (nbody's p = bodies[i].xyz ran 5% slower so). */
            LValue lv = em_lvalue(e, x->lhs);
            if (!reads_every_lane(x)) lv.align = (uint32_t)scalar_of(x->lhs->type)->align;
            v = em_load(e, x->lhs->type, lv);
        } else {
            v = em_expr(e, x->lhs);
        }
        uint32_t lanes[4];
        for (int i = 0; i < x->type->len; i++) lanes[i] = x->comps[i];
        return shuffle(e, x->type, v, v, lanes, x->type->len);
    }
    case EX_INIT: return em_load(e, x->type, em_lvalue(e, x));
    case EX_BUILTIN: return builtin(e, x);
    case EX_UNARY: return unary(e, x);
    case EX_BINARY: return binary(e, x);
    case EX_ASSIGN: return assign(e, x);
    case EX_INCDEC: return incdec(e, x);
    case EX_COND: return conditional_value(e, x, NULL, NULL);
    case EX_CALL: return call(e, x);
    case EX_DECAY: case EX_ADDR: break; /* pointers: above */
    case EX_SYNC: return em_sync(e, x);
    case EX_ATOMIC: return em_atomic(e, x);
    case EX_REPORT: return em_report(e, x);
    case EX_BOUNDS: return em_bounds(e, x);
    case EX_RACE: return em_race(e, x);
    case EX_TEXTURE: return em_texture(e, x);
    case EX_VAR: case EX_INDEX: case EX_DEREF: break; /* lvalues reach here only through EX_LOAD */
    }
    em_internal(e, x->loc, x->kind == EX_MEMBER ? "union member access" : "expression");
    return 0;
}
