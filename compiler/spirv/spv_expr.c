/* spv_expr.c — expressions → SPIR-V, with C's semantics: the IR already
 * carries every conversion explicitly (EX_CAST), so each operator here picks
 * its opcode from the operand type: signed/unsigned/float. Operators,
 * assignment, initializers and calls are here; conversions and constants
 * in spv_convert.c, lvalues and pointers in spv_pointer.c, unions in
 * spv_union.c (spv_expr.h). */
#include "spv_expr.h"

#include <spirv/unified1/GLSL.std.450.h>

#include <stdlib.h>

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

/* GLSL.std.450's id, imported at its first use. */
static uint32_t glsl_set(Emitter *e) {
    if (!e->glsl) {
        e->glsl = spv_new_id(&e->b);
        uint32_t pre[1] = {e->glsl};
        spv_op_string(&e->b.imports, SpvOpExtInstImport, pre, 1, "GLSL.std.450", NULL, 0);
    }
    return e->glsl;
}

/* A float operation that rounds on its own (NoContraction: neither fused
 * nor reassociated, which the exact steps below need). */
static uint32_t exact_op(Emitter *e, SpvOp op, uint32_t type, uint32_t a, uint32_t b) {
    uint32_t r = em_op2(e, op, type, a, b);
    spv_decorate(&e->b, r, SpvDecorationNoContraction, NULL, 0);
    return r;
}

/* x as hi + lo, each with half of its significand (Veltkamp's split), so
 * that products of the halves are exact. */
static void split_float(Emitter *e, const Type *t, uint32_t x, uint32_t *hi, uint32_t *lo) {
    uint32_t type = em_type(e, t);
    double factor = scalar_of(t)->size == 4 ? 4097.0 : 134217729.0; /* 2^12 + 1, 2^27 + 1 */
    uint32_t c = exact_op(e, SpvOpFMul, type, const_scalar(e, t, factor), x);
    *hi = exact_op(e, SpvOpFSub, type, c, exact_op(e, SpvOpFSub, type, c, x));
    *lo = exact_op(e, SpvOpFSub, type, x, *hi);
}

void two_product(Emitter *e, const Type *t, uint32_t a, uint32_t b, uint32_t *p, uint32_t *err) {
    uint32_t type = em_type(e, t), a_hi, a_lo, b_hi, b_lo;
    *p = exact_op(e, SpvOpFMul, type, a, b);
    split_float(e, t, a, &a_hi, &a_lo);
    split_float(e, t, b, &b_hi, &b_lo);
    uint32_t r = exact_op(e, SpvOpFSub, type, exact_op(e, SpvOpFMul, type, a_hi, b_hi), *p);
    r = exact_op(e, SpvOpFAdd, type, r, exact_op(e, SpvOpFMul, type, a_hi, b_lo));
    r = exact_op(e, SpvOpFAdd, type, r, exact_op(e, SpvOpFMul, type, a_lo, b_hi));
    *err = exact_op(e, SpvOpFAdd, type, r, exact_op(e, SpvOpFMul, type, a_lo, b_lo));
}

/* |x|. */
uint32_t magnitude(Emitter *e, const Type *t, uint32_t x) {
    uint32_t abs[5] = {em_type(e, t), spv_new_id(&e->b), glsl_set(e), GLSLstd450FAbs, x};
    spv_op(&e->code, SpvOpExtInst, abs, 5);
    return abs[1];
}

/* magnitude <= bound (false for NaN). */
static uint32_t at_most(Emitter *e, const Type *t, uint32_t magnitude, double bound) {
    return em_op2(e, SpvOpFOrdLessThanEqual, bool_type(e, t), magnitude, const_scalar(e, t, bound));
}

