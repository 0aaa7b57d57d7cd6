/* ir_walk.c — a generic walk over the IR: every expression and statement
 * of a body, each expression before its operands; and, on it, the size of
 * amp functions with their callees inlined (func_nodes). */
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

FuncNodes func_nodes_begin(Unit *u) {
    FuncNodes fn = {u, arena_alloc(&u->arena, sizeof(long long) * (size_t)(u->funcs.len + 1))};
    for (int i = 0; i < u->funcs.len; i++) fn.nodes[i] = -1;
    return fn;
}

long long call_nodes(FuncNodes *fn, const Expr *x) {
    return x->kind == EX_CALL && x->callee ? func_nodes(fn, x->callee) : 0;
}

typedef struct NodeCount {
    FuncNodes *fn;
    long long nodes;
} NodeCount;

static void count_with_calls(void *ctx, Expr *x) {
    NodeCount *c = ctx;
    c->nodes += 1 + call_nodes(c->fn, x);
}

/* -1 until measured, -2 while being measured (a recursion, which check.c
 * reports, adds nothing more) */
long long func_nodes(FuncNodes *fn, const Func *f) {
    int i = 0;
    while (i < fn->u->funcs.len && fn->u->funcs.items[i] != f) i++;
    if (i == fn->u->funcs.len || !f->body || fn->nodes[i] == -2) return 0;
    if (fn->nodes[i] == -1) {
        fn->nodes[i] = -2;
        NodeCount c = {fn, 0};
        walk_stmt(f->body, count_with_calls, NULL, &c);
        fn->nodes[i] = c.nodes < FUNC_NODES_MAX ? c.nodes : FUNC_NODES_MAX + 1;
    }
    return fn->nodes[i];
}
