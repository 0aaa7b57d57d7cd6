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
 * C, a sum or product of non-negative ints is non-negative; so a for
 * loop's counter is, when it starts non-negative and its only write is the
 * loop's step adding a non-negative value (`j += 256`, `j++`).
 *
 * An array index is also non-negative under the conditions of the ifs
 * around it: `in[x - 1]` inside `if (x > 0)`, for x one of those
 * variables (never written, or a counter, which its loop's step changes
 * outside the if). Views use it to address elements by OpPtrAccessChain
 * (spv_expr.c). */
#include "campcc.h"

#include <limits.h>

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

/* The variable for loop st counts upward (declared in its init, stepped
 * by ++ or +=), or NULL. */
static Var *upward_counter(const Stmt *st) {
    if (st->kind != ST_FOR || !st->init || st->init->kind != ST_DECL || !st->step) return NULL;
    Var *v = st->init->var;
    const Expr *x = st->step;
    if (!x->lhs || x->lhs->kind != EX_VAR || x->lhs->var != v || x->op != OP_ADD) return NULL;
    return x->kind == EX_INCDEC || x->kind == EX_ASSIGN ? v : NULL;
}

/* Pass 1: candidates are the declared signed ints. */
static void candidate_decl(void *ctx, Stmt *st) {
    (void)ctx;
    if (st->kind == ST_DECL && is_signed_int(st->var->type)) st->var->nonneg = true;
}

/* Pass 2: what is written loses it, except by the step of the loop that
 * counts it (walk_stmt visits a loop's step right after the loop). */
typedef struct Scan {
    const Expr *counter_step;
} Scan;

static void note_counter(void *ctx, Stmt *st) {
    Scan *s = ctx;
    if (upward_counter(st)) s->counter_step = st->step;
}

static void forget_written(void *ctx, Expr *x) {
    Scan *s = ctx;
    if (x == s->counter_step) return;
    switch (x->kind) {
    case EX_ASSIGN: case EX_INCDEC: case EX_ADDR: forget_root(x->lhs); break;
    case EX_ATOMIC:
        for (int i = 0; i < x->nargs; i++) forget_root(x->args[i]);
        break;
    default: break;
    }
}

/* Pass 3, in source order: a candidate keeps it if its initializer has it,
 * and a counter if its step adds a non-negative value too. */
static void settle_decl(void *ctx, Stmt *st) {
    (void)ctx;
    Var *counter = upward_counter(st);
    if (counter && counter->nonneg && st->step->kind == EX_ASSIGN) counter->nonneg = expr_nonneg(st->step->rhs);
    if (st->kind == ST_DECL && st->var->nonneg) st->var->nonneg = st->expr && expr_nonneg(st->expr);
}

static void ignore_expr(void *ctx, Expr *x) { (void)ctx, (void)x; }

/* ---- indices under the conditions around them ---------------------------------- */

enum { MAX_FACTS = 16 };

/* What an enclosing condition says: the variable (an index component if
 * comp >= 0) is at least `least`. */
typedef struct Fact {
    const Var *var;
    int comp;
    long long least;
} Fact;

typedef struct Facts {
    Fact fact[MAX_FACTS];
    int n;
} Facts;

/* x without the integer casts that keep its value (widening). */
static const Expr *uncast(const Expr *x) {
    while (x->kind == EX_CAST && x->type->kind == TY_INT && x->lhs->type->kind == TY_INT &&
           x->lhs->type->size <= x->type->size && x->lhs->type->is_signed)
        x = x->lhs;
    return x;
}

/* The variable x reads, if one of the non-negative ones (Var.nonneg). */
static bool read_var(const Expr *x, const Var **var, int *comp) {
    x = uncast(x);
    if (x->kind != EX_LOAD) return false;
    const Expr *lv = x->lhs;
    *comp = -1;
    if (lv->kind == EX_VELEM && !lv->rhs) *comp = (int)lv->ival, lv = lv->lhs;
    if (lv->kind != EX_VAR || !lv->var->nonneg) return false;
    *var = lv->var;
    return true;
}