/* a / b in float or double, as C's correctly rounded division. Vulkan
 * lets OpFDiv be 2.5 ulps off, and NVIDIA's driver (580) is: a program's
 * pos * 10 / 100.0f gave 0.99999994 for pos 10, and its particles fell
 * into the bucket below. The quotient q is corrected by its remainder: r =
 * a - q * b, exact but for one rounding, from q * b as a sum of exact
 * products of halves (Dekker's product: Vulkan's fma may round twice, as
 * lavapipe's does), then q + r / b. The second division's 2.5 ulps are of
 * a correction under 3 ulps of q, so the result is q's correctly rounded
 * value unless that lies within 2^-20 ulp of halfway between two floats;
 * an exact quotient (10 * 10 / 100.0f) is always exact. Only where no
 * step overflows or falls below the normal range, which NVIDIA flushes
 * (the products of halves are |a| 2^-46 and more, the correction an
 * eighth of q's ulp and more: |a| within 2^-80..2^100, |b| at most 2^100,
 * |q| at least 2^-100; doubles 2^-900..2^900) and r is a nonzero number:
 * elsewhere, and for infinite or zero operands, q. The math library's
 * functions, built for OpFDiv's 2.5 ulps, keep that; code that asks for
 * each operation rounded on its own (-ffp-contract=off) gets the
 * corrected quotient as other code does (it had OpFDiv's). */
static uint32_t rounded_div(Emitter *e, const Type *t, uint32_t a, uint32_t b) {
    uint32_t type = em_type(e, t), bools = bool_type(e, t);
    bool single = scalar_of(t)->size == 4;
    double range = single ? 0x1p100 : 0x1p900, least_a = single ? 0x1p-80 : 0x1p-900;
    uint32_t q = exact_op(e, SpvOpFDiv, type, a, b), p, err;
    two_product(e, t, q, b, &p, &err);
    uint32_t r = exact_op(e, SpvOpFSub, type, exact_op(e, SpvOpFSub, type, a, p), err);
    uint32_t corrected = exact_op(e, SpvOpFAdd, type, q, exact_op(e, SpvOpFDiv, type, r, b));
    uint32_t abs_a = magnitude(e, t, a);
    uint32_t in_range = em_op2(e, SpvOpLogicalAnd, bools, at_most(e, t, abs_a, range),
                               em_op1(e, SpvOpLogicalNot, bools, at_most(e, t, abs_a, least_a)));
    in_range = em_op2(e, SpvOpLogicalAnd, bools, in_range, at_most(e, t, magnitude(e, t, b), range));
    in_range = em_op2(e, SpvOpLogicalAnd, bools, in_range,
                      em_op1(e, SpvOpLogicalNot, bools, at_most(e, t, magnitude(e, t, q), 1 / range)));
    uint32_t r_finite = em_op1(e, SpvOpLogicalNot, bools, em_op1(e, SpvOpIsInf, bools, r));
    uint32_t r_nonzero = em_op2(e, SpvOpFOrdNotEqual, bools, r, const_scalar(e, t, 0.0));
    uint32_t corrects = em_op2(e, SpvOpLogicalAnd, bools, in_range, em_op2(e, SpvOpLogicalAnd, bools, r_finite, r_nonzero));
    uint32_t ops[5] = {type, spv_new_id(&e->b), corrects, corrected, q};
    spv_op(&e->code, SpvOpSelect, ops, 5);
    return ops[1];
}

