/* spv_pointer.c — lvalues and pointers. A pointer into a view is an
 * address (PhysicalStorageBuffer); one into a local array, tile_static
 * memory or a module constant is an element offset into that object
 * (ptr_storage.c decided which, for every pointer variable). Elements of
 * views are addressed in one computation per access; variable-length rows
 * carry their strides. */
#include "spv_expr.h"

#include <limits.h>

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

/* Its push-constant member, or its member of the arguments buffer whose
 * address the push constants hold after the header (layout.c). */
LValue em_capture_lvalue(Emitter *e, const Var *capture, uint32_t type) {
    uint32_t p = spv_new_id(&e->b);
    if (!e->args_struct) {
        SPV_OP(&e->code, SpvOpAccessChain, spv_type_pointer(&e->b, SpvStorageClassPushConstant, type, 0), p,
               e->push_var, spv_const_u32(&e->b, (uint32_t)(capture->member + PUSH_HEADER_MEMBERS)));
        return (LValue){.ptr = p, .storage = SpvStorageClassPushConstant, .align = 0};
    }
    uint32_t block = em_push_member(e, PUSH_HEADER_MEMBERS, em_args_block_pointer_type(e, e->kernel));
    bool value = capture->capture == CAPTURE_VALUE;
    uint32_t ptr_t = spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, type,
                                      value ? (uint32_t)capture->type->size : 8); /* a device address */
    SPV_OP(&e->code, SpvOpAccessChain, ptr_t, p, block, spv_const_u32(&e->b, (uint32_t)capture->member));
    return (LValue){.ptr = p, .storage = SpvStorageClassPhysicalStorageBuffer,
                    .align = value ? (uint32_t)capture->type->align : 8};
}

uint32_t em_capture_value(Emitter *e, const Var *capture, uint32_t type) {
    LValue lv = em_capture_lvalue(e, capture, type);
    uint32_t r = spv_new_id(&e->b);
    if (is_psb(lv.storage)) SPV_OP(&e->code, SpvOpLoad, type, r, lv.ptr, SpvMemoryAccessAlignedMask, lv.align);
    else SPV_OP(&e->code, SpvOpLoad, type, r, lv.ptr);
    return r;
}

bool is_psb(SpvStorageClass sc) { return sc == SpvStorageClassPhysicalStorageBuffer; }

/* A member, component or element of the object lv designates: no more
 * aligned than the object (a packed struct's uint64_t at offset 7 is
 * aligned to 1; NVIDIA's driver read other bytes through a load said to
 * be aligned to 8 there). */
LValue sub_lvalue(Emitter *e, LValue lv, const Type *t, uint32_t index) {
    uint32_t p = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpAccessChain, em_pointer_type(e, lv.storage, t), p, lv.ptr, index);
    uint32_t align = (uint32_t)t->align;
    if (lv.align && lv.align < align) align = lv.align;
    return (LValue){.ptr = p, .storage = lv.storage, .align = is_psb(lv.storage) ? align : 0};
}

/* The object a pointer points at. */
LValue em_pointee(Emitter *e, Ptr p, const Type *pointee) {
    if (is_psb(p.storage)) return (LValue){.ptr = p.value, .storage = p.storage, .align = (uint32_t)pointee->align, .stride = {p.stride[1], 0}};
    LValue base = {.ptr = p.base, .storage = p.storage, .align = 0, .path = p.path};
    if (p.base_is_object) return base;
    return part_lvalue(e, base, pointee, p.value, false);
}

/* An integer as a 32-bit signed offset (private memory is small). */
uint32_t offset_of(Emitter *e, uint32_t i, const Type *it) {
    uint32_t i32 = em_type(e, type_int(4, true));
    if (it->size != 4) i = em_op1(e, is_signed(it) ? SpvOpSConvert : SpvOpUConvert, spv_type_int(&e->b, 32, is_signed(it)), i);
    return is_signed(it) ? i : em_op1(e, SpvOpBitcast, i32, i);
}

/* Index value i of type it in the offset's width (32 bits when narrow). */
static uint32_t widen_index(Emitter *e, uint32_t i, const Type *it, bool narrow) {
    if (narrow) return offset_of(e, i, it);
    uint32_t i64 = em_type(e, type_int(8, true));
    if (it->size != 8) i = em_op1(e, is_signed(it) ? SpvOpSConvert : SpvOpUConvert, spv_type_int(&e->b, 64, is_signed(it)), i);
    return is_signed(it) ? i : em_op1(e, SpvOpBitcast, i64, i);
}

