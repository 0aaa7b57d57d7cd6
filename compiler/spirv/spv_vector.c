/* spv_vector.c — the body of a vectorized kernel (vectorize.c says which,
 * and why the result is the same). Its thread's index has x = base (the
 * prologue multiplied the thread's x by the elements each thread takes,
 * CAMP_SPEC_ELEMENTS_PER_THREAD), and it takes the elements base ..
 * base + width - 1:
 *
 *     if (elements_per_thread == width && base + width <= extent's x && every view's address there is 16-byte aligned
 *         && no two views it writes are one memory there) {
 *         load each view's vector (one 128-bit load) into a local;
 *         the body for base, base + 1, ...: its own-element accesses are lanes of the locals;
 *         store each written view's vector (one 128-bit store);
 *     } else {
 *         the body for base, then for base + 1 ... if each is one of the thread's and inside the extent;
 *     }
 *
 * The alignment is checked by every thread, but it depends on the views'
 * addresses (push constants) and on the row only: a few scalar
 * instructions, the same branch for a whole row. */
#include "spv_expr.h"

#include <stdlib.h>

enum { VECTOR_ALIGN = 16 };

uint32_t em_elements_per_thread(Emitter *e) {
    if (!e->elements_per_thread) {
        SpvBuilder *b = &e->b;
        e->elements_per_thread = spv_new_id(b);
        SPV_OP(&b->globals, SpvOpSpecConstant, spv_type_int(b, 32, false), e->elements_per_thread, 1);
        spv_decorate(b, e->elements_per_thread, SpvDecorationSpecId,
                     (const uint32_t[]){CAMP_SPEC_ELEMENTS_PER_THREAD}, 1);
        spv_name(b, e->elements_per_thread, "elements_per_thread");
    }
    return e->elements_per_thread;
}

/* The index variable's x: the index itself at rank 1, else its last component. */
static LValue index_x(Emitter *e, Kernel *k) {
    LValue idx = {.ptr = em_map_get(&e->locals, k->idx), .storage = SpvStorageClassFunction};
    if (k->rank == 1) return idx;
    return sub_lvalue(e, idx, type_int(4, true), spv_const_u32(&e->b, (uint32_t)k->rank - 1));
}

/* Opens `if (cond)`, else to `otherwise` (0: none): the then block begins;
 * returns the label both join at. */
static uint32_t open_if(Emitter *e, uint32_t cond, uint32_t otherwise) {
    uint32_t then = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, cond, then, otherwise ? otherwise : merge);
    e->terminated = true;
    em_begin_block(e, then);
    return merge;
}

/* The body for the element at x = base + lane. */
static void emit_element(Emitter *e, Kernel *k, uint32_t base, int lane) {
    const Type *int_t = type_int(4, true);
    uint32_t x = lane ? em_op2(e, SpvOpIAdd, em_type(e, int_t), base, const_int(e, int_t, lane)) : base;
    em_store(e, index_x(e, k), x);
    em_stmt(e, k->body);
}

/* The vector of view vv: its local's type. */
static const Type *vector_of(Emitter *e, const Kernel *k, const VectorView *vv) {
    Type *t = arena_alloc(&e->u->arena, sizeof *t);
    *t = (Type){.kind = TY_VECTOR, .base = vv->access->type, .len = k->vector_width, .size = VECTOR_ALIGN,
                .align = VECTOR_ALIGN, .name = "vector"};
    return t;
}

/* Every element through the views' vectors; `at` holds each view's address at base. */
static void emit_vector_path(Emitter *e, Kernel *k, uint32_t base, const uint32_t *at) {
    int n = k->vector_views.len;
    uint32_t *vectors = malloc(sizeof *vectors * (size_t)n), *memory = malloc(sizeof *memory * (size_t)n);
    if (!vectors || !memory) unreachable("out of memory");
    const Type **types = arena_alloc(&e->u->arena, sizeof *types * (size_t)n);
    for (int i = 0; i < n; i++) {
        const VectorView *vv = k->vector_views.items[i];
        types[i] = vector_of(e, k, vv);
        vectors[i] = em_local(e, types[i], vv->view->name);
        memory[i] = em_op1(e, SpvOpBitcast, em_pointer_type(e, SpvStorageClassPhysicalStorageBuffer, types[i]), at[i]);
        LValue lv = {.ptr = memory[i], .storage = SpvStorageClassPhysicalStorageBuffer, .align = VECTOR_ALIGN};
        if (vv->load) em_store(e, (LValue){.ptr = vectors[i], .storage = SpvStorageClassFunction}, em_load(e, types[i], lv));
    }
    e->lane_vectors = vectors;
    for (int lane = 0; lane < k->vector_width; lane++) {
        e->lane = lane;
        emit_element(e, k, base, lane);
    }
    e->lane_vectors = NULL;
    for (int i = 0; i < n; i++) {
        const VectorView *vv = k->vector_views.items[i];
        if (!vv->store) continue;
        uint32_t value = em_load(e, types[i], (LValue){.ptr = vectors[i], .storage = SpvStorageClassFunction});
        em_store(e, (LValue){.ptr = memory[i], .storage = SpvStorageClassPhysicalStorageBuffer, .align = VECTOR_ALIGN},
                 value);
    }
    free(vectors);
    free(memory);
}

/* Each element one at a time: those of the thread's inside the extent
 * (base is, the prologue checked it). */
