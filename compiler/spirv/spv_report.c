/* spv_report.c — printf, assert and -fcamp-check's index checks on the
 * device: a thread that reports appends a record (camp_abi.h) to the
 * launch's report buffer, whose address and launch number a reporting
 * kernel finds in its push constants. The kernel's prologue copies them,
 * with the thread's global index, into Private variables, so that amp
 * functions report too. A record that does not fit is counted, never
 * written past the end. */
#include "spv_emit.h"

#include "camp_abi.h"

enum { REPORT_BUFFER, REPORT_LAUNCH, REPORT_INDEX, REPORT_VIEWS };

static uint32_t u32_type(Emitter *e) { return spv_type_int(&e->b, 32, false); }

/* The buffer as 32-bit words (OpPtrAccessChain steps one word). */
static uint32_t buffer_type(Emitter *e) {
    return spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, u32_type(e), 4);
}


/* The view table as 64-bit words. */
static uint32_t table_type(Emitter *e) {
    return spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, em_type(e, type_int(8, false)), 8);
}

static uint32_t var_type(Emitter *e, int which) {
    switch (which) {
    case REPORT_BUFFER: return buffer_type(e);
    case REPORT_LAUNCH: return u32_type(e);
    case REPORT_VIEWS: return table_type(e);
    default: return spv_type_vector(&e->b, u32_type(e), 3);
    }
}

/* The Private variables, made on the first reporting kernel (the view
 * table's in checked modules only). */
static void declare_vars(Emitter *e) {
    if (e->report_vars[0]) return;
    static const char *const names[] = {"report_buffer", "report_launch", "report_index", "view_table"};
    for (int i = 0; i < (e->u->opts->check ? 4 : 3); i++) {
        uint32_t id = spv_new_id(&e->b);
        SPV_OP(&e->b.globals, SpvOpVariable, spv_type_pointer(&e->b, SpvStorageClassPrivate, var_type(e, i), 0), id,
               SpvStorageClassPrivate);
        spv_name(&e->b, id, names[i]);
        em_add_module_var(e, id);
        e->report_vars[i] = id;
    }
    spv_decorate(&e->b, e->report_vars[REPORT_BUFFER], SpvDecorationAliasedPointer, NULL, 0);
    if (e->report_vars[REPORT_VIEWS])
        spv_decorate(&e->b, e->report_vars[REPORT_VIEWS], SpvDecorationAliasedPointer, NULL, 0);
}

static uint32_t load_var(Emitter *e, int which) {
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpLoad, var_type(e, which), id, e->report_vars[which]);
    return id;
}

/* ---- the push constants and the prologue ------------------------------------------ */

int em_report_push_members(Emitter *e, const Kernel *k, uint32_t *members) {
    if (!k->reports) return 0;
    members[0] = buffer_type(e);
    members[1] = u32_type(e);
    if (!k->view_table_offset) return 2;
    members[2] = table_type(e);
    return 3;
}

void em_report_push_offsets(Emitter *e, const Kernel *k, uint32_t block, uint32_t first) {
    if (!k->reports) return;
    spv_member_decorate(&e->b, block, first, SpvDecorationOffset, k->report_offset);
    spv_member_decorate(&e->b, block, first + 1, SpvDecorationOffset, k->report_offset + 8);
    if (k->view_table_offset) spv_member_decorate(&e->b, block, first + 2, SpvDecorationOffset, k->view_table_offset);
}

/* The thread's index in the whole grid, x y z: the dispatch's workgroup
 * (offset by the runtime's split of large grids) times the workgroup size,
 * plus the local index; extent64's, its two words. */
static uint32_t global_index(Emitter *e, Kernel *k) {
    uint32_t u32 = u32_type(e), v3 = spv_type_vector(&e->b, u32, 3);
    uint32_t id = spv_new_id(&e->b);
    if (k->wide_index) { /* extent64's index, made by now: its low and high words as x and y (camp_abi.h) */
        uint32_t i64 = spv_type_int(&e->b, 64, true), pair = spv_new_id(&e->b);
        uint32_t index = em_op1(e, SpvOpLoad, i64, em_map_get(&e->locals, k->idx));
        SPV_OP(&e->code, SpvOpBitcast, spv_type_vector(&e->b, u32, 2), pair, index);
        uint32_t low = spv_new_id(&e->b), high = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, low, pair, 0);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, high, pair, 1);
        SPV_OP(&e->code, SpvOpCompositeConstruct, v3, id, low, high, spv_const_u32(&e->b, 0));
        return id;
    }
    uint32_t wg = spv_new_id(&e->b), lid = spv_new_id(&e->b), g[3];
    SPV_OP(&e->code, SpvOpLoad, v3, wg, e->builtin_workgroup);
    SPV_OP(&e->code, SpvOpLoad, v3, lid, e->builtin_local);
    for (uint32_t d = 0; d < 3; d++) {
        uint32_t w = spv_new_id(&e->b), l = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, w, wg, d);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, l, lid, d);
        uint32_t size = k->tiled ? spv_const_u32(&e->b, k->local_size[d]) : e->workgroup_size[d];
        uint32_t group = em_op2(e, SpvOpIAdd, u32, w, em_push_member(e, 3 + d, u32));
        g[d] = em_op2(e, SpvOpIAdd, u32, em_op2(e, SpvOpIMul, u32, group, size), l);
    }
    SPV_OP(&e->code, SpvOpCompositeConstruct, v3, id, g[0], g[1], g[2]);
    return id;
}

