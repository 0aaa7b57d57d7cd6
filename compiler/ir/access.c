/* access.c — which captured arrays and pointers a kernel may write, through
 * the restrict(amp) functions it calls too. The runtime copies back only
 * what a kernel may write and refuses a kernel that may write a read-only
 * view, so "written" must be sound, and "read" as often as it is true.
 *
 * Every amp function's body is in the unit, so each gets a summary
 * (Func.writes_params): the parameters through which it may write, itself
 * or through the functions it calls. Within a function (or kernel), each
 * variable that holds pointers gets the set of roots (its parameters, or
 * the kernel's captures, each pointer a captured struct holds a root of its
 * own) whose pointers its value may hold: p + i, &p[i],
 * casts, a struct holding p, a local given p. A write through a pointer
 * marks its roots written; so does passing it to a parameter the callee
 * writes through. Roots a variable holds through pointers to const only
 * (a bit reader's `const uint8_t *buf`) are kept apart: a callee writing
 * the reader's position writes none of them; where the unit's amp code
 * converts a pointer to const to one to non-const anywhere (which the IR
 * does not keep), every root counts as writable, as before. Where the
 * pointer could be lost from view, it counts as written: stored into memory (through a pointer, into tile_static, into a
 * union), converted to an integer where the unit's amp code converts
 * integers to pointers, given to a builtin. The sets only grow:
 * each function is scanned until its sets stop changing, and the summaries
 * until none changes (amp code does not recurse, but nothing relies on it). */
#include "campcc.h"

#include "camp_abi.h"

/* Bit i: root i; bit 63 stands for every root from 63 on. */
typedef uint64_t Roots;

static Roots root_bit(int i) { return (Roots)1 << (i < 63 ? i : 63); }
static bool has_root(Roots r, int i) { return r & root_bit(i); }

typedef struct Scan {
    bool int_to_pointer; /* the unit's amp code makes a pointer of an integer */
    bool casts_away_const; /* ... or a pointer to non-const of a pointer to const (Unit.casts_away_const) */
    Roots written; /* roots the body itself may write */
    Roots calls;   /* roots the functions it calls may write */
    bool changed;  /* a variable's roots grew in this pass */
} Scan;

static Roots value_roots(const Expr *x, bool writable);

static bool points_to_const(const Type *t) { return t && t->kind == TY_PTR && t->base && t->base->is_const; }

/* Counts held pointers: all of them, and those before an offset. */
typedef struct HeldCount {
    uint32_t below;
    int before, count;
} HeldCount;

static void count_held(void *ctx, const Type *ptr, const char *name, uint32_t offset) {
    (void)ptr, (void)name;
    HeldCount *c = ctx;
    c->count++;
    if (offset < c->below) c->before++;
}

/* The roots of the pointers a member of a value capture holds (s.in, not
 * s.out), where lv is such a member; false where it is not. */
static bool held_member_roots(const Expr *lv, Roots *out) {
    uint32_t offset = 0;
    const Expr *x = lv;
    for (;;) {
        if (x->kind == EX_MEMBER) offset += x->lhs->type->members[x->ival].offset, x = x->lhs;
        else if (x->kind == EX_DEREF && x->lhs->kind == EX_ADDR) x = x->lhs->lhs; /* (&s)->m */
        else break;
    }
    const Var *v = x->kind == EX_VAR ? x->var : NULL;
    if (v && v->copy_of) v = v->copy_of; /* the kernel's copy of a struct capture: the capture's pointers */
    if (!v || v->kind != VAR_CAPTURE || v->capture != CAPTURE_VALUE || !v->access_roots) return false;
    HeldCount within = {0}, before = {.below = offset};
    type_each_held_pointer(lv->type, NULL, 0, NULL, count_held, &within);
    type_each_held_pointer(v->type, NULL, 0, NULL, count_held, &before);
    *out = 0;
    for (int i = 0; i < within.count; i++) *out |= root_bit(v->held_root + before.before + i);
    return true;
}

/* The roots of the memory the lvalue lies in, and of the pointers it holds
 * (`writable`: those it holds through pointers to const left out). */
