/* every_thread.c — what every thread of a kernel surely does: its body's
 * first statements (expressions and declarations, in blocks too, up to the
 * first statement that may skip or end the thread: an if, a loop, a
 * switch, continue, return), outside the parts of ?:, && and || that may
 * not run. Two errors of the program's are certain there:
 * - a null pointer capture it indexes or dereferences: the launch reports
 *   it with the kernel's line (Var.always_used: CAMP_ACCESS_ALWAYS) where
 *   the device would fault (lavapipe's thread: the whole process, with no
 *   message);
 * - a global every thread updates with `+=` or `++` (`total += data[i]`),
 *   no atomic operation: the updates race and most are lost, a warning. */
#include "campcc.h"

#include <string.h>

typedef struct EveryThread {
    Unit *u;
    PtrVec warned; /* Var*: the globals warned of in this kernel */
    bool threads;  /* the kernel may have more than one thread */
} EveryThread;

static void mark_expr(EveryThread *et, Expr *x);

static void mark_pointer(Expr *p) {
    if (p->kind == EX_LOAD && p->lhs->kind == EX_VAR && p->lhs->var->kind == VAR_CAPTURE &&
        p->lhs->var->capture == CAPTURE_POINTER)
        p->lhs->var->always_used = true;
}

/* `total += ...` or `total++` on a global the threads share. */
static void warn_shared_update(EveryThread *et, Expr *x) {
    bool update = (x->kind == EX_ASSIGN && x->op != OP_NONE) || x->kind == EX_INCDEC;
    const Expr *t = x->lhs; /* the global's view is an array of one: (index (decay total) 0) */
    if (t->kind == EX_INDEX && t->lhs->kind == EX_DECAY) t = t->lhs->lhs;
    Var *v = update && t->kind == EX_VAR ? t->var : NULL;
    if (!v || v->kind != VAR_CAPTURE || !v->object || !et->threads) return;
    for (int i = 0; i < et->warned.len; i++)
        if (et->warned.items[i] == v) return;
    vec_push(&et->u->arena, &et->warned, v);
    diag_warning(et->u->diag, x->loc, "-Wkernel-race",
                 "every thread of the kernel updates '%s', a global the threads share, at once: without an atomic "
                 "operation the updates race and most are lost; use camp_atomic_fetch_add(&%s, ...) (or "
                 "another camp_atomic_*), or a reduction",
                 v->name, v->name);
}

static void mark_expr(EveryThread *et, Expr *x) {
    if (!x) return;
    switch (x->kind) {
    case EX_INDEX: case EX_DEREF:
        mark_pointer(x->lhs);
        break;
    case EX_ASSIGN: case EX_INCDEC:
        warn_shared_update(et, x);
        break;
    case EX_COND: /* only the condition runs surely */
        mark_expr(et, x->cond);
        return;
    case EX_BINARY:
        if (x->op == OP_LAND || x->op == OP_LOR) {
            mark_expr(et, x->lhs);
            return;
        }
        break;
    default: break;
    }
    mark_expr(et, x->lhs);
    mark_expr(et, x->rhs);
    mark_expr(et, x->cond);
    for (int i = 0; i < x->nargs; i++) mark_expr(et, x->args[i]);
}

/* Looks at what stmt surely does; false where a later statement may not run. */
static bool mark_stmt(EveryThread *et, Stmt *st) {
    switch (st->kind) {
    case ST_EMPTY: return true;
    case ST_EXPR: mark_expr(et, st->expr); return true;
    case ST_DECL: mark_expr(et, st->expr); return true;
    case ST_BLOCK:
        for (int i = 0; i < st->body.len; i++)
            if (!mark_stmt(et, st->body.items[i])) return false;
        return true;
    default: return false;
    }
}

bool kernel_may_have_threads(const Kernel *k) {
    return !k->domain_text || strcmp(k->domain_text, "extent(1)") != 0; /* as written */
}

void every_thread_check(Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        EveryThread et = {u, {0}, kernel_may_have_threads(k)};
        if (k->body) mark_stmt(&et, k->body);
    }
}
