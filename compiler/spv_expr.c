/* spv_expr.c — expressions → SPIR-V, with C's semantics: the IR already
 * carries every conversion explicitly (EX_CAST), so each operator here picks
 * its opcode from the operand type: signed/unsigned/float. */
#include "spv_emit.h"

static uint32_t op2(Emitter *e, SpvOp op, uint32_t type, uint32_t a, uint32_t b) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, op, type, r, a, b);
    return r;
}

static uint32_t op1(Emitter *e, SpvOp op, uint32_t type, uint32_t a) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, op, type, r, a);
    return r;
}

static const Type *scalar_of(const Type *t) { return t->kind == TY_VECTOR ? t->base : t; }

static uint32_t const_int(Emitter *e, const Type *t, long long v) {
    return spv_const_bits(&e->b, em_type(e, t), (uint64_t)v, (uint32_t)t->size * 8);
}

static uint32_t const_scalar(Emitter *e, const Type *t, double v) {
    if (t->kind == TY_FLOAT) {
        if (t->size == 4) {
            float f = (float)v;
            uint32_t bits;
            __builtin_memcpy(&bits, &f, 4);
            return spv_const_bits(&e->b, em_type(e, t), bits, 32);
        }
        uint64_t bits;
        __builtin_memcpy(&bits, &v, 8);
        return spv_const_bits(&e->b, em_type(e, t), bits, 64);
    }
    return const_int(e, t, (long long)v);
}

/* `v` of type t as a bool: v != 0 (NaN counts as true, as in C). */
static uint32_t to_bool(Emitter *e, const Type *t, uint32_t v) {
    uint32_t b = spv_type_bool(&e->b);
    if (t->kind == TY_FLOAT) return op2(e, SpvOpFUnordNotEqual, b, v, const_scalar(e, t, 0));
    if (t->kind == TY_INT) return op2(e, SpvOpINotEqual, b, v, const_int(e, t, 0));
    em_error(e, (SrcLoc){0}, "condition of this type");
    return spv_const_bool(&e->b, 0);
}

/* C's int result of a bool: 1 or 0. */
static uint32_t from_bool(Emitter *e, const Type *t, uint32_t b) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpSelect, em_type(e, t), r, b, const_int(e, t, 1), const_int(e, t, 0));
    return r;
}

/* ---- conversions ---------------------------------------------------------------- */

static uint32_t convert(Emitter *e, uint32_t v, const Type *from, const Type *to, SrcLoc loc) {
    if (to->kind == TY_VOID) return 0;
    const Type *fs = scalar_of(from), *ts = scalar_of(to);
    uint32_t tt = em_type(e, to);
    if (from->kind == TY_PTR && to->kind == TY_PTR)
        return em_type(e, from) == tt ? v : op1(e, SpvOpBitcast, tt, v);
    if (from->kind == TY_PTR || to->kind == TY_PTR || from->kind == TY_ARRAY) {
        em_error(e, loc, "conversion between pointers and integers");
        return v;
    }
    if (fs->kind == TY_INT && ts->kind == TY_INT) {
        if (fs->size == ts->size) return fs->is_signed == ts->is_signed ? v : op1(e, SpvOpBitcast, tt, v);
        return op1(e, fs->is_signed && ts->size > fs->size ? SpvOpSConvert : SpvOpUConvert, tt, v);
    }
    if (fs->kind == TY_INT && ts->kind == TY_FLOAT)
        return op1(e, fs->is_signed ? SpvOpConvertSToF : SpvOpConvertUToF, tt, v);
    if (fs->kind == TY_FLOAT && ts->kind == TY_INT)
        return op1(e, ts->is_signed ? SpvOpConvertFToS : SpvOpConvertFToU, tt, v);
    if (fs->kind == TY_FLOAT && ts->kind == TY_FLOAT) return fs->size == ts->size ? v : op1(e, SpvOpFConvert, tt, v);
    em_error(e, loc, "conversion");
    return v;
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

/* A pointer value (PhysicalStorageBuffer) as an lvalue of its pointee. */
static LValue psb_lvalue(uint32_t ptr, const Type *pointee) {
    return (LValue){ptr, SpvStorageClassPhysicalStorageBuffer, (uint32_t)pointee->align};
}

/* p + i for a pointer p to T: OpPtrAccessChain steps by sizeof(T). */
static uint32_t pointer_add(Emitter *e, const Type *ptr_type, uint32_t p, uint32_t i) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpPtrAccessChain, em_type(e, ptr_type), r, p, i);
    return r;
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
            return (LValue){p, SpvStorageClassPushConstant, 0};
        }
        return (LValue){v->spv_id, SpvStorageClassFunction, 0};
    }
    case EX_INDEX: {
        uint32_t base = em_expr(e, x->lhs), idx = em_expr(e, x->rhs);
        return psb_lvalue(pointer_add(e, x->lhs->type, base, idx), x->type);
    }
    case EX_DEREF: return psb_lvalue(em_expr(e, x->lhs), x->type);
    case EX_VELEM: {
        LValue vec = em_lvalue(e, x->lhs);
        uint32_t elem = em_type(e, x->type);
        uint32_t p = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpAccessChain, spv_type_pointer(&e->b, vec.storage, elem, (uint32_t)x->type->size), p,
               vec.ptr, spv_const_u32(&e->b, (uint32_t)x->ival));
        return (LValue){p, vec.storage, vec.align ? (uint32_t)x->type->align : 0};
    }
    default:
        em_error(e, x->loc, "expression used as an lvalue");
        return (LValue){0};
    }
}

