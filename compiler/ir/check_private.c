/* check_private.c — a kernel thread's private memory: the local variables
 * of the kernel and of the deepest chain of amp functions it calls (amp
 * code has no recursion, so the chain is finite). Devices give a thread
 * little of it (NVIDIA at most 512 KiB of local memory; lavapipe a worker
 * thread's stack), and a kernel past that hangs or dies at run time with
 * no message, so campcc refuses it here, against a documented limit. */
#include "campcc.h"

#include <stdint.h>

enum { PRIVATE_LIMIT = 64 * 1024 }; /* bytes per thread: docs/c-in-kernels.md */

/* What a body needs: its locals plus its most demanding call. */
typedef struct Private {
    uint64_t bytes;
    const Var *largest; /* the largest local variable of the body or of what it calls */
} Private;

typedef struct Scan {
    const Unit *u;
    Private *memo; /* per u->funcs entry; bytes UINT64_MAX until computed */
    uint64_t locals, deepest;
    const Var *largest;
} Scan;

static Private func_private(const Unit *u, Func *f, Private *memo);

static void note_largest(Scan *s, const Var *v) {
    if (v && (!s->largest || v->type->size > s->largest->type->size)) s->largest = v;
}

static void on_stmt(void *ctx, Stmt *st) {
    Scan *s = ctx;
    if (st->kind != ST_DECL || st->var->kind != VAR_LOCAL) return;
    s->locals += (uint64_t)st->var->type->size;
    note_largest(s, st->var);
}

static void on_expr(void *ctx, Expr *x) {
    Scan *s = ctx;
    if (x->kind != EX_CALL || !x->callee) return;
    Private p = func_private(s->u, x->callee, s->memo);
    if (p.bytes > s->deepest) s->deepest = p.bytes;
    note_largest(s, p.largest);
}

static Private body_private(const Unit *u, Stmt *body, Private *memo) {
    Scan s = {.u = u, .memo = memo};
    walk_stmt(body, on_expr, on_stmt, &s);
    return (Private){s.locals + s.deepest, s.largest};
}

static Private func_private(const Unit *u, Func *f, Private *memo) {
    int i = 0;
    while (u->funcs.items[i] != f) i++;
    if (memo[i].bytes == UINT64_MAX) memo[i] = body_private(u, f->body, memo);
    return memo[i];
}

bool check_private_memory(Unit *u) {
    Private *memo = arena_alloc(&u->arena, sizeof *memo * (size_t)(u->funcs.len + 1));
    for (int i = 0; i < u->funcs.len; i++) memo[i].bytes = UINT64_MAX;
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        Private p = body_private(u, k->body, memo);
        if (p.bytes <= PRIVATE_LIMIT) continue;
        diag_error(u->diag, k->loc,
                   "kernel needs %llu bytes of private memory per thread (its local variables and those of "
                   "the functions it calls); at most %d are allowed: keep large arrays in views or "
                   "tile_static memory",
                   (unsigned long long)p.bytes, PRIVATE_LIMIT);
        if (p.largest)
            diag_note(u->diag, p.largest->loc, "'%s' takes %llu bytes", p.largest->name,
                      (unsigned long long)p.largest->type->size);
    }
    return u->diag->errors == 0;
}
