/* vectorize.c — untiled kernels that reach memory only at their own
 * element: y[i] = a * x[i] + y[i], c[i[0]][i[1]] = a[i[0]][i[1]] + ...
 * Such a kernel can have each thread take vector_width consecutive
 * elements along x (the extent's last index) and move them with one
 * 128-bit load or store per view, where a thread of the kernel as written
 * moves 32 bits: a memory-bound kernel then issues a quarter of the memory
 * instructions, which is what the fastest hand-written CUDA kernels do
 * (float4). The arithmetic is the same, element by element: the body is
 * emitted once per element, its own-element accesses reading and writing
 * lanes of the vectors (spv_vector.c).
 *
 * What moving the loads first and the stores last may not change: every
 * capture of memory the kernel touches is reached only at the thread's
 * own element (so no thread reads what another writes), and no view is
 * read after one is written (views may be one array under two names: a
 * thread that writes y[i] and then reads x[i] must see its write if x is
 * y); two views it writes have their vectors stored at the end in no
 * order the body gives, so where one is a pointer (the same memory, maybe)
 * spv_vector.c takes the elements one at a time when their vectors
 * overlap. Writes are statements of their own (`y[i] = ...;`, `y[i] += ...;`,
 * `y[i]++;`), in ifs or not; a view written only under a condition is
 * loaded first too, so that its vector keeps the elements left unwritten.
 * Each view must be reached at its own element by every thread, whatever
 * the conditions (a read or write outside ifs, the branches of `?:` and
 * the right of `&&` and `||`): then every element of a vector is one the
 * kernel as written reads or writes, inside the view, and the thread's
 * alone. A view reached only under a condition may be shorter than the
 * extent (`if (i < m) b[i] = ...` over a padded extent): a vector there
 * would load and store past its end, or over the next row's elements,
 * which another thread writes.
 * Everything else the body may do with locals, constants and calls
 * whose arguments hold no pointer (the math functions, amp functions of
 * the program: a global array one uses is one more argument, a pointer,
 * so such a function reaches no view), unless the function does a texture, atomic or subgroup operation
 * (a subgroup's lanes are other elements once threads take 4) or runs a
 * loop of the program's (scan_callee_stmt); a loop, a return, a pointer,
 * an atomic, a texture, a subgroup operation, printf or assert, or
 * -fcamp-check leaves the kernel as written; so does a body of more than
 * MAX_NODES expression nodes, its calls' functions counted in (drivers
 * inline them): it is emitted twice per element (the vector path and the
 * one-at-a-time path), and a body that large is bound by its arithmetic,
 * not by its memory accesses (lavapipe took 10 s, not 0.8, to make the
 * pipeline of a kernel calling expf, sinf and cosf twice each, 8 times). */
#include "campcc.h"

/* 128-bit accesses: the vector of 4-byte or 8-byte elements. */
enum { VECTOR_BYTES = 16, MAX_NODES = 1000 };

/* Whether x reads index component `comp` of k's index (the index itself at
 * rank 1). */
static bool reads_index(const Kernel *k, const Expr *x, int comp) {
    if (x->kind != EX_LOAD) return false;
    const Expr *lv = x->lhs;
    if (k->rank > 1) {
        if (lv->kind != EX_VELEM || lv->rhs || lv->ival != comp) return false;
        lv = lv->lhs;
    }
    return lv->kind == EX_VAR && lv->var == k->idx;
}

Var *own_element_view(const Kernel *k, const Expr *x) {
    const Expr *level = x;
    for (int comp = k->rank - 1;; comp--) {
        if (level->kind != EX_INDEX || !reads_index(k, level->rhs, comp)) return NULL;
        const Expr *p = level->lhs;
        if (comp > 0) {
            if (p->kind != EX_DECAY || p->lhs->kind != EX_INDEX) return NULL;
            level = p->lhs;
            continue;
        }
        if ((p->kind != EX_LOAD && p->kind != EX_DECAY) || p->lhs->kind != EX_VAR) return NULL;
        Var *v = p->lhs->var;
        CaptureKind want = p->kind == EX_DECAY ? CAPTURE_VIEW : CAPTURE_POINTER;
        return v->kind == VAR_CAPTURE && v->capture == want ? v : NULL;
    }
}