/* lhs op rhs on values of the arithmetic type t. */
uint32_t arith(Emitter *e, Op op, const Type *t, uint32_t a, uint32_t b, SrcLoc loc) {
    if (op == OP_REM && is_signed(t)) {
        /* C's remainder as a - (a / b) * b: NVIDIA's driver (580) computes
         * OpSRem as an unsigned remainder; OpSDiv is right everywhere. */
        uint32_t type = em_type(e, t), q = em_op2(e, SpvOpSDiv, type, a, b);
        return em_op2(e, SpvOpISub, type, a, em_op2(e, SpvOpIMul, type, q, b));
    }
    /* the program's quotients, exact code's (-ffp-contract=off, FP_CONTRACT OFF) too */
    bool library = e->func && e->func->library;
    if (op == OP_DIV && is_float(t) && scalar_of(t)->size >= 4 && !library) return rounded_div(e, t, a, b);
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
        return em_op2(e, arith_opcode(x->op, is_address ? type_int(8, false) : type_int(4, true)), spv_type_bool(&e->b), a, b);
    }
    uint32_t a = em_expr(e, x->lhs), b = em_expr(e, x->rhs);
    if (is_complex(x->lhs->type) || is_complex(x->rhs->type)) { /* == and != */
        uint32_t equal = complex_equal(e, a, x->lhs->type, b, x->rhs->type, x->loc);
        return x->op == OP_EQ ? equal : em_op1(e, SpvOpLogicalNot, spv_type_bool(&e->b), equal);
    }
    return em_op2(e, arith_opcode(x->op, x->lhs->type), bool_type(e, x->lhs->type), a, b);
}

uint32_t em_cond(Emitter *e, Expr *x) {
    if (x->kind == EX_BINARY && is_comparison(x->op)) return compare(e, x);
    if (x->kind == EX_BINARY && (x->op == OP_LAND || x->op == OP_LOR)) return logical(e, x);
    if (x->kind == EX_UNARY && x->op == OP_LNOT) return em_op1(e, SpvOpLogicalNot, spv_type_bool(&e->b), em_cond(e, x->lhs));
    if (x->type->kind == TY_PTR) {
        Ptr p = em_ptr(e, x);
        if (!points_at_address(e, x)) return em_op2(e, SpvOpINotEqual, spv_type_bool(&e->b), p.value, null_offset(e));
        return em_op2(e, SpvOpINotEqual, spv_type_bool(&e->b), ptr_word(e, p, true), const_int(e, type_int(8, false), 0));
    }
    return to_bool(e, x->type, em_expr(e, x), x->loc);
}

/* c ? a : b of a vector condition (of integers: clang allows no other):
 * each lane is a's where that lane of c has its sign bit set (a
 * comparison's -1), as clang's vectors and OpenCL's select do; both sides
 * evaluated. */
static uint32_t vector_select(Emitter *e, Expr *x) {
    const Type *ct = x->cond->type;
    uint32_t c = x->cond->kind == EX_BINARY && is_comparison(x->cond->op)
                     ? compare(e, x->cond)
                     : em_op2(e, SpvOpSLessThan, bool_type(e, ct), em_expr(e, x->cond), const_scalar(e, ct, 0));
    uint32_t a = em_expr(e, x->lhs), b = em_expr(e, x->rhs), r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpSelect, em_type(e, x->type), r, c, a, b);
    return r;
}

/* c ? a : b; for pointers, *pa and *pb receive both sides (the value is
 * their phi). */
uint32_t conditional_value(Emitter *e, Expr *x, Ptr *pa, Ptr *pb) {
    if (x->cond->type->kind == TY_VECTOR && !is_complex(x->cond->type)) return vector_select(e, x);
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
        if (!points_at_address(e, x)) {
            if (pa->is_null) a = null_offset(e);
            if (pb->is_null) b = null_offset(e);
            type = em_type(e, type_int(4, true));
        }
        bool both_null = pa->is_null && pb->is_null;
        *pa = side;
        pa->is_null = both_null;
    }
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpPhi, type, r, a, a_block, b, b_block);
    return r;
}

/* ---- bit-fields --------------------------------------------------------------------- */

/* A bit-field is bits of the unsigned integer member that holds it, worked
 * on in 32 bits (64 for a member of 8 bytes) with shifts and masks:
 * Vulkan lets OpBitField*Extract and Insert take 32-bit integers only. */
/* The type of the member holding bit-field x, or NULL where x is no bit-field. */
static const Type *bitfield_held(const Expr *x) {
    return x->kind == EX_MEMBER && x->bit_width ? x->lhs->type->members[x->ival].type : NULL;
}

