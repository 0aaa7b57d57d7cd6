/* ptr_storage.c — what every pointer variable points into, decided before
 * any code is emitted.
 *
 * SPIR-V has addresses only for views' memory (PhysicalStorageBuffer); a
 * pointer into a local array, a tile_static variable or a module constant
 * is an element offset into that one object, so each pointer variable must
 * point into one kind of memory, known for the whole function. The pass:
 *
 * 1. Per function, each pointer variable gets the target of the first
 *    non-null value assigned to it (Var.points_into), repeated until no
 *    variable changes, so an assignment that comes later in the source than
 *    a use still counts. In a helper a target may be "wherever parameter i
 *    points" (PTR_PARAM): each call binds it.
 * 2. From every kernel, each function is checked once per binding of its
 *    pointer parameters (what the call's arguments point into): every
 *    value a variable is given, every pointer stored to memory, compared,
 *    converted or passed must agree with what the variable points into.
 *    The errors are located here.
 * 3. Each pointer expression gets what its value points into
 *    (Expr.points_into), a parameter's target left symbolic: where the
 *    emitter chooses between an address and an element offset it reads
 *    this (each emitted copy of a helper resolving the parameters to what
 *    its callers pass) instead of working it out again. */
#include "campcc.h"

#include <stdlib.h>
#include <string.h>

/* A function being analysed: with `binding` (NULL in step 1) its
 * parameters' targets are what one call passes. */
typedef struct Frame {
    const PtrTarget *binding;
    bool changed; /* step 1: a variable got its target */
} Frame;

static bool ptr_target_equal(const PtrTarget *a, const PtrTarget *b) {
    if (a->space != b->space) return false;
    if (a->space == PTR_OBJECT)
        return a->root == b->root && a->literal == b->literal && a->whole == b->whole && a->part == b->part;
    if (a->space == PTR_PARAM) return a->param == b->param && a->part == b->part;
    return true;
}

static PtrTarget view_target(void) { return (PtrTarget){.space = PTR_VIEW}; }

static PtrSource target_src(PtrTarget t) { return (PtrSource){.kind = PTR_SRC_TARGET, .t = t}; }

/* A parameter's target as the call binds it; a member or row of it, held
 * in a pointer variable, stays the variable's own. */
static PtrTarget resolve(const Frame *f, PtrTarget t) {
    if (t.space != PTR_PARAM || !f->binding) return t;
    PtrTarget bound = f->binding[t.param];
    if (t.holder && bound.space == PTR_OBJECT) {
        bound.whole = false;
        bound.part = t.part;
        bound.holder = t.holder;
    }
    return bound;
}

static bool is_null_constant(const Expr *x) {
    while (x->kind == EX_CAST && x->lhs->type->kind == TY_PTR) x = x->lhs;
    return x->kind == EX_CAST && x->lhs->kind == EX_INT && x->lhs->ival == 0;
}

/* Where a pointer variable points: its target, or (never given a non-null
 * value, or not yet known) nothing. */
static PtrSource var_src(const Frame *f, const Var *v) {
    if (v->points_into.space == PTR_NOWHERE) return (PtrSource){.kind = PTR_SRC_NULL};
    return target_src(resolve(f, v->points_into));
}

static PtrSource expr_src(const Frame *f, const Expr *x);

/* The memory an lvalue designates: a whole variable or compound literal
 * (PTR_SRC_TARGET, whole), or a part of something. */
static PtrSource lvalue_src(const Frame *f, const Expr *x) {
    switch (x->kind) {
    case EX_VAR: {
        Var *v = x->var;
        if (v->kind == VAR_CAPTURE)
            return v->capture == CAPTURE_VIEW ? target_src(view_target()) : (PtrSource){.kind = PTR_SRC_PART, .t = {.space = PTR_NOWHERE}};
        return target_src((PtrTarget){.space = PTR_OBJECT, .root = v, .whole = true});
    }
    case EX_INIT: return target_src((PtrTarget){.space = PTR_OBJECT, .literal = (Expr *)x, .whole = true});
    case EX_INDEX: case EX_DEREF: {
        PtrSource p = expr_src(f, x->lhs);
        if ((p.kind == PTR_SRC_TARGET && p.t.space == PTR_VIEW) || p.kind == PTR_SRC_UNION) return p;
        return (PtrSource){.kind = PTR_SRC_PART, .t = p.t};
    }
    case EX_MEMBER: case EX_VELEM: case EX_SWIZZLE: {
        if (x->kind == EX_MEMBER && x->lhs->type->is_union) return (PtrSource){.kind = PTR_SRC_UNION};
        PtrSource whole = lvalue_src(f, x->lhs);
        if ((whole.kind == PTR_SRC_TARGET && whole.t.space == PTR_VIEW) || whole.kind == PTR_SRC_UNION) return whole;
        return (PtrSource){.kind = PTR_SRC_PART, .t = whole.t};
    }
    default: return (PtrSource){.kind = PTR_SRC_PART, .t = {.space = PTR_NOWHERE}};
    }
}

