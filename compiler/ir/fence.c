/* fence.c — which tile barriers of a kernel must also fence views.
 *
 * tile_barrier_wait orders tile_static memory and views (C++ AMP's
 * wait(): all memory). Ordering views costs on the GPU: NVIDIA's driver
 * makes a barrier with SPIR-V's UniformMemory semantics about 12% slower
 * on a 16 x 16 tiled matrix multiply than the same barrier over Workgroup
 * memory only (docs/performance.md). The view part of a barrier publishes
 * the writes to views that a thread made before it; where no write to a
 * view (a store, an atomic, a texture_set, or a call of a function that
 * may make one) can come before the barrier in a thread's execution, loops'
 * later iterations included, there is nothing to publish and the barrier
 * fences tile_static memory only — the C++ AMP advice to write
 * wait_with_tile_static_memory_fence, applied by the compiler. A read of
 * a view before the barrier has its value by then: it needs no fence.
 *
 * Only barriers in the kernel's body are narrowed; one in a function the
 * kernel calls keeps its fence. Standalone fences are never narrowed. */
#include "campcc.h"

static bool ptr_may_be_view(const Expr *p);

/* Whether the object an lvalue designates may be in a view. */
static bool lvalue_may_be_view(const Expr *lv) {
    while (lv->kind == EX_MEMBER || lv->kind == EX_VELEM || lv->kind == EX_SWIZZLE) lv = lv->lhs;
    switch (lv->kind) {
    case EX_VAR:
        return lv->var->kind == VAR_CAPTURE && lv->var->capture != CAPTURE_VALUE;
    case EX_INDEX: case EX_DEREF: return ptr_may_be_view(lv->lhs);
    default: return true;
    }
}

/* Whether a pointer value may point into a view: unless it is the address
 * of a local or tile_static object, or arithmetic on one. */
static bool ptr_may_be_view(const Expr *p) {
    switch (p->kind) {
    case EX_DECAY: case EX_ADDR: return lvalue_may_be_view(p->lhs);
    case EX_CAST: return p->lhs->type->kind != TY_PTR || ptr_may_be_view(p->lhs);
    case EX_BINARY:
        if (p->op == OP_COMMA) return ptr_may_be_view(p->rhs);
        return ptr_may_be_view(p->lhs->type->kind == TY_PTR ? p->lhs : p->rhs);
    case EX_COND: return ptr_may_be_view(p->lhs) || ptr_may_be_view(p->rhs);
    default: return true; /* a pointer variable, a call: anywhere */
    }
}

static bool func_may_write_views(Func *f, int depth);

typedef struct WriteScan {
    bool found;
    int depth;
} WriteScan;

static void find_write(void *ctx, Expr *x) {
    WriteScan *s = ctx;
    switch (x->kind) {
    case EX_ASSIGN: case EX_INCDEC: s->found |= lvalue_may_be_view(x->lhs); break;
    case EX_ATOMIC: s->found |= lvalue_may_be_view(x->args[0]); break;
    case EX_TEXTURE: s->found |= x->ival == TEXTURE_SET; break; /* a texture the kernel may read again */
    case EX_CALL: s->found |= func_may_write_views(x->callee, s->depth + 1); break;
    default: break;
    }
}

static bool expr_writes(Expr *x, int depth) {
    WriteScan s = {false, depth};
    walk_expr(x, find_write, &s);
    return s.found;
}

static bool stmt_writes(Stmt *st, int depth) {
    WriteScan s = {false, depth};
    walk_stmt(st, find_write, NULL, &s);
    return s.found;
}

/* A function called through more levels than this counts as writing (the
 * call graph has no cycles: check.c rejects recursion). */
enum { MAX_CALL_DEPTH = 64 };

static bool func_may_write_views(Func *f, int depth) {
    return !f || !f->body || depth > MAX_CALL_DEPTH || stmt_writes(f->body, depth);
}

/* ---- the flow: whether a write to a view may have happened ----------------- */

static void narrow_barrier(void *ctx, Expr *x) {
    (void)ctx;
    if (x->kind == EX_SYNC && (x->ival & SYNC_BARRIER)) x->ival &= ~(long long)SYNC_GLOBAL;
}

/* An expression evaluated after writes `written`: barriers in it are
 * narrowed if nothing in it or before it writes (the order inside one
 * expression is not followed). Returns whether a write may have happened
 * after it. */
static bool flow_expr(Expr *x, bool written) {
    if (!x) return written;
    bool writes = expr_writes(x, 0);
    if (!written && !writes) walk_expr(x, narrow_barrier, NULL);
    return written || writes;
}

static bool flow_stmt(Stmt *st, bool written) {
    if (!st) return written;
    switch (st->kind) {
    case ST_EMPTY: case ST_BREAK: case ST_CONTINUE: return written;
    case ST_EXPR: case ST_DECL: case ST_RETURN: return flow_expr(st->expr, written);
    case ST_BLOCK:
        for (int i = 0; i < st->body.len; i++) written = flow_stmt(st->body.items[i], written);
        return written;
    case ST_IF: {
        bool after_cond = flow_expr(st->expr, written);
        return flow_stmt(st->then, after_cond) | flow_stmt(st->els, after_cond);
    }
    case ST_WHILE: case ST_DO: case ST_FOR: {
        /* a write anywhere in the loop comes before everything in it on
         * the next iteration */
        written = flow_stmt(st->init, written);
        written |= expr_writes(st->expr, 0) || expr_writes(st->step, 0) || stmt_writes(st->then, 0);
        flow_expr(st->expr, written);
        flow_stmt(st->then, written);
        flow_expr(st->step, written);
        return written;
    }
    case ST_SWITCH: {
        written = flow_expr(st->expr, written);
        bool in_case = written; /* cases in order: falling through carries writes on */
        for (int i = 0; i < st->body.len; i++) {
            SwitchCase *c = st->body.items[i];
            for (int j = 0; j < c->body.len; j++) in_case = flow_stmt(c->body.items[j], in_case);
        }
        return in_case;
    }
    }
    return true;
}

void fence_scan(Kernel *k) {
    if (k->tiled) flow_stmt(k->body, false);
}
