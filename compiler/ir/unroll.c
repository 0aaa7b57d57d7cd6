/* unroll.c — which loops the emitter marks `Unroll`: a for loop that
 * counts one integer variable from a constant to a constant by a constant
 * step, runs no loop inside it, is never left early, and is small once
 * unrolled, in a kernel or function with no nest of such loops. At -O1 and up
 * the SPIR-V optimizer unrolls it (spv_opt.c's --loop-unroll); at -O0 the
 * mark is the driver's hint. NVIDIA's compiler unrolls such a loop of a
 * GLSL shader by itself but did not unroll campcc's (n-body's 256-step
 * inner loop ran 4% slower than unrolled, the histogram's 16-step one
 * 1.5%: docs/performance.md). */
#include "campcc.h"

enum {
    UNROLL_MAX_TRIPS = 256,  /* passes of the loop */
    UNROLL_MAX_NODES = FUNC_NODES_MAX, /* expression nodes of the body, times the passes */
};

/* x as an integer constant (through casts of one), or false. */
static bool constant_of(const Expr *x, long long *value) {
    while (x && x->kind == EX_CAST && x->type->kind == TY_INT) x = x->lhs;
    if (!x || x->kind != EX_INT) return false;
    *value = x->ival;
    return true;
}

/* The same through + - * / of such constants, as macros write bounds
 * (`WM / 16`): for the loops over fragments only, so that which other
 * loops unroll stays as measured. */
static bool folded_constant_of(const Expr *x, long long *value) {
    while (x && x->kind == EX_CAST && x->type->kind == TY_INT) x = x->lhs;
    if (x && x->kind == EX_BINARY && x->type->kind == TY_INT && x->type->is_signed) {
        long long a, b;
        if (!folded_constant_of(x->lhs, &a) || !folded_constant_of(x->rhs, &b) || a < -(1LL << 30) || a > (1LL << 30) ||
            b < -(1LL << 30) || b > (1LL << 30))
            return false;
        switch (x->op) {
        case OP_ADD: *value = a + b; return true;
        case OP_SUB: *value = a - b; return true;
        case OP_MUL: *value = a * b; return true;
        case OP_DIV: if (b == 0) return false; *value = a / b; return true;
        default: return false;
        }
    }
    return constant_of(x, value);
}

/* Whether x reads the variable v (through casts). */
static bool reads(const Expr *x, const Var *v) {
    while (x && x->kind == EX_CAST && x->type->kind == TY_INT) x = x->lhs;
    return x && x->kind == EX_LOAD && x->lhs->kind == EX_VAR && x->lhs->var == v;
}

/* The counter's step: +1/-1 for ++/--, ±c for += c / -= c; 0 if not one. */
static long long step_of(const Expr *x, const Var *v) {
    if (!x || !x->lhs || x->lhs->kind != EX_VAR || x->lhs->var != v) return 0;
    long long c;
    if (x->kind == EX_INCDEC) return x->op == OP_ADD ? 1 : -1;
    if (x->kind != EX_ASSIGN || !constant_of(x->rhs, &c) || c < -(1LL << 40) || c > (1LL << 40)) return 0;
    return x->op == OP_ADD ? c : x->op == OP_SUB ? -c : 0;
}

/* Passes of `for (v = from; v op to; v += step)`, or -1 if not a small
 * constant (the loop ending on a wrap, or not at all, is not unrolled). */
static long long trips_of(long long from, Op op, long long to, long long step) {
    if (step == 0 || from < -(1LL << 40) || from > (1LL << 40) || to < -(1LL << 40) || to > (1LL << 40)) return -1;
    long long span;
    switch (op) {
    case OP_LT: span = to - from; break;
    case OP_LE: span = to - from + (step > 0 ? 1 : -1); break;
    case OP_GT: span = to - from; break;
    case OP_GE: span = to - from + (step > 0 ? 1 : -1); break;
    case OP_NE: return (to - from) % step == 0 && (to - from) / step >= 0 ? (to - from) / step : -1;
    default: return -1;
    }
    bool upward = op == OP_LT || op == OP_LE;
    if (upward != (step > 0)) return -1;
    if (span == 0 || (span > 0) != (step > 0)) return 0;
    return (span + step - (step > 0 ? 1 : -1)) / step;
}

typedef struct BodyScan {
    FuncNodes *fn;
    const Var *counter;
    long long nodes;
    bool has_loop;
    bool writes_counter; /* or takes its address */
    bool leaves;         /* a break or return */
    bool fragments;      /* calls a matrix fragment operation */
} BodyScan;

