/* spv_check_ptr.c — -fcamp-check: an access through a pointer must lie
 * inside one of the launch's views (check_pointers.c made the sites). The
 * runtime gives the kernel a table of their address ranges (camp_abi.h).
 * A pointer computed from a capture is checked against that capture's
 * view alone, which the table holds by the capture's slot: two loads and
 * two comparisons. Any other check keeps the last view it found in a
 * Private variable of its own, and only when the address is not in it
 * searches the sorted views for the last one starting at or below the
 * address: a binary search of a fixed number of steps, no loop, since
 * lavapipe's loop budget counts every loop pass of a thread
 * (spv_loop_limit.c). A GPU skips the search in the common case, an
 * access that stays in one view; lavapipe runs it with its lanes masked
 * off. An access outside is reported with the pointer's index and
 * address, and goes to the table's scratch bytes instead, so that it
 * cannot write over memory it does not own. A pointer into a local or
 * tile_static array holds an element offset: it is checked against the
 * array's length, as an index is. */
#include "spv_emit.h"

#include "camp_abi.h"


enum {
    SCRATCH_WORDS = CAMP_VIEW_TABLE_SCRATCH / 8,
    COUNT_WORD = SCRATCH_WORDS,
    SLOT_WORDS = COUNT_WORD + 1, /* then each capture slot's view, then each view's first and end address */
    VIEW_WORDS = SLOT_WORDS + 2 * CAMP_VIEW_TABLE_SLOTS,
    SEARCH_STEPS = 5,           /* 2^5 = CAMP_VIEW_TABLE_MAX views */
};
_Static_assert(1u << SEARCH_STEPS == CAMP_VIEW_TABLE_MAX, "the search covers the table");

static uint32_t select_value(Emitter *e, uint32_t type, uint32_t cond, uint32_t a, uint32_t b) {
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpSelect, type, id, cond, a, b);
    return id;
}

static uint32_t u64_const(Emitter *e, uint64_t v) { return spv_const_bits(&e->b, em_type(e, type_int(8, false)), v, 64); }

/* table[word] */
static uint32_t table_word(Emitter *e, uint32_t table, uint32_t word) {
    uint32_t u64 = em_type(e, type_int(8, false)), p = spv_new_id(&e->b), v = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpPtrAccessChain, spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, u64, 8), p,
           table, word);
    SPV_OP(&e->code, SpvOpLoad, u64, v, p, SpvMemoryAccessAlignedMask, 8);
    return v;
}

/* The word of view v's first (end: its end) address. */
static uint32_t view_word(Emitter *e, uint32_t v, bool end) {
    uint32_t u64 = em_type(e, type_int(8, false));
    return em_op2(e, SpvOpIAdd, u64, em_op2(e, SpvOpIMul, u64, v, u64_const(e, 2)), u64_const(e, VIEW_WORDS + end));
}

/* The check's last view: first and end address (0 and 0: none yet). */
static uint32_t view_cache(Emitter *e, Expr *access) {
    uint32_t id = em_map_get(&e->view_caches, access);
    if (id) return id;
    SpvBuilder *b = &e->b;
    uint32_t pair = spv_type_vector(b, em_type(e, type_int(8, false)), 2);
    id = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpVariable, spv_type_pointer(b, SpvStorageClassPrivate, pair, 0), id,
           SpvStorageClassPrivate, spv_const_null(b, pair));
    spv_name(b, id, "view_cache");
    em_add_module_var(e, id);
    em_map_set(&e->view_caches, access, id);
    return id;
}

/* Whether [address, last) lies in the cached view. */
static uint32_t in_cached(Emitter *e, uint32_t cache, uint32_t address, uint32_t last) {
    uint32_t u64 = em_type(e, type_int(8, false)), bool_t = spv_type_bool(&e->b);
    uint32_t pair = spv_new_id(&e->b), first = spv_new_id(&e->b), end = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpLoad, spv_type_vector(&e->b, u64, 2), pair, cache);
    SPV_OP(&e->code, SpvOpCompositeExtract, u64, first, pair, 0);
    SPV_OP(&e->code, SpvOpCompositeExtract, u64, end, pair, 1);
    return em_op2(e, SpvOpLogicalAnd, bool_t, em_op2(e, SpvOpULessThanEqual, bool_t, first, address),
               em_op2(e, SpvOpULessThanEqual, bool_t, last, end));
}

/* The search: the last view whose first address is at most `address`
 * (view 0 if none) into the cache. */
static void search(Emitter *e, uint32_t cache, uint32_t table, uint32_t address) {
    uint32_t u64 = em_type(e, type_int(8, false)), bool_t = spv_type_bool(&e->b);
    uint32_t count = table_word(e, table, u64_const(e, COUNT_WORD));
    uint32_t view = u64_const(e, 0);
    for (int step = 1 << (SEARCH_STEPS - 1); step; step >>= 1) {
        uint32_t next = em_op2(e, SpvOpIAdd, u64, view, u64_const(e, (uint64_t)step));
        uint32_t exists = em_op2(e, SpvOpULessThan, bool_t, next, count);
        uint32_t first = table_word(e, table, view_word(e, select_value(e, u64, exists, next, view), false));
        uint32_t below = em_op2(e, SpvOpLogicalAnd, bool_t, exists, em_op2(e, SpvOpULessThanEqual, bool_t, first, address));
        view = select_value(e, u64, below, next, view);
    }
    uint32_t pair = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpCompositeConstruct, spv_type_vector(&e->b, u64, 2), pair,
           table_word(e, table, view_word(e, view, false)), table_word(e, table, view_word(e, view, true)));
    SPV_OP(&e->code, SpvOpStore, cache, pair);
}

