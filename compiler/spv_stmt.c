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

/* while, for and do: header → (condition) → body → continue → header. */
static void emit_loop(Emitter *e, Stmt *s) {
    if (e->nloops == 64) {
        em_error(e, s->loc, "loops nested more than 64 deep");
        return;
    }
    if (s->init) em_stmt(e, s->init);
    uint32_t header = em_label(e), body = em_label(e), cont = em_label(e), merge = em_label(e);
    em_branch(e, header);
    em_begin_block(e, header);
    SPV_OP(&e->code, SpvOpLoopMerge, merge, cont, SpvLoopControlMaskNone);
    if (s->kind == ST_DO || !s->expr) {
        em_branch(e, body);
    } else {
        uint32_t check = em_label(e);
        em_branch(e, check);
        em_begin_block(e, check);
        uint32_t c = em_cond(e, s->expr);
        SPV_OP(&e->code, SpvOpBranchConditional, c, body, merge);
        e->terminated = true;
    }
    em_begin_block(e, body);
    e->loops[e->nloops++] = (LoopTarget){merge, cont};
    em_stmt(e, s->then);
    e->nloops--;
    em_branch(e, cont);
    em_begin_block(e, cont);
    if (s->step) em_expr(e, s->step);
    if (s->kind == ST_DO) {
        uint32_t c = em_cond(e, s->expr);
        SPV_OP(&e->code, SpvOpBranchConditional, c, header, merge);
        e->terminated = true;
    } else {
        em_branch(e, header);
    }
    em_begin_block(e, merge);
}

void em_stmt(Emitter *e, Stmt *s) {
    if (!s) return;
    switch (s->kind) {
    case ST_EMPTY: return;
    case ST_EXPR: em_expr(e, s->expr); return;
    case ST_DECL:
        s->var->spv_id = em_local(e, s->var->type, s->var->name);
        if (s->expr) em_store(e, (LValue){s->var->spv_id, SpvStorageClassFunction, 0}, em_expr(e, s->expr));
        return;
    case ST_BLOCK:
        /* statements after a break, continue or return are dead: skip them */
        for (int i = 0; i < s->body.len && !e->terminated; i++) em_stmt(e, s->body.items[i]);
        return;
    case ST_IF: emit_if(e, s); return;
    case ST_WHILE: case ST_DO: case ST_FOR: emit_loop(e, s); return;
    case ST_BREAK: em_branch(e, e->loops[e->nloops - 1].brk); return;
    case ST_CONTINUE:
        if (e->nloops) em_branch(e, e->loops[e->nloops - 1].cont);
        else em_terminate(e, SpvOpReturn); /* in a kernel body: this thread is done */
        return;
    case ST_RETURN:
        if (s->expr && s->expr->type->kind != TY_VOID) {
            uint32_t v = em_expr(e, s->expr);
            SPV_OP(&e->code, SpvOpReturnValue, v);
            e->terminated = true;
        } else {
            if (s->expr) em_expr(e, s->expr);
            em_terminate(e, SpvOpReturn);
        }
        return;
    }
}