/* Which memory the value of the pointer expression x points into: decided
 * here only; record_sources keeps it on each expression for the emitter. */
static PtrSource expr_src(const Frame *f, const Expr *x) {
    switch (x->kind) {
    case EX_LOAD:
        if (x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE) return var_src(f, x->lhs->var);
        return target_src(view_target()); /* a captured pointer, or one read from memory */
    case EX_DECAY: {
        PtrSource s = lvalue_src(f, x->lhs);
        s.t.whole = false; /* at its elements */
        return s;
    }
    case EX_ADDR:
        if (x->lhs->kind == EX_INDEX || x->lhs->kind == EX_DEREF) return expr_src(f, x->lhs->lhs);
        return lvalue_src(f, x->lhs);
    case EX_CAST:
        if (x->lhs->type->kind == TY_PTR) return expr_src(f, x->lhs);
        if (is_null_constant(x)) return (PtrSource){.kind = PTR_SRC_NULL};
        return target_src(view_target()); /* an integer made an address */
    case EX_BINARY:
        if (x->op == OP_COMMA) return expr_src(f, x->rhs);
        return expr_src(f, x->lhs->type->kind == TY_PTR ? x->lhs : x->rhs);
    case EX_ASSIGN:
        if (x->op == OP_NONE) return expr_src(f, x->rhs);
        __attribute__((fallthrough));
    case EX_INCDEC:
        if (x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE) return var_src(f, x->lhs->var);
        return target_src(view_target());
    case EX_COND: {
        PtrSource a = expr_src(f, x->lhs);
        return a.kind == PTR_SRC_NULL ? expr_src(f, x->rhs) : a;
    }
    case EX_VAR: return x->var->kind == VAR_CAPTURE ? target_src(view_target()) : var_src(f, x->var);
    default: return target_src(view_target()); /* an address made by a call, or read from memory */
    }
}

/* ---- step 1: each variable's target ------------------------------------------- */

/* A pointer variable declared with a member or row of an object (m[i],
 * &s.x) holds it: its target is its own, the indices that reach the part
 * kept beside the offset. One declared with such a variable's value (row,
 * row + 1) shares that target, and the part: it lives inside the holder's
 * scope, where the holder never points into another part. Only a
 * declaration gives a variable either. */
static void learn(Frame *f, Var *v, const Expr *value, bool declared) {
    if (v->type->kind != TY_PTR || v->kind == VAR_CAPTURE || v->points_into.space != PTR_NOWHERE) return;
    PtrSource s = expr_src(f, value);
    if (declared && s.kind == PTR_SRC_PART && (s.t.space == PTR_OBJECT || s.t.space == PTR_PARAM)) {
        v->points_into = s.t;
        v->points_into.whole = false;
        v->points_into.part = value;
        v->points_into.holder = v;
    } else if (s.kind == PTR_SRC_TARGET && (declared || !s.t.holder)) {
        v->points_into = s.t;
    } else {
        return;
    }
    f->changed = true;
}

static void learn_expr(void *ctx, Expr *x) {
    if (x->kind == EX_ASSIGN && x->op == OP_NONE && x->lhs->kind == EX_VAR) learn(ctx, x->lhs->var, x->rhs, false);
}

static void learn_stmt(void *ctx, Stmt *st) {
    if (st->kind == ST_DECL && st->expr) learn(ctx, st->var, st->expr, true);
}

static void forget_decl(void *ctx, Stmt *st) {
    (void)ctx;
    if (st->kind == ST_DECL) st->var->points_into = (PtrTarget){0};
}

