/* spv_atomic.c — camp_atomic_* as SPIR-V atomic instructions. The scope
 * follows the memory: Device for views and arrays (PhysicalStorageBuffer,
 * seen by every tile), Workgroup for tile_static. Like C++ AMP's atomics
 * they order nothing else (Relaxed semantics); barriers and fences do. */
#include "spv_emit.h"

#include "camp_abi.h"

static SpvOp integer_opcode(AtomicOp op, bool is_signed) {
    switch (op) {
    case ATOMIC_ADD: return SpvOpAtomicIAdd;
    case ATOMIC_SUB: return SpvOpAtomicISub;
    case ATOMIC_INC: return SpvOpAtomicIIncrement;
    case ATOMIC_DEC: return SpvOpAtomicIDecrement;
    case ATOMIC_MAX: return is_signed ? SpvOpAtomicSMax : SpvOpAtomicUMax;
    case ATOMIC_MIN: return is_signed ? SpvOpAtomicSMin : SpvOpAtomicUMin;
    case ATOMIC_AND: return SpvOpAtomicAnd;
    case ATOMIC_OR: return SpvOpAtomicOr;
    case ATOMIC_XOR: return SpvOpAtomicXor;
    case ATOMIC_EXCHANGE: return SpvOpAtomicExchange;
    case ATOMIC_COMPARE_EXCHANGE: return SpvOpAtomicCompareExchange;
    case ATOMIC_LOAD: return SpvOpAtomicLoad;
    case ATOMIC_STORE: return SpvOpAtomicStore;
    }
    unreachable("atomic op");
}

/* Float atomics need device features (VK_EXT_shader_atomic_float): each
 * kernel's module shows which it uses (spv_split.c), and the runtime
 * refuses it on devices without. */
static SpvOp float_opcode(Emitter *e, AtomicOp op, SrcLoc loc) {
    if (op == ATOMIC_ADD) {
        if (!(e->features & CAMP_FEATURE_ATOMIC_FLOAT_ADD)) {
            spv_op_string(&e->b.extensions, SpvOpExtension, NULL, 0, "SPV_EXT_shader_atomic_float_add", NULL, 0);
            spv_capability(&e->b, SpvCapabilityAtomicFloat32AddEXT);
            e->features |= CAMP_FEATURE_ATOMIC_FLOAT_ADD;
        }
        return SpvOpAtomicFAddEXT;
    }
    if (op == ATOMIC_EXCHANGE || op == ATOMIC_LOAD || op == ATOMIC_STORE) return integer_opcode(op, false);
    em_internal(e, loc, "float atomic other than add, exchange, load and store");
    return SpvOpNop;
}

/* A float's or double's bits at its address in a view, an unsigned
 * integer of its size: the pointer to them (compare-and-swap works on
 * integers; devices with float64 atomics are few, 64-bit integer atomics
 * most have). */
static uint32_t bits_pointer(Emitter *e, LValue lv, int size) {
    uint32_t u64 = em_type(e, type_int(8, false)), bits = em_type(e, type_int(size, false));
    uint32_t address = em_op1(e, SpvOpConvertPtrToU, u64, lv.ptr);
    return em_op1(e, SpvOpConvertUToPtr, spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, bits, (uint32_t)size),
                  address);
}

/* fetch_add on a double, fetch_max and fetch_min on a float or double:
 * compare-and-swap of its bits until no other thread changed them between
 * the read and the swap (CUDA's atomicAdd on double before sm_60, its
 * float atomicMax). max and min take v where it is larger (smaller) or
 * the value held is NaN, as camp.h's host forms do. The old value. */
static uint32_t float_cas_loop(Emitter *e, const Type *ft, uint32_t bits, uint32_t scope, uint32_t relaxed, AtomicOp op,
                               uint32_t v) {
    uint32_t ftype = em_type(e, ft), ut = em_type(e, type_int(ft->size, false)), first = spv_new_id(&e->b);
    uint32_t bools = spv_type_bool(&e->b);
    SPV_OP(&e->code, SpvOpAtomicLoad, ut, first, bits, scope, relaxed);
    /* seen: the bits this pass read; got: what the swap found there */
    CarriedLoop l = em_carried_loop_begin(e, ut, first, SpvLoopControlMaskNone);
    uint32_t seen = l.value, got = l.next, held = em_op1(e, SpvOpBitcast, ftype, seen), next = 0;
    if (op == ATOMIC_ADD) {
        next = em_op2(e, SpvOpFAdd, ftype, held, v);
    } else {
        uint32_t better = em_op2(e, op == ATOMIC_MAX ? SpvOpFOrdGreaterThan : SpvOpFOrdLessThan, bools, v, held);
        better = em_op2(e, SpvOpLogicalOr, bools, better, em_op1(e, SpvOpIsNan, bools, held));
        next = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpSelect, ftype, next, better, v, held);
    }
    SPV_OP(&e->code, SpvOpAtomicCompareExchange, ut, got, bits, scope, relaxed, relaxed,
           em_op1(e, SpvOpBitcast, ut, next), seen);
    em_carried_loop_end(e, l, em_op2(e, SpvOpIEqual, bools, got, seen), false);
    return em_op1(e, SpvOpBitcast, ftype, got);
}

