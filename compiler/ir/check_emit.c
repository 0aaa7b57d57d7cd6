/* check_emit.c — what amp code may write but SPIR-V cannot express the way
 * campcc lays memory out, reported (with its location) before emission:
 * a union holding a pointer (its bits cannot be reinterpreted as an
 * address), and a constant union or a constant whose initializer is not
 * made of constants (module constants are SPIR-V constants). */
#include "campcc.h"

typedef struct EmitCheck {
    Unit *u;
    PtrVec reported; /* the types and variables already reported */
} EmitCheck;

static bool first_time(EmitCheck *c, const void *what) {
    for (int i = 0; i < c->reported.len; i++)
        if (c->reported.items[i] == what) return false;
    vec_push(&c->u->arena, &c->reported, (void *)what);
    return true;
}

/* The first union inside t that holds a pointer, or NULL. */
static const Type *union_with_pointer(const Type *t) {
    if (t->kind == TY_ARRAY) return union_with_pointer(t->base);
    if (t->kind != TY_STRUCT) return NULL;
    if (t->is_union && type_holds_pointer(t)) return t;
    for (int i = 0; i < t->nmembers; i++) {
        const Type *u = union_with_pointer(t->members[i].type);
        if (u) return u;
    }
    return NULL;
}

static void check_type(EmitCheck *c, const Type *t, SrcLoc loc) {
    const Type *u = union_with_pointer(t);
    if (u && first_time(c, u))
        diag_error(c->u->diag, loc, "union '%s' holds a pointer, which amp code cannot reinterpret", u->name);
}

static bool is_constant(const Expr *x) {
    if (x->kind == EX_INIT) {
        for (int i = 0; i < x->ninits; i++)
            if (!is_constant(x->inits[i].value)) return false;
        return true;
    }
    return (x->kind == EX_INT || x->kind == EX_FLOAT) && type_is_arith(x->type);
}

/* Whether t is or holds a union (a constant's initializer gives none of
 * its bytes: they would read as zero). */
static bool holds_union(const Type *t) {
    if (t->kind == TY_ARRAY) return holds_union(t->base);
    if (t->kind != TY_STRUCT) return false;
    if (t->is_union) return true;
    for (int i = 0; i < t->nmembers; i++)
        if (holds_union(t->members[i].type)) return true;
    return false;
}

static void check_constant(EmitCheck *c, const Var *v, SrcLoc use) {
    if (!first_time(c, v)) return;
    if (holds_union(v->type))
        diag_error(c->u->diag, use,
                   "a constant union, or a constant holding one, cannot be used in amp code (declare it at file "
                   "scope without const: amp code then reads a view of the host's copy)");
    else if (!is_constant(v->init))
        diag_error(c->u->diag, use, "initializer of a constant used in amp code is not a constant");
}

static void check_expr(void *ctx, Expr *x) {
    EmitCheck *c = ctx;
    if (x->kind == EX_VAR && x->var->kind == VAR_CAPTURE) return; /* layout.c names the capture */
    check_type(c, x->type, x->loc);
    if (x->kind == EX_VAR && x->var->kind == VAR_CONST) check_constant(c, x->var, x->loc);
}

static void check_stmt(void *ctx, Stmt *st) {
    if (st->kind == ST_DECL) check_type(ctx, st->var->type, st->var->loc);
}

bool check_emittable(Unit *u) {
    int errors = u->diag->errors;
    EmitCheck c = {.u = u};
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (!f->body) continue;
        for (int p = 0; p < f->nparams; p++) check_type(&c, f->params[p]->type, f->params[p]->loc);
        walk_stmt(f->body, check_expr, check_stmt, &c);
    }
    for (int i = 0; i < u->kernels.len; i++) walk_stmt(((Kernel *)u->kernels.items[i])->body, check_expr, check_stmt, &c);
    return u->diag->errors == errors;
}
