/* half_precision.c — half (_Float16) arithmetic evaluated as the host's C
 * compilers evaluate it: a chain of + - * / and unary - + on half operands
 * is computed in float and rounded to half once, where its value is used
 * (clang and gcc on x86-64 both do this by default: "excess precision",
 * C23 Annex H). Each lone operation gives the same half either way (float
 * has more than twice half's precision); `a * b + c` does not, so the IR
 * says it; `l op= r` with a half r is computed in float from l's value,
 * whatever l's type. Assignments, casts, arguments, returns, comparisons and
 * the arms of ?: round as before, as on the host. */
#include "campcc.h"

static bool is_half(const Type *t) {
    const Type *s = t->kind == TY_VECTOR ? t->base : t;
    return s->kind == TY_FLOAT && s->size == 2;
}

/* The operations whose chains are computed in float. */
static bool is_half_arith(const Expr *x) {
    if (!is_half(x->type)) return false;
    if (x->kind == EX_BINARY) return x->op == OP_ADD || x->op == OP_SUB || x->op == OP_MUL || x->op == OP_DIV;
    return x->kind == EX_UNARY && (x->op == OP_NEG || x->op == OP_PLUS);
}

static Type float_scalar = {.kind = TY_FLOAT, .size = 4, .align = 4, .name = "float"};

/* float, or the float vector of t's length. */
static Type *float_like(Arena *a, const Type *t) {
    if (t->kind != TY_VECTOR) return &float_scalar;
    Type *v = arena_alloc(a, sizeof *v);
    *v = (Type){.kind = TY_VECTOR, .base = &float_scalar, .len = t->len, .name = "float vector"};
    v->size = v->align = (t->len == 3 ? 4 : t->len) * 4;
    return v;
}

static Expr *cast_to(Arena *a, Type *t, Expr *x) {
    Expr *c = arena_alloc(a, sizeof *c);
    *c = (Expr){.kind = EX_CAST, .type = t, .loc = x->loc, .lhs = x};
    return c;
}

/* x's value in float: the chain's operations retyped, the rest converted. */
static Expr *promote(Arena *a, Expr *x) {
    if (!is_half_arith(x)) return cast_to(a, float_like(a, x->type), x);
    x->type = float_like(a, x->type);
    x->lhs = promote(a, x->lhs);
    if (x->kind == EX_BINARY) x->rhs = promote(a, x->rhs);
    return x;
}

/* Visits each expression before its operands, so x is the top of its chain. */
static void visit(void *ctx, Expr *x) {
    Arena *a = ctx;
    if (is_half_arith(x)) {
        Expr *chain = arena_alloc(a, sizeof *chain);
        *chain = *x;
        *x = (Expr){.kind = EX_CAST, .type = x->type, .loc = x->loc, .lhs = promote(a, chain)};
    } else if (x->kind == EX_ASSIGN && is_half(x->rhs->type) &&
               (x->op == OP_ADD || x->op == OP_SUB || x->op == OP_MUL || x->op == OP_DIV)) {
        /* l op= r computes in r's type (spv_expr.c), half here: in float
         * instead, the old l converted to float directly (an int too) */
        x->rhs = promote(a, x->rhs);
    }
}

void half_precision(Unit *u) {
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->body) walk_stmt(f->body, visit, NULL, &u->arena);
    }
    for (int i = 0; i < u->kernels.len; i++) walk_stmt(((Kernel *)u->kernels.items[i])->body, visit, NULL, &u->arena);
}