/* camp_atomic_fetch_add, _max, _min, _exchange, _load and _store on a double in a view. */
static uint32_t double_atomic(Emitter *e, Expr *x, LValue lv, uint32_t scope, uint32_t relaxed) {
    if (lv.storage != SpvStorageClassPhysicalStorageBuffer) {
        em_internal(e, x->loc, "a double atomic on tile_static memory"); /* ptr_storage.c */
        return 0;
    }
    AtomicOp op = (AtomicOp)x->ival;
    uint32_t bits = bits_pointer(e, lv, 8), f64 = em_type(e, x->args[0]->type);
    uint32_t u64 = em_type(e, type_int(8, false)), old = spv_new_id(&e->b);
    if (op == ATOMIC_LOAD) {
        SPV_OP(&e->code, SpvOpAtomicLoad, u64, old, bits, scope, relaxed);
        return em_op1(e, SpvOpBitcast, f64, old);
    }
    uint32_t v = em_expr(e, x->args[1]);
    if (op == ATOMIC_ADD || op == ATOMIC_MAX || op == ATOMIC_MIN)
        return float_cas_loop(e, x->args[0]->type, bits, scope, relaxed, op, v);
    if (op == ATOMIC_STORE) {
        SPV_OP(&e->code, SpvOpAtomicStore, bits, scope, relaxed, em_op1(e, SpvOpBitcast, u64, v));
        return 0;
    }
    SPV_OP(&e->code, SpvOpAtomicExchange, u64, old, bits, scope, relaxed, em_op1(e, SpvOpBitcast, u64, v));
    return em_op1(e, SpvOpBitcast, f64, old);
}

uint32_t em_atomic(Emitter *e, Expr *x) {
    SpvBuilder *b = &e->b;
    AtomicOp op = (AtomicOp)x->ival;
    const Type *t = x->args[0]->type;
    LValue lv = em_lvalue(e, x->args[0]);
    if (lv.storage != SpvStorageClassPhysicalStorageBuffer && lv.storage != SpvStorageClassWorkgroup) {
        em_internal(e, x->loc, "an atomic on private memory"); /* ptr_storage.c */
        return 0;
    }
    uint32_t scope = spv_const_u32(b, lv.storage == SpvStorageClassWorkgroup ? SpvScopeWorkgroup : SpvScopeDevice);
    uint32_t relaxed = spv_const_u32(b, SpvMemorySemanticsMaskNone);
    if (t->size == 8) spv_capability(b, SpvCapabilityInt64Atomics);
    if (t->kind == TY_FLOAT && t->size == 8) return double_atomic(e, x, lv, scope, relaxed);
    if (t->kind == TY_FLOAT && (op == ATOMIC_MAX || op == ATOMIC_MIN)) {
        if (lv.storage != SpvStorageClassPhysicalStorageBuffer) {
            em_internal(e, x->loc, "a float max or min atomic on tile_static memory"); /* ptr_storage.c */
            return 0;
        }
        return float_cas_loop(e, t, bits_pointer(e, lv, 4), scope, relaxed, op, em_expr(e, x->args[1]));
    }
    uint32_t type = em_type(e, t), r = spv_new_id(b);
    SpvOp opcode = t->kind == TY_FLOAT ? float_opcode(e, op, x->loc) : integer_opcode(op, t->is_signed);
    if (opcode == SpvOpNop) return 0;

    if (op == ATOMIC_STORE) {
        SPV_OP(&e->code, opcode, lv.ptr, scope, relaxed, em_expr(e, x->args[1]));
        return 0;
    }
    if (op == ATOMIC_INC || op == ATOMIC_DEC || op == ATOMIC_LOAD) {
        SPV_OP(&e->code, opcode, type, r, lv.ptr, scope, relaxed);
        return r;
    }
    if (op != ATOMIC_COMPARE_EXCHANGE) {
        SPV_OP(&e->code, opcode, type, r, lv.ptr, scope, relaxed, em_expr(e, x->args[1]));
        return r;
    }
    /* C11's compare_exchange: *expected gets what was there; true (1) when
     * that was *expected, and the new value went in. */
    LValue expected_lv = em_lvalue(e, x->args[1]);
    uint32_t expected = em_load(e, t, expected_lv);
    uint32_t desired = em_expr(e, x->args[2]);
    SPV_OP(&e->code, opcode, type, r, lv.ptr, scope, relaxed, relaxed, desired, expected);
    em_store(e, expected_lv, r);
    uint32_t same = spv_new_id(b), result = spv_new_id(b), rt = em_type(e, x->type);
    SPV_OP(&e->code, SpvOpIEqual, spv_type_bool(b), same, r, expected);
    SPV_OP(&e->code, SpvOpSelect, rt, result, same, spv_const_bits(b, rt, 1, 32), spv_const_bits(b, rt, 0, 32));
    return result;
}
