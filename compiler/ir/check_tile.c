/* check_tile.c — the rules of tiled code, on the IR:
 *
 * - tile_static variables, barriers and fences need a tiled kernel: a
 *   helper that uses them may be called only from one;
 * - each kernel learns the tile_static variables it reaches (helpers
 *   included) for its entry point and its memory size;
 * - no barrier where the threads of a tile may diverge: every thread of a
 *   tile must reach the same barriers (SPIR-V makes anything else undefined);
 * - matrix fragments (camp_fragment.h) need a tiled kernel too, and every
 *   thread of a subgroup must reach each of their operations: they are
 *   checked as barriers are (a tile's uniform control is its subgroups').
 *
 * The uniformity analysis is deliberately simple and visible: a value is
 * non-uniform when it derives from t.global or t.local (t.tile,
 * t.tile_origin and t.tile_extent are the same for a whole tile), from an
 * atomic's result, or from a variable assigned a non-uniform value or
 * assigned under non-uniform control, through locals, parameters and call
 * results. A load from memory is uniform when its address is (views and
 * tile_static memory are shared, so after a barrier every thread of the
 * tile reads the same value). Control is non-uniform inside an if, loop,
 * switch, ?:, && or || whose condition is non-uniform, after a break, continue or
 * return taken under non-uniform control, and in a loop that a thread may
 * leave early. A barrier there, or a call to a helper that waits at one,
 * is an error. */
#include "campcc.h"

/* Per helper: what it (with what it calls) does. */
typedef struct FuncFacts {
    bool tile;    /* declares tile_static or has a barrier or fence */
    bool barrier; /* waits at a tile barrier */
    bool atomic;  /* its result may differ between threads */
    bool fragment; /* is or calls a matrix fragment operation */
} FuncFacts;

enum { JUMP_LOOP = 1, JUMP_BREAK = 2, JUMP_EXIT = 4 }; /* divergent jumps seen */

typedef struct Uniformity {
    Unit *u;
    FuncFacts *facts; /* by index in u->funcs */
    PtrVec nonuniform; /* Var* */
    bool changed;     /* nonuniform grew in this pass */
    bool report;      /* the last pass: report errors */
    PtrVec reported;  /* Expr* already reported (loops are walked twice) */
    bool divergent;   /* control depends on the thread */
    SrcLoc why;       /* where it started to */
    int jumps;        /* JUMP_* taken under divergent control */
    SrcLoc jump_why;  /* the first of them */
    int in_loop;      /* loops around, in the function being walked */
} Uniformity;

static FuncFacts *facts_of(Uniformity *s, Func *f) {
    for (int i = 0; i < s->u->funcs.len; i++)
        if (s->u->funcs.items[i] == f) return &s->facts[i];
    unreachable("call to a function outside the unit");
}

/* ---- facts about helpers -------------------------------------------------------- */

typedef struct FactScan {
    Uniformity *s;
    FuncFacts *f;
} FactScan;

static void fact_expr(void *ctx, Expr *x) {
    FactScan *scan = ctx;
    if (x->kind == EX_SYNC) {
        scan->f->tile |= !(x->ival & SYNC_DEVICE); /* the device fence needs no tile */
        if (x->ival & SYNC_BARRIER) scan->f->barrier = true;
    } else if (x->kind == EX_ATOMIC) {
        scan->f->atomic = true;
    } else if (x->kind == EX_CALL) {
        FuncFacts *g = facts_of(scan->s, x->callee);
        scan->f->tile |= g->tile;
        scan->f->barrier |= g->barrier;
        scan->f->atomic |= g->atomic;
        scan->f->fragment |= g->fragment || x->callee->fragment_op != FRAGMENT_OP_NONE;
    }
}

static void fact_stmt(void *ctx, Stmt *st) {
    FactScan *scan = ctx;
    if (st->kind == ST_DECL && st->var->kind == VAR_TILE_STATIC) scan->f->tile = true;
}

/* Facts grow through calls: repeat until nothing changes (no recursion). */
static void compute_facts(Uniformity *s) {
    bool grew = true;
    while (grew) {
        grew = false;
        for (int i = 0; i < s->u->funcs.len; i++) {
            Func *f = s->u->funcs.items[i];
            FuncFacts before = s->facts[i];
            FactScan scan = {s, &s->facts[i]};
            walk_stmt(f->body, fact_expr, fact_stmt, &scan);
            grew |= before.tile != s->facts[i].tile || before.barrier != s->facts[i].barrier ||
                    before.atomic != s->facts[i].atomic || before.fragment != s->facts[i].fragment;
        }
    }
}