static void ignore_expr(void *ctx, Expr *x) { (void)ctx, (void)x; }

static void infer_targets(Stmt *body, Var **params, int nparams) {
    Frame f = {0};
    walk_stmt(body, ignore_expr, forget_decl, NULL);
    for (int i = 0; i < nparams; i++)
        params[i]->points_into = (PtrTarget){.space = params[i]->type->kind == TY_PTR ? PTR_PARAM : PTR_NOWHERE, .param = i};
    do {
        f.changed = false;
        walk_stmt(body, learn_expr, learn_stmt, &f);
    } while (f.changed);
}

/* ---- step 2: every use agrees, per binding ------------------------------------- */

typedef struct Checked {
    Func *func;
    PtrTarget *binding;
} Checked;

typedef struct Checker {
    Unit *u;
    Checked *done; /* each function once per binding */
    int ndone, cap_done;
    const void **reported; /* the nodes already reported (a helper is checked per binding) */
    int nreported, cap_reported;
} Checker;

typedef struct CheckFrame {
    Frame f;
    Checker *c;
    const Expr *indexed; /* the array operand of the last EX_INDEX seen (the walk is preorder) */
} CheckFrame;

static bool first_report(Checker *c, const void *node) {
    for (int i = 0; i < c->nreported; i++)
        if (c->reported[i] == node) return false;
    c->reported = grow_array(c->reported, c->nreported, &c->cap_reported, sizeof *c->reported, 16);
    c->reported[c->nreported++] = node;
    return true;
}

/* A target that is an address in SPIR-V: a view's, or null's (or one
 * already refused). */
static bool is_address(PtrSource s) {
    return s.kind == PTR_SRC_NULL || s.kind == PTR_SRC_UNION || (s.kind == PTR_SRC_TARGET && s.t.space == PTR_VIEW);
}

static void check_func(Checker *c, Func *fn, const PtrTarget *binding);

static void check_var_value(CheckFrame *cf, Var *v, const Expr *value, SrcLoc loc, const void *node) {
    if (v->type->kind != TY_PTR || v->kind == VAR_CAPTURE) return;
    if (v->points_into.holder == v && v->points_into.part == value) return; /* declared with its member or row */
    PtrSource s = expr_src(&cf->f, value);
    if (s.kind == PTR_SRC_NULL || s.kind == PTR_SRC_UNION) return;
    Diag *d = cf->c->u->diag;
    if (s.kind == PTR_SRC_PART || (s.kind == PTR_SRC_TARGET && s.t.holder && s.t.holder != v->points_into.holder)) {
        if (first_report(cf->c, node))
            diag_error(d, loc, "pointer '%s' would be given a member or row of a local object after its "
                               "declaration; campcc keeps such a pointer only in a variable declared with it "
                               "(float *row = m[i];) or as a function's argument (f(m[i]))",
                       v->name);
        return;
    }
    PtrSource held = var_src(&cf->f, v);
    if (held.kind != PTR_SRC_TARGET || ptr_target_equal(&held.t, &s.t) || !first_report(cf->c, node)) return;
    if (held.t.space == PTR_OBJECT && s.t.space == PTR_OBJECT && held.t.root && s.t.root && held.t.root != s.t.root)
        /* two buffers swapped that buffer_merge.c could not make one: no address to switch between them */
        diag_error(d, loc, "pointer '%s' is given two variables ('%s' and '%s'); campcc makes such arrays one "
                           "only where each is only indexed or pointed into, and both hold one type in one kind "
                           "of memory: declare them as one array (float buf[2][N]) and switch an index instead "
                           "(buf[cur], cur ^= 1)",
                   v->name, held.t.root->name, s.t.root->name);
    else
        diag_error(d, loc, "pointer '%s' is assigned pointers into different memory (a view, a local array, "
                           "tile_static memory); campcc needs each pointer variable to point into one of them",
                   v->name);
}

static void check_stored(CheckFrame *cf, const Expr *value) {
    if (!is_address(expr_src(&cf->f, value)) && first_report(cf->c, value))
        diag_error(cf->c->u->diag, value->loc, "a pointer into local or tile_static memory cannot be stored in memory");
}

/* What parameter i of a call points into, given its argument's source:
 * a member or row of a local object is a target of its own, the argument
 * (the emitter passes the object and the indices that reach the part). */
