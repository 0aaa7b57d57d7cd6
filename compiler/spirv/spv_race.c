/* spv_race.c — -fcamp-check's tile_static race checks on the device
 * (check_races.c made the EX_RACE nodes and the shadow variables). A
 * shadow word holds a thread's tag: its barrier epoch (16 bits, never 0)
 * above its linear index in the tile plus 1. The kernel's prologue zeroes
 * the shadows (tag 0: no thread) and waits for the tile; each barrier
 * starts a new epoch. Before a read, the thread puts its tag in the
 * element's reader word and compares the writer word's; before a write,
 * it puts its tag in the writer word and compares the old writer and the
 * reader: a tag of this epoch but another thread is a race. The shadow
 * words are changed and read atomically, so the second of two racing
 * accesses always sees the first; of several readers, only the last is
 * remembered. */
#include "spv_emit.h"

#include "camp_abi.h"


enum { RACE_EPOCH, RACE_THREAD };

static uint32_t u32(Emitter *e) { return spv_type_int(&e->b, 32, false); }

static uint32_t k32(Emitter *e, uint32_t v) { return spv_const_u32(&e->b, v); }

/* The Private epoch (from 1) and thread tag, once per module. */
static void declare(Emitter *e) {
    if (e->race_vars[RACE_EPOCH]) return;
    static const char *const names[] = {"race_epoch", "race_thread"};
    for (int i = 0; i < 2; i++) {
        uint32_t id = spv_new_id(&e->b);
        SPV_OP(&e->b.globals, SpvOpVariable, spv_type_pointer(&e->b, SpvStorageClassPrivate, u32(e), 0), id,
               SpvStorageClassPrivate, k32(e, i == RACE_EPOCH ? 1 : 0));
        spv_name(&e->b, id, names[i]);
        em_add_module_var(e, id);
        e->race_vars[i] = id;
    }
}

static uint32_t load(Emitter *e, int which) {
    declare(e);
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpLoad, u32(e), id, e->race_vars[which]);
    return id;
}

static void store(Emitter *e, int which, uint32_t value) {
    declare(e);
    SPV_OP(&e->code, SpvOpStore, e->race_vars[which], value);
}

static uint32_t select_u32(Emitter *e, uint32_t cond, uint32_t a, uint32_t b) {
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpSelect, u32(e), id, cond, a, b);
    return id;
}

static void barrier(Emitter *e) {
    uint32_t scope = k32(e, SpvScopeWorkgroup);
    SPV_OP(&e->code, SpvOpControlBarrier, scope, scope,
           k32(e, SpvMemorySemanticsAcquireReleaseMask | SpvMemorySemanticsWorkgroupMemoryMask));
}

/* A pointer to word `index` of shadow variable v. */
static uint32_t shadow_word(Emitter *e, Var *v, uint32_t index) {
    uint32_t p = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpAccessChain, spv_type_pointer(&e->b, SpvStorageClassWorkgroup, u32(e), 0), p,
           em_tile_static(e, v), index);
    return p;
}

void em_race_prologue(Emitter *e, Kernel *k) {
    int shadows = 0;
    for (int i = 0; i < k->tile_statics.len; i++) shadows += ((Var *)k->tile_statics.items[i])->race_shadow;
    if (!shadows) return;
    SpvBuilder *b = &e->b;
    uint32_t v3 = spv_type_vector(b, u32(e), 3), lid = spv_new_id(b), c[3];
    SPV_OP(&e->code, SpvOpLoad, v3, lid, e->builtin_local);
    for (uint32_t d = 0; d < 3; d++) {
        c[d] = spv_new_id(b);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32(e), c[d], lid, d);
    }
    /* x + size_x * (y + size_y * z) */
    uint32_t yz = em_op2(e, SpvOpIAdd, u32(e), c[1], em_op2(e, SpvOpIMul, u32(e), c[2], k32(e, k->local_size[1])));
    uint32_t linear = em_op2(e, SpvOpIAdd, u32(e), c[0], em_op2(e, SpvOpIMul, u32(e), yz, k32(e, k->local_size[0])));
    store(e, RACE_THREAD, linear);
    /* each thread zeroes every tile-size-th word from its own, in as many
     * rounds as that takes (straight-line code: no loop counts against
     * lavapipe's loop budget) */
    uint32_t tile = k->local_size[0] * k->local_size[1] * k->local_size[2];
    for (int i = 0; i < k->tile_statics.len; i++) {
        Var *v = k->tile_statics.items[i];
        if (!v->race_shadow) continue;
        uint32_t words = (uint32_t)v->type->len;
        for (uint32_t round = 0; round * tile < words; round++) {
            uint32_t at = em_op2(e, SpvOpIAdd, u32(e), linear, k32(e, round * tile));
            uint32_t inside = em_op2(e, SpvOpULessThan, spv_type_bool(b), at, k32(e, words));
            SPV_OP(&e->code, SpvOpStore, shadow_word(e, v, select_u32(e, inside, at, k32(e, 0))), k32(e, 0));
        }
    }
    barrier(e);
}

