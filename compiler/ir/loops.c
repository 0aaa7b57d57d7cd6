/* loops.c — which kernels run a loop, in their body or in a function they
 * call: those check, on lavapipe, that no loop was cut short by its
 * budget of loop iterations (spv_loop_limit.c says how). */
#include "campcc.h"

typedef struct LoopSearch {
    Unit *u;
    PtrVec seen; /* Func*: searched already */
    bool found;
} LoopSearch;

static void search_func(LoopSearch *s, Func *f);

static void on_stmt(void *ctx, Stmt *st) {
    LoopSearch *s = ctx;
    if (st->kind == ST_FOR || st->kind == ST_WHILE || st->kind == ST_DO) s->found = true;
}

static void on_expr(void *ctx, Expr *x) {
    LoopSearch *s = ctx;
    if (x->kind == EX_CALL && x->callee) search_func(s, x->callee);
}

static void search_func(LoopSearch *s, Func *f) {
    if (s->found) return;
    for (int i = 0; i < s->seen.len; i++)
        if (s->seen.items[i] == f) return;
    vec_push(&s->u->arena, &s->seen, f);
    walk_stmt(f->body, on_expr, on_stmt, s);
}

void find_loop_checks(Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        LoopSearch s = {.u = u};
        walk_stmt(k->body, on_expr, on_stmt, &s);
        k->loop_check = s.found;
    }
}