static bool bind_argument(CheckFrame *cf, const Expr *arg, PtrSource s, PtrTarget *bound) {
    if (s.kind == PTR_SRC_UNION) return false; /* refused where it is made */
    if (s.kind == PTR_SRC_PART) {
        if (s.t.space != PTR_OBJECT) {
            if (first_report(cf->c, arg))
                diag_error(cf->c->u->diag, arg->loc, "a pointer into a captured value or a temporary cannot be "
                                                     "passed to a function; copy it into a local variable first");
            return false;
        }
        *bound = s.t;
        bound->whole = false;
        bound->part = arg;
    } else {
        *bound = s.kind == PTR_SRC_TARGET ? s.t : view_target(); /* null: an address */
    }
    bound->holder = NULL; /* a variable of the caller's: in the callee, where the parameter points */
    return true;
}

static void check_call(CheckFrame *cf, Expr *x) {
    Func *g = x->callee;
    PtrTarget *binding = calloc((size_t)g->nparams + 1, sizeof *binding);
    if (!binding) unreachable("out of memory");
    bool ok = true;
    for (int i = 0; i < x->nargs && i < g->nparams; i++)
        if (g->params[i]->type->kind == TY_PTR && !bind_argument(cf, x->args[i], expr_src(&cf->f, x->args[i]), &binding[i]))
            ok = false;
    if (ok) check_func(cf->c, g, binding);
    free(binding);
}

static void check_compare(CheckFrame *cf, const Expr *x) {
    PtrSource a = expr_src(&cf->f, x->lhs), b = expr_src(&cf->f, x->rhs);
    if (a.kind == PTR_SRC_NULL || b.kind == PTR_SRC_NULL || (is_address(a) && is_address(b))) return;
    Diag *d = cf->c->u->diag;
    if (is_address(a) || is_address(b)) {
        if (first_report(cf->c, x)) diag_error(d, x->loc, "a pointer into local or tile_static memory has no address to convert");
    } else if (a.kind == PTR_SRC_PART || b.kind == PTR_SRC_PART || ((a.t.part || b.t.part) && !ptr_target_equal(&a.t, &b.t))) {
        /* offsets into rows known only at run time */
        if (first_report(cf->c, x))
            diag_error(d, x->loc, "comparison of pointers into a member or row of a local object is not supported; "
                                  "compare the indices instead");
    } else if (!ptr_target_equal(&a.t, &b.t) && a.t.space != PTR_NOWHERE && first_report(cf->c, x)) {
        diag_error(d, x->loc, "comparison of pointers into different local objects is not supported");
    }
}

/* Whether lvalue x is (a part of) a member of a union: a union is held as
 * words, with no object for a pointer to point at. */
static bool in_union(const Expr *x) {
    for (;;) {
        if (x->kind == EX_MEMBER && x->lhs->type->is_union) return true;
        if (x->kind == EX_MEMBER || x->kind == EX_VELEM || x->kind == EX_SWIZZLE) x = x->lhs;
        else if (x->kind == EX_INDEX && x->lhs->kind == EX_DECAY) x = x->lhs->lhs;
        else return false;
    }
}

/* Whether cast x of a pointer into a local object (source s) goes to
 * `void *`, or back from one to a pointer to the object's elements, or to
 * the object (`const void *key` of a hash function given a local buffer,
 * cast back to the bytes it was): its offset then counts the same
 * elements. */
static bool void_round_trip(PtrSource s, const Expr *x) {
    const Type *to = x->type->base, *from = x->lhs->type->base;
    if (to->kind == TY_VOID) return true;
    if (from->kind != TY_VOID || s.kind != PTR_SRC_TARGET || s.t.space != PTR_OBJECT || s.t.part) return false;
    const Type *object = s.t.root ? s.t.root->type : s.t.literal->type, *element = object;
    while (element->kind == TY_ARRAY) element = element->base;
    return type_equal(to, element) || (s.t.whole && type_equal(to, object));
}

/* The captured struct holding pointers that lvalue x is (a part of), the
 * kernel's copy of it or the capture itself; NULL if none. */