typedef struct Scan {
    Unit *u;
    Kernel *k;
    PtrVec arithmetic; /* Func*: found to do only arithmetic (arithmetic_only) */
    PtrVec views;    /* VectorView* */
    PtrVec accesses; /* Expr*: the own-element accesses, marked once the kernel is taken */
    int element_size;
    long long nodes; /* expression nodes scanned, a call's callee's counted in */
    FuncNodes callee_nodes;
    bool refused;
    bool written;    /* a view was written by a statement before */
    int conditional; /* inside how many conditions (ifs, ?: branches, && and || right sides) */
} Scan;

/* The VectorView of access x (an own element) into s->views. */
static VectorView *view_of(Scan *s, Expr *x) {
    Var *v = own_element_view(s->k, x);
    const Type *t = x->type;
    bool scalar = t->kind == TY_FLOAT || t->kind == TY_INT;
    if (!scalar || (t->size != 4 && t->size != 8) || (s->element_size && t->size != s->element_size)) {
        s->refused = true;
        return NULL;
    }
    s->element_size = t->size;
    vec_push(&s->u->arena, &s->accesses, x);
    for (int i = 0; i < s->views.len; i++) {
        VectorView *vv = s->views.items[i];
        if (vv->view == v) return vv;
    }
    VectorView *vv = arena_alloc(&s->u->arena, sizeof *vv);
    *vv = (VectorView){.view = v, .access = x};
    vec_push(&s->u->arena, &s->views, vv);
    return vv;
}

static void read_view(Scan *s, Expr *x) {
    VectorView *vv = view_of(s, x);
    if (s->written) s->refused = true;
    if (vv) vv->load = true;
    if (vv && !s->conditional) vv->every_thread = true;
}

static void scan_value(Scan *s, Expr *x);
static void scan_children(Scan *s, Expr *x);

typedef struct CalleeScan {
    Scan *scan;
    bool library; /* the function scanned is the math library's */
    bool other;   /* something other than arithmetic */
} CalleeScan;

static bool arithmetic_only(Scan *s, Func *f);

/* A loop of the program's own (lavapipe's loop budget counts a thread's
 * passes, 4 times as many once it takes 4 elements); the math library's
 * are short loops of constant count. */
static void scan_callee_stmt(void *ctx, Stmt *st) {
    CalleeScan *c = ctx;
    if (st->kind == ST_FOR || st->kind == ST_WHILE || st->kind == ST_DO) c->other = c->other || !c->library;
}

static void scan_callee_expr(void *ctx, Expr *x) {
    CalleeScan *c = ctx;
    switch (x->kind) {
    case EX_TEXTURE: case EX_ATOMIC: case EX_SUBGROUP: case EX_SYNC: case EX_REPORT: c->other = true; break;
    case EX_CALL: c->other = c->other || !x->callee || !arithmetic_only(c->scan, x->callee); break;
    default: break;
    }
}

/* Whether f and the functions it calls do no texture, atomic, subgroup or
 * barrier operation, report nothing and run no loop of the program's. */
static bool arithmetic_only(Scan *s, Func *f) {
    for (int i = 0; i < s->arithmetic.len; i++)
        if (s->arithmetic.items[i] == f) return true;
    if (!f->body || f->textures.len) return false;
    CalleeScan c = {.scan = s, .library = f->library};
    walk_stmt(f->body, scan_callee_expr, scan_callee_stmt, &c);
    if (!c.other) vec_push(&s->u->arena, &s->arithmetic, f);
    return !c.other;
}

/* A call the vectorized kernel may make for each element: of a function
 * doing arithmetic only, on arguments holding no pointer. */
static void scan_call(Scan *s, Expr *x) {
    s->nodes += call_nodes(&s->callee_nodes, x); /* each element inlines the callee, twice */
    for (int i = 0; i < x->nargs; i++)
        if (type_holds_pointer(x->args[i]->type)) s->refused = true;
    if (!s->refused && (!x->callee || !arithmetic_only(s, x->callee))) s->refused = true;
    scan_children(s, x);
}

static void scan_children(Scan *s, Expr *x) {
    if (x->lhs) scan_value(s, x->lhs);
    if (x->rhs) scan_value(s, x->rhs);
    if (x->cond) scan_value(s, x->cond);
    for (int i = 0; i < x->nargs; i++) scan_value(s, x->args[i]);
    for (int i = 0; i < x->ninits; i++) scan_value(s, x->inits[i].value);
}