static const Type *bitfield_word(const Expr *x, bool is_signed) {
    return type_int(bitfield_held(x)->size > 4 ? 8 : 4, is_signed);
}

/* The bit-field's value, from its member's value `held`. */
static uint32_t bitfield_get(Emitter *e, const Expr *x, uint32_t held) {
    const Type *held_t = bitfield_held(x), *word = bitfield_word(x, false);
    const Type *signed_word = bitfield_word(x, true);
    int bits = word->size * 8;
    uint32_t v = convert(e, held, held_t, word, x->loc);
    /* the field's top bit to the word's, then down: arithmetically where the field is signed */
    v = arith(e, OP_SHL, word, v, const_int(e, word, bits - x->bit_offset - x->bit_width), x->loc);
    bool sign = is_signed(x->type);
    if (sign) v = convert(e, v, word, signed_word, x->loc);
    const Type *wt = sign ? signed_word : word;
    v = arith(e, OP_SHR, wt, v, const_int(e, wt, bits - x->bit_width), x->loc);
    return convert(e, v, wt, x->type, x->loc);
}

/* The member's value `held` with the bit-field set to v (of its type). */
static uint32_t bitfield_put(Emitter *e, const Expr *x, uint32_t held, uint32_t v) {
    const Type *held_t = bitfield_held(x), *word = bitfield_word(x, false);
    unsigned long long ones = x->bit_width >= 64 ? ~0ull : (1ull << x->bit_width) - 1;
    uint32_t mask = const_int(e, word, (long long)(ones << x->bit_offset));
    uint32_t field = arith(e, OP_SHL, word, convert(e, v, x->type, word, x->loc), const_int(e, word, x->bit_offset), x->loc);
    field = arith(e, OP_AND, word, field, mask, x->loc);
    uint32_t rest = arith(e, OP_AND, word, convert(e, held, held_t, word, x->loc),
                          const_int(e, word, (long long)~(ones << x->bit_offset)), x->loc);
    return convert(e, arith(e, OP_OR, word, rest, field, x->loc), word, held_t, x->loc);
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

/* What t's lvalue holds, as type ty: in the union's words where t is inside one. */
static uint32_t load_as(Emitter *e, Expr *t, LValue lv, const Type *ty) {
    Expr *u;
    return union_access(t, &u) ? union_get(e, lv, u->type, lv.union_off, lv.union_index, ty) : em_load(e, ty, lv);
}

static void store_as(Emitter *e, Expr *t, LValue lv, const Type *ty, uint32_t v) {
    Expr *u;
    if (union_access(t, &u)) union_set(e, lv, u->type, lv.union_off, lv.union_index, ty, v);
    else em_store(e, lv, v);
}

static uint32_t target_load(Emitter *e, Expr *t, LValue lv) {
    Expr *u;
    const Type *held = bitfield_held(t);
    if (held) return bitfield_get(e, t, load_as(e, t, lv, held));
    if (t->kind != EX_SWIZZLE || union_access(t, &u)) return load_as(e, t, lv, t->type);
    uint32_t vec = em_load(e, t->lhs->type, lv), lanes[4];
    for (int i = 0; i < t->type->len; i++) lanes[i] = t->comps[i];
    return shuffle(e, t->type, vec, vec, lanes, t->type->len);
}

/* Stores v; returns the value the target then holds (a bit-field's, cut to its width). */
static uint32_t target_store(Emitter *e, Expr *t, LValue lv, uint32_t v) {
    Expr *u;
    const Type *held = bitfield_held(t);
    if (held) {
        uint32_t word = bitfield_put(e, t, load_as(e, t, lv, held), v);
        store_as(e, t, lv, held, word);
        return bitfield_get(e, t, word);
    }
    if (t->kind == EX_SWIZZLE && !union_access(t, &u)) {
        const Type *vt = t->lhs->type;
        uint32_t old = em_load(e, vt, lv), lanes[4];
        for (int i = 0; i < vt->len; i++) lanes[i] = (uint32_t)i;
        for (int j = 0; j < t->type->len; j++) lanes[t->comps[j]] = (uint32_t)(vt->len + j);
        em_store(e, lv, shuffle(e, vt, old, v, lanes, vt->len));
        return v;
    }
    store_as(e, t, lv, t->type, v);
    return v;
}

/* p = q, p += n, p -= n: the new value of p. */
Ptr assign_ptr(Emitter *e, Expr *x) {
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
        if (is_complex(t->type) && !is_complex(x->rhs->type)) ct = t->type; /* z *= 2: the real stays real */
        uint32_t old = convert(e, target_load(e, t, lv), t->type, ct, x->loc);
        v = is_complex(ct) ? complex_arith(e, x->op, ct, old, ct, rhs, x->rhs->type, x->loc)
                           : arith(e, x->op, ct, old, rhs, x->loc);
        v = convert(e, v, ct, t->type, x->loc);
    }
    return target_store(e, t, lv, v);
}

