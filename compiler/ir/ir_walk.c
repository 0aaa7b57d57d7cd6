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

void stmt_children(Stmt *st, StmtVisit fn, void *ctx) {
    Stmt *direct[] = {st->init, st->then, st->els};
    for (int i = 0; i < 3; i++)
        if (direct[i]) fn(ctx, direct[i]);
    for (int i = 0; i < st->body.len; i++) {
        if (st->kind != ST_SWITCH) {
            if (st->body.items[i]) fn(ctx, st->body.items[i]);
            continue;
        }
        SwitchCase *c = st->body.items[i];
        for (int j = 0; j < c->body.len; j++)
            if (c->body.items[j]) fn(ctx, c->body.items[j]);
    }
}

typedef struct Walk {
    ExprVisit fe;
    StmtVisit fs;
    void *ctx;
} Walk;

static void walk_child(void *walk, Stmt *st) {
    Walk *w = walk;
    walk_stmt(st, w->fe, w->fs, w->ctx);
}

void walk_stmt(Stmt *st, ExprVisit fe, StmtVisit fs, void *ctx) {
    if (!st) return;
    if (fs) fs(ctx, st);
    walk_expr(st->expr, fe, ctx);
    walk_expr(st->step, fe, ctx);
    stmt_children(st, walk_child, &(Walk){fe, fs, ctx});
}
