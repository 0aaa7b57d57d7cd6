/* buffer_merge.c — local or tile_static arrays that one pointer switches
 * between (C's double buffering: `float *cur = a, *nxt = b;` and a swap
 * each step), made one array.
 *
 * A pointer into a local or tile_static array is an element offset into
 * that one array (ptr_storage.c): SPIR-V's logical addressing has no
 * address to switch between two variables. Arrays of one element type
 * that the same pointer variables are given, directly or through one
 * another, become one array with each at its own offset, as if the
 * program had declared `float ab[16]`: `a[k]` is `ab[k]`, `b[k]` is
 * `ab[8 + k]`, `cur = b` is `cur = &ab[8]`. Only arrays declared without
 * an initializer and used only as C arrays decay (indexed, or as a
 * pointer to their first element) are merged; any other group is left as
 * it is, for ptr_storage.c to report. */
#include "campcc.h"

#include <stdlib.h>
#include <string.h>

/* A pointer variable, or an array that may be merged, of the function
 * being scanned. */
typedef struct Node {
    Var *var;
    int parent;      /* union-find: the nodes one pointer may switch between */
    Stmt *decl;      /* an array's declaration; NULL for a pointer variable */
    int uses, decayed; /* an array's uses, and those as a pointer to its first element */
    Var *merged;     /* after merging: the array it is part of, from element `offset` */
    int offset;
} Node;

typedef struct Scan {
    Arena *a;
    Node *nodes;
    int n, cap;
} Scan;

static bool is_array_candidate(const Var *v) {
    return (v->kind == VAR_LOCAL || v->kind == VAR_TILE_STATIC) && !v->hidden && v->type->kind == TY_ARRAY &&
           v->type->len > 0;
}

static bool is_pointer_variable(const Var *v) {
    return (v->kind == VAR_LOCAL || v->kind == VAR_PARAM) && v->type->kind == TY_PTR;
}

/* The node of v, made on first sight; -1 for a variable of no interest. */
static int node_of(Scan *s, Var *v) {
    for (int i = 0; i < s->n; i++)
        if (s->nodes[i].var == v) return i;
    if (!is_array_candidate(v) && !is_pointer_variable(v)) return -1;
    s->nodes = grow_array(s->nodes, s->n, &s->cap, sizeof *s->nodes, 16);
    s->nodes[s->n] = (Node){.var = v, .parent = s->n};
    return s->n++;
}

static int group_of(Scan *s, int i) {
    while (s->nodes[i].parent != i) i = s->nodes[i].parent = s->nodes[s->nodes[i].parent].parent;
    return i;
}

static void unite(Scan *s, int p, Var *v) {
    int q = node_of(s, v);
    if (q >= 0) s->nodes[group_of(s, q)].parent = group_of(s, p);
}

/* Pointer variable p is given the value x: p joins what x points into. */
static void link_value(Scan *s, int p, const Expr *x) {
    switch (x->kind) {
    case EX_CAST:
        if (x->lhs->type->kind == TY_PTR) link_value(s, p, x->lhs);
        return;
    case EX_BINARY:
        if (x->op == OP_COMMA) link_value(s, p, x->rhs);
        else if (x->op == OP_ADD || x->op == OP_SUB) link_value(s, p, x->lhs->type->kind == TY_PTR ? x->lhs : x->rhs);
        return;
    case EX_COND: link_value(s, p, x->lhs), link_value(s, p, x->rhs); return;
    case EX_ASSIGN: case EX_INCDEC: case EX_LOAD: case EX_DECAY:
        if (x->lhs->kind == EX_VAR) unite(s, p, x->lhs->var);
        return;
    case EX_ADDR:
        if (x->lhs->kind == EX_INDEX || x->lhs->kind == EX_DEREF) link_value(s, p, x->lhs->lhs);
        return;
    default: return;
    }
}

static void link_assignment(Scan *s, Var *v, const Expr *value) {
    int p = is_pointer_variable(v) ? node_of(s, v) : -1;
    if (p >= 0 && value) link_value(s, p, value);
}