/* ++p, p--: the new or the old value. */
Ptr incdec_ptr(Emitter *e, Expr *x) {
    Expr *t = x->lhs;
    bool in_var = t->kind == EX_VAR;
    LValue lv = {0};
    Ptr old = in_var ? var_ptr(e, t->var) : (Ptr){0};
    if (!in_var) {
        lv = em_lvalue(e, t);
        old = (Ptr){.storage = SpvStorageClassPhysicalStorageBuffer, .value = em_load(e, t->type, lv)};
    }
    Ptr nv = ptr_add(e, old, t->type, const_int(e, type_int(4, true), x->op == OP_ADD ? 1 : -1), type_int(4, true), false);
    if (in_var) store_var_ptr(e, t->var, nv);
    else em_store(e, lv, nv.value);
    return x->ival ? nv : old;
}

static uint32_t incdec(Emitter *e, Expr *x) {
    Expr *t = x->lhs;
    LValue lv = target_lvalue(e, t);
    uint32_t old = target_load(e, t, lv);
    /* _Bool++ sets it to 1 (true + 1 != 0); _Bool-- flips it */
    const Type *ct = t->type->kind == TY_BOOL ? type_int(4, true) : t->type;
    uint32_t nv = is_complex(ct)
                      ? complex_arith(e, x->op, ct, old, ct, const_scalar(e, ct->base, 1), ct->base, x->loc)
                      : arith(e, x->op, ct, convert(e, old, t->type, ct, x->loc), const_scalar(e, ct, 1), x->loc);
    nv = target_store(e, t, lv, convert(e, nv, ct, t->type, x->loc));
    return x->ival ? nv : old;
}

/* ---- initializers ------------------------------------------------------------------- */

/* The zero value of type t: OpConstantNull, but a PhysicalStorageBuffer
 * pointer has none (spirv-val refuses it), so one inside t is 0 converted
 * and what holds it is built from its parts. */
static uint32_t zero_value(Emitter *e, const Type *t) {
    if (!type_holds_pointer(t) || t->is_union) return spv_const_null(&e->b, em_type(e, t)); /* a union: words */
    if (t->kind == TY_PTR) return em_op1(e, SpvOpConvertUToPtr, em_type(e, t), const_int(e, type_int(8, false), 0));
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
void store_init(Emitter *e, LValue lv, Expr *init) {
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
        Ptr p = em_ptr(e, value);
        if (v->points_into.holder == v && !var_holds_address(e, v)) hold_part(e, v, &p); /* its member or row */
        store_var_ptr(e, v, p);
    } else if (value->kind == EX_INIT) {
        store_init(e, (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction, .align = 0}, value);
    } else {
        em_store(e, (LValue){.ptr = var_storage(e, v), .storage = SpvStorageClassFunction, .align = 0}, em_expr(e, value));
    }
}

/* ---- calls -------------------------------------------------------------------------- */