static Roots place_roots(const Expr *lv, bool writable) {
    Roots held;
    switch (lv->kind) {
    case EX_VAR: return lv->var->access_roots | (writable ? 0 : lv->var->const_roots);
    case EX_MEMBER:
        if (held_member_roots(lv, &held)) return held;
        /* fall through */
    case EX_VELEM: case EX_SWIZZLE:
        return expr_is_lvalue(lv->lhs) ? place_roots(lv->lhs, writable) : value_roots(lv->lhs, writable);
    case EX_INDEX: case EX_DEREF: return value_roots(lv->lhs, writable);
    default: return value_roots(lv, writable);
    }
}

/* The roots whose pointers a value may hold (none for a value holding no
 * pointer: a pointer converted to an integer is written at the conversion);
 * `writable`: those something may be written through (none for a pointer
 * to const). */
static Roots value_roots(const Expr *x, bool writable) {
    if (!x || !type_holds_pointer(x->type)) return 0;
    if (writable && points_to_const(x->type)) return 0;
    switch (x->kind) {
    case EX_VAR: case EX_INDEX: case EX_DEREF: return place_roots(x, writable);
    case EX_LOAD: case EX_DECAY: case EX_ADDR: case EX_ASSIGN: case EX_INCDEC: return place_roots(x->lhs, writable);
    case EX_MEMBER: case EX_VELEM: case EX_SWIZZLE: return place_roots(x, writable);
    default: break; /* casts, arithmetic, ?:, calls (their result may come from any argument) */
    }
    Roots r = value_roots(x->lhs, writable) | value_roots(x->rhs, writable) | value_roots(x->cond, writable);
    for (int i = 0; i < x->nargs; i++) r |= value_roots(x->args[i], writable);
    for (int i = 0; i < x->ninits; i++) r |= value_roots(x->inits[i].value, writable);
    return r;
}

/* The roots of the memory a store to lv writes: none for a variable of the
 * function's own (an element of a local array included); a captured
 * array's own root. */
static Roots write_roots(const Scan *s, const Expr *lv) {
    switch (lv->kind) {
    case EX_VAR: return lv->var->kind == VAR_CAPTURE && lv->var->capture == CAPTURE_VIEW ? lv->var->access_roots : 0;
    case EX_MEMBER: case EX_VELEM: case EX_SWIZZLE:
        return expr_is_lvalue(lv->lhs) ? write_roots(s, lv->lhs) : 0;
    case EX_INDEX: case EX_DEREF:
        if (lv->lhs->kind == EX_DECAY || lv->lhs->kind == EX_ADDR) return write_roots(s, lv->lhs->lhs);
        return value_roots(lv->lhs, !s->casts_away_const);
    default: return 0;
    }
}

static bool union_holds_pointer(const Type *t) {
    if (t->kind == TY_ARRAY) return union_holds_pointer(t->base);
    if (t->kind != TY_STRUCT) return false;
    if (t->is_union) return type_holds_pointer(t);
    for (int i = 0; i < t->nmembers; i++)
        if (union_holds_pointer(t->members[i].type)) return true;
    return false;
}

/* The variable a store to lv changes the value of, if the function tracks
 * it (its own local or parameter, named directly); NULL where the stored
 * pointers leave its view (memory reached through a pointer, tile_static
 * memory that other threads and calls share, a union). */
static Var *stored_var(const Expr *lv) {
    switch (lv->kind) {
    case EX_VAR: {
        Var *v = lv->var;
        bool own = v->kind == VAR_LOCAL || v->kind == VAR_PARAM;
        return own && !union_holds_pointer(v->type) ? v : NULL;
    }
    case EX_MEMBER: case EX_VELEM: case EX_SWIZZLE: return stored_var(lv->lhs);
    case EX_INDEX: case EX_DEREF:
        if (lv->lhs->kind == EX_DECAY) return stored_var(lv->lhs->lhs);
        return NULL;
    default: return NULL;
    }
}

/* A store of `value` into lv (NULL: memory out of view, whose pointers
 * count as written, those to const too). */
static void store(Scan *s, const Expr *lv, const Expr *value) {
    Roots all = value_roots(value, false);
    if (!all) return;
    Var *v = lv ? stored_var(lv) : NULL;
    if (!v) {
        s->written |= all;
        return;
    }
    Roots writable = s->casts_away_const ? all : value_roots(value, true), held_const = all & ~writable;
    if ((v->access_roots | writable) != v->access_roots || (v->const_roots | held_const) != v->const_roots)
        s->changed = true;
    v->access_roots |= writable;
    v->const_roots |= held_const;
}