static void scan_expr(void *ctx, Expr *x) {
    Scan *s = ctx;
    if (x->kind == EX_ASSIGN && x->op == OP_NONE && x->lhs->kind == EX_VAR) link_assignment(s, x->lhs->var, x->rhs);
    const Expr *use = x->kind == EX_DECAY ? x->lhs : x;
    if (use->kind != EX_VAR || !is_array_candidate(use->var)) return;
    int i = node_of(s, use->var);
    if (x->kind == EX_DECAY) s->nodes[i].decayed++;
    else s->nodes[i].uses++;
}

static void scan_stmt(void *ctx, Stmt *st) {
    Scan *s = ctx;
    if (st->kind != ST_DECL || !st->var) return; /* a declaration with nothing to emit */
    if (!is_array_candidate(st->var)) {
        link_assignment(s, st->var, st->expr);
        return;
    }
    int i = node_of(s, st->var); /* may move the nodes */
    s->nodes[i].decl = st;
}

/* Whether array node i can be part of a merged array with node `first`. */
static bool mergeable(const Scan *s, int i, int first) {
    const Node *n = &s->nodes[i], *f = &s->nodes[first];
    bool initialized_as_c_does = !n->decl || !n->decl->expr || n->decl->expr->kind == EX_INIT;
    return n->decl && initialized_as_c_does && n->uses == n->decayed && n->var->kind == f->var->kind &&
           type_equal(n->var->type->base, f->var->type->base);
}

static Expr *new_expr(Arena *a, ExprKind kind, Type *t, SrcLoc loc) {
    Expr *x = arena_alloc(a, sizeof *x);
    *x = (Expr){.kind = kind, .type = t, .loc = loc};
    return x;
}

static Expr *int_constant(Arena *a, Type *t, long long v, SrcLoc loc) {
    Expr *x = new_expr(a, EX_INT, t, loc);
    x->ival = v;
    return x;
}

/* The value initializer `init` gives element k of its array: the items
 * whose path begins at k, as an initializer of the element (or the one
 * scalar they give). */
static Expr *element_value(Arena *a, const Expr *init, int k) {
    Type *t = init->type->base;
    Expr *value = new_expr(a, EX_INIT, t, init->loc);
    value->inits = arena_alloc(a, sizeof *value->inits * (size_t)(init->ninits + 1));
    for (int i = 0; i < init->ninits; i++) {
        const InitItem *it = &init->inits[i];
        if (it->depth < 1 || it->path[0] != k) continue;
        if (it->depth == 1 && it->value->kind != EX_INIT && type_is_arith(t)) return it->value;
        InitItem *sub = &value->inits[value->ninits++];
        *sub = (InitItem){.depth = it->depth - 1, .value = it->value};
        memcpy(sub->path, it->path + 1, sizeof sub->path - sizeof sub->path[0]);
    }
    if (!type_is_arith(t)) return value;
    if (t->kind != TY_FLOAT) return int_constant(a, t, 0, init->loc);
    Expr *zero = new_expr(a, EX_FLOAT, t, init->loc);
    zero->fval = 0.0;
    return zero;
}

/* Array v's initializer as a store to each element, v[k] = ..., which
 * rewrite_expr then moves to the merged array. */
static void add_initializing_stores(Arena *a, Stmt *block, Var *v, const Expr *init) {
    for (int k = 0; k < v->type->len; k++) {
        Expr *whole = new_expr(a, EX_VAR, v->type, init->loc);
        Expr *start = new_expr(a, EX_DECAY, type_pointer_to(a, v->type->base), init->loc);
        whole->var = v, start->lhs = whole;
        Expr *element = new_expr(a, EX_INDEX, v->type->base, init->loc);
        element->lhs = start, element->rhs = int_constant(a, type_int(4, true), k, init->loc);
        Expr *store = new_expr(a, EX_ASSIGN, v->type->base, init->loc);
        store->op = OP_NONE, store->lhs = element, store->rhs = element_value(a, init, k);
        Stmt *st = arena_alloc(a, sizeof *st);
        *st = (Stmt){.kind = ST_EXPR, .loc = init->loc, .expr = store};
        vec_push(a, &block->body, st);
    }
}