static uint32_t call(Emitter *e, Expr *x) {
    Func *f = x->callee;
    if (e->cooperative && f->fragment_op != FRAGMENT_OP_NONE) return em_fragment_call(e, x);
    /* the operands of OpFunctionCall: type, result, function, then the
     * arguments (a pointer into private memory passes base and offset; into
     * a member or row, the object, the indices and the offset) */
    Ptr *ptrs = calloc((size_t)x->nargs + 1, sizeof *ptrs);
    uint32_t *key = calloc(1, em_spec_key_size(f)), *bases = calloc((size_t)x->nargs + 1, sizeof *bases);
    if (!ptrs || !key || !bases) unreachable("out of memory");
    size_t nops = 3;
    for (int i = 0; i < x->nargs; i++) { /* each argument once, in order, before any is passed */
        if (f->params[i]->type->kind != TY_PTR) {
            ptrs[i].value = em_expr(e, x->args[i]);
            nops++;
        } else {
            ptrs[i] = em_ptr(e, x->args[i]);
            nops += 1 + (size_t)path_argument_count(&ptrs[i].path);
        }
    }
    uint32_t *ops = malloc(sizeof *ops * nops), *args = ops + 3;
    if (!ops) unreachable("out of memory");
    int n = 0;
    for (int i = 0; i < x->nargs; i++) {
        Ptr p = ptrs[i];
        if (f->params[i]->type->kind != TY_PTR || points_at_address(e, x->args[i])) {
            args[n++] = p.value;
            continue;
        }
        uint32_t *words = key + SPEC_KEY_PARAM_WORDS * i;
        words[0] = (uint32_t)p.storage << 1 | p.base_is_object;
        words[1] = p.base_type;
        if (!p.path.object) em_internal(e, x->args[i]->loc, "a pointer into a part of an object without its path");
        if (p.path.last) { /* a member or row: a base of its own (ptr_storage.c) */
            words[2] = path_arguments(e, &p, args, &n);
            args[n++] = p.value;
            continue;
        }
        /* pointers into one object share its base in the callee too (so they compare) */
        int same = -1;
        for (int j = 0; j < i && same < 0; j++)
            if (bases[j] == p.base) same = j;
        bases[i] = p.base;
        if (same >= 0) words[0] |= (uint32_t)(same + 1) << 8;
        else args[n++] = p.base;
        args[n++] = p.value;
    }
    Var **textures = em_texture_args(e, x, key + SPEC_KEY_PARAM_WORDS * ((size_t)f->nparams + 1));
    Spec *s = em_spec(e, f, key);
    s->textures = textures;
    uint32_t r = spv_new_id(&e->b);
    ops[0] = em_return_type(e, f);
    ops[1] = r;
    ops[2] = s->id;
    spv_op(&e->code, SpvOpFunctionCall, ops, 3 + (size_t)n);
    free(ops);
    free(ptrs);
    free(key);
    free(bases);
    if (f->ret->kind == TY_PTR) return em_op1(e, SpvOpConvertUToPtr, em_type(e, f->ret), r);
    return x->type->kind == TY_VOID ? 0 : r;
}

/* ---- GLSL.std.450 ------------------------------------------------------------------- */