static bool pointer_to_integer(const Expr *x) {
    return x->kind == EX_CAST && x->lhs->type->kind == TY_PTR && x->type->kind != TY_PTR && x->type->kind != TY_BOOL;
}

static void find_int_to_pointer(void *ctx, Expr *x) {
    if (x->kind == EX_CAST && x->type->kind == TY_PTR && x->lhs->type->kind != TY_PTR) ((Scan *)ctx)->int_to_pointer = true;
}

/* Whether any amp function or kernel of the unit makes a pointer of an
 * integer: only then may a pointer converted to an integer be written
 * through (an alignment test, `(uintptr_t)p & 15`, only reads); and
 * whether any makes a pointer to non-const of a pointer to const. */
static Scan unit_casts(Unit *u) {
    Scan found = {.casts_away_const = u->casts_away_const};
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->body) walk_stmt(f->body, find_int_to_pointer, NULL, &found);
    }
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        walk_stmt(k->body, find_int_to_pointer, NULL, &found);
    }
    return found;
}

static void scan_call(Scan *s, const Expr *x) {
    const Func *f = x->callee;
    for (int i = 0; i < x->nargs && i < f->nparams; i++)
        if (has_root(f->writes_params, i)) s->calls |= value_roots(x->args[i], !s->casts_away_const);
}

static void scan_expr(void *ctx, Expr *x) {
    Scan *s = ctx;
    switch (x->kind) {
    case EX_ASSIGN:
        s->written |= write_roots(s, x->lhs);
        store(s, x->lhs, x->rhs);
        break;
    case EX_INCDEC: s->written |= write_roots(s, x->lhs); break;
    case EX_ATOMIC: /* writes its target (a load only reads it), compare-exchange its `expected` too; a
                       pointer operand is stored */
        for (int i = 0; i < x->nargs; i++)
            if ((i == 0 && x->ival != ATOMIC_LOAD) || (i == 1 && x->ival == ATOMIC_COMPARE_EXCHANGE))
                s->written |= write_roots(s, x->args[i]);
            else if (i > 0) store(s, NULL, x->args[i]);
        break;
    case EX_CALL: scan_call(s, x); break;
    case EX_BUILTIN: /* none takes a pointer today; one that did might write through it */
        for (int i = 0; i < x->nargs; i++) store(s, NULL, x->args[i]);
        break;
    case EX_INIT: /* an object initialized with pointers in a union: they may be read as something else */
        if (union_holds_pointer(x->type))
            for (int i = 0; i < x->ninits; i++) store(s, NULL, x->inits[i].value);
        break;
    default:
        if (pointer_to_integer(x) && s->int_to_pointer) store(s, NULL, x->lhs);
        break;
    }
}

static void scan_decl(void *ctx, Stmt *st) {
    Scan *s = ctx;
    if (st->kind != ST_DECL || !st->expr) return;
    Expr lv = {.kind = EX_VAR, .type = st->var->type, .var = st->var};
    store(s, &lv, st->expr);
}

/* The roots a body may write, its variables' roots grown to a fixed point
 * (the roots themselves set beforehand); `casts`: the unit's (unit_casts). */
static Scan scan_body(Stmt *body, Scan casts) {
    Scan s = {.int_to_pointer = casts.int_to_pointer, .casts_away_const = casts.casts_away_const};
    do {
        s.changed = false;
        walk_stmt(body, scan_expr, scan_decl, &s);
    } while (s.changed);
    return s;
}

/* Whether x is the address of a local object of the body (a struct
 * capture's copy, say), whose memory no root stands for: only the
 * pointers it holds can be read through it. */
static bool address_of_local(const Expr *x) {
    return x->kind == EX_ADDR && x->lhs->kind == EX_VAR && x->lhs->var->kind != VAR_CAPTURE &&
           x->lhs->var->kind != VAR_PARAM;
}

/* The roots of the pointers a body reads: a pointer's value loaded (to
 * index it, compare it, keep it), or handed to an atomic or a builtin
 * (what it is given, all it holds), or to an amp function that reads
 * that parameter's pointers (Func.reads_params; for the address of a local
 * object, Func.reads_held: a helper given `&c` that reads only `c->h0`
 * reads none of c's pointers). A struct capture's copy made from the
 * whole struct reads nothing by that. `held`: only pointers held in what
 * the body's parameters point to (a parameter's own value left out). */
typedef struct ReadScan {
    Roots read;
    bool held;
} ReadScan;