void em_race_barrier(Emitter *e) {
    /* the epoch's low 16 bits go into tags: they skip 0, the zeroed shadows' */
    uint32_t next = em_op2(e, SpvOpIAdd, u32(e), load(e, RACE_EPOCH), k32(e, 1));
    uint32_t wraps = em_op2(e, SpvOpIEqual, spv_type_bool(&e->b), em_op2(e, SpvOpBitwiseAnd, u32(e), next, k32(e, 0xffff)),
                         k32(e, 0));
    store(e, RACE_EPOCH, select_u32(e, wraps, em_op2(e, SpvOpIAdd, u32(e), next, k32(e, 1)), next));
}

static uint32_t atomic(Emitter *e, SpvOp op, uint32_t ptr, uint32_t value) {
    uint32_t id = spv_new_id(&e->b), scope = k32(e, SpvScopeWorkgroup), none = k32(e, SpvMemorySemanticsMaskNone);
    if (op == SpvOpAtomicLoad) SPV_OP(&e->code, op, u32(e), id, ptr, scope, none);
    else SPV_OP(&e->code, op, u32(e), id, ptr, scope, none, value);
    return id;
}

/* Whether `seen` is another thread's tag of this epoch. */
static uint32_t conflicts(Emitter *e, uint32_t seen, uint32_t tag) {
    uint32_t bool_t = spv_type_bool(&e->b), mask = k32(e, 0xffff0000u);
    uint32_t same_epoch = em_op2(e, SpvOpIEqual, bool_t, em_op2(e, SpvOpBitwiseAnd, u32(e), seen, mask),
                              em_op2(e, SpvOpBitwiseAnd, u32(e), tag, mask));
    return em_op2(e, SpvOpLogicalAnd, bool_t, same_epoch, em_op2(e, SpvOpINotEqual, bool_t, seen, tag));
}

/* If `cond`, reports site with the element, this thread and the tag's. */
static void report_if(Emitter *e, uint32_t cond, uint32_t site, uint32_t element, uint32_t thread, uint32_t seen) {
    uint32_t report = em_label(e), merge = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, cond, report, merge);
    e->terminated = true;
    em_begin_block(e, report);
    uint32_t other = em_op2(e, SpvOpISub, u32(e), em_op2(e, SpvOpBitwiseAnd, u32(e), seen, k32(e, 0xffff)), k32(e, 1));
    const Type *types[3] = {type_int(4, false), type_int(4, false), type_int(4, false)};
    uint32_t values[3] = {element, thread, other};
    em_report_failure(e, site, CAMP_REPORT_RACE, types, values, 3);
    em_branch(e, merge);
    em_begin_block(e, merge);
}

uint32_t em_race(Emitter *e, Expr *x) {
    SpvBuilder *b = &e->b;
    Var *writers = x->args[0]->var, *readers = x->args[1]->var;
    uint32_t words = (uint32_t)writers->type->len;
    uint32_t element = spv_new_id(b);
    SPV_OP(&e->code, SpvOpBitcast, u32(e), element, em_expr(e, x->lhs));
    /* an index out of bounds (reported by its own check) stays inside the shadow */
    element = select_u32(e, em_op2(e, SpvOpULessThan, spv_type_bool(b), element, k32(e, words)), element, k32(e, 0));
    uint32_t thread = load(e, RACE_THREAD);
    uint32_t tag = em_op2(e, SpvOpBitwiseOr, u32(e), em_op2(e, SpvOpShiftLeftLogical, u32(e), load(e, RACE_EPOCH), k32(e, 16)),
                       em_op2(e, SpvOpIAdd, u32(e), thread, k32(e, 1)));
    uint32_t writer = shadow_word(e, writers, element), reader = shadow_word(e, readers, element);
    uint32_t site = (uint32_t)x->ival;
    if (!x->rhs) { /* a read */
        atomic(e, SpvOpAtomicExchange, reader, tag);
        uint32_t wrote = atomic(e, SpvOpAtomicLoad, writer, 0);
        report_if(e, conflicts(e, wrote, tag), site, element, thread, wrote);
        return 0;
    }
    uint32_t wrote = atomic(e, SpvOpAtomicExchange, writer, tag);
    uint32_t read = atomic(e, SpvOpAtomicLoad, reader, 0);
    uint32_t over_write = conflicts(e, wrote, tag);
    report_if(e, over_write, site, element, thread, wrote);
    uint32_t bool_t = spv_type_bool(b), not_over = spv_new_id(b);
    SPV_OP(&e->code, SpvOpLogicalNot, bool_t, not_over, over_write);
    report_if(e, em_op2(e, SpvOpLogicalAnd, bool_t, not_over, conflicts(e, read, tag)), site + 1, element, thread, read);
    return 0;
}
