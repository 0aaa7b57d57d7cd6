/* nesting.c — how deep amp code nests its control flow.
 *
 * Every if, loop, switch, `?:`, `&&` and `||` is a structured construct in
 * SPIR-V, nested in those around it (a call adds the depth of the callee,
 * which -O1 and up inline). Vulkan allows 1023 levels; campcc allows
 * fewer, because SPIRV-Tools' validator checks each construct against the
 * dominators of each of its blocks: time cubic in the depth (nested ifs:
 * 250 levels 0.7 s, 500 levels 6 s, 1000 levels 42 s). The construct that
 * opens one level too many is reported, once per function or kernel. */
#include "campcc.h"

enum { MAX_CONTROL_NESTING = 256 };

typedef struct Nesting {
    Unit *u;
    int *func_depth; /* by index in u->funcs: -1 until measured */
    bool reported;   /* in the function or kernel being measured */
} Nesting;

static int func_depth(Nesting *n, Func *f);

/* Whether a construct may open at depth d; reports it if not. */
static bool opens(Nesting *n, int d, SrcLoc loc) {
    if (d < MAX_CONTROL_NESTING) return true;
    if (!n->reported)
        diag_error(n->u->diag, loc,
                   "control flow nested more than %d levels deep is not supported in amp code (if, loops, switch, "
                   "'?:', '&&' and '||', with those of the functions called; Vulkan allows 1023, but checking "
                   "the SPIR-V takes time that grows with the cube of the depth)",
                   MAX_CONTROL_NESTING);
    n->reported = true;
    return false;
}

static int max_int(int a, int b) { return a > b ? a : b; }

/* The depth x reaches, evaluated at depth d. */
static int expr_depth(Nesting *n, Expr *x, int d) {
    if (!x) return d;
    /* ?:'s middle operand is inside, and only there: visited twice, a
     * chain of ?: nested in it took 2^depth visits (40 deep: minutes) */
    int deepest = expr_depth(n, x->cond, d);
    if (x->kind != EX_COND) deepest = max_int(deepest, expr_depth(n, x->lhs, d));
    bool logical = x->kind == EX_BINARY && (x->op == OP_LAND || x->op == OP_LOR);
    if (x->kind == EX_COND || logical) { /* the operands after the first are inside */
        Expr *inside[2] = {x->kind == EX_COND ? x->lhs : NULL, x->rhs};
        if (!opens(n, d, x->loc)) return d;
        for (int i = 0; i < 2; i++) deepest = max_int(deepest, expr_depth(n, inside[i], d + 1));
    } else {
        deepest = max_int(deepest, expr_depth(n, x->rhs, d));
    }
    for (int i = 0; i < x->nargs; i++) deepest = max_int(deepest, expr_depth(n, x->args[i], d));
    for (int i = 0; i < x->ninits; i++) deepest = max_int(deepest, expr_depth(n, x->inits[i].value, d));
    if (x->kind == EX_CALL && x->callee) {
        int callee = func_depth(n, x->callee);
        if (d + callee > MAX_CONTROL_NESTING) opens(n, MAX_CONTROL_NESTING, x->loc);
        deepest = max_int(deepest, d + callee);
    }
    return deepest;
}

static int stmt_depth(Nesting *n, Stmt *s, int d);

static int stmts_depth(Nesting *n, PtrVec *body, int d) {
    int deepest = d;
    for (int i = 0; i < body->len; i++) deepest = max_int(deepest, stmt_depth(n, body->items[i], d));
    return deepest;
}

static int stmt_depth(Nesting *n, Stmt *s, int d) {
    if (!s) return d;
    switch (s->kind) {
    case ST_BLOCK: return stmts_depth(n, &s->body, d);
    case ST_IF:
    case ST_SWITCH: {
        int deepest = expr_depth(n, s->expr, d);
        if (!opens(n, d, s->loc)) return deepest;
        deepest = max_int(deepest, max_int(stmt_depth(n, s->then, d + 1), stmt_depth(n, s->els, d + 1)));
        for (int i = 0; s->kind == ST_SWITCH && i < s->body.len; i++)
            deepest = max_int(deepest, stmts_depth(n, &((SwitchCase *)s->body.items[i])->body, d + 1));
        return deepest;
    }
    case ST_WHILE:
    case ST_DO:
    case ST_FOR: {
        int deepest = stmt_depth(n, s->init, d);
        if (!opens(n, d, s->loc)) return deepest;
        deepest = max_int(deepest, expr_depth(n, s->expr, d + 1));
        deepest = max_int(deepest, expr_depth(n, s->step, d + 1));
        return max_int(deepest, stmt_depth(n, s->then, d + 1));
    }
    default: return expr_depth(n, s->expr, d);
    }
}

/* A function's own depth (measured once; the recursion check came first). */
static int func_depth(Nesting *n, Func *f) {
    int i = 0;
    while (i < n->u->funcs.len && n->u->funcs.items[i] != f) i++;
    if (i == n->u->funcs.len) return 0;
    if (n->func_depth[i] < 0) {
        bool reported = n->reported;
        n->reported = false;
        n->func_depth[i] = stmt_depth(n, f->body, 0);
        n->reported = reported || n->reported;
    }
    return n->func_depth[i];
}

bool check_nesting(Unit *u) {
    Nesting n = {u, arena_alloc(&u->arena, sizeof(int) * (size_t)(u->funcs.len + 1)), false};
    for (int i = 0; i < u->funcs.len; i++) n.func_depth[i] = -1;
    for (int i = 0; i < u->funcs.len; i++) func_depth(&n, u->funcs.items[i]);
    for (int i = 0; i < u->kernels.len; i++) {
        n.reported = false;
        stmt_depth(&n, ((Kernel *)u->kernels.items[i])->body, 0);
    }
    return u->diag->errors == 0;
}