/* p + i (ptr_type is p's type; for views OpPtrAccessChain steps by sizeof *p). */
Ptr ptr_add(Emitter *e, Ptr p, const Type *ptr_type, uint32_t i, const Type *it, bool negate) {
    if (negate) i = em_op1(e, SpvOpSNegate, em_type(e, it), i);
    if (is_psb(p.storage)) {
        /* address + index * element size in 64-bit integers: NVIDIA's
         * driver (580) computes OpPtrAccessChain with a negative index
         * wrongly (the GPU faults), whatever the index's width */
        uint32_t i64 = em_type(e, type_int(8, true)), u64 = em_type(e, type_int(8, false));
        i = widen_index(e, i, it, false);
        /* a variable-length row's stride counts its innermost scalars (frontend.c) */
        const Type *to = ptr_type->base;
        while (to->kind == TY_ARRAY && (to->len < 0 || p.stride[0])) to = to->base;
        uint32_t bytes = em_op2(e, SpvOpIMul, i64, i, const_int(e, type_int(8, true), to->kind == TY_VOID ? 1 : to->size));
        if (p.stride[0]) bytes = em_op2(e, SpvOpIMul, i64, bytes, em_op1(e, SpvOpSConvert, i64, p.stride[0]));
        uint32_t offset = em_op1(e, SpvOpBitcast, u64, bytes), base = em_ptr_to_address(e, p.value); /* SEQUENCED */
        uint32_t addr = em_op2(e, SpvOpIAdd, u64, base, offset);
        p.value = em_address_to_ptr(e, em_type(e, ptr_type), addr);
    } else {
        p.value = em_op2(e, SpvOpIAdd, em_type(e, type_int(4, true)), p.value, offset_of(e, i, it));
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
        const Type *ot = narrow ? type_int(4, true) : type_int(8, true);
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
    const Type *ot = narrow ? type_int(4, true) : type_int(8, true);
    uint32_t otype = em_type(e, ot), i64 = em_type(e, type_int(8, true)), u64 = em_type(e, type_int(8, false));
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
    uint32_t offset_bits = em_op1(e, SpvOpBitcast, u64, offset), base_bits = em_ptr_to_address(e, base.value); /* SEQUENCED */
    uint32_t addr = em_op2(e, SpvOpIAdd, u64, base_bits, offset_bits);
    uint32_t ptr_type = em_type(e, &ptr), value = em_address_to_ptr(e, ptr_type, addr);
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
static LValue literal_lvalue(Emitter *e, Expr *x) {
    uint32_t id = em_map_get(&e->literals, x);
    if (!id) {
        id = em_local(e, x->type, NULL);
        em_map_set(&e->literals, x, id);
    }
    return (LValue){.ptr = id, .storage = SpvStorageClassFunction, .path = object_path(id, x->type)};
}

bool var_holds_address(Emitter *e, const Var *v) {
    const PtrTarget *t = &v->points_into;
    if (t->space == PTR_PARAM) return is_psb(e->param_ptrs[t->param].storage);
    return t->space != PTR_OBJECT;
}

/* What pointer variable v points into (ptr_storage.c decided): for memory
 * other than views, the object (or the member or row) its offset is into. */
static Ptr var_target(Emitter *e, Var *v) {
    const PtrTarget *t = &v->points_into;
    if (t->holder && !var_holds_address(e, v)) return held_part(e, v);
    if (t->space == PTR_PARAM) return e->param_ptrs[t->param];
    if (t->space != PTR_OBJECT) return (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer};
    const Type *type = t->root ? t->root->type : t->literal->type;
    LValue lv = t->root ? em_lvalue(e, &(Expr){.kind = EX_VAR, .type = t->root->type, .loc = t->root->loc, .var = t->root})
                        : literal_lvalue(e, t->literal);
    return (Ptr){.storage = lv.storage, .base = lv.ptr, .base_type = em_pointer_type(e, lv.storage, type),
                 .base_is_object = t->whole, .path = lv.path};
}

/* Whether the value of pointer expression x is an address (into views, or
 * null) rather than an element offset into one object: what x points into
 * is ptr_storage.c's decision, recorded on x; a parameter's target is what
 * this copy of the helper was given. */
bool points_at_address(Emitter *e, const Expr *x) {
    const PtrSource *s = &x->points_into;
    switch (s->kind) {
    case PTR_SRC_NULL: case PTR_SRC_UNION: return true;
    case PTR_SRC_TARGET: case PTR_SRC_PART:
        if (s->t.space == PTR_PARAM) return is_psb(e->param_ptrs[s->t.param].storage);
        return s->t.space == PTR_VIEW;
    case PTR_SRC_UNRECORDED: break;
    }
    em_internal(e, x->loc, "a pointer expression ptr_storage.c did not see");
    return true;
}

/* The offset a null pointer into memory other than views holds (no
 * element offset of a real pointer is this). */
uint32_t null_offset(Emitter *e) { return const_int(e, type_int(4, true), INT_MIN); }

/* The Function variable of a local or parameter, made on first use. */
uint32_t var_storage(Emitter *e, Var *v) {
    uint32_t id = em_map_get(&e->locals, v);
    if (!id) {
        /* An address lives in a variable as an integer: spirv-opt 2023.1's
         * ssa-rewrite miscompiles PhysicalStorageBuffer pointers stored in
         * Function variables (it forwards the pointer for a load through it). */
        const Type *t = v->type;
        if (t->kind == TY_PTR) t = var_holds_address(e, v) ? type_int(8, false) : type_int(4, true);
        id = em_local(e, t, v->name);
        em_map_set(&e->locals, v, id);
        em_debug_local(e, v, id, t);
    }
    return id;
}

/* An access through `pointer`, which may be less aligned than its type
 * (alignment.c), says so. */
static LValue less_aligned(LValue lv, const Expr *pointer) {
    unsigned align = is_psb(lv.storage) ? expr_ptr_align(pointer) : 0;
    if (align && align < lv.align) lv.align = align;
    return lv;
}

/* What access x (p[i], *p) reaches through p. */
static LValue element_lvalue(Emitter *e, const Expr *x, Ptr p) {
    LValue flat;
    if (flat_row_element(e, x, p, &flat)) return flat;
    return em_pointee(e, p, x->type);
}

LValue em_lvalue(Emitter *e, Expr *x) {
    switch (x->kind) {
    case EX_VAR: {
        Var *v = x->var;
        if (v->kind == VAR_CAPTURE) return em_capture_lvalue(e, v, em_type(e, v->type)); /* read-only, by value */
        LValue lv;
        if (v->kind == VAR_CONST) lv = (LValue){.ptr = em_module_const(e, v), .storage = SpvStorageClassPrivate};
        else if (v->kind == VAR_TILE_STATIC) lv = (LValue){.ptr = em_tile_static(e, v), .storage = SpvStorageClassWorkgroup};
        else lv = (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction, .align = 0};
        lv.path = object_path(lv.ptr, v->type);
        return lv;
    }
    case EX_INDEX: {
        if (x->own_element && e->lane_vectors) return em_lane_lvalue(e, x);
        Ptr p;
        if (!x->ival && view_element(e, x, &p)) return em_pointee(e, p, x->type);
        p = em_ptr(e, x->lhs);
        uint32_t i = em_expr(e, x->rhs);
        p = ptr_add(e, p, x->lhs->type, i, x->rhs->type, false);
        return less_aligned(element_lvalue(e, x, x->ival ? em_check_pointer(e, x, p, i) : p), x->lhs);
    }
    case EX_DEREF: {
        Ptr p = em_ptr(e, x->lhs);
        return less_aligned(element_lvalue(e, x, x->ival ? em_check_pointer(e, x, p, 0) : p), x->lhs);
    }
    case EX_VELEM: {
        LValue vec = em_lvalue(e, x->lhs);
        return sub_lvalue(e, vec, x->type, x->rhs ? em_expr(e, x->rhs) : spv_const_u32(&e->b, (uint32_t)x->ival));
    }
    case EX_MEMBER: {
        if (x->lhs->type->is_union) break;
        const Type *member = x->lhs->type->members[x->ival].type; /* a bit-field's: the integer holding it */
        return part_lvalue(e, em_lvalue(e, x->lhs), member, spv_const_u32(&e->b, (uint32_t)x->ival), true);
    }
    case EX_INIT: { /* a compound literal: its object, initialized anew */
        LValue lv = literal_lvalue(e, x);
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
    return (Ptr){.storage = lv.storage, .value = const_int(e, type_int(4, true), 0), .base = lv.ptr,
                 .base_type = em_pointer_type(e, lv.storage, lv_expr->type), .base_is_object = true, .path = lv.path};
}

/* The row sizes of a captured variable-length array (or pointer to one). */
static void load_vla_strides(Emitter *e, Var *v, Ptr *p) {
    for (int i = 0; i < 2 && v->vla_strides[i]; i++) {
        Var *s = v->vla_strides[i];
        p->stride[i] = s->kind == VAR_CAPTURE ? em_capture_value(e, s, em_type(e, type_int(4, true)))
                                              : em_load(e, s->type, (LValue){.ptr = var_storage(e, s),
                                                                             .storage = SpvStorageClassFunction});
    }
}

/* A view's first element: its address is pushed. */
static Ptr view_start(Emitter *e, Var *view) {
    Ptr p = {.storage = SpvStorageClassPhysicalStorageBuffer,
             .value = em_capture_value(e, view, em_view_address_type(e, view))};
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
    return (Ptr){.storage = lv.storage, .value = const_int(e, type_int(4, true), 0), .base = lv.ptr,
                 .base_type = em_pointer_type(e, lv.storage, arr->type), .path = lv.path};
}

Ptr var_ptr(Emitter *e, Var *v) {
    LValue lv = {.ptr = var_storage(e, v), .storage = SpvStorageClassFunction};
    Ptr p = var_target(e, v);
    p.value = is_psb(p.storage) ? em_address_to_ptr(e, em_type(e, v->type), em_load(e, type_int(8, false), lv))
                                : em_load(e, type_int(4, true), lv);
    load_vla_strides(e, v, &p); /* a parameter's or local's rows of run-time length (fe_vla_strides) */
    return p;
}

/* Stores p into pointer variable v (ptr_storage.c made sure it points
 * into what v does, or is null). */
void store_var_ptr(Emitter *e, Var *v, Ptr p) {
    uint32_t value;
    if (var_holds_address(e, v))
        value = p.is_null ? const_int(e, type_int(8, false), 0) : em_ptr_to_address(e, p.value);
    else
        value = p.is_null ? null_offset(e) : p.value;
    em_store(e, (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction}, value);
}

void em_store_param(Emitter *e, Var *v, uint32_t value) {
    if (v->type->kind == TY_PTR && var_holds_address(e, v))
        value = em_ptr_to_address(e, value);
    em_store(e, (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction}, value);
}

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
            if (points_at_address(e, x->lhs)) {
                uint32_t tt = em_type(e, x->type);
                if (em_type(e, x->lhs->type) != tt) p.value = em_op1(e, SpvOpBitcast, tt, p.value);
            } else if (!type_equal(x->lhs->type->base, x->type->base) && x->type->base->kind != TY_VOID &&
                       x->lhs->type->base->kind != TY_VOID && !e->failed) { /* ptr_storage.c: through void * only */
                em_internal(e, x->loc, "a cast of a pointer into private memory");
            }
            return p;
        }
        if (x->lhs->kind == EX_INT && x->lhs->ival == 0) /* a null pointer constant (no OpConstantNull for
                                                          * PhysicalStorageBuffer pointers) */
            return (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer, .is_null = true,
                         .value = em_op1(e, SpvOpConvertUToPtr, em_type(e, x->type), const_int(e, type_int(8, false), 0))};
        return (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer,
                     .value = em_op1(e, SpvOpConvertUToPtr, em_type(e, x->type),
                                  convert(e, em_expr(e, x->lhs), x->lhs->type, type_int(8, false), x->loc))};
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
uint32_t ptr_word(Emitter *e, Ptr p, bool address) {
    if (address) return p.is_null ? const_int(e, type_int(8, false), 0) : em_ptr_to_address(e, p.value);
    return p.is_null ? null_offset(e) : p.value;
}

/* Two pointers as comparable integers: addresses, or offsets into one base
 * (ptr_storage.c made sure they are into the same memory, or null). */
void ptr_pair(Emitter *e, Expr *x, uint32_t *a, uint32_t *b, bool *is_address) {
    Ptr p = em_ptr(e, x->lhs), q = em_ptr(e, x->rhs);
    *is_address = points_at_address(e, x->lhs) && points_at_address(e, x->rhs);
    *a = ptr_word(e, p, *is_address);
    *b = ptr_word(e, q, *is_address);
}

/* p - q: the number of elements between them. */
uint32_t ptr_diff(Emitter *e, Expr *x) {
    uint32_t a, b;
    bool is_address;
    ptr_pair(e, x, &a, &b, &is_address);
    if (!is_address) return convert(e, em_op2(e, SpvOpISub, em_type(e, type_int(4, true)), a, b), type_int(4, true), x->type, x->loc);
    uint32_t bytes = em_op1(e, SpvOpBitcast, em_type(e, type_int(8, true)), em_op2(e, SpvOpISub, em_type(e, type_int(8, false)), a, b));
    uint32_t n = em_op2(e, SpvOpSDiv, em_type(e, type_int(8, true)), bytes, const_int(e, type_int(8, true), x->lhs->type->base->size));
    return convert(e, n, type_int(8, true), x->type, x->loc);
}

