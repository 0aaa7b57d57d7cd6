/* alignment.c — pointers that may be less aligned than what they point
 * to: a `uint32_t *` made from a `uint8_t *` (MurmurHash3's blocks of a
 * key that begins at any byte), which C on x86 reads whole. The device's
 * accesses say how aligned their address is, and a driver may rely on
 * it: on NVIDIA's (580), 32-bit loads said to be 4-byte aligned from odd
 * addresses read other bytes, where the same loads said to be 1-byte
 * aligned read what the host reads. Each access through a pointer says
 * the least of its type's alignment and the one its pointer is known to
 * have (saying 1 everywhere cost saxpy 3-4% on an H200).
 *
 * What a pointer is known to be aligned to: an object's address, a view's
 * and a capture's, its pointee's (a `void *` capture's, 1); a cast from
 * bytes (or `void *`) keeps its operand's (so a `void *` parameter given a
 * `uint32_t *` keeps 4, and bytes cast to words have 1), a cast between
 * wider types takes the new one's, as CUDA does a float4 load's;
 * arithmetic the least of its operand's and its element's; `?:` the
 * least of both; a pointer variable or parameter the least its
 * assignments and calls give it (Var.ptr_align), repeated until none
 * changes. */
#include "campcc.h"

static unsigned least(unsigned a, unsigned b) {
    if (!a) return b;
    if (!b) return a;
    return a < b ? a : b;
}

static unsigned pointee_align(const Type *ptr) { return ptr->base->kind == TY_VOID ? 1 : (unsigned)ptr->base->align; }

unsigned expr_ptr_align(const Expr *x) {
    switch (x->kind) {
    case EX_CAST: {
        if (x->lhs->type->kind != TY_PTR) return pointee_align(x->type);
        /* from whole elements to wider ones (float * to float4 *, as
         * vectorized CUDA code casts): the programmer's word, as CUDA takes
         * it; from bytes, what the bytes' pointer is known to have */
        unsigned k = expr_ptr_align(x->lhs), from = pointee_align(x->lhs->type);
        unsigned to = pointee_align(x->type);
        return from > 1 && k >= from && to > k ? to : k;
    }
    case EX_BINARY: {
        if (x->op == OP_COMMA) return expr_ptr_align(x->rhs);
        const Expr *p = x->lhs->type->kind == TY_PTR ? x->lhs : x->rhs;
        return least(expr_ptr_align(p), pointee_align(p->type));
    }
    case EX_COND: return least(expr_ptr_align(x->lhs), expr_ptr_align(x->rhs));
    case EX_LOAD: case EX_ASSIGN:
        if (x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE && x->lhs->var->ptr_align)
            return x->lhs->var->ptr_align;
        return pointee_align(x->type);
    case EX_INCDEC:
        if (x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE && x->lhs->var->ptr_align)
            return least(x->lhs->var->ptr_align, pointee_align(x->type));
        return pointee_align(x->type);
    case EX_ADDR: /* an element of what a pointer points to */
        if (x->lhs->kind == EX_INDEX || x->lhs->kind == EX_DEREF)
            return least(expr_ptr_align(x->lhs->lhs), pointee_align(x->type));
        return pointee_align(x->type);
    default: return pointee_align(x->type);
    }
}

static void give(bool *changed, Var *v, const Expr *value) {
    if (v->type->kind != TY_PTR || v->kind == VAR_CAPTURE) return;
    unsigned a = least(v->ptr_align, expr_ptr_align(value));
    if (a != v->ptr_align) v->ptr_align = a, *changed = true;
}

static void scan_expr(void *changed, Expr *x) {
    if ((x->kind == EX_ASSIGN && x->op == OP_NONE && x->lhs->kind == EX_VAR) && x->type->kind == TY_PTR)
        give(changed, x->lhs->var, x->rhs);
    if (x->kind == EX_CALL && x->callee)
        for (int i = 0; i < x->nargs && i < x->callee->nparams; i++)
            if (x->args[i]->type->kind == TY_PTR) give(changed, x->callee->params[i], x->args[i]);
}

static void scan_stmt(void *changed, Stmt *st) {
    if (st->kind == ST_DECL && st->var && st->expr && st->var->type->kind == TY_PTR) give(changed, st->var, st->expr);
}

void alignment_scan(Unit *u) {
    bool changed;
    do {
        changed = false;
        for (int i = 0; i < u->kernels.len; i++)
            walk_stmt(((Kernel *)u->kernels.items[i])->body, scan_expr, scan_stmt, &changed);
        for (int i = 0; i < u->funcs.len; i++) {
            Func *f = u->funcs.items[i];
            if (f->body) walk_stmt(f->body, scan_expr, scan_stmt, &changed);
        }
    } while (changed);
}