/* If not `cond`, the blocks emit() makes, then on. */
static void unless(Emitter *e, uint32_t cond, void (*emit)(Emitter *, void *), void *ctx) {
    uint32_t then = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, cond, merge, then);
    e->terminated = true;
    em_begin_block(e, then);
    emit(e, ctx);
    em_branch(e, merge);
    em_begin_block(e, merge);
}

typedef struct Check {
    Expr *access;
    uint32_t cache, table, address, index;
} Check;

static void emit_search(Emitter *e, void *ctx) {
    Check *c = ctx;
    search(e, c->cache, c->table, c->address);
}

static void emit_report(Emitter *e, void *ctx) {
    Check *c = ctx;
    const Type *types[2] = {c->access->kind == EX_INDEX ? c->access->rhs->type : NULL, type_int(8, false)};
    uint32_t values[2] = {c->index, c->address};
    int first = c->access->kind == EX_INDEX ? 0 : 1;
    em_report_failure(e, (uint32_t)c->access->ival - 1, CAMP_REPORT_POINTER, types + first, values + first, 2 - first);
}

typedef struct OffsetCheck {
    Expr *access;
    uint32_t index, offset, length;
} OffsetCheck;

static void emit_offset_report(Emitter *e, void *ctx) {
    OffsetCheck *c = ctx;
    const Type *types[3] = {c->access->kind == EX_INDEX ? c->access->rhs->type : NULL, type_int(4, true), type_int(4, true)};
    uint32_t values[3] = {c->index, c->offset, c->length};
    int first = c->access->kind == EX_INDEX ? 0 : 1;
    em_report_failure(e, (uint32_t)c->access->ival, CAMP_REPORT_BOUNDS, types + first, values + first, 3 - first);
}

/* A pointer into a local or tile_static array: an element offset, which
 * must be below the array's length (else reported, and element 0 used);
 * one into a row of an array of arrays, whose offset may step over the
 * rows, below the whole array's count of elements. */
static Ptr check_offset(Emitter *e, Expr *access, Ptr p, uint32_t index) {
    uint32_t length = p.base_is_object || p.stride[0] ? 0 : spv_pointee_array_length(&e->b, p.base_type);
    if (!length) return p; /* a whole object, or a variable-length row */
    uint32_t offset = flat_row_offset(e, access, p, &length);
    if (!offset) offset = p.value;
    uint32_t i32 = em_type(e, type_int(4, true)), inside = spv_new_id(&e->b);
    OffsetCheck c = {access, index, offset, spv_const_bits(&e->b, i32, length, 32)};
    SPV_OP(&e->code, SpvOpULessThan, spv_type_bool(&e->b), inside, offset, c.length);
    unless(e, inside, emit_offset_report, &c);
    p.value = select_value(e, i32, inside, p.value, spv_const_bits(&e->b, i32, 0, 32));
    return p;
}

Ptr em_check_pointer(Emitter *e, Expr *access, Ptr p, uint32_t index) {
    if (p.storage != SpvStorageClassPhysicalStorageBuffer) return check_offset(e, access, p, index);
    SpvBuilder *b = &e->b;
    uint32_t u64 = em_type(e, type_int(8, false));
    Check c = {.access = access, .table = em_report_view_table(e),
               .address = spv_new_id(b), .index = index};
    SPV_OP(&e->code, SpvOpConvertPtrToU, u64, c.address, p.value);
    uint32_t last = em_op2(e, SpvOpIAdd, u64, c.address, u64_const(e, (uint64_t)access->type->size));
    const ReportSite *site = e->u->reports.items[access->ival - 1];
    uint32_t inside;
    uint32_t slot = site->view_root ? (site->view_root->push_offset - CAMP_PUSH_HEADER_SIZE) / 8 : 0;
    if (site->view_root && slot < CAMP_VIEW_TABLE_SLOTS) { /* else a search, as for a pointer of no known view */
        uint32_t bool_t = spv_type_bool(b);
        uint32_t first = table_word(e, c.table, u64_const(e, SLOT_WORDS + 2 * slot));
        uint32_t end = table_word(e, c.table, u64_const(e, SLOT_WORDS + 2 * slot + 1));
        inside = em_op2(e, SpvOpLogicalAnd, bool_t, em_op2(e, SpvOpULessThanEqual, bool_t, first, c.address),
                     em_op2(e, SpvOpULessThanEqual, bool_t, last, end));
    } else {
        c.cache = view_cache(e, access);
        unless(e, in_cached(e, c.cache, c.address, last), emit_search, &c);
        inside = in_cached(e, c.cache, c.address, last);
    }
    unless(e, inside, emit_report, &c);
    /* the scratch bytes hold any access but a larger object's, which goes where it pointed */
    if ((uint64_t)access->type->size <= CAMP_VIEW_TABLE_SCRATCH) {
        uint32_t scratch = spv_new_id(b);
        SPV_OP(&e->code, SpvOpConvertPtrToU, u64, scratch, c.table);
        p.value = spv_new_id(b);
        SPV_OP(&e->code, SpvOpConvertUToPtr, em_type(e, access->lhs->type), p.value,
               select_value(e, u64, inside, c.address, scratch));
    }
    return p;
}
