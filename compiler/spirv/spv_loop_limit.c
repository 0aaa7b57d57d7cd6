/* spv_loop_limit.c — lavapipe's loop budget, never a silent wrong result.
 *
 * Mesa's llvmpipe (lavapipe's compiler) before 25.0 gives each thread of a
 * shader one budget of 65,535 loop passes (CAMP_LAVAPIPE_LOOP_PASSES),
 * shared by every loop it runs (each pass of a loop's body counts, the one
 * that ends the loop too, and a loop that some lanes of a SIMD group skip
 * still costs the group a pass); when it runs out, every loop is left at
 * its next pass end as though it had finished, and the kernel goes on with
 * wrong values. Which pass runs out depends on the SIMD group, so it cannot
 * be predicted from one thread's view; it can be observed: after it ran
 * out, a loop of two passes stops after one.
 *
 * So a kernel that runs a loop (ir/loops.c) ends each thread with such a
 * canary loop, whose trip count (2) it reads from memory so that no
 * compiler can fold it. A canary cut short reports to a word the runtime
 * reads after the kernel (runtime/loop_limit.c): the loop site the thread
 * was in when its own count of passes reached the budget (each loop header
 * counts into a Private variable and notes its site), or 1 when unknown.
 * The report buffer's address is a pair of specialization constants that
 * the runtime sets only on such a lavapipe (runtime/loop_limit.c says
 * which): elsewhere they are 0, the canary is dead code after
 * specialization, and so are the counts.
 *
 * The canary runs only if the thread gets to the kernel's end, and a
 * loop with no exit (`for (;;)`, `while (1)`, `do ... while (1)`) has no
 * code after it for the driver: llvmpipe's budget then ends the thread
 * where it is, with no report. So such a loop's header also leaves the
 * loop once the thread's own count is beyond the budget, on lavapipe only:
 * the exit is never taken (the budget runs out first), but with it the
 * code after the loop, and the canary, stay. Loops with a test keep their
 * shape: a second exit, even one dead after specialization, cost NVIDIA's
 * compiler a fifth of a register-blocked SGEMM's speed. */
#include "spv_emit.h"

#include "camp_abi.h"

/* The Private counters and the report address, once per module. */
static void declare(Emitter *e) {
    if (e->loop_passes) return;
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), zero = spv_const_u32(b, 0);
    uint32_t private_u32 = spv_type_pointer(b, SpvStorageClassPrivate, u32, 0);
    e->loop_passes = spv_new_id(b);
    e->loop_site = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpVariable, private_u32, e->loop_passes, SpvStorageClassPrivate, zero);
    SPV_OP(&b->globals, SpvOpVariable, private_u32, e->loop_site, SpvStorageClassPrivate, zero);
    spv_name(b, e->loop_passes, "loop_passes");
    spv_name(b, e->loop_site, "loop_site");
    em_add_module_var(e, e->loop_passes);
    em_add_module_var(e, e->loop_site);
    static const uint32_t spec_ids[2] = {CAMP_SPEC_LOOP_REPORT_LO, CAMP_SPEC_LOOP_REPORT_HI};
    for (int i = 0; i < 2; i++) {
        e->loop_report[i] = spv_new_id(b);
        SPV_OP(&b->globals, SpvOpSpecConstant, u32, e->loop_report[i], 0);
        spv_decorate(b, e->loop_report[i], SpvDecorationSpecId, &spec_ids[i], 1);
        spv_name(b, e->loop_report[i], i ? "loop_report_hi" : "loop_report_lo");
    }
}

/* On lavapipe: the report's address is not 0. Declared for the first loop
 * with no exit, so that modules without one keep their words. */
static uint32_t budget_applies(Emitter *e) {
    if (e->loop_on) return e->loop_on;
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), either = spv_new_id(b);
    e->loop_on = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpSpecConstantOp, u32, either, SpvOpBitwiseOr, e->loop_report[0], e->loop_report[1]);
    SPV_OP(&b->globals, SpvOpSpecConstantOp, spv_type_bool(b), e->loop_on, SpvOpINotEqual, either,
           spv_const_u32(b, 0));
    spv_name(b, e->loop_on, "loop_budget_applies");
    return e->loop_on;
}