void em_report_prologue(Emitter *e, Kernel *k) {
    if (!k->reports) return;
    declare_vars(e);
    uint32_t member = em_push_report_member(k);
    uint32_t values[3] = {em_push_member(e, member, buffer_type(e)), em_push_member(e, member + 1, u32_type(e)),
                          global_index(e, k)};
    for (int i = 0; i < 3; i++) SPV_OP(&e->code, SpvOpStore, e->report_vars[i], values[i]);
    if (k->view_table_offset)
        SPV_OP(&e->code, SpvOpStore, e->report_vars[REPORT_VIEWS], em_push_member(e, member + 2, table_type(e)));
}

uint32_t em_report_view_table(Emitter *e) {
    if (!e->report_vars[REPORT_VIEWS]) unreachable("a pointer check outside a checked module");
    return load_var(e, REPORT_VIEWS);
}

/* ---- a report ------------------------------------------------------------------------ */

enum { MAX_RECORD_WORDS = CAMP_RECORD_VALUES + 2 * 4 * 32 };

typedef struct Record {
    uint32_t words[MAX_RECORD_WORDS];
    uint32_t n;
} Record;

static void put_word(Record *r, uint32_t id) {
    if (r->n == MAX_RECORD_WORDS) unreachable("a record longer than printf's check allows");
    r->words[r->n++] = id;
}

/* A scalar of type t, as one word or (64 bits) two, low first. */
static void put_scalar(Emitter *e, Record *r, const Type *t, uint32_t v) {
    uint32_t u32 = u32_type(e);
    if (t->size == 8) {
        uint32_t pair = spv_new_id(&e->b), lo = spv_new_id(&e->b), hi = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpBitcast, spv_type_vector(&e->b, u32, 2), pair, v);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, lo, pair, 0);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, hi, pair, 1);
        put_word(r, lo);
        put_word(r, hi);
        return;
    }
    bool is_signed = t->kind == TY_INT && t->is_signed;
    if ((t->kind == TY_INT || t->kind == TY_BOOL) && t->size < 4) /* a narrow index: widened as C promotes it */
        v = em_op1(e, is_signed ? SpvOpSConvert : SpvOpUConvert, is_signed ? em_type(e, type_int(4, true)) : u32, v);
    if ((t->kind == TY_INT && !is_signed) || t->kind == TY_BOOL) {
        put_word(r, v);
        return;
    }
    uint32_t w = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpBitcast, u32, w, v);
    put_word(r, w);
}

static void put_value(Emitter *e, Record *r, Expr *x) {
    const Type *t = x->type;
    if (t->kind == TY_PTR) {
        Ptr p = em_ptr(e, x);
        if (p.storage != SpvStorageClassPhysicalStorageBuffer) {
            em_internal(e, x->loc, "'%p' of a pointer without a device address (ptr_storage.c checks)");
            return;
        }
        put_scalar(e, r, t, p.value);
        return;
    }
    uint32_t v = em_expr(e, x);
    if (t->kind != TY_VECTOR) {
        put_scalar(e, r, t, v);
        return;
    }
    for (int i = 0; i < t->len; i++) {
        uint32_t c = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpCompositeExtract, em_type(e, t->base), c, v, (uint32_t)i);
        put_scalar(e, r, t->base, c);
    }
}

static uint32_t word_at(Emitter *e, uint32_t buffer, uint32_t index) {
    uint32_t p = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpPtrAccessChain, buffer_type(e), p, buffer, index);
    return p;
}

static void atomic_add(Emitter *e, uint32_t ptr, uint32_t value, uint32_t *result) {
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpAtomicIAdd, u32_type(e), id, ptr, spv_const_u32(&e->b, SpvScopeDevice),
           spv_const_u32(&e->b, SpvMemorySemanticsMaskNone), value);
    if (result) *result = id;
}

/* Reserves the record's words and writes them where they fit, else
 * counts the record in its kind's dropped counter. */