static void scan_stmt(void *ctx, Stmt *st) {
    BodyScan *s = ctx;
    if (st->kind == ST_FOR || st->kind == ST_WHILE || st->kind == ST_DO) s->has_loop = true;
    if (st->kind == ST_BREAK || st->kind == ST_RETURN) s->leaves = true;
}

static void scan_expr(void *ctx, Expr *x) {
    BodyScan *s = ctx;
    /* a call counts as its callee's body: unrolled, each pass gets a copy
     * of the call, which the driver inlines (a 100-pass loop of exp(double)
     * took lavapipe 35-50 s and 1 GB to compile, 0.4 s rolled) */
    s->nodes += 1 + call_nodes(s->fn, x);
    if (x->kind == EX_CALL && x->callee->fragment_op != FRAGMENT_OP_NONE) s->fragments = true;
    bool writes = x->kind == EX_ASSIGN || x->kind == EX_INCDEC || x->kind == EX_ADDR;
    if (writes && x->lhs && x->lhs->kind == EX_VAR && x->lhs->var == s->counter) s->writes_counter = true;
}

/* The passes of st when it is a for loop counting one integer variable
 * from a constant to a constant by a constant step, else 0. */
static long long constant_trips(Stmt *st, bool fold) {
    if (st->kind != ST_FOR || !st->init || st->init->kind != ST_DECL || !st->expr) return 0;
    Var *v = st->init->var;
    long long from, to, step = step_of(st->step, v);
    const Expr *cond = st->expr;
    bool (*value_of)(const Expr *, long long *) = fold ? folded_constant_of : constant_of;
    if (v->type->kind != TY_INT || v->type->size < 4 || !value_of(st->init->expr, &from) ||
        cond->kind != EX_BINARY || !reads(cond->lhs, v) || !value_of(cond->rhs, &to) || step == 0)
        return 0;
    /* an unsigned counter counting down past 0 wraps: only upward ones */
    if (!v->type->is_signed && (step < 0 || from < 0 || to < 0)) return 0;
    long long trips = trips_of(from, cond->op, to, step);
    return trips > 0 ? trips : 0;
}

/* A loop marked, with its body's nodes times its passes. */
typedef struct UnrolledLoop {
    Stmt *loop;
    long long nodes;
} UnrolledLoop;

/* One body's loops of constant count: those that qualify, and whether
 * any holds a loop (a nest); and the small ones over matrix fragments,
 * nests included: unrolled, an array of fragments is indexed by constants,
 * which lets the optimizer keep each in registers (NVIDIA's compiler kept
 * a dynamically indexed array of cooperative matrices in memory). */
typedef struct LoopScan {
    Arena *arena;
    FuncNodes *fn;
    PtrVec qualified; /* UnrolledLoop* */
    PtrVec fragment_loops; /* Stmt* */
    bool nest;
} LoopScan;

enum { UNROLL_FRAGMENT_TRIPS = 16 };

static void scan_loop(void *ctx, Stmt *st) {
    LoopScan *l = ctx;
    long long trips = constant_trips(st, true);
    if (trips == 0) return;
    BodyScan s = {.fn = l->fn, .counter = st->init->var};
    walk_stmt(st->then, scan_expr, scan_stmt, &s);
    if (s.fragments && trips <= UNROLL_FRAGMENT_TRIPS && !s.writes_counter && !s.leaves) {
        vec_push(l->arena, &l->fragment_loops, st);
        return;
    }
    if (constant_trips(st, false) != trips) return; /* a bound that only folding made constant */
    if (s.has_loop) l->nest = true;
    /* A loop left early unrolls into copies nested one in the next, as
     * deep as its passes: 100 of them overflowed the stack of Mesa 25's
     * lavapipe (test/corpus/stmt_switch.c). A break that leaves a switch
     * in the body counts too: the scan does not tell them apart. */
    else if (trips <= UNROLL_MAX_TRIPS && !s.writes_counter && !s.leaves && s.nodes * trips <= UNROLL_MAX_NODES) {
        UnrolledLoop *ul = arena_alloc(l->arena, sizeof *ul);
        *ul = (UnrolledLoop){st, s.nodes * trips};
        vec_push(l->arena, &l->qualified, ul);
    }
}

static void no_expr(void *ctx, Expr *x) {
    (void)ctx, (void)x;
}

/* A body with a nest of constant loops is left to the driver whole: it
 * unrolls such a nest itself, and loops unrolled here beside it can cost
 * the nest its unrolling (sgemm_blocked's register-blocked product went
 * from 43.5 to 36.0 TFLOP/s with its three single constant loops marked,
 * though each alone changed nothing). */
