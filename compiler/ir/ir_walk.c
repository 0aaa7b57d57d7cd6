/* ir_walk.c — a generic walk over the IR: every expression and statement
 * of a body, each expression before its operands. */
#include "campcc.h"

void walk_expr(Expr *x, ExprVisit fn, void *ctx) {
    if (!x) return;
    fn(ctx, x);
    walk_expr(x->lhs, fn, ctx);
    walk_expr(x->rhs, fn, ctx);
    walk_expr(x->cond, fn, ctx);
    for (int i = 0; i < x->nargs; i++) walk_expr(x->args[i], fn, ctx);
    for (int i = 0; i < x->ninits; i++) walk_expr(x->inits[i].value, fn, ctx);
}

void walk_stmt(Stmt *st, ExprVisit fe, StmtVisit fs, void *ctx) {
    if (!st) return;
    if (fs) fs(ctx, st);
    walk_expr(st->expr, fe, ctx);
    walk_expr(st->step, fe, ctx);
    walk_stmt(st->init, fe, fs, ctx);
    walk_stmt(st->then, fe, fs, ctx);
    walk_stmt(st->els, fe, fs, ctx);
    for (int i = 0; i < st->body.len; i++) {
        if (st->kind != ST_SWITCH) {
            walk_stmt(st->body.items[i], fe, fs, ctx);
            continue;
        }
        SwitchCase *c = st->body.items[i];
        for (int j = 0; j < c->body.len; j++) walk_stmt(c->body.items[j], fe, fs, ctx);
    }
}
