/* spv_stmt.c — statements → structured SPIR-V control flow: every if is a
 * selection construct with a merge block, every loop a loop construct with
 * a continue target, so the module obeys Vulkan's structured-CFG rules. */
#include "spv_emit.h"

static void emit_if(Emitter *e, Stmt *s) {
    uint32_t c = em_cond(e, s->expr);
    uint32_t then = em_label(e), merge = em_label(e), els = s->els ? em_label(e) : merge;
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, c, then, els);
    e->terminated = true;
    em_begin_block(e, then);
    em_stmt(e, s->then);
    bool then_ends = e->terminated;
    em_branch(e, merge);
    bool else_ends = false;
    if (s->els) {
        em_begin_block(e, els);
        em_stmt(e, s->els);
        else_ends = e->terminated;
        em_branch(e, merge);
    }
    em_begin_block(e, merge);
    if (then_ends && else_ends) em_terminate(e, SpvOpUnreachable); /* both arms left: nothing follows */
}

/* Enters a loop (cont its continue target) or a switch (cont 0). */
static void em_push_loop(Emitter *e, uint32_t brk, uint32_t cont) {
    e->loops = grow_array(e->loops, e->nloops, &e->cap_loops, sizeof *e->loops, 16);
    e->loops[e->nloops++] = (LoopTarget){brk, cont};
}

/* Whether a loop's test is missing (`for (;;)`) or a nonzero constant
 * (`while (1)`, `do ... while (1)`). */
static bool test_always_true(const Stmt *s) {
    const Expr *x = s->expr;
    while (x && x->kind == EX_CAST) x = x->lhs;
    return !x || (x->kind == EX_INT && x->ival != 0);
}

/* while, for and do: header → (condition) → body → continue → header. */
static void emit_loop(Emitter *e, Stmt *s) {
    if (s->init) em_stmt(e, s->init);
    uint32_t header = em_label(e), body = em_label(e), cont = em_label(e), merge = em_label(e);
    em_branch(e, header);
    em_begin_block(e, header);
    /* The library's loops of constant count, and small ones of the
     * program's: at -O1 and up the optimizer unrolls them (spv_inline.c
     * and unroll.c say why). A loop whose test is missing or constant
     * has no exit the driver sees, and gets lavapipe's (spv_loop_limit.c). */
    bool unroll = s->unroll;
    bool endless = !unroll && test_always_true(s);
    uint32_t beyond_budget = em_loop_pass(e, s->loc, endless);
    SPV_OP(&e->code, SpvOpLoopMerge, merge, cont, unroll ? SpvLoopControlUnrollMask : SpvLoopControlMaskNone);
    uint32_t first = s->kind == ST_DO || !s->expr ? body : em_label(e);
    if (!endless) {
        em_branch(e, first);
    } else {
        /* `if (beyond_budget) { report; break; }` in a block of its own: a
         * loop header's conditional branch to two blocks that merge nothing
         * is valid SPIR-V, but Mesa 25's SPIR-V reader warns about it (a
         * validation message). */
        uint32_t check = em_label(e), leave = em_label(e);
        em_branch(e, check);
        em_begin_block(e, check);
        SPV_OP(&e->code, SpvOpSelectionMerge, first, SpvSelectionControlMaskNone);
        SPV_OP(&e->code, SpvOpBranchConditional, beyond_budget, leave, first);
        e->terminated = true;
        em_begin_block(e, leave);
        em_loop_leave(e);
        em_branch(e, merge);
    }
    if (first != body) {
        em_begin_block(e, first);
        uint32_t c = em_cond(e, s->expr);
        SPV_OP(&e->code, SpvOpBranchConditional, c, body, merge);
        e->terminated = true;
    }
    em_begin_block(e, body);
    em_push_loop(e, merge, cont);
    em_stmt(e, s->then);
    e->nloops--;
    em_branch(e, cont);
    em_begin_block(e, cont);
    if (s->step) em_discard(e, s->step);
    if (s->kind == ST_DO) {
        uint32_t c = em_cond(e, s->expr);
        SPV_OP(&e->code, SpvOpBranchConditional, c, header, merge);
        e->terminated = true;
    } else {
        em_branch(e, header);
    }
    em_begin_block(e, merge);
}

/* switch: OpSwitch to one block per group of labels, in source order, so
 * falling through is a branch to the next target, as SPIR-V requires. When
 * `default` is not the first group, OpSwitch would list it first and break
 * that order: then the selector becomes the group's number, with OpSwitch's
 * own default never taken. */
