/* spv_check_ptr.c — -fcamp-check: an access through a pointer must lie
 * inside one of the launch's views. The runtime gives the kernel a table
 * of their address ranges, sorted (camp_abi.h); the check finds the last
 * view starting at or below the address by a binary search of a fixed
 * number of steps — no loop, since lavapipe's loop budget counts every
 * loop pass of a thread (spv_loop_limit.c) — then tests that the access's
 * bytes end inside it. An access outside is reported with the pointer's
 * index and address, and goes to the table's scratch bytes instead, so
 * that it cannot write over memory it does not own (check_pointers.c
 * made the sites). */
#include "spv_emit.h"

#include "camp_abi.h"

static const Type u64_type = {.kind = TY_INT, .size = 8, .align = 8, .name = "unsigned long"};

enum {
    SCRATCH_WORDS = CAMP_VIEW_TABLE_SCRATCH / 8,
    COUNT_WORD = SCRATCH_WORDS, /* then each view's first and end address */
    SEARCH_STEPS = 7,           /* 2^7 = CAMP_VIEW_TABLE_MAX views */
};
_Static_assert(1u << SEARCH_STEPS == CAMP_VIEW_TABLE_MAX, "the search covers the table");

static uint32_t op2(Emitter *e, SpvOp op, uint32_t type, uint32_t a, uint32_t b) {
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->code, op, type, id, a, b);
    return id;
}

static uint32_t select_value(Emitter *e, uint32_t type, uint32_t cond, uint32_t a, uint32_t b) {
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpSelect, type, id, cond, a, b);
    return id;
}

static uint32_t u64_const(Emitter *e, uint64_t v) { return spv_const_bits(&e->b, em_type(e, &u64_type), v, 64); }

/* table[word] */
static uint32_t table_word(Emitter *e, uint32_t table, uint32_t word) {
    uint32_t u64 = em_type(e, &u64_type), p = spv_new_id(&e->b), v = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpPtrAccessChain, spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, u64, 8), p,
           table, word);
    SPV_OP(&e->code, SpvOpLoad, u64, v, p, SpvMemoryAccessAlignedMask, 8);
    return v;
}

/* The word of view v's first (end: its end) address. */
static uint32_t view_word(Emitter *e, uint32_t v, bool end) {
    uint32_t u64 = em_type(e, &u64_type);
    return op2(e, SpvOpIAdd, u64, op2(e, SpvOpIMul, u64, v, u64_const(e, 2)), u64_const(e, COUNT_WORD + 1 + end));
}

Ptr em_check_pointer(Emitter *e, Expr *access, Ptr p, uint32_t index) {
    if (p.storage != SpvStorageClassPhysicalStorageBuffer) return p; /* an offset into a local or tile_static array */
    SpvBuilder *b = &e->b;
    uint32_t u64 = em_type(e, &u64_type), bool_t = spv_type_bool(b);
    uint32_t address = spv_new_id(b);
    SPV_OP(&e->code, SpvOpConvertPtrToU, u64, address, p.value);
    uint32_t table = em_report_view_table(e);
    uint32_t count = table_word(e, table, u64_const(e, COUNT_WORD));
    /* the last view whose first address is at most `address` (view 0 if none) */
    uint32_t view = u64_const(e, 0);
    for (int step = 1 << (SEARCH_STEPS - 1); step; step >>= 1) {
        uint32_t next = op2(e, SpvOpIAdd, u64, view, u64_const(e, (uint64_t)step));
        uint32_t exists = op2(e, SpvOpULessThan, bool_t, next, count);
        uint32_t first = table_word(e, table, view_word(e, select_value(e, u64, exists, next, view), false));
        uint32_t below = op2(e, SpvOpLogicalAnd, bool_t, exists, op2(e, SpvOpULessThanEqual, bool_t, first, address));
        view = select_value(e, u64, below, next, view);
    }
    uint32_t first = table_word(e, table, view_word(e, view, false));
    uint32_t end = table_word(e, table, view_word(e, view, true));
    uint32_t last = op2(e, SpvOpIAdd, u64, address, u64_const(e, (uint64_t)access->type->size));
    uint32_t inside = op2(e, SpvOpLogicalAnd, bool_t, op2(e, SpvOpULessThanEqual, bool_t, first, address),
                          op2(e, SpvOpULessThanEqual, bool_t, last, end));

    uint32_t report = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, inside, merge, report);
    e->terminated = true;
    em_begin_block(e, report);
    const Type *types[2] = {access->kind == EX_INDEX ? access->rhs->type : NULL, &u64_type};
    uint32_t values[2] = {index, address};
    int first_value = access->kind == EX_INDEX ? 0 : 1;
    em_report_failure(e, (uint32_t)access->ival - 1, CAMP_REPORT_POINTER, types + first_value, values + first_value,
                      2 - first_value);
    em_branch(e, merge);
    em_begin_block(e, merge);
    /* the scratch bytes hold any access but a larger object's, which goes where it pointed */
    if ((uint64_t)access->type->size <= CAMP_VIEW_TABLE_SCRATCH) {
        uint32_t scratch = spv_new_id(b);
        SPV_OP(&e->code, SpvOpConvertPtrToU, u64, scratch, table);
        p.value = spv_new_id(b);
        SPV_OP(&e->code, SpvOpConvertUToPtr, em_type(e, access->lhs->type), p.value,
               select_value(e, u64, inside, address, scratch));
    }
    return p;
}
