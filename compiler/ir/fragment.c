/* fragment.c — the rules of matrix fragments (camp_fragment.h) that the
 * cooperative-matrix lowering relies on, and the shapes each kernel uses.
 * A fragment is opaque: only the header's operations reach its elements
 * (in a cooperative matrix they are spread over the subgroup's threads in
 * the device's own order), it lives in a thread of amp code (not captured,
 * not tile_static), and its layout in memory is a constant (SPIR-V's
 * operand is). The tile and uniformity rules are check_tile.c's. */
#include "campcc.h"

#include <string.h>

static const Fragment *fragment_of(const Type *t) {
    while (t && t->kind == TY_ARRAY) t = t->base;
    return t && t->kind == TY_STRUCT ? t->fragment : NULL;
}

typedef struct FragmentScan {
    Unit *u;
    Kernel *k;     /* the kernel whose reach is being walked, or NULL */
    PtrVec funcs;  /* Func* reached from k */
} FragmentScan;

static const Expr *strip_casts(const Expr *x) {
    while (x->kind == EX_CAST) x = x->lhs;
    return x;
}

static void add_shape(FragmentScan *s, const Expr *call) {
    const Fragment *acc = fragment_of(call->args[0]->type->base), *a = fragment_of(call->args[1]->type->base);
    Kernel *k = s->k;
    for (int i = 0; i < k->fragment_shapes.len; i++) {
        const FragmentShape *sh = k->fragment_shapes.items[i];
        if (sh->m == acc->m && sh->n == acc->n && sh->k == acc->k && type_equal(sh->input, a->element) &&
            type_equal(sh->accumulator, acc->element))
            return;
    }
    FragmentShape *sh = arena_alloc(&s->u->arena, sizeof *sh);
    *sh = (FragmentShape){acc->m, acc->n, acc->k, a->element, acc->element, call->loc};
    vec_push(&s->u->arena, &k->fragment_shapes, sh);
}

static void reach_call(void *ctx, Expr *x) {
    FragmentScan *s = ctx;
    if (x->kind != EX_CALL) return;
    if (x->callee->fragment_op == FRAGMENT_OP_MMA) add_shape(s, x);
    if (x->callee->fragment_op != FRAGMENT_OP_NONE) return;
    for (int i = 0; i < s->funcs.len; i++)
        if (s->funcs.items[i] == x->callee) return;
    vec_push(&s->u->arena, &s->funcs, x->callee);
    walk_stmt(x->callee->body, reach_call, NULL, s);
}

static void check_expr(void *ctx, Expr *x) {
    FragmentScan *s = ctx;
    if (x->kind == EX_MEMBER && fragment_of(x->lhs->type))
        diag_error(s->u->diag, x->loc,
                   "the elements of a matrix fragment are reached only through fragment_get and fragment_set");
    if (x->kind == EX_VAR && fragment_of(x->var->type) &&
        (x->var->kind == VAR_CAPTURE || x->var->kind == VAR_CONST || x->var->kind == VAR_TILE_STATIC))
        diag_error(s->u->diag, x->loc,
                   "matrix fragment '%s' must be declared in amp code, not %s: the threads of a subgroup hold it",
                   x->var->name, x->var->kind == VAR_TILE_STATIC ? "tile_static" : "outside the kernel");
    FragmentOp op = x->kind == EX_CALL ? x->callee->fragment_op : FRAGMENT_OP_NONE;
    if ((op == FRAGMENT_OP_LOAD || op == FRAGMENT_OP_STORE) && strip_casts(x->args[3])->kind != EX_INT)
        diag_error(s->u->diag, x->args[3]->loc,
                   "a fragment's layout must be a constant, fragment_row_major or fragment_col_major");
}

static void check_stmt(void *ctx, Stmt *st) {
    FragmentScan *s = ctx;
    if (st->kind == ST_DECL && st->expr && fragment_of(st->var->type))
        diag_error(s->u->diag, st->loc,
                   "matrix fragment '%s' cannot have an initializer: give it values with fragment_fill or "
                   "fragment_load",
                   st->var->name);
}

bool fragment_scan(Unit *u) {
    int errors = u->diag->errors;
    FragmentScan s = {.u = u};
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->fragment_op == FRAGMENT_OP_NONE) walk_stmt(f->body, check_expr, check_stmt, &s);
    }
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        walk_stmt(k->body, check_expr, check_stmt, &s);
        s.k = k;
        s.funcs.len = 0;
        walk_stmt(k->body, reach_call, NULL, &s);
    }
    return u->diag->errors == errors;
}
