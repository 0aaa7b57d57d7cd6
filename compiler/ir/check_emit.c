/* check_emit.c — what amp code may write but SPIR-V cannot express the way
 * campcc lays memory out, reported (with its location) before emission:
 * a member of a union holding a pointer (its bits cannot be reinterpreted
 * as an address), and a constant union or a constant whose initializer is
 * not made of constants (module constants are SPIR-V constants). */
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

/* A union's member that holds a pointer, read or written: its bits cannot
 * be told to be an address (and one the host stored there was never
 * translated to the device's). The union's other members, and objects
 * holding such a union (a struct with a pthread_mutex_t), are bytes like
 * any others. */
static void check_union_member(EmitCheck *c, const Expr *x) {
    const Type *u = x->lhs->type;
    if (!u->is_union || !type_holds_pointer(u->members[x->ival].type) || !first_time(c, x)) return;
    diag_error(c->u->diag, x->loc,
               "member '%s' of union '%s' holds a pointer, which amp code cannot use from a union: a kernel cannot "
               "tell whether the union holds an address (and one the host stored there is not the device's)",
               u->members[x->ival].name, u->name);
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
    if (x->kind == EX_MEMBER) check_union_member(c, x);
    if (x->kind == EX_VAR && x->var->kind == VAR_CONST) check_constant(c, x->var, x->loc);
}


bool check_emittable(Unit *u) {
    int errors = u->diag->errors;
    EmitCheck c = {.u = u};
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (!f->body) continue;
        walk_stmt(f->body, check_expr, NULL, &c);
    }
    for (int i = 0; i < u->kernels.len; i++) walk_stmt(((Kernel *)u->kernels.items[i])->body, check_expr, NULL, &c);
    return u->diag->errors == errors;
}