static const Var *copied_capture(const Expr *x) {
    for (;;) {
        if (x->kind == EX_MEMBER || x->kind == EX_VELEM || x->kind == EX_SWIZZLE) x = x->lhs;
        else if (x->kind == EX_INDEX && x->lhs->kind == EX_DECAY) x = x->lhs->lhs;
        else break;
    }
    if (x->kind != EX_VAR) return NULL;
    const Var *v = x->var;
    if (v->copy_of) return v->copy_of;
    return v->kind == VAR_CAPTURE && v->capture == CAPTURE_VALUE && type_holds_pointer(v->type) ? v : NULL;
}

/* Atomics work on memory the threads share: views and tile_static. */
static bool shared_memory(PtrSource s) {
    if (s.kind == PTR_SRC_NULL || s.t.space == PTR_VIEW) return true;
    return s.t.space == PTR_OBJECT && s.t.root && s.t.root->kind == VAR_TILE_STATIC;
}

/* A pointer read from a view's memory is the host's address (a linked
 * list's `p->next`, a voice's `voices[k].pcm` of a local array of
 * structs): the memory kernels read through views holds no pointers, and
 * a struct holding pointers is read from it member by member (its other
 * members are fine: `voices[k].gain`). A pointer to a struct holding
 * pointers is otherwise fine: into the thread's own memory, its pointers
 * are the ones the kernel made (a captured struct's, translated). */
static void check_pointer_read(CheckFrame *cf, const Expr *x) {
    PtrSource s = lvalue_src(&cf->f, x->lhs);
    if (s.kind != PTR_SRC_TARGET || s.t.space != PTR_VIEW || !first_report(cf->c, x)) return;
    if (x->type->kind == TY_PTR)
        diag_error(cf->c->u->diag, x->loc,
                   "a pointer read from a view's memory: a kernel cannot use pointers stored in a view (they are the "
                   "host's addresses); store indices instead, or keep a few pointers (`float *f[Q]`) in a struct "
                   "the kernel captures, whose pointers are translated");
    else
        diag_error(cf->c->u->diag, x->loc,
                   "a struct holding pointers read whole from a view's memory: a kernel cannot use pointers stored "
                   "in a view (they are the host's addresses); read the members it uses one by one, and store "
                   "indices instead of pointers");
}

/* A pointer (or a struct holding one) stored into a view's memory: the
 * device's address, which the host would read as its own (a voice's
 * `voices[k].pcm = bank[k]` into a local array of structs). */
static void check_view_store(CheckFrame *cf, const Expr *x) {
    if (!type_holds_pointer(x->lhs->type)) return;
    PtrSource s = lvalue_src(&cf->f, x->lhs);
    if (s.kind != PTR_SRC_TARGET || s.t.space != PTR_VIEW || !first_report(cf->c, x)) return;
    diag_error(cf->c->u->diag, x->loc,
               "a pointer stored into a view's memory: the host would read the device's address; store an index "
               "instead");
}

/* A write through `&im` of a captured struct holding pointers: it points
 * to the thread's copy, which the program does not see (C would write
 * the variable itself), so it is refused as a write of the capture is. */
static void check_copy_write(CheckFrame *cf, const Expr *lvalue, const Expr *x) {
    PtrSource s = lvalue_src(&cf->f, lvalue);
    if (s.kind == PTR_SRC_TARGET || s.kind == PTR_SRC_PART) {
        const Var *root = s.t.space == PTR_OBJECT ? s.t.root : NULL;
        if (root && root->copy_of && first_report(cf->c, x))
            diag_error(cf->c->u->diag, x->loc,
                       "write through a pointer to captured variable '%s': kernels see a copy of its value (it holds "
                       "pointers) and may not change it; copy it into a local variable and pass that",
                       root->copy_of->name);
    }
}

/* `p[i]` or `p + i` where p is a captured pointer to a struct holding
 * pointers, which the kernel took as the one struct it points to
 * (Var.pointee): only that struct is there. */
static void check_pointee_arithmetic(CheckFrame *cf, const Expr *x, const Expr *pointer, const Expr *offset) {
    PtrSource s = expr_src(&cf->f, pointer);
    const Var *root = s.kind == PTR_SRC_TARGET && s.t.space == PTR_OBJECT ? s.t.root : NULL;
    if (!root || !root->copy_of || !root->copy_of->pointee || (offset->kind == EX_INT && offset->ival == 0) ||
        !first_report(cf->c, x))
        return;
    diag_error(cf->c->u->diag, x->loc,
               "pointer arithmetic on captured '%.*s', a pointer to a struct that holds pointers: a kernel takes "
               "the one struct it points to, by value (its pointers translated; a view of such structs would hold "
               "the host's addresses); keep an array of them as arrays of their members, or as indices",
               (int)strlen(root->copy_of->name) - 3, root->copy_of->name + 2); /* `(*p)`: p */
}