/* ---- what each kernel reaches ----------------------------------------------------- */

typedef struct Reach {
    Uniformity *s;
    Kernel *k;
    PtrVec funcs; /* Func* reached */
    Arena *a;
} Reach;

static void reach_stmt(void *ctx, Stmt *st) {
    Reach *r = ctx;
    if (st->kind != ST_DECL || st->var->kind != VAR_TILE_STATIC) return;
    for (int i = 0; i < r->k->tile_statics.len; i++)
        if (r->k->tile_statics.items[i] == st->var) return;
    vec_push(r->a, &r->k->tile_statics, st->var);
}

static void reach_expr(void *ctx, Expr *x) {
    Reach *r = ctx;
    if (x->kind != EX_CALL) return;
    for (int i = 0; i < r->funcs.len; i++)
        if (r->funcs.items[i] == x->callee) return;
    vec_push(r->a, &r->funcs, x->callee);
    walk_stmt(x->callee->body, reach_expr, reach_stmt, r);
}

static bool uses_fragments(Uniformity *s, const Func *f) {
    return f->fragment_op != FRAGMENT_OP_NONE || facts_of(s, (Func *)f)->fragment;
}

/* A non-tiled kernel calling a helper that needs a tile. */
static void untiled_call(void *ctx, Expr *x) {
    Uniformity *s = ctx;
    if (x->kind == EX_CALL && uses_fragments(s, x->callee))
        diag_error(s->u->diag, x->loc,
                   "matrix fragments need a tiled kernel: the threads of a subgroup hold and multiply them "
                   "together (parallel_for_each over tile(...))");
    else if (x->kind == EX_CALL && facts_of(s, x->callee)->tile)
        diag_error(s->u->diag, x->loc,
                   "'%s' uses tile_static memory or tile barriers, so it can be called only from a tiled kernel",
                   x->callee->name);
}

/* ---- uniformity ------------------------------------------------------------------- */

static bool is_nonuniform_var(Uniformity *s, Var *v) {
    for (int i = 0; i < s->nonuniform.len; i++)
        if (s->nonuniform.items[i] == v) return true;
    return false;
}

static void mark_nonuniform(Uniformity *s, Var *v) {
    if (v->kind == VAR_TILE_STATIC || v->kind == VAR_CAPTURE || is_nonuniform_var(s, v)) return;
    vec_push(&s->u->arena, &s->nonuniform, v);
    s->changed = true;
}

/* The variable an lvalue writes into: a component, member or element of
 * it (not memory reached through a pointer value). */
static Var *written_var(Expr *lv) {
    while (lv) {
        switch (lv->kind) {
        case EX_VAR: return lv->var;
        case EX_VELEM: case EX_SWIZZLE: case EX_MEMBER: lv = lv->lhs; break;
        case EX_INDEX: /* an element of an array variable, not of a pointer */
            if (lv->lhs->kind != EX_DECAY) return NULL;
            lv = lv->lhs->lhs;
            break;
        default: return NULL;
        }
    }
    return NULL;
}

static bool uniform_expr(Uniformity *s, Expr *x);

#define BARRIER_RULE "every thread of a tile must reach the same barriers"
#define FRAGMENT_RULE "every thread of a subgroup must reach each operation on its fragments"

/* Runs `x` under control that diverges when `uniform` is false. */
static bool uniform_under(Uniformity *s, Expr *x, bool uniform, SrcLoc why) {
    bool saved = s->divergent;
    SrcLoc saved_why = s->why;
    if (!uniform && !s->divergent) {
        s->divergent = true;
        s->why = why;
    }
    bool r = uniform_expr(s, x);
    s->divergent = saved;
    s->why = saved_why;
    return r;
}

/* `what` (a barrier, or a fragment operation: `rule` says which) where
 * control may diverge: reported once. */
static void check_barrier(Uniformity *s, Expr *x, const char *what, const char *rule) {
    if (!s->report || !s->divergent) return;
    for (int i = 0; i < s->reported.len; i++)
        if (s->reported.items[i] == x) return;
    vec_push(&s->u->arena, &s->reported, x);
    diag_error(s->u->diag, x->loc, "%s in control flow that depends on the thread's index: %s", what, rule);
    diag_note(s->u->diag, s->why, "the threads of a tile may take different paths here");
}

static void assigned(Uniformity *s, Expr *target, bool value_uniform) {
    Var *v = written_var(target);
    if (v && (!value_uniform || s->divergent)) mark_nonuniform(s, v);
}