/* The facts of a condition's conjuncts `v > c` and `v >= c` (or c < v, c <= v). */
static void add_facts(const Expr *c, Facts *f) {
    if (c->kind != EX_BINARY) return;
    if (c->op == OP_LAND) {
        add_facts(c->lhs, f);
        add_facts(c->rhs, f);
        return;
    }
    const Expr *v = c->lhs, *k = uncast(c->rhs);
    Op op = c->op;
    if (uncast(v)->kind == EX_INT) { /* c < v is v > c */
        const Expr *t = v;
        v = c->rhs, k = uncast(t);
        op = op == OP_LT ? OP_GT : op == OP_LE ? OP_GE : OP_EQ;
    }
    Fact fact;
    if ((op != OP_GT && op != OP_GE) || k->kind != EX_INT || k->ival >= LLONG_MAX / 2 || f->n == MAX_FACTS ||
        !read_var(v, &fact.var, &fact.comp))
        return;
    fact.least = k->ival + (op == OP_GT);
    f->fact[f->n++] = fact;
}

/* A lower bound of x under the facts, if it has one that is simple. */
static bool lower_bound(const Expr *x, const Facts *f, long long *least) {
    x = uncast(x);
    const Var *v;
    int comp;
    if (x->kind == EX_INT) {
        *least = x->ival;
        return true;
    }
    if (read_var(x, &v, &comp)) {
        *least = 0;
        for (int i = 0; i < f->n; i++)
            if (f->fact[i].var == v && f->fact[i].comp == comp && f->fact[i].least > *least) *least = f->fact[i].least;
        return true;
    }
    long long a, b;
    if (x->kind == EX_BINARY && x->type->size >= 4 && (x->op == OP_ADD || x->op == OP_SUB) &&
        lower_bound(x->lhs, f, &a)) {
        const Expr *r = uncast(x->rhs);
        if (x->op == OP_SUB && r->kind == EX_INT && !__builtin_sub_overflow(a, r->ival, least)) return true;
        if (x->op == OP_ADD && lower_bound(x->rhs, f, &b) && !__builtin_add_overflow(a, b, least)) return true;
    }
    if (!expr_nonneg(x)) return false;
    *least = 0;
    return true;
}

static void mark_index(void *ctx, Expr *x) {
    const Facts *f = ctx;
    long long least;
    if (x->kind == EX_INDEX && x->rhs->type->kind == TY_INT && x->rhs->type->is_signed && !expr_nonneg(x->rhs) &&
        lower_bound(x->rhs, f, &least) && least >= 0)
        x->rhs->guarded_nonneg = true;
}

static void guard_child(void *facts, Stmt *st);

/* Marks the indices of st and below, the facts f holding around it. */
static void guard_stmt(Stmt *st, const Facts *f) {
    walk_expr(st->expr, mark_index, (void *)f);
    if (st->kind == ST_IF) { /* its branch holds what its condition says */
        Facts then = *f;
        add_facts(st->expr, &then);
        if (st->then) guard_stmt(st->then, &then);
        if (st->els) guard_stmt(st->els, f);
        return;
    }
    walk_expr(st->step, mark_index, (void *)f);
    stmt_children(st, guard_child, (void *)f);
}

static void guard_child(void *facts, Stmt *st) { guard_stmt(st, facts); }

void nonneg_scan(Stmt *body, Var *const *index_vars, int nindex) {
    for (int i = 0; i < nindex; i++) index_vars[i]->nonneg = true;
    Scan s = {0};
    walk_stmt(body, ignore_expr, candidate_decl, NULL);
    walk_stmt(body, forget_written, note_counter, &s);
    walk_stmt(body, ignore_expr, settle_decl, NULL);
    if (body) guard_stmt(body, &(Facts){0});
}

bool expr_nonneg(const Expr *x) {
    const Type *t = x->type;
    if (t->kind != TY_INT) return false;
    if (!t->is_signed || x->guarded_nonneg) return true;
    switch (x->kind) {
    case EX_INT: return x->ival >= 0;
    case EX_LOAD: { /* a variable, or a component of the index */
        const Var *v;
        int comp;
        return read_var(x, &v, &comp);
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