/* The member (`&v.x`) or variable (`&x`, a struct or scalar) a pointer
 * expression points at alone, or NULL: in C, `p[1]` past a member reads
 * the next one by the struct's layout, which a thread's own memory does
 * not have (campcc keeps each member a value of its own). */
static const char *lone_object(const Frame *f, const Expr *pointer) {
    const Expr *at = pointer;
    while (at->kind == EX_CAST && at->lhs->type->kind == TY_PTR) at = at->lhs;
    /* memcpy's loop over one scalar (frontend_memory.c) indexes it at 0 only */
    if (at->kind == EX_LOAD && at->lhs->kind == EX_VAR && at->lhs->var->hidden) return NULL;
    PtrSource s = expr_src(f, pointer);
    /* a variable or parameter given a member (float *f = &v.x; g(&v.x)): what it was given */
    bool named = at->kind == EX_LOAD && at->lhs->kind == EX_VAR;
    if (named && (s.kind == PTR_SRC_TARGET || s.kind == PTR_SRC_PART) && s.t.space == PTR_OBJECT && s.t.part)
        at = s.t.part;
    while (at->kind == EX_CAST && at->lhs->type->kind == TY_PTR) at = at->lhs;
    if (at->kind == EX_ADDR && at->lhs->kind == EX_MEMBER && at->lhs->type->kind != TY_ARRAY)
        return at->lhs->lhs->type->members[at->lhs->ival].name;
    if (s.kind == PTR_SRC_TARGET && s.t.space == PTR_OBJECT && s.t.whole && !s.t.part && s.t.root &&
        s.t.root->type->kind != TY_ARRAY && !s.t.root->copy_of)
        return s.t.root->name;
    return NULL;
}

/* `p[i]`, `p + i` with i not 0, where p points at one member or variable. */
static void check_lone_arithmetic(CheckFrame *cf, const Expr *x, const Expr *pointer, const Expr *offset) {
    if (offset && offset->kind == EX_INT && offset->ival == 0) return;
    const char *name = lone_object(&cf->f, pointer);
    if (!name || !first_report(cf->c, x)) return;
    diag_error(cf->c->u->diag, x->loc,
               "pointer arithmetic past '%s', which the pointer points at alone: amp code keeps a struct's "
               "members and a thread's variables apart, with no layout to step through (C reaches the next "
               "member only by the struct's layout); make it an array member (float xyz[3]) or a vector, and "
               "index that",
               name);
}

