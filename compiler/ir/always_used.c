/* always_used.c — the pointer captures every thread of a kernel reads or
 * writes through: the body's first statements (expressions and
 * declarations, in blocks too, up to the first statement that may skip or
 * end the thread: an if, a loop, a switch, continue, return) index or
 * dereference them, outside the parts of ?:, && and || that may not run.
 * A null pointer there is surely the program's error, which the launch
 * reports with the kernel's line (Var.always_used: CAMP_ACCESS_ALWAYS) where the device
 * would fault: lavapipe's thread, the whole process, with no message. */
#include "campcc.h"

static void mark_expr(Expr *x);

static void mark_pointer(Expr *p) {
    if (p->kind == EX_LOAD && p->lhs->kind == EX_VAR && p->lhs->var->kind == VAR_CAPTURE &&
        p->lhs->var->capture == CAPTURE_POINTER)
        p->lhs->var->always_used = true;
}

static void mark_expr(Expr *x) {
    if (!x) return;
    switch (x->kind) {
    case EX_INDEX: case EX_DEREF:
        mark_pointer(x->lhs);
        break;
    case EX_COND: /* only the condition runs surely */
        mark_expr(x->cond);
        return;
    case EX_BINARY:
        if (x->op == OP_LAND || x->op == OP_LOR) {
            mark_expr(x->lhs);
            return;
        }
        break;
    default: break;
    }
    mark_expr(x->lhs);
    mark_expr(x->rhs);
    mark_expr(x->cond);
    for (int i = 0; i < x->nargs; i++) mark_expr(x->args[i]);
}

/* Marks what stmt surely uses; false where a later statement may not run. */
static bool mark_stmt(Stmt *st) {
    switch (st->kind) {
    case ST_EMPTY: return true;
    case ST_EXPR: mark_expr(st->expr); return true;
    case ST_DECL: mark_expr(st->expr); return true;
    case ST_BLOCK:
        for (int i = 0; i < st->body.len; i++)
            if (!mark_stmt(st->body.items[i])) return false;
        return true;
    default: return false;
    }
}

void always_used_mark(Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        if (k->body) mark_stmt(k->body);
    }
}