static void emit_scalar_path(Emitter *e, Kernel *k, uint32_t base, uint32_t size) {
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), bool_t = spv_type_bool(b);
    uint32_t base_bits = em_op1(e, SpvOpBitcast, u32, base), size_bits = em_op1(e, SpvOpBitcast, u32, size);
    emit_element(e, k, base, 0);
    for (int lane = 1; lane < k->vector_width; lane++) {
        uint32_t lane_id = spv_const_u32(b, (uint32_t)lane);
        uint32_t taken = em_op2(e, SpvOpULessThan, bool_t, lane_id, em_elements_per_thread(e));
        /* unsigned: base + lane may pass INT_MAX, never 2^32 */
        uint32_t inside = em_op2(e, SpvOpULessThan, bool_t, em_op2(e, SpvOpIAdd, u32, base_bits, lane_id), size_bits);
        uint32_t merge = open_if(e, em_op2(e, SpvOpLogicalAnd, bool_t, taken, inside), 0);
        emit_element(e, k, base, lane);
        em_branch(e, merge);
        em_begin_block(e, merge);
    }
}

/* `cond` and, for each two views the kernel writes of which one is a
 * pointer (the same memory, maybe, under two names), that their vectors
 * at `at` do not overlap: the vector path stores each view's vector at the
 * end, in no order the body gives, so where they are one memory the
 * elements go one at a time, as written. The same branch for a whole row,
 * as the alignment's. */
static uint32_t and_apart(Emitter *e, Kernel *k, const uint32_t *at, uint32_t cond) {
    const Type *u64_t = type_int(8, false);
    uint32_t u64 = em_type(e, u64_t), bool_t = spv_type_bool(&e->b);
    for (int i = 0; i < k->vector_views.len; i++)
        for (int j = i + 1; j < k->vector_views.len; j++) {
            const VectorView *u = k->vector_views.items[i], *v = k->vector_views.items[j];
            if (!u->store || !v->store || (u->view->capture != CAPTURE_POINTER && v->view->capture != CAPTURE_POINTER))
                continue;
            /* |u - v| >= 16: u - v + 15, unsigned, at least 31 */
            uint32_t d = em_op2(e, SpvOpISub, u64, em_op1(e, SpvOpConvertPtrToU, u64, at[i]),
                                em_op1(e, SpvOpConvertPtrToU, u64, at[j]));
            d = em_op2(e, SpvOpIAdd, u64, d, const_int(e, u64_t, VECTOR_ALIGN - 1));
            uint32_t apart = em_op2(e, SpvOpUGreaterThanEqual, bool_t, d, const_int(e, u64_t, 2 * VECTOR_ALIGN - 1));
            cond = em_op2(e, SpvOpLogicalAnd, bool_t, cond, apart);
        }
    return cond;
}

void em_vector_body(Emitter *e, Kernel *k) {
    SpvBuilder *b = &e->b;
    const Type *int_t = type_int(4, true), *u64_t = type_int(8, false);
    uint32_t i32 = em_type(e, int_t), u64 = em_type(e, u64_t), bool_t = spv_type_bool(b);
    uint32_t base = em_load(e, int_t, index_x(e, k));
    uint32_t size = em_op1(e, SpvOpBitcast, i32, em_push_member(e, 0, spv_type_int(b, 32, false)));

    uint32_t width = const_int(e, int_t, k->vector_width);
    uint32_t vectors = em_op2(e, SpvOpIEqual, bool_t, em_elements_per_thread(e), spv_const_u32(b, (uint32_t)k->vector_width));
    uint32_t last_start = em_op2(e, SpvOpISub, i32, size, width); /* negative below one vector: signed */
    uint32_t whole = em_op2(e, SpvOpLogicalAnd, bool_t, vectors, em_op2(e, SpvOpSLessThanEqual, bool_t, base, last_start));
    uint32_t *at = malloc(sizeof *at * (size_t)k->vector_views.len), bits = 0;
    if (!at) unreachable("out of memory");
    for (int i = 0; i < k->vector_views.len; i++) {
        const VectorView *vv = k->vector_views.items[i];
        at[i] = em_lvalue(e, vv->access).ptr;
        uint32_t address = em_op1(e, SpvOpConvertPtrToU, u64, at[i]);
        bits = bits ? em_op2(e, SpvOpBitwiseOr, u64, bits, address) : address;
    }
    uint32_t misaligned = em_op2(e, SpvOpBitwiseAnd, u64, bits, const_int(e, u64_t, VECTOR_ALIGN - 1));
    uint32_t aligned = em_op2(e, SpvOpIEqual, bool_t, misaligned, const_int(e, u64_t, 0));
    aligned = and_apart(e, k, at, aligned);

    uint32_t scalar = em_label(e);
    uint32_t merge = open_if(e, em_op2(e, SpvOpLogicalAnd, bool_t, whole, aligned), scalar);
    emit_vector_path(e, k, base, at);
    em_branch(e, merge);
    em_begin_block(e, scalar);
    emit_scalar_path(e, k, base, size);
    em_branch(e, merge);
    em_begin_block(e, merge);
    free(at);
}

LValue em_lane_lvalue(Emitter *e, Expr *x) {
    Kernel *k = e->kernel;
    Var *view = own_element_view(k, x);
    for (int i = 0; i < k->vector_views.len; i++)
        if (((VectorView *)k->vector_views.items[i])->view == view)
            return sub_lvalue(e, (LValue){.ptr = e->lane_vectors[i], .storage = SpvStorageClassFunction}, x->type,
                              spv_const_u32(&e->b, (uint32_t)e->lane));
    em_internal(e, x->loc, "an element of a view the kernel does not vectorize");
    return (LValue){0};
}