static void emit_switch(Emitter *e, Stmt *s) {
    int n = s->body.len;
    uint32_t x = em_expr(e, s->expr), merge = em_label(e);
    const Type *t = s->expr->type;
    uint32_t type = em_type(e, t), bool_t = spv_type_bool(&e->b);
    uint32_t *labels = arena_alloc(&e->u->arena, sizeof *labels * (size_t)(n ? n : 1));
    int default_group = -1, nvalues = 0;
    for (int i = 0; i < n; i++) {
        SwitchCase *c = s->body.items[i];
        labels[i] = em_label(e);
        if (c->is_default) default_group = i;
        nvalues += c->nvalues;
    }
    bool by_group = default_group > 0;
    uint32_t selector = x;
    if (by_group) { /* group = x == v ? its group : … : default's group */
        uint32_t i32 = spv_type_int(&e->b, 32, false);
        selector = spv_const_u32(&e->b, (uint32_t)default_group);
        for (int i = n - 1; i >= 0; i--) {
            SwitchCase *c = s->body.items[i];
            for (int j = 0; j < c->nvalues; j++) {
                uint32_t eq = spv_new_id(&e->b), sel = spv_new_id(&e->b);
                uint32_t v = spv_const_bits(&e->b, type, (uint64_t)c->values[j], (uint32_t)t->size * 8);
                SPV_OP(&e->code, SpvOpIEqual, bool_t, eq, x, v);
                SPV_OP(&e->code, SpvOpSelect, i32, sel, eq, spv_const_u32(&e->b, (uint32_t)i), selector);
                selector = sel;
            }
        }
    }
    bool wide = !by_group && t->size == 8;
    size_t nops = 2 + (size_t)(by_group ? n : nvalues) * (wide ? 3 : 2);
    uint32_t *ops = arena_alloc(&e->u->arena, sizeof *ops * nops), k = 0;
    ops[k++] = selector;
    ops[k++] = default_group >= 0 && !by_group ? labels[default_group] : merge;
    for (int i = 0; i < n; i++) {
        SwitchCase *c = s->body.items[i];
        if (by_group) {
            ops[k++] = (uint32_t)i;
            ops[k++] = labels[i];
            continue;
        }
        for (int j = 0; j < c->nvalues; j++) {
            uint64_t v = (uint64_t)c->values[j];
            ops[k++] = (uint32_t)v;
            if (wide) ops[k++] = (uint32_t)(v >> 32);
            ops[k++] = labels[i];
        }
    }
    SPV_OP(&e->code, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    spv_op(&e->code, SpvOpSwitch, ops, k);
    e->terminated = true;
    em_push_loop(e, merge, 0);
    for (int i = 0; i < n; i++) {
        SwitchCase *c = s->body.items[i];
        em_begin_block(e, labels[i]);
        for (int j = 0; j < c->body.len && !e->terminated; j++) em_stmt(e, c->body.items[j]);
        em_branch(e, i + 1 < n ? labels[i + 1] : merge); /* fall through */
    }
    e->nloops--;
    em_begin_block(e, merge);
}

void em_stmt(Emitter *e, Stmt *s) {
    if (!s) return;
    if (s->kind != ST_BLOCK) em_line(e, s->loc);
    switch (s->kind) {
    case ST_EMPTY: return;
    case ST_EXPR: em_discard(e, s->expr); return;
    case ST_DECL:
        if (s->var->kind == VAR_TILE_STATIC) { /* one per tile, at module scope */
            em_tile_static(e, s->var);
            return;
        }
        /* its variable in this function: made on first use from here */
        em_map_set(&e->locals, s->var, 0);
        if (s->expr) em_store_local(e, s->var, s->expr);
        return;
    case ST_BLOCK:
        /* statements after a break, continue or return are dead: skip them */
        em_debug_enter(e, s);
        for (int i = 0; i < s->body.len && !e->terminated; i++) em_stmt(e, s->body.items[i]);
        em_debug_leave(e, s);
        return;
    case ST_IF: emit_if(e, s); return;
    case ST_SWITCH: emit_switch(e, s); return;
    case ST_WHILE: case ST_DO: case ST_FOR: emit_loop(e, s); return;
    case ST_BREAK: em_branch(e, e->loops[e->nloops - 1].brk); return;
    case ST_CONTINUE:
        for (int i = e->nloops - 1; i >= 0; i--)
            if (e->loops[i].cont) {
                em_branch(e, e->loops[i].cont);
                return;
            }
        em_terminate(e, SpvOpReturn); /* in a kernel body: this thread is done */
        return;
    case ST_RETURN:
        if (s->expr && s->expr->type->kind != TY_VOID) {
            uint32_t v = em_expr(e, s->expr);
            if (e->func->ret->kind == TY_PTR) v = em_op1(e, SpvOpConvertPtrToU, em_return_type(e, e->func), v);
            SPV_OP(&e->code, SpvOpReturnValue, v);
            e->terminated = true;
        } else {
            if (s->expr) em_expr(e, s->expr);
            em_terminate(e, SpvOpReturn);
        }
        return;
    }
}
