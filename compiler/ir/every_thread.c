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
 *   or assigns from its own value (`seed = seed * a + c`), in the body or
 *   in the amp functions the body surely calls, no atomic operation: the
 *   updates race and most are lost, a warning. */
#include "campcc.h"

#include <string.h>

/* An amp function the kernel surely calls, as the call sees it: for each
 * of its parameters, the kernel's global the argument is (NULL: none). */
typedef struct CallFrame {
    const Func *f;
    Var **globals;
    const Expr *call; /* in the kernel's body: where a warning points */
    int depth;
} CallFrame;

typedef struct EveryThread {
    Unit *u;
    PtrVec warned;    /* Var*: the globals warned of in this kernel */
    bool threads;     /* the kernel may have more than one thread */
    CallFrame *frame; /* NULL: in the kernel's body */
} EveryThread;

enum { CALL_DEPTH_MAX = 8 };

static void mark_expr(EveryThread *et, Expr *x);
static bool mark_stmt(EveryThread *et, Stmt *st);

static void mark_pointer(Expr *p) {
    if (p->kind == EX_LOAD && p->lhs->kind == EX_VAR && p->lhs->var->kind == VAR_CAPTURE &&
        p->lhs->var->capture == CAPTURE_POINTER)
        p->lhs->var->always_used = true;
}

/* The kernel's global that pointer `p` is, in the body (`(decay total)`)
 * or in a called function (its parameter for the global, `(load seed)`). */
static Var *global_pointer(const EveryThread *et, const Expr *p) {
    if (!et->frame) {
        Var *v = p->kind == EX_DECAY && p->lhs->kind == EX_VAR ? p->lhs->var : NULL;
        return v && v->kind == VAR_CAPTURE && v->object ? v : NULL;
    }
    if (p->kind != EX_LOAD || p->lhs->kind != EX_VAR || p->lhs->var->kind != VAR_PARAM) return NULL;
    for (int i = 0; i < et->frame->f->nparams; i++)
        if (et->frame->f->params[i] == p->lhs->var) return et->frame->globals[i];
    return NULL;
}

/* The kernel's global that lvalue `t` is: its view is an array of one,
 * `(index (decay total) 0)`, or `(index (load seed) 0)` in a called function. */
static Var *global_lvalue(const EveryThread *et, const Expr *t) {
    if (t->kind == EX_INDEX && t->rhs->kind == EX_INT && t->rhs->ival == 0) return global_pointer(et, t->lhs);
    if (t->kind == EX_DEREF) return global_pointer(et, t->lhs);
    return NULL;
}

/* Whether x reads global v. */
static bool reads_global(const EveryThread *et, const Expr *x, const Var *v) {
    if (!x) return false;
    if (x->kind == EX_LOAD && global_lvalue(et, x->lhs) == v) return true;
    if (reads_global(et, x->lhs, v) || reads_global(et, x->rhs, v) || reads_global(et, x->cond, v)) return true;
    for (int i = 0; i < x->nargs; i++)
        if (reads_global(et, x->args[i], v)) return true;
    return false;
}

/* `total += ...`, `total++` or `seed = seed * a + c` on a global the threads share. */
static void warn_shared_update(EveryThread *et, Expr *x) {
    bool update = (x->kind == EX_ASSIGN && x->op != OP_NONE) || x->kind == EX_INCDEC;
    Var *v = global_lvalue(et, x->lhs);
    if (!v || !et->threads || !(update || (x->kind == EX_ASSIGN && reads_global(et, x->rhs, v)))) return;
    for (int i = 0; i < et->warned.len; i++)
        if (et->warned.items[i] == v) return;
    vec_push(&et->u->arena, &et->warned, v);
    if (!et->frame) {
        diag_warning(et->u->diag, x->loc, "-Wkernel-race",
                     "every thread of the kernel updates '%s', a global the threads share, at once: without an "
                     "atomic operation the updates race and most are lost; use camp_atomic_fetch_add(&%s, ...) (or "
                     "another camp_atomic_*), or a reduction",
                     v->name, v->name);
        return;
    }
    diag_warning(et->u->diag, et->frame->call->loc, "-Wkernel-race",
                 "every thread of the kernel updates '%s', a global the threads share, at once, through this call "
                 "(in '%s'): without an atomic operation the updates race and most are lost (a random-number state: "
                 "give each thread its own, seeded from its index)",
                 v->name, et->frame->f->name);
    diag_note(et->u->diag, x->loc, "'%s' updated here", v->name);
}

/* A call the kernel surely makes: what the callee surely does, with the
 * globals passed to it followed in. */
static void mark_call(EveryThread *et, Expr *x) {
    const Func *f = x->callee;
    int depth = et->frame ? et->frame->depth + 1 : 1;
    if (!f || !f->body || f->library || depth > CALL_DEPTH_MAX || x->nargs != f->nparams) return;
    Var **globals = arena_alloc(&et->u->arena, sizeof *globals * (size_t)(f->nparams ? f->nparams : 1));
    bool any = false;
    for (int i = 0; i < f->nparams; i++) any |= (globals[i] = global_pointer(et, x->args[i])) != NULL;
    if (!any) return;
    CallFrame frame = {f, globals, et->frame ? et->frame->call : x, depth}, *up = et->frame;
    et->frame = &frame;
    mark_stmt(et, f->body);
    et->frame = up;
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
    case EX_CALL:
        mark_call(et, x);
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
    case ST_RETURN: mark_expr(et, st->expr); return false; /* its value is computed, then nothing more */
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
        EveryThread et = {u, {0}, kernel_may_have_threads(k), NULL};
        if (k->body) mark_stmt(&et, k->body);
    }
}