uint32_t em_loop_pass(Emitter *e, SrcLoc loc, bool exit) {
    declare(e);
    Unit *u = e->u;
    SrcLoc *site = arena_alloc(&u->arena, sizeof *site);
    *site = loc;
    vec_push(&u->arena, &u->loop_sites, site);
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), bool_t = spv_type_bool(b);
    uint32_t passes = spv_new_id(b), counted = spv_new_id(b), within = spv_new_id(b), noted = spv_new_id(b),
             now = spv_new_id(b);
    SPV_OP(&e->code, SpvOpLoad, u32, passes, e->loop_passes);
    SPV_OP(&e->code, SpvOpIAdd, u32, counted, passes, spv_const_u32(b, 1));
    SPV_OP(&e->code, SpvOpStore, e->loop_passes, counted);
    SPV_OP(&e->code, SpvOpULessThanEqual, bool_t, within, counted, spv_const_u32(b, CAMP_LAVAPIPE_LOOP_PASSES));
    SPV_OP(&e->code, SpvOpLoad, u32, noted, e->loop_site);
    SPV_OP(&e->code, SpvOpSelect, u32, now, within, spv_const_u32(b, (uint32_t)u->loop_sites.len), noted);
    SPV_OP(&e->code, SpvOpStore, e->loop_site, now);
    if (!exit) return 0;
    uint32_t beyond = em_op1(e, SpvOpLogicalNot, bool_t, within);
    return em_op2(e, SpvOpLogicalAnd, bool_t, budget_applies(e), beyond);
}

/* report[0] = max(report[0], the site + 1) */
static void emit_report(Emitter *e, uint32_t report) {
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false);
    uint32_t site = spv_new_id(b), value = spv_new_id(b), old = spv_new_id(b);
    SPV_OP(&e->code, SpvOpLoad, u32, site, e->loop_site);
    SPV_OP(&e->code, SpvOpIAdd, u32, value, site, spv_const_u32(b, 1));
    SPV_OP(&e->code, SpvOpAtomicUMax, u32, old, report, spv_const_u32(b, SpvScopeDevice),
           spv_const_u32(b, SpvMemorySemanticsMaskNone), value);
}

/* The report's address, on lavapipe. */
static uint32_t report_address(Emitter *e, uint32_t address, uint32_t report) {
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false);
    uint32_t psb_u32 = spv_type_pointer(b, SpvStorageClassPhysicalStorageBuffer, u32, 4);
    SPV_OP(&e->code, SpvOpCompositeConstruct, spv_type_vector(b, u32, 2), address, e->loop_report[0],
           e->loop_report[1]);
    SPV_OP(&e->code, SpvOpBitcast, psb_u32, report, address);
    return report;
}

void em_loop_leave(Emitter *e) {
    uint32_t address = spv_new_id(&e->b), report = spv_new_id(&e->b);
    emit_report(e, report_address(e, address, report));
}

void em_loop_check(Emitter *e) {
    if (!e->kernel || !e->kernel->loop_check) return;
    declare(e);
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), bool_t = spv_type_bool(b), zero = spv_const_u32(b, 0),
             one = spv_const_u32(b, 1);
    uint32_t psb_u32 = spv_type_pointer(b, SpvStorageClassPhysicalStorageBuffer, u32, 4);
    /* on lavapipe only: a report address */
    uint32_t either = spv_new_id(b), on = spv_new_id(b), check = em_label(e), done = em_label(e);
    SPV_OP(&e->code, SpvOpBitwiseOr, u32, either, e->loop_report[0], e->loop_report[1]);
    SPV_OP(&e->code, SpvOpINotEqual, bool_t, on, either, zero);
    SPV_OP(&e->code, SpvOpSelectionMerge, done, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, on, check, done);
    e->terminated = true;
    em_begin_block(e, check);
    uint32_t address = spv_new_id(b), report = spv_new_id(b), passes_at = spv_new_id(b), passes = spv_new_id(b);
    report_address(e, address, report);
    SPV_OP(&e->code, SpvOpPtrAccessChain, psb_u32, passes_at, report, one);
    SPV_OP(&e->code, SpvOpLoad, u32, passes, passes_at, SpvMemoryAccessAlignedMask, 4);
    /* the canary: count to `passes` (2), one per pass */
    CarriedLoop canary = em_carried_loop_begin(e, u32, zero, SpvLoopControlDontUnrollMask);
    uint32_t count = canary.value, counted = canary.next, again = spv_new_id(b);
    SPV_OP(&e->code, SpvOpIAdd, u32, counted, count, one);
    SPV_OP(&e->code, SpvOpULessThan, bool_t, again, counted, passes);
    em_carried_loop_end(e, canary, again, true);
    /* Cut short: the budget ran out before. The test is the loop's own,
     * with `passes` loaded again: compilers know the loop's test to be
     * false after it (only its exit edge leads there), but cannot know
     * that the memory still holds the same. */
    uint32_t passes_again = spv_new_id(b), cut = spv_new_id(b), tell = em_label(e), told = em_label(e);
    SPV_OP(&e->code, SpvOpLoad, u32, passes_again, passes_at, SpvMemoryAccessAlignedMask, 4);
    SPV_OP(&e->code, SpvOpULessThan, bool_t, cut, counted, passes_again);
    SPV_OP(&e->code, SpvOpSelectionMerge, told, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, cut, tell, told);
    e->terminated = true;
    em_begin_block(e, tell);
    emit_report(e, report);
    em_branch(e, told);
    em_begin_block(e, told);
    em_branch(e, done);
    em_begin_block(e, done);
}
