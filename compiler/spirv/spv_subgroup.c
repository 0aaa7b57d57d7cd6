/* spv_subgroup.c — subgroup operations (EX_SUBGROUP) as SPIR-V's
 * OpGroupNonUniform* instructions at Subgroup scope, each declaring the
 * capability of its class; spv_split.c keeps in each kernel's module the
 * classes it uses and names them as the device features it needs
 * (camp_abi.h), which the runtime checks before the kernel's pipeline is
 * made.
 *
 * The shuffles give a thread its own value where the lane they name is
 * outside the subgroup (as CUDA's __shfl_*_sync do): SPIR-V leaves that
 * value undefined, so each checks the lane and selects. */
#include "spv_emit.h"

/* The built-ins of subgroup_size(), subgroup_lane() and subgroup_id(), in
 * SubgroupOp's order. (No subgroup_count(): lavapipe's NumSubgroups rounds
 * down, 1 for a tile of 12 in subgroups of 8.) */
static const struct {
    SpvBuiltIn builtin;
    const char *name;
} builtins[] = {
    {SpvBuiltInSubgroupSize, "gl_SubgroupSize"},
    {SpvBuiltInSubgroupLocalInvocationId, "gl_SubgroupInvocationID"},
    {SpvBuiltInSubgroupId, "gl_SubgroupID"},
};

/* The value of op's built-in (a u32), its Input variable made on first use. */
static uint32_t builtin_value(Emitter *e, SubgroupOp op) {
    SpvBuilder *b = &e->b;
    int slot = (int)op - SUBGROUP_SIZE;
    uint32_t u32 = spv_type_int(b, 32, false);
    spv_capability(b, SpvCapabilityGroupNonUniform);
    if (!e->subgroup_vars[slot]) {
        uint32_t id = spv_new_id(b);
        SPV_OP(&b->globals, SpvOpVariable, spv_type_pointer(b, SpvStorageClassInput, u32, 0), id, SpvStorageClassInput);
        spv_decorate(b, id, SpvDecorationBuiltIn, (const uint32_t[]){builtins[slot].builtin}, 1);
        spv_name(b, id, builtins[slot].name);
        em_add_module_var(e, id);
        e->subgroup_vars[slot] = id;
    }
    return em_op1(e, SpvOpLoad, u32, e->subgroup_vars[slot]);
}

static uint32_t subgroup_size(Emitter *e) { return builtin_value(e, SUBGROUP_SIZE); }
static uint32_t subgroup_lane(Emitter *e) { return builtin_value(e, SUBGROUP_LANE); }

/* The instruction combining values of type t with `op` (campcc.h's SubgroupOp note). */
static SpvOp combining_opcode(Op op, const Type *t) {
    bool is_float = t->kind == TY_FLOAT;
    switch (op) {
    case OP_ADD: return is_float ? SpvOpGroupNonUniformFAdd : SpvOpGroupNonUniformIAdd;
    case OP_LT: return is_float ? SpvOpGroupNonUniformFMin : t->is_signed ? SpvOpGroupNonUniformSMin : SpvOpGroupNonUniformUMin;
    case OP_GT: return is_float ? SpvOpGroupNonUniformFMax : t->is_signed ? SpvOpGroupNonUniformSMax : SpvOpGroupNonUniformUMax;
    case OP_AND: return SpvOpGroupNonUniformBitwiseAnd;
    case OP_OR: return SpvOpGroupNonUniformBitwiseOr;
    case OP_XOR: return SpvOpGroupNonUniformBitwiseXor;
    default: unreachable("subgroup reduction's operation");
    }
}

/* x shuffled by `opcode` and its operand (a lane, delta or mask) where `inside` holds, else x itself. */
static uint32_t shuffle_or_own(Emitter *e, SpvOp opcode, uint32_t type, uint32_t x, uint32_t operand, uint32_t inside) {
    SpvBuilder *b = &e->b;
    uint32_t moved = spv_new_id(b), r = spv_new_id(b);
    SPV_OP(&e->code, opcode, type, moved, spv_const_u32(b, SpvScopeSubgroup), x, operand);
    SPV_OP(&e->code, SpvOpSelect, type, r, inside, moved, x);
    return r;
}