static void read_roots(void *ctx, Expr *x) {
    ReadScan *r = ctx;
    bool own_parameter = x->kind == EX_LOAD && x->lhs->kind == EX_VAR && x->lhs->var->kind == VAR_PARAM;
    if (x->kind == EX_LOAD && x->type->kind == TY_PTR && !(r->held && own_parameter)) r->read |= value_roots(x, false);
    if (x->kind != EX_CALL && x->kind != EX_ATOMIC && x->kind != EX_BUILTIN) return;
    const Func *f = x->kind == EX_CALL && x->callee && x->callee->body ? x->callee : NULL; /* else: all it is given */
    for (int i = 0; i < x->nargs; i++) {
        Roots reads = !f ? 0 : r->held || address_of_local(x->args[i]) ? f->reads_held : f->reads_params;
        if (!f || i >= f->nparams || has_root(reads, i)) r->read |= value_roots(x->args[i], false);
    }
}

/* Func.writes_params, reads_params and reads_held of every amp function;
 * a parameter whose pointers sit in a union counts as written and read
 * (what the callee reads them as is unknown). */
static void summarize_funcs(Unit *u, Scan casts) {
    bool changed;
    do {
        changed = false;
        for (int i = 0; i < u->funcs.len; i++) {
            Func *f = u->funcs.items[i];
            if (!f->body) continue;
            Roots unions = 0;
            for (int p = 0; p < f->nparams; p++) {
                f->params[p]->access_roots |= root_bit(p);
                if (union_holds_pointer(f->params[p]->type)) unions |= root_bit(p);
            }
            Scan s = scan_body(f->body, casts);
            Roots w = s.written | s.calls | unions | f->writes_params;
            ReadScan all = {unions | f->reads_params, false}, held = {unions | f->reads_held, true};
            walk_stmt(f->body, read_roots, NULL, &all);
            walk_stmt(f->body, read_roots, NULL, &held);
            if (w != f->writes_params || all.read != f->reads_params || held.read != f->reads_held) changed = true;
            f->writes_params = w;
            f->reads_params = all.read;
            f->reads_held = held.read;
        }
    } while (changed);
}

/* The WRITE bit of each capture that holds memory: a view, a pointer, a
 * struct holding pointers, whose pointers are told apart (one root each:
 * a kernel writing s.out does not write s.in; one that uses only s.in
 * does not need s.out in a view). */
static void mark_kernel(Kernel *k, Scan casts) {
    int next = 0;
    for (int j = 0; j < k->captures.len; j++) {
        Var *v = k->captures.items[j];
        if (v->capture != CAPTURE_VALUE) {
            v->access_roots = root_bit(next++);
        } else if (type_holds_pointer(v->type)) {
            HeldCount held = {0};
            type_each_held_pointer(v->type, NULL, 0, NULL, count_held, &held);
            v->held_root = next;
            for (int i = 0; i < held.count; i++) v->access_roots |= root_bit(next++);
        }
    }
    Scan s = scan_body(k->body, casts);
    Roots written = s.written | s.calls;
    ReadScan reads = {0, false};
    walk_stmt(k->body, read_roots, NULL, &reads);
    Roots read = reads.read;
    for (int j = 0; j < k->captures.len; j++) {
        Var *v = k->captures.items[j];
        if (!v->access_roots) continue;
        if (written & v->access_roots) v->access |= CAMP_ACCESS_WRITE;
        v->written_in_calls = (s.calls & v->access_roots) && !(s.written & v->access_roots);
        if (v->capture != CAPTURE_VALUE) continue;
        for (int i = 0; i < 64; i++) {
            if (has_root(written, v->held_root + i)) v->held_written |= root_bit(i);
            if (!has_root(s.written, v->held_root + i)) v->held_in_calls |= root_bit(i);
            if (has_root(read | written, v->held_root + i)) v->held_used |= root_bit(i);
        }
    }
}

bool access_held_written(const Var *v, int index, const Type *ptr) {
    return has_root(v->held_written, index) && !ptr->base->is_const;
}

bool access_held_in_calls(const Var *v, int index) { return has_root(v->held_in_calls, index); }

bool access_held_used(const Var *v, int index) { return has_root(v->held_used, index); }

void access_analyze(Unit *u) {
    Scan casts = unit_casts(u);
    summarize_funcs(u, casts);
    for (int i = 0; i < u->kernels.len; i++) mark_kernel(u->kernels.items[i], casts);
}