/* Walks every operand (any may hold a barrier); uniform when all are. */
static bool uniform_all(Uniformity *s, Expr *a, Expr *b, Expr *c) {
    bool ua = uniform_expr(s, a);
    bool ub = uniform_expr(s, b);
    bool uc = uniform_expr(s, c);
    return ua && ub && uc;
}

static bool uniform_expr(Uniformity *s, Expr *x) {
    if (!x) return true;
    switch (x->kind) {
    case EX_INT: case EX_FLOAT: return true;
    case EX_VAR: return !is_nonuniform_var(s, x->var);
    case EX_SYNC:
        if (x->ival & SYNC_BARRIER) check_barrier(s, x, "tile barrier", BARRIER_RULE);
        return true;
    case EX_ATOMIC:
        for (int i = 0; i < x->nargs; i++) uniform_expr(s, x->args[i]);
        if (x->ival == ATOMIC_COMPARE_EXCHANGE) assigned(s, x->args[1], false);
        return false;
    case EX_CALL: {
        bool u = true;
        for (int i = 0; i < x->nargs; i++) {
            bool arg = uniform_expr(s, x->args[i]);
            if (!arg) mark_nonuniform(s, x->callee->params[i]);
            u = u && arg;
        }
        FuncFacts *f = facts_of(s, x->callee);
        if (f->barrier) {
            char *what = arena_printf(&s->u->arena, "call to '%s', which waits at a tile barrier,", x->callee->name);
            check_barrier(s, x, what, BARRIER_RULE);
        }
        if (x->callee->fragment_op != FRAGMENT_OP_NONE)
            check_barrier(s, x, "matrix fragment operation", FRAGMENT_RULE);
        else if (f->fragment)
            check_barrier(s, x, arena_printf(&s->u->arena, "call to '%s', which uses matrix fragments,", x->callee->name),
                          FRAGMENT_RULE);
        return u && !f->atomic;
    }
    case EX_ASSIGN: {
        bool u = uniform_all(s, x->rhs, x->lhs, NULL);
        assigned(s, x->lhs, u);
        return u;
    }
    case EX_INCDEC: {
        bool u = uniform_expr(s, x->lhs);
        assigned(s, x->lhs, u);
        return u;
    }
    case EX_COND: {
        bool c = uniform_expr(s, x->cond);
        bool a = uniform_under(s, x->lhs, c, x->cond->loc);
        bool b = uniform_under(s, x->rhs, c, x->cond->loc);
        return c && a && b;
    }
    case EX_BINARY:
        if (x->op == OP_LAND || x->op == OP_LOR) {
            bool a = uniform_expr(s, x->lhs);
            return uniform_under(s, x->rhs, a, x->lhs->loc) && a;
        }
        return uniform_all(s, x->lhs, x->rhs, NULL);
    case EX_INIT: {
        bool u = true;
        for (int i = 0; i < x->ninits; i++) u = uniform_expr(s, x->inits[i].value) && u;
        return u;
    }
    default: { /* loads, casts, indexing, operators, math: uniform when every operand is */
        bool u = uniform_all(s, x->lhs, x->rhs, x->cond);
        for (int i = 0; i < x->nargs; i++) u = uniform_expr(s, x->args[i]) && u;
        return u;
    }
    }
}

static void uniform_stmt(Uniformity *s, Stmt *st);

/* A statement under control that diverges when `uniform` is false. */
static void stmt_under(Uniformity *s, Stmt *st, bool uniform, SrcLoc why) {
    bool saved = s->divergent;
    SrcLoc saved_why = s->why;
    if (!uniform && !s->divergent) {
        s->divergent = true;
        s->why = why;
    }
    uniform_stmt(s, st);
    s->divergent = saved;
    s->why = saved_why;
}

static void jump(Uniformity *s, Stmt *st, int kind) {
    if (!s->divergent) return;
    if (!s->jumps) s->jump_why = st->loc;
    s->jumps |= kind;
}

/* After a divergent jump, the rest runs on some threads only. */
static void diverge_after_jump(Uniformity *s) {
    if (s->jumps && !s->divergent) {
        s->divergent = true;
        s->why = s->jump_why;
    }
}

static void uniform_loop(Uniformity *s, Stmt *st) {
    uniform_stmt(s, st->init);
    int saved_jumps = s->jumps;
    bool saved = s->divergent;
    SrcLoc saved_why = s->why;
    s->in_loop++;
    /* twice: the second pass sees what the first found diverging in the loop */
    for (int pass = 0; pass < 2; pass++) {
        s->jumps = saved_jumps & JUMP_EXIT;
        bool c = uniform_expr(s, st->expr);
        if (!c && !s->divergent) {
            s->divergent = true;
            s->why = st->expr->loc;
        }
        uniform_stmt(s, st->then);
        bool early_exit = s->jumps & (JUMP_BREAK | JUMP_EXIT);
        uniform_expr(s, st->step);
        if (!early_exit) break;
        /* some threads may leave while others go round again */
        diverge_after_jump(s);
    }
    s->in_loop--;
    s->divergent = saved;
    s->why = saved_why;
    s->jumps = saved_jumps | (s->jumps & JUMP_EXIT);
}