static void check_expr(void *ctx, Expr *x) {
    CheckFrame *cf = ctx;
    if (x->kind == EX_LOAD && type_holds_pointer(x->type)) check_pointer_read(cf, x);
    Diag *d = cf->c->u->diag;
    /* an element of a union's array member is read in place; any other
     * pointer into a union has nothing to point at */
    if (x->kind == EX_INDEX && x->lhs->kind == EX_DECAY) cf->indexed = x->lhs;
    if (((x->kind == EX_ADDR || (x->kind == EX_DECAY && x != cf->indexed)) && in_union(x->lhs)) ||
        (x->kind == EX_ATOMIC && in_union(x->args[0]))) {
        if (first_report(cf->c, x)) diag_error(d, x->loc, "a pointer to a member of a union is not supported in amp code");
        return;
    }
    switch (x->kind) {
    case EX_ATOMIC: {
        PtrSource s = lvalue_src(&cf->f, x->args[0]);
        const Type *t = x->args[0]->type;
        const Expr *target = x->args[0];
        const Var *copied = copied_capture(target);
        if (copied && first_report(cf->c, x))
            diag_error(d, x->loc, "atomic operation on '%s', which each thread has a copy of (it holds pointers, which "
                                  "the launch translates): keep the counter apart, in a global of its own or an array "
                                  "(int count[1])",
                       copied->name);
        else if (!shared_memory(s) && target->kind == EX_VAR && target->var->kind == VAR_CAPTURE &&
                 first_report(cf->c, x))
            diag_error(d, x->loc, "atomic operation on captured variable '%s', which each thread has a copy of: "
                                  "kernels share a global or static variable, or an array (int %s[1])",
                       target->var->name, target->var->name);
        else if (!shared_memory(s) && first_report(cf->c, x))
            diag_error(d, x->loc, "atomic operation on memory of one thread: camp_atomic_* work on views, arrays "
                                  "and tile_static memory");
        else if (t->kind == TY_FLOAT && t->size == 8 && s.t.space == PTR_OBJECT && first_report(cf->c, x))
            diag_error(d, x->loc, "atomic operation on a double in tile_static memory: double atomics work on views "
                                  "and arrays (sum into a view, or into a tile_static float)");
        else if (t->kind == TY_FLOAT && (x->ival == ATOMIC_MAX || x->ival == ATOMIC_MIN) && s.t.space == PTR_OBJECT &&
                 first_report(cf->c, x))
            diag_error(d, x->loc, "camp_atomic_fetch_max and _min on a float in tile_static memory: they work on its "
                                  "bits, which only views and arrays have (reduce in the tile, then one atomic into a "
                                  "view)");
        break;
    }
    case EX_ASSIGN:
        check_copy_write(cf, x->lhs, x);
        check_view_store(cf, x);
        if (x->type->kind != TY_PTR || x->op != OP_NONE) break;
        if (x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE) check_var_value(cf, x->lhs->var, x->rhs, x->loc, x);
        else check_stored(cf, x->rhs);
        break;
    case EX_INIT:
        for (int i = 0; i < x->ninits; i++)
            if (x->inits[i].value->type->kind == TY_PTR) check_stored(cf, x->inits[i].value);
        break;
    case EX_CAST:
        if (x->type->kind == TY_PTR && x->lhs->type->kind == TY_PTR && !type_equal(x->lhs->type->base, x->type->base) &&
            !is_address(expr_src(&cf->f, x->lhs)) && !void_round_trip(expr_src(&cf->f, x->lhs), x) &&
            first_report(cf->c, x)) {
            const Type *to = x->type->base;
            if (to->kind == TY_ARRAY && to->len < 0) /* a C99 parameter double a[n][n] given a local array */
                diag_error(d, x->loc, "a local or tile_static array cannot be given as rows of run-time length "
                                      "(only views and arrays can): declare the parameter with the array's row "
                                      "length (double a[][3]), or pass a flat pointer and the row length");
            else
                diag_error(d, x->loc,
                           "cast of a pointer into local or tile_static memory to another pointer type is not "
                           "supported (but to void * and back to the type it pointed to)");
        }
        if (x->type->kind == TY_INT && x->lhs->type->kind == TY_PTR &&
            !is_address(expr_src(&cf->f, x->lhs)) && first_report(cf->c, x))
            diag_error(d, x->loc, "a pointer into local or tile_static memory has no address to convert");
        break;
    case EX_COND: {
        if (x->type->kind != TY_PTR) break;
        PtrSource a = expr_src(&cf->f, x->lhs), b = expr_src(&cf->f, x->rhs);
        bool part = a.kind == PTR_SRC_PART || b.kind == PTR_SRC_PART || a.t.holder || b.t.holder;
        if (part && first_report(cf->c, x)) {
            diag_error(d, x->loc, "'?:' between pointers into members or rows of a local object is not supported; "
                                  "choose the index instead (m[c ? i : j])");
            break;
        }
        if (a.kind != PTR_SRC_NULL && b.kind != PTR_SRC_NULL && !(is_address(a) && is_address(b)) &&
            (a.kind != b.kind || !ptr_target_equal(&a.t, &b.t)) && first_report(cf->c, x))
            diag_error(d, x->loc, "the two sides of '?:' point into different memory; campcc needs them to point "
                                  "into the same view or local object");
        break;
    }
    case EX_BINARY:
        if ((x->op == OP_ADD || x->op == OP_SUB) && x->lhs->type->kind == TY_PTR && x->rhs->type->kind != TY_PTR) {
            check_pointee_arithmetic(cf, x, x->lhs, x->rhs);
            check_lone_arithmetic(cf, x, x->lhs, x->rhs);
        }
        if (x->op == OP_ADD && x->rhs->type->kind == TY_PTR && x->lhs->type->kind != TY_PTR) {
            check_pointee_arithmetic(cf, x, x->rhs, x->lhs);
            check_lone_arithmetic(cf, x, x->rhs, x->lhs);
        }
        if (x->lhs->type->kind == TY_PTR && x->rhs->type->kind == TY_PTR &&
            ((x->op >= OP_LT && x->op <= OP_NE) || x->op == OP_SUB))
            check_compare(cf, x);
        break;
    case EX_CALL: check_call(cf, x); break;
    case EX_INDEX:
        check_pointee_arithmetic(cf, x, x->lhs, x->rhs);
        check_lone_arithmetic(cf, x, x->lhs, x->rhs);
        break;
    case EX_INCDEC:
        if (x->type->kind == TY_PTR) check_lone_arithmetic(cf, x, x->lhs, NULL);
        check_copy_write(cf, x->lhs, x);
        break;
    case EX_REPORT: /* printf's %p sends an address */
        for (int i = 0; i < x->nargs; i++)
            if (x->args[i]->type->kind == TY_PTR && !is_address(expr_src(&cf->f, x->args[i])) &&
                first_report(cf->c, x->args[i]))
                diag_error(d, x->args[i]->loc, "'%%p' of a pointer into local or tile_static memory: only views and "
                                               "arrays have device addresses");
        break;
    default: break;
    }
}