static uint32_t shuffle(Emitter *e, Expr *x) {
    SpvBuilder *b = &e->b;
    uint32_t type = em_type(e, x->type), value = em_expr(e, x->args[0]), operand = em_expr(e, x->args[1]);
    uint32_t u32 = spv_type_int(b, 32, false), boolean = spv_type_bool(b), scope = spv_const_u32(b, SpvScopeSubgroup);
    uint32_t r = spv_new_id(b);
    switch ((SubgroupOp)x->ival) {
    case SUBGROUP_BROADCAST: /* a constant lane (frontend_subgroup.c) */
        spv_capability(b, SpvCapabilityGroupNonUniformBallot);
        SPV_OP(&e->code, SpvOpGroupNonUniformBroadcast, type, r, scope, value, operand);
        return r;
    case SUBGROUP_SHUFFLE: { /* lane % size: sizes are powers of two */
        spv_capability(b, SpvCapabilityGroupNonUniformShuffle);
        uint32_t low = em_op2(e, SpvOpISub, u32, subgroup_size(e), spv_const_u32(b, 1));
        SPV_OP(&e->code, SpvOpGroupNonUniformShuffle, type, r, scope, value, em_op2(e, SpvOpBitwiseAnd, u32, operand, low));
        return r;
    }
    case SUBGROUP_SHUFFLE_UP: /* from lane - delta: inside while delta <= lane */
        spv_capability(b, SpvCapabilityGroupNonUniformShuffleRelative);
        return shuffle_or_own(e, SpvOpGroupNonUniformShuffleUp, type, value, operand,
                              em_op2(e, SpvOpULessThanEqual, boolean, operand, subgroup_lane(e)));
    case SUBGROUP_SHUFFLE_DOWN: /* from lane + delta: inside while delta < size - lane (no wrap) */
        spv_capability(b, SpvCapabilityGroupNonUniformShuffleRelative);
        return shuffle_or_own(e, SpvOpGroupNonUniformShuffleDown, type, value, operand,
                              em_op2(e, SpvOpULessThan, boolean, operand,
                                     em_op2(e, SpvOpISub, u32, subgroup_size(e), subgroup_lane(e))));
    case SUBGROUP_SHUFFLE_XOR: { /* from lane ^ mask: inside while below size */
        spv_capability(b, SpvCapabilityGroupNonUniformShuffle);
        uint32_t source = em_op2(e, SpvOpBitwiseXor, u32, subgroup_lane(e), operand);
        return shuffle_or_own(e, SpvOpGroupNonUniformShuffleXor, type, value, operand,
                              em_op2(e, SpvOpULessThan, boolean, source, subgroup_size(e)));
    }
    default: unreachable("subgroup shuffle");
    }
}

/* any, all (0 or 1 in the call's int) and ballot (a uint4) of a condition. */
static uint32_t vote(Emitter *e, Expr *x) {
    SpvBuilder *b = &e->b;
    uint32_t type = em_type(e, x->type), holds = em_cond(e, x->args[0]), scope = spv_const_u32(b, SpvScopeSubgroup);
    uint32_t r = spv_new_id(b);
    if (x->ival == SUBGROUP_BALLOT) {
        spv_capability(b, SpvCapabilityGroupNonUniformBallot);
        SPV_OP(&e->code, SpvOpGroupNonUniformBallot, type, r, scope, holds);
        return r;
    }
    spv_capability(b, SpvCapabilityGroupNonUniformVote);
    uint32_t all = spv_new_id(b);
    SPV_OP(&e->code, x->ival == SUBGROUP_ANY ? SpvOpGroupNonUniformAny : SpvOpGroupNonUniformAll, spv_type_bool(b),
           all, scope, holds);
    SPV_OP(&e->code, SpvOpSelect, type, r, all, spv_const_bits(b, type, 1, 32), spv_const_bits(b, type, 0, 32));
    return r;
}

static uint32_t combine(Emitter *e, Expr *x, SpvGroupOperation how) {
    SpvBuilder *b = &e->b;
    spv_capability(b, SpvCapabilityGroupNonUniformArithmetic);
    uint32_t type = em_type(e, x->type), value = em_expr(e, x->args[0]), r = spv_new_id(b);
    SPV_OP(&e->code, combining_opcode(x->op, x->type), type, r, spv_const_u32(b, SpvScopeSubgroup), how, value);
    return r;
}

uint32_t em_subgroup(Emitter *e, Expr *x) {
    switch ((SubgroupOp)x->ival) {
    case SUBGROUP_SIZE: case SUBGROUP_LANE: case SUBGROUP_ID: return builtin_value(e, (SubgroupOp)x->ival);
    case SUBGROUP_BROADCAST: case SUBGROUP_SHUFFLE: case SUBGROUP_SHUFFLE_UP: case SUBGROUP_SHUFFLE_DOWN:
    case SUBGROUP_SHUFFLE_XOR: return shuffle(e, x);
    case SUBGROUP_ANY: case SUBGROUP_ALL: case SUBGROUP_BALLOT: return vote(e, x);
    case SUBGROUP_REDUCE: return combine(e, x, SpvGroupOperationReduce);
    case SUBGROUP_INCLUSIVE: return combine(e, x, SpvGroupOperationInclusiveScan);
    case SUBGROUP_EXCLUSIVE: return combine(e, x, SpvGroupOperationExclusiveScan);
    }
    unreachable("subgroup operation");
}