/* Statements in order; after a divergent jump the rest runs on some threads only. */
static void uniform_list(Uniformity *s, PtrVec *list) {
    for (int i = 0; i < list->len; i++) {
        bool saved = s->divergent;
        SrcLoc saved_why = s->why;
        diverge_after_jump(s);
        uniform_stmt(s, list->items[i]);
        s->divergent = saved;
        s->why = saved_why;
    }
}

/* A switch: its cases diverge with a non-uniform selector; a break leaves
 * the switch only. */
static void uniform_switch(Uniformity *s, Stmt *st) {
    bool c = uniform_expr(s, st->expr);
    int saved_jumps = s->jumps;
    bool saved = s->divergent;
    SrcLoc saved_why = s->why;
    if (!c && !s->divergent) {
        s->divergent = true;
        s->why = st->expr->loc;
    }
    for (int i = 0; i < st->body.len; i++) uniform_list(s, &((SwitchCase *)st->body.items[i])->body);
    s->divergent = saved;
    s->why = saved_why;
    s->jumps = saved_jumps | (s->jumps & (JUMP_LOOP | JUMP_EXIT));
}

static void uniform_stmt(Uniformity *s, Stmt *st) {
    if (!st) return;
    switch (st->kind) {
    case ST_EMPTY: return;
    case ST_EXPR: uniform_expr(s, st->expr); return;
    case ST_DECL:
        if (st->expr && !uniform_expr(s, st->expr)) mark_nonuniform(s, st->var);
        return;
    case ST_BLOCK: uniform_list(s, &st->body); return;
    case ST_SWITCH: uniform_switch(s, st); return;
    case ST_IF: {
        bool c = uniform_expr(s, st->expr);
        stmt_under(s, st->then, c, st->expr->loc);
        stmt_under(s, st->els, c, st->expr->loc);
        return;
    }
    case ST_WHILE: case ST_DO: case ST_FOR: uniform_loop(s, st); return;
    case ST_BREAK: jump(s, st, JUMP_BREAK); return;
    case ST_CONTINUE: jump(s, st, s->in_loop ? JUMP_LOOP : JUMP_EXIT); return;
    case ST_RETURN:
        uniform_expr(s, st->expr);
        jump(s, st, JUMP_EXIT);
        return;
    }
}

static void uniform_body(Uniformity *s, Stmt *body) {
    s->divergent = false;
    s->jumps = 0;
    s->in_loop = 0;
    uniform_stmt(s, body);
}

static void uniformity_pass(Uniformity *s) {
    for (int i = 0; i < s->u->kernels.len; i++) {
        Kernel *k = s->u->kernels.items[i];
        if (k->tiled) uniform_body(s, k->body);
    }
    for (int i = 0; i < s->u->funcs.len; i++) {
        Func *f = s->u->funcs.items[i];
        if (s->facts[i].barrier) uniform_body(s, f->body);
    }
}

/* Every tiled kernel and every helper, until the non-uniform variables stop
 * growing; then once more, reporting. */
static void check_uniformity(Uniformity *s) {
    for (int i = 0; i < s->u->kernels.len; i++) {
        Kernel *k = s->u->kernels.items[i];
        if (k->tiled) {
            mark_nonuniform(s, k->tile_index[0]); /* t.global */
            mark_nonuniform(s, k->tile_index[1]); /* t.local */
        }
    }
    s->report = false;
    do {
        s->changed = false;
        uniformity_pass(s);
    } while (s->changed);
    s->report = true;
    uniformity_pass(s);
}

bool check_tiles(Unit *u) {
    Uniformity s = {.u = u};
    s.facts = arena_alloc(&u->arena, sizeof *s.facts * (size_t)(u->funcs.len + 1));
    compute_facts(&s);
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        Reach r = {&s, k, {0}, &u->arena};
        walk_stmt(k->body, reach_expr, reach_stmt, &r);
        if (!k->tiled) walk_stmt(k->body, untiled_call, NULL, &s);
    }
    if (u->diag->errors) return false;
    check_uniformity(&s);
    return u->diag->errors == 0;
}