static void check_stmt(void *ctx, Stmt *st) {
    CheckFrame *cf = ctx;
    if (st->kind == ST_DECL && st->expr) check_var_value(cf, st->var, st->expr, st->expr->loc, st);
    if (st->kind == ST_RETURN && st->expr && st->expr->type->kind == TY_PTR && !is_address(expr_src(&cf->f, st->expr)) &&
        first_report(cf->c, st))
        diag_error(cf->c->u->diag, st->expr->loc,
                   "an amp function cannot return a pointer into local or tile_static memory (here, where a call "
                   "passes such memory): return the element's index, or its value, instead");
}

static void check_body(Checker *c, Stmt *body, const PtrTarget *binding) {
    CheckFrame cf = {.f = {.binding = binding}, .c = c};
    walk_stmt(body, check_expr, check_stmt, &cf);
}

static void check_func(Checker *c, Func *fn, const PtrTarget *binding) {
    for (int i = 0; i < c->ndone; i++) {
        if (c->done[i].func != fn) continue;
        bool same = true;
        for (int j = 0; j < fn->nparams && same; j++) same = ptr_target_equal(&c->done[i].binding[j], &binding[j]);
        if (same) return;
    }
    c->done = grow_array(c->done, c->ndone, &c->cap_done, sizeof *c->done, 16);
    Checked *d = &c->done[c->ndone++];
    d->func = fn;
    d->binding = arena_alloc(&c->u->arena, sizeof *d->binding * ((size_t)fn->nparams + 1));
    memcpy(d->binding, binding, sizeof *d->binding * (size_t)fn->nparams);
    check_body(c, fn->body, d->binding);
}

/* ---- step 3: each pointer expression's source, for the emitter ---------------- */

static void record_source(void *ctx, Expr *x) {
    if (x->type->kind == TY_PTR) x->points_into = expr_src(ctx, x);
}

static void record_sources(Stmt *body) { walk_stmt(body, record_source, NULL, &(Frame){0}); }

bool ptr_storage_scan(Unit *u) {
    int errors = u->diag->errors;
    for (int i = 0; i < u->funcs.len; i++) {
        Func *fn = u->funcs.items[i];
        if (fn->body) infer_targets(fn->body, fn->params, fn->nparams);
    }
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        infer_targets(k->body, NULL, 0);
    }
    Checker c = {.u = u};
    for (int i = 0; i < u->kernels.len; i++) check_body(&c, ((Kernel *)u->kernels.items[i])->body, NULL);
    free(c.done);
    free(c.reported);
    for (int i = 0; i < u->funcs.len; i++) {
        Func *fn = u->funcs.items[i];
        if (fn->body) record_sources(fn->body);
    }
    for (int i = 0; i < u->kernels.len; i++) record_sources(((Kernel *)u->kernels.items[i])->body);
    return u->diag->errors == errors;
}