static uint32_t builtin(Emitter *e, Expr *x) {
    if (x->ival == BUILTIN_BIT_COUNT) return em_op1(e, SpvOpBitCount, em_type(e, x->type), em_expr(e, x->args[0]));
    if (x->ival == BUILTIN_BIT_REVERSE) return em_op1(e, SpvOpBitReverse, em_type(e, x->type), em_expr(e, x->args[0]));
    if (x->ival == BUILTIN_FREM) { /* operands emitted last first, whatever compiler built campcc (SEQUENCED) */
        uint32_t divisor = em_expr(e, x->args[1]), dividend = em_expr(e, x->args[0]);
        return em_op2(e, SpvOpFRem, em_type(e, x->type), dividend, divisor);
    }
    uint32_t ops[8] = {em_type(e, x->type), spv_new_id(&e->b), glsl_set(e),
                       x->ival == BUILTIN_LOG10 ? GLSLstd450Log2 : (uint32_t)x->ival};
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
    case OP_NOT: /* ~z of a complex z: its conjugate (GNU C) */
        if (is_complex(x->type)) return complex_conjugate(e, x->type, em_expr(e, x->lhs));
        return em_op1(e, SpvOpNot, t, em_expr(e, x->lhs));
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
    if (is_complex(x->type)) return complex_arith(e, x->op, x->type, a, x->lhs->type, b, x->rhs->type, x->loc);
    if ((x->op == OP_SHL || x->op == OP_SHR) && scalar_of(x->lhs->type)->size != scalar_of(x->rhs->type)->size)
        b = convert(e, b, x->rhs->type, x->lhs->type, x->loc); /* SPIR-V shifts want equal widths */
    if ((x->op == OP_DIV || x->op == OP_REM) && x->type->kind == TY_INT && x->type->is_signed &&
        expr_nonneg(x->lhs) && expr_nonneg(x->rhs)) { /* as unsigned: nonneg.c */
        uint32_t st = em_type(e, x->type), ut = spv_type_int(&e->b, (uint32_t)x->type->size * 8, false);
        uint32_t ub = em_op1(e, SpvOpBitcast, ut, b), ua = em_op1(e, SpvOpBitcast, ut, a); /* SEQUENCED */
        uint32_t q = em_op2(e, x->op == OP_DIV ? SpvOpUDiv : SpvOpUMod, ut, ua, ub);
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
        if (!points_at_address(e, x) && !e->failed)
            em_internal(e, x->loc, "a pointer into private memory as a value"); /* ptr_storage.c */
        return p.value;
    }
    switch (x->kind) {
    case EX_INT: return const_int(e, x->type, x->ival);
    case EX_FLOAT: return const_scalar(e, x->type, x->fval);
    case EX_LOAD:
        if (x->type->kind == TY_PTR && x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE) {
            Ptr p = var_ptr(e, x->lhs->var);
            if (!points_at_address(e, x) && !e->failed)
                em_internal(e, x->loc, "a pointer into private memory as a value"); /* ptr_storage.c */
            return p.value;
        }
        if (x->lhs->kind == EX_SWIZZLE) return em_expr(e, x->lhs);
        if (union_access(x->lhs, &(Expr *){0}) || bitfield_held(x->lhs))
            return target_load(e, x->lhs, target_lvalue(e, x->lhs));
        return em_load(e, x->type, em_lvalue(e, x->lhs));
    case EX_CAST: {
        if (x->lhs->type->kind == TY_PTR && x->type->kind == TY_VOID) return em_discard(e, x->lhs), 0;
        if (x->lhs->type->kind == TY_PTR && x->type->kind == TY_BOOL) return from_bool(e, x->type, em_cond(e, x->lhs));
        if (x->lhs->type->kind == TY_PTR) /* a view's address (ptr_storage.c refused the others) */
            return convert(e, ptr_word(e, em_ptr(e, x->lhs), true), type_int(8, false), x->type, x->loc);
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
            SPV_OP(&e->code, SpvOpCompositeExtract, em_type(e, bitfield_held(x) ? bitfield_held(x) : x->type), r, v,
                   (uint32_t)x->ival);
        return bitfield_held(x) ? bitfield_get(e, x, r) : r;
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
    case EX_SUBGROUP: return em_subgroup(e, x);
    case EX_REPORT: return em_report(e, x);
    case EX_BOUNDS: return em_bounds(e, x);
    case EX_RACE: return em_race(e, x);
    case EX_TEXTURE: return em_texture(e, x);
    case EX_VAR: case EX_INDEX: case EX_DEREF: break; /* lvalues reach here only through EX_LOAD */
    }
    em_internal(e, x->loc, x->kind == EX_MEMBER ? "union member access" : "expression");
    return 0;
}