static void append(Emitter *e, const Record *r, int kind) {
    SpvBuilder *b = &e->b;
    uint32_t u32 = u32_type(e), bool_t = spv_type_bool(b), n = spv_const_u32(b, r->n);
    uint32_t buffer = load_var(e, REPORT_BUFFER), at;
    atomic_add(e, buffer, n, &at);
    uint32_t capacity = spv_new_id(b);
    SPV_OP(&e->code, SpvOpLoad, u32, capacity, word_at(e, buffer, spv_const_u32(b, CAMP_REPORT_CAPACITY)),
           SpvMemoryAccessAlignedMask, 4);
    /* at + n <= capacity, without wrapping */
    uint32_t inside = em_op2(e, SpvOpULessThan, bool_t, at, capacity);
    uint32_t room = em_op2(e, SpvOpUGreaterThanEqual, bool_t, em_op2(e, SpvOpISub, u32, capacity, at), n);
    uint32_t fits = em_op2(e, SpvOpLogicalAnd, bool_t, inside, room);
    uint32_t write = em_label(e), drop = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, fits, write, drop);
    e->terminated = true;
    em_begin_block(e, write);
    uint32_t first = em_op2(e, SpvOpIAdd, u32, at, spv_const_u32(b, CAMP_REPORT_RECORDS));
    for (uint32_t i = 0; i < r->n; i++) {
        uint32_t index = i ? em_op2(e, SpvOpIAdd, u32, first, spv_const_u32(b, i)) : first;
        SPV_OP(&e->code, SpvOpStore, word_at(e, buffer, index), r->words[i], SpvMemoryAccessAlignedMask, 4);
    }
    em_branch(e, merge);
    em_begin_block(e, drop);
    uint32_t counter = kind == CAMP_REPORT_PRINTF ? CAMP_REPORT_DROPPED_PRINTS : CAMP_REPORT_DROPPED_FAILURES;
    atomic_add(e, word_at(e, buffer, spv_const_u32(b, counter)), spv_const_u32(b, 1), NULL);
    em_branch(e, merge);
    em_begin_block(e, merge);
}

/* The record's header, once its values are in. */
static void put_header(Emitter *e, Record *r, uint32_t site) {
    if (!e->report_vars[0]) unreachable("a report in a kernel report_scan did not mark");
    uint32_t u32 = u32_type(e), index = load_var(e, REPORT_INDEX);
    r->words[CAMP_RECORD_WORDS] = spv_const_u32(&e->b, r->n);
    r->words[CAMP_RECORD_SITE] = spv_const_u32(&e->b, site);
    r->words[CAMP_RECORD_LAUNCH] = load_var(e, REPORT_LAUNCH);
    for (uint32_t d = 0; d < 3; d++) {
        r->words[CAMP_RECORD_INDEX + d] = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, r->words[CAMP_RECORD_INDEX + d], index, d);
    }
}

uint32_t em_report(Emitter *e, Expr *x) {
    const ReportSite *site = e->u->reports.items[x->ival];
    Record r = {.n = CAMP_RECORD_VALUES};
    for (int i = 0; i < x->nargs; i++) put_value(e, &r, x->args[i]);
    if (e->failed) return 0;
    put_header(e, &r, (uint32_t)x->ival);
    append(e, &r, site->kind);
    /* A failed assert ends its thread where that is safe: in an untiled
     * kernel's body. In a tiled kernel the tile's other threads may wait
     * for it at a barrier, and an amp function cannot end its caller: the
     * thread goes on, its results already untrusted (docs/debugging.md). */
    if (site->kind == CAMP_REPORT_ASSERT && e->kernel && !e->kernel->tiled) em_terminate(e, SpvOpReturn);
    /* printf's value, where it is used: 0, OpenCL C's success (the line is
     * formatted, and its characters counted, only on the host later) */
    return x->type->kind == TY_VOID ? 0 : spv_const_null(&e->b, em_type(e, x->type));
}

void em_report_failure(Emitter *e, uint32_t site, int kind, const Type *const *types, const uint32_t *values, int n) {
    Record r = {.n = CAMP_RECORD_VALUES};
    for (int i = 0; i < n; i++) put_scalar(e, &r, types[i], values[i]);
    put_header(e, &r, site);
    append(e, &r, kind);
}

/* -fcamp-check's index: itself where it is inside the array; else
 * reported, and 0. A divisor (no length): itself where it is not 0; else
 * reported, and 1 (check_bounds.c). */
uint32_t em_bounds(Emitter *e, Expr *x) {
    SpvBuilder *b = &e->b;
    uint32_t type = em_type(e, x->type), width = (uint32_t)x->type->size * 8;
    uint32_t index = em_expr(e, x->lhs);
    bool divisor = !x->rhs;
    /* unsigned: a negative index is a huge one */
    uint32_t inside = divisor ? em_op2(e, SpvOpINotEqual, spv_type_bool(b), index, spv_const_bits(b, type, 0, width))
                              : em_op2(e, SpvOpULessThan, spv_type_bool(b), index,
                                       spv_const_bits(b, type, (uint64_t)x->rhs->ival, width));
    uint32_t report = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, inside, merge, report);
    e->terminated = true;
    em_begin_block(e, report);
    Record r = {.n = CAMP_RECORD_VALUES};
    put_scalar(e, &r, x->type, index);
    put_header(e, &r, (uint32_t)x->ival);
    append(e, &r, divisor ? CAMP_REPORT_DIVISION : CAMP_REPORT_BOUNDS);
    em_branch(e, merge);
    em_begin_block(e, merge);
    uint32_t result = spv_new_id(b);
    SPV_OP(&e->code, SpvOpSelect, type, result, inside, index, spv_const_bits(b, type, divisor ? 1 : 0, width));
    return result;
}