static void mark_body(Unit *u, FuncNodes *fn, Stmt *body, PtrVec *unrolled) {
    LoopScan l = {.arena = &u->arena, .fn = fn};
    walk_stmt(body, no_expr, scan_loop, &l);
    for (int i = 0; i < l.fragment_loops.len; i++) ((Stmt *)l.fragment_loops.items[i])->unroll = true;
    if (l.nest) return;
    for (int i = 0; i < l.qualified.len; i++) {
        UnrolledLoop *ul = l.qualified.items[i];
        ul->loop->unroll = true;
        vec_push(&u->arena, unrolled, ul);
    }
}

/* The nodes a kernel's marked loops add up to, each function's counted at
 * each call (the driver inlines them), and the loop that adds the most. */
typedef struct KernelUnroll {
    const PtrVec *unrolled;
    long long nodes, largest_nodes;
    UnrolledLoop *largest;
    int depth;
} KernelUnroll;

static void count_unrolled_stmt(void *ctx, Stmt *st) {
    KernelUnroll *k = ctx;
    if (!st->unroll) return;
    for (int i = 0; i < k->unrolled->len; i++) {
        UnrolledLoop *ul = k->unrolled->items[i];
        if (ul->loop != st) continue;
        k->nodes += ul->nodes;
        if (ul->nodes > k->largest_nodes) k->largest = ul, k->largest_nodes = ul->nodes;
    }
}

/* Calls followed this deep (amp code does not recurse: check.c refuses it). */
enum { UNROLL_CALL_DEPTH = 16 };

static void count_unrolled_expr(void *ctx, Expr *x) {
    KernelUnroll *k = ctx;
    if (x->kind != EX_CALL || !x->callee || !x->callee->body || x->callee->library || k->depth >= UNROLL_CALL_DEPTH)
        return;
    k->depth++;
    walk_stmt(x->callee->body, count_unrolled_expr, count_unrolled_stmt, k);
    k->depth--;
}

/* Each kernel's marked loops, its functions' at each call, within
 * UNROLL_MAX_NODES in all: the largest unmarked until they are. A column
 * model's helper of two 60-pass loops (12,600 and 960 nodes) called twice
 * made a module of 40,000 lines, which lavapipe took 40-70 s to compile
 * (2.5 s with one call). */
static void fit_kernel_budget(Stmt *body, const PtrVec *unrolled) {
    for (;;) {
        KernelUnroll k = {.unrolled = unrolled};
        walk_stmt(body, count_unrolled_expr, count_unrolled_stmt, &k);
        if (k.nodes <= UNROLL_MAX_NODES || !k.largest) return;
        k.largest->loop->unroll = false;
    }
}

/* Every loop of the math library that counts to a constant and is never
 * left early, nests included: its functions stay called, with their loops
 * unrolled there (spv_inline.c). Not the others: the mark is a hint to
 * the driver too, and Mesa 25's lavapipe, unrolling erf's series (at most
 * 120 passes, left when the terms are small) into exits nested 120 deep,
 * crashed on it. */
static void mark_library_loop(void *ctx, Stmt *st) {
    if (constant_trips(st, false) == 0) return;
    BodyScan s = {.fn = ctx, .counter = st->init->var};
    walk_stmt(st->then, scan_expr, scan_stmt, &s);
    if (!s.writes_counter && !s.leaves) st->unroll = true;
}

void mark_unrolled_loops(Unit *u) {
    FuncNodes fn = func_nodes_begin(u);
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->body && f->library) walk_stmt(f->body, no_expr, mark_library_loop, &fn);
    }
    /* SPIRV-Tools 2023.1's unroller drops NoContraction from its copies
     * (the library's are decorated again: spv_inline.c); and a checked
     * kernel's body is larger than its nodes say (the checks are emitted
     * with the accesses): a column sum over 128 rows, marked, took lavapipe
     * 36 s to build checked, against half a second unmarked */
    if (u->opts->fp_exact || u->opts->check) return;
    PtrVec unrolled = {0};
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->body && !f->library) mark_body(u, &fn, f->body, &unrolled);
    }
    for (int i = 0; i < u->kernels.len; i++) mark_body(u, &fn, ((Kernel *)u->kernels.items[i])->body, &unrolled);
    for (int i = 0; i < u->kernels.len; i++) fit_kernel_budget(((Kernel *)u->kernels.items[i])->body, &unrolled);
}