/* An expression evaluated where no view may be written. */
static void scan_value(Scan *s, Expr *x) {
    if (s->refused || (s->refused = ++s->nodes > MAX_NODES)) return;
    switch (x->kind) {
    case EX_INT: case EX_FLOAT: return;
    case EX_VAR: /* memory reached other than at the own element, a pointer, a texture */
        if (x->var->kind == VAR_TEXTURE || x->var->capture == CAPTURE_VIEW || type_holds_pointer(x->var->type))
            s->refused = true;
        return;
    case EX_LOAD:
        if (own_element_view(s->k, x->lhs)) read_view(s, x->lhs);
        else scan_value(s, x->lhs);
        return;
    case EX_ASSIGN: case EX_INCDEC:
        if (own_element_view(s->k, x->lhs)) s->refused = true; /* a write inside an expression */
        else scan_children(s, x);
        return;
    case EX_COND: /* the branches run under the condition */
        scan_value(s, x->cond);
        s->conditional++;
        scan_value(s, x->lhs);
        scan_value(s, x->rhs);
        s->conditional--;
        return;
    case EX_BINARY:
        if (x->op != OP_LAND && x->op != OP_LOR) {
            scan_children(s, x);
            return;
        }
        scan_value(s, x->lhs);
        s->conditional++;
        scan_value(s, x->rhs);
        s->conditional--;
        return;
    case EX_DECAY: case EX_INDEX: case EX_CAST: case EX_UNARY: case EX_VELEM:
    case EX_MEMBER: case EX_SWIZZLE: case EX_INIT: case EX_BUILTIN:
        scan_children(s, x);
        return;
    case EX_CALL: scan_call(s, x); return;
    default: /* pointers, atomics, reports, textures, subgroups, barriers, checks */
        s->refused = true;
        return;
    }
}

/* `v[i] = x;`, `v[i] op= x;`, `v[i]++;`: a write of a view, if st is one. */
static bool scan_write(Scan *s, Stmt *st) {
    Expr *x = st->expr;
    if ((x->kind != EX_ASSIGN && x->kind != EX_INCDEC) || !own_element_view(s->k, x->lhs)) return false;
    if (x->kind == EX_INCDEC || x->op != OP_NONE) read_view(s, x->lhs);
    if (x->kind == EX_ASSIGN) scan_value(s, x->rhs);
    VectorView *vv = s->refused ? NULL : view_of(s, x->lhs);
    if (!vv) return true;
    vv->store = true;
    if (s->conditional) vv->load = true;
    else vv->every_thread = true;
    s->written = true;
    return true;
}

static void scan_stmt(Scan *s, Stmt *st) {
    if (!st || s->refused) return;
    switch (st->kind) {
    case ST_EMPTY: return;
    case ST_BLOCK:
        for (int i = 0; i < st->body.len; i++) scan_stmt(s, st->body.items[i]);
        return;
    case ST_DECL:
        if (type_holds_pointer(st->var->type)) s->refused = true;
        else if (st->expr) scan_value(s, st->expr);
        return;
    case ST_EXPR:
        if (!scan_write(s, st)) scan_value(s, st->expr);
        return;
    case ST_IF:
        scan_value(s, st->expr);
        s->conditional++;
        scan_stmt(s, st->then);
        scan_stmt(s, st->els);
        s->conditional--;
        return;
    default: /* loops, switch, return */
        s->refused = true;
        return;
    }
}

static void vectorize(Unit *u, Kernel *k, FuncNodes callee_nodes) {
    /* extent64's kernels keep one element a thread: their index is 64 bits */
    if (k->tiled || k->rank > 3 || k->wide_index || k->reports || u->opts->check) return;
    Scan s = {.u = u, .k = k, .callee_nodes = callee_nodes};
    scan_stmt(&s, k->body);
    if (s.refused || !s.views.len) return;
    for (int i = 0; i < s.views.len; i++)
        if (!((VectorView *)s.views.items[i])->every_thread) return;
    k->vector_width = VECTOR_BYTES / s.element_size;
    k->vector_views = s.views;
    for (int i = 0; i < s.accesses.len; i++) ((Expr *)s.accesses.items[i])->own_element = true;
}

void vectorize_kernels(Unit *u) {
    FuncNodes callee_nodes = func_nodes_begin(u);
    for (int i = 0; i < u->kernels.len; i++) vectorize(u, u->kernels.items[i], callee_nodes);
}