/* ---- operators ------------------------------------------------------------------- */

static SpvOp arith_opcode(Op op, const Type *t) {
    bool f = scalar_of(t)->kind == TY_FLOAT, s = scalar_of(t)->is_signed;
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

/* lhs op rhs on values of the arithmetic type t (or pointer ± integer). */
static uint32_t arith(Emitter *e, Op op, const Type *t, uint32_t a, const Type *bt, uint32_t b, SrcLoc loc) {
    if (t->kind == TY_PTR) {
        if (op == OP_SUB) b = op1(e, scalar_of(bt)->kind == TY_FLOAT ? SpvOpFNegate : SpvOpSNegate, em_type(e, bt), b);
        else if (op != OP_ADD) em_error(e, loc, "pointer operation");
        return pointer_add(e, t, a, b);
    }
    if (op == OP_REM && scalar_of(t)->kind == TY_INT && scalar_of(t)->is_signed) {
        /* C's remainder as a - (a / b) * b: NVIDIA's driver (580) computes
         * OpSRem as an unsigned remainder; OpSDiv is right everywhere. */
        uint32_t type = em_type(e, t), q = op2(e, SpvOpSDiv, type, a, b);
        return op2(e, SpvOpISub, type, a, op2(e, SpvOpIMul, type, q, b));
    }
    SpvOp opc = arith_opcode(op, t);
    if (opc == SpvOpNop) {
        em_error(e, loc, "operator");
        return a;
    }
    return op2(e, opc, em_type(e, t), a, b);
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

uint32_t em_cond(Emitter *e, Expr *x) {
    if (x->kind == EX_BINARY && is_comparison(x->op) && x->lhs->type->kind != TY_PTR) {
        uint32_t a = em_expr(e, x->lhs), b = em_expr(e, x->rhs);
        return op2(e, arith_opcode(x->op, x->lhs->type), spv_type_bool(&e->b), a, b);
    }
    if (x->kind == EX_BINARY && (x->op == OP_LAND || x->op == OP_LOR)) return logical(e, x);
    if (x->kind == EX_UNARY && x->op == OP_LNOT) return op1(e, SpvOpLogicalNot, spv_type_bool(&e->b), em_cond(e, x->lhs));
    return to_bool(e, x->type, em_expr(e, x));
}

static uint32_t conditional(Emitter *e, Expr *x) {
    uint32_t c = em_cond(e, x->cond);
    uint32_t then = em_label(e), els = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, c, then, els);
    e->terminated = true;
    em_begin_block(e, then);
    uint32_t a = em_expr(e, x->lhs), a_block = e->block;
    em_branch(e, merge);
    em_begin_block(e, els);
    uint32_t b = em_expr(e, x->rhs), b_block = e->block;
    em_branch(e, merge);
    em_begin_block(e, merge);
    if (x->type->kind == TY_VOID) return 0;
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpPhi, em_type(e, x->type), r, a, a_block, b, b_block);
    return r;
}

static uint32_t assign(Emitter *e, Expr *x) {
    LValue lv = em_lvalue(e, x->lhs);
    uint32_t rhs = em_expr(e, x->rhs);
    uint32_t v = rhs;
    if (x->op != OP_NONE) {
        /* The computation type is the right operand's: clang converted it to
         * the common type; shifts compute in the (promoted) left type. */
        const Type *lt = x->lhs->type;
        const Type *ct = lt->kind == TY_PTR || x->op == OP_SHL || x->op == OP_SHR ? lt : x->rhs->type;
        uint32_t old = convert(e, em_load(e, lt, lv), lt, ct, x->loc);
        v = convert(e, arith(e, x->op, ct, old, x->rhs->type, rhs, x->loc), ct, lt, x->loc);
    }
    em_store(e, lv, v);
    return v;
}

