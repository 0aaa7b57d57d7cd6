/* nonneg.c — signed integers that are provably never negative, so that
 * their division, remainder and right shift are emitted unsigned (one
 * instruction where C's signed rounding needs several, and OpSRem needs a
 * workaround on NVIDIA, spv_expr.c).
 *
 * Provably non-negative: constants ≥ 0; the kernel's index variables and
 * local variables that are never assigned, incremented or have their
 * address taken after their declaration, when their initializer is; and
 * +, *, /, %, >>, | of such values, & with one of them, ?: of two, widening
 * casts of them or of unsigned values. Signed overflow being undefined in
 * C, a sum or product of non-negative ints is non-negative. */
#include "campcc.h"

static bool is_signed_int(const Type *t) { return t->kind == TY_INT && t->is_signed; }

/* The variable an lvalue is a part of, if any. */
static Var *lvalue_root(Expr *lv) {
    while (lv && (lv->kind == EX_VELEM || lv->kind == EX_MEMBER || lv->kind == EX_SWIZZLE)) lv = lv->lhs;
    return lv && lv->kind == EX_VAR ? lv->var : NULL;
}

static void forget_root(Expr *lv) {
    Var *v = lvalue_root(lv);
    if (v) v->nonneg = false;
}

/* Pass 1: candidates are the declared signed ints; what is written loses it. */
static void candidate_decl(void *ctx, Stmt *st) {
    (void)ctx;
    if (st->kind == ST_DECL && is_signed_int(st->var->type)) st->var->nonneg = true;
}

static void forget_written(void *ctx, Expr *x) {
    (void)ctx;
    switch (x->kind) {
    case EX_ASSIGN: case EX_INCDEC: case EX_ADDR: forget_root(x->lhs); break;
    case EX_ATOMIC:
        for (int i = 0; i < x->nargs; i++) forget_root(x->args[i]);
        break;
    default: break;
    }
}

/* Pass 2, in source order: a candidate keeps it if its initializer has it. */
static void settle_decl(void *ctx, Stmt *st) {
    (void)ctx;
    if (st->kind == ST_DECL && st->var->nonneg) st->var->nonneg = st->expr && expr_nonneg(st->expr);
}

static void ignore_expr(void *ctx, Expr *x) { (void)ctx, (void)x; }

void nonneg_scan(Stmt *body, Var *const *index_vars, int nindex) {
    for (int i = 0; i < nindex; i++) index_vars[i]->nonneg = true;
    walk_stmt(body, forget_written, candidate_decl, NULL);
    walk_stmt(body, ignore_expr, settle_decl, NULL);
}

bool expr_nonneg(const Expr *x) {
    const Type *t = x->type;
    if (t->kind != TY_INT) return false;
    if (!t->is_signed) return true;
    switch (x->kind) {
    case EX_INT: return x->ival >= 0;
    case EX_LOAD: { /* a variable, or a component of the index */
        const Expr *lv = x->lhs;
        if (lv->kind == EX_VELEM && !lv->rhs) lv = lv->lhs;
        return lv->kind == EX_VAR && lv->var->nonneg;
    }
    case EX_CAST: {
        const Type *from = x->lhs->type;
        if (from->kind != TY_INT || from->size > t->size) return false;
        return from->is_signed ? expr_nonneg(x->lhs) : from->size < t->size;
    }
    case EX_BINARY:
        /* below int, C computes in int after promotion: the frontend's casts */
        if (t->size < 4) return false;
        switch (x->op) {
        case OP_ADD: case OP_MUL: case OP_DIV: case OP_REM: case OP_SHR: case OP_OR:
            return expr_nonneg(x->lhs) && expr_nonneg(x->rhs);
        case OP_AND: return expr_nonneg(x->lhs) || expr_nonneg(x->rhs);
        case OP_COMMA: return expr_nonneg(x->rhs);
        default: return false;
        }
    case EX_COND: return expr_nonneg(x->lhs) && expr_nonneg(x->rhs);
    default: return false;
    }
}