/* Merges the arrays of group g, if it has several and each may be. */
static void merge_group(Scan *s, int g) {
    int first = -1, count = 0, len = 0;
    for (int i = 0; i < s->n; i++) {
        if (!is_array_candidate(s->nodes[i].var) || group_of(s, i) != g) continue;
        if (first < 0) first = i;
        if (!mergeable(s, i, first)) return;
        count++, len += s->nodes[i].var->type->len;
    }
    if (count < 2) return;
    const Var *f = s->nodes[first].var;
    Type *t = arena_alloc(s->a, sizeof *t);
    *t = *f->type;
    t->len = len, t->size = f->type->base->size * len;
    Var *merged = arena_alloc(s->a, sizeof *merged);
    *merged = (Var){.name = f->name, .type = t, .loc = f->loc, .kind = f->kind};
    int offset = 0;
    for (int i = 0; i < s->n; i++) {
        Node *n = &s->nodes[i];
        if (!is_array_candidate(n->var) || group_of(s, i) != g) continue;
        if (i != first) merged->name = arena_printf(s->a, "%s|%s", merged->name, n->var->name);
        n->merged = merged, n->offset = offset;
        offset += n->var->type->len;
        /* merged declared where the first was; each declaration's initializer stored where it is */
        Stmt *decl = n->decl;
        Expr *init = decl->expr;
        if (i == first) decl->var = merged, decl->expr = NULL;
        if (!init) {
            if (i != first) decl->kind = ST_EMPTY;
            continue;
        }
        Stmt *block = arena_alloc(s->a, sizeof *block);
        *block = (Stmt){.kind = ST_BLOCK, .loc = decl->loc};
        if (i == first) {
            Stmt *declared = arena_alloc(s->a, sizeof *declared);
            *declared = *decl;
            vec_push(s->a, &block->body, declared);
        }
        add_initializing_stores(s->a, block, n->var, init);
        *decl = *block;
    }
}

/* A merged array's node, where x names one. */
static const Node *merged_node(const Scan *s, const Expr *x) {
    if (x->kind != EX_VAR) return NULL;
    for (int i = 0; i < s->n; i++)
        if (s->nodes[i].var == x->var) return s->nodes[i].merged ? &s->nodes[i] : NULL;
    return NULL;
}

/* a[i] becomes ab[i + offset]; a, as a pointer, &ab[offset]. */
static void rewrite_expr(void *ctx, Expr *x) {
    Scan *s = ctx;
    bool indexed = x->kind == EX_INDEX && x->lhs->kind == EX_DECAY;
    Expr *decay = indexed ? x->lhs : x;
    if (decay->kind != EX_DECAY) return;
    const Node *n = merged_node(s, decay->lhs);
    if (!n) return;
    decay->lhs->var = n->merged;
    decay->lhs->type = n->merged->type;
    if (n->offset == 0) return;
    if (indexed) {
        Expr *i = x->rhs;
        if (i->type->kind != TY_INT || i->type->size < 4) { /* bool, char, short: the sum in int */
            Expr *wide = new_expr(s->a, EX_CAST, type_int(4, true), i->loc);
            wide->lhs = i;
            i = wide;
        }
        x->rhs = new_expr(s->a, EX_BINARY, i->type, i->loc);
        x->rhs->op = OP_ADD, x->rhs->lhs = i, x->rhs->rhs = int_constant(s->a, i->type, n->offset, i->loc);
        return;
    }
    Expr *start = new_expr(s->a, EX_DECAY, x->type, x->loc), *element = new_expr(s->a, EX_INDEX, x->type->base, x->loc);
    start->lhs = x->lhs;
    element->lhs = start, element->rhs = int_constant(s->a, type_int(4, true), n->offset, x->loc);
    x->kind = EX_ADDR, x->lhs = element;
}

static void merge_in(Arena *a, Stmt *body) {
    Scan s = {.a = a};
    walk_stmt(body, scan_expr, scan_stmt, &s);
    for (int i = 0; i < s.n; i++)
        if (group_of(&s, i) == i) merge_group(&s, i);
    bool any = false;
    for (int i = 0; i < s.n; i++) any |= s.nodes[i].merged != NULL;
    if (any) walk_stmt(body, rewrite_expr, NULL, &s);
    free(s.nodes);
}

void merge_switched_buffers(Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) merge_in(&u->arena, ((Kernel *)u->kernels.items[i])->body);
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->body) merge_in(&u->arena, f->body);
    }
}