static uint32_t incdec(Emitter *e, Expr *x) {
    const Type *t = x->lhs->type;
    LValue lv = em_lvalue(e, x->lhs);
    uint32_t old = em_load(e, t, lv), nv;
    if (t->kind == TY_PTR) {
        static const Type int_type = {.kind = TY_INT, .size = 4, .align = 4, .is_signed = true, .name = "int"};
        nv = pointer_add(e, t, old, const_int(e, &int_type, x->op == OP_ADD ? 1 : -1));
    } else {
        nv = arith(e, x->op, t, old, t, const_scalar(e, t, 1), x->loc);
    }
    em_store(e, lv, nv);
    return x->ival ? nv : old;
}

static uint32_t call(Emitter *e, Expr *x) {
    uint32_t ops[20];
    if (x->nargs > 16) {
        em_error(e, x->loc, "call with more than 16 arguments");
        return 0;
    }
    uint32_t r = spv_new_id(&e->b);
    ops[0] = em_type(e, x->callee->ret);
    ops[1] = r;
    ops[2] = x->callee->spv_id;
    for (int i = 0; i < x->nargs; i++) ops[3 + i] = em_expr(e, x->args[i]);
    spv_op(&e->code, SpvOpFunctionCall, ops, 3 + (size_t)x->nargs);
    return x->type->kind == TY_VOID ? 0 : r;
}

uint32_t em_expr(Emitter *e, Expr *x) {
    switch (x->kind) {
    case EX_INT: return const_int(e, x->type, x->ival);
    case EX_FLOAT: return const_scalar(e, x->type, x->fval);
    case EX_LOAD: return em_load(e, x->type, em_lvalue(e, x->lhs));
    case EX_DECAY: {
        Expr *arr = x->lhs;
        if (arr->kind == EX_VAR && arr->var->kind == VAR_CAPTURE) /* a view: its address is pushed */
            return em_push_member(e, (uint32_t)arr->var->member + 6, em_type(e, x->type));
        LValue lv = em_lvalue(e, arr);
        uint32_t p = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpAccessChain, em_type(e, x->type), p, lv.ptr, spv_const_u32(&e->b, 0));
        return p;
    }
    case EX_CAST: return convert(e, em_expr(e, x->lhs), x->lhs->type, x->type, x->loc);
    case EX_VELEM: {
        uint32_t v = em_expr(e, x->lhs), r = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpCompositeExtract, em_type(e, x->type), r, v, (uint32_t)x->ival);
        return r;
    }
    case EX_UNARY: {
        uint32_t t = em_type(e, x->type);
        switch (x->op) {
        case OP_PLUS: return em_expr(e, x->lhs);
        case OP_NEG: return op1(e, scalar_of(x->type)->kind == TY_FLOAT ? SpvOpFNegate : SpvOpSNegate, t, em_expr(e, x->lhs));
        case OP_NOT: return op1(e, SpvOpNot, t, em_expr(e, x->lhs));
        case OP_LNOT: return from_bool(e, x->type, em_cond(e, x));
        default: break;
        }
        break;
    }
    case EX_BINARY:
        if (x->op == OP_COMMA) {
            em_expr(e, x->lhs);
            return em_expr(e, x->rhs);
        }
        if (is_comparison(x->op) || x->op == OP_LAND || x->op == OP_LOR) {
            if (x->lhs->type->kind == TY_PTR) break;
            return from_bool(e, x->type, em_cond(e, x));
        }
        if (x->rhs->type->kind == TY_PTR) { /* i + p */
            uint32_t i = em_expr(e, x->lhs);
            return arith(e, x->op, x->type, em_expr(e, x->rhs), x->lhs->type, i, x->loc);
        } else {
            uint32_t a = em_expr(e, x->lhs);
            return arith(e, x->op, x->type, a, x->rhs->type, em_expr(e, x->rhs), x->loc);
        }
    case EX_ASSIGN: return assign(e, x);
    case EX_INCDEC: return incdec(e, x);
    case EX_COND: return conditional(e, x);
    case EX_CALL: return call(e, x);
    case EX_ADDR: return em_lvalue(e, x->lhs).ptr;
    case EX_VAR: case EX_INDEX: case EX_DEREF: break; /* lvalues reach here only through EX_LOAD */
    }
    em_error(e, x->loc, "expression");
    return 0;
}
