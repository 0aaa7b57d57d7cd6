/* check_races.c — -fcamp-check: data races on tile_static memory. Two
 * threads of a tile race when one writes an element that the other reads
 * or writes with no barrier between them. Each tile_static variable gets
 * two shadow arrays of its own (tile_static too, one word per element of
 * its smallest scalar): the last writer and the last reader of each
 * element, as the barrier epoch (each thread counts the barriers it
 * passed, the same count in every thread of a tile) and the thread's
 * linear index in the tile. Every read and write of an element is
 * preceded by an EX_RACE that records the thread and compares with the
 * other word (spv_race.c): the same epoch and another thread is a race,
 * reported with the variable, the element and the two threads.
 *
 * Only accesses that name the variable are checked (s, s[i][j], s.m[i],
 * v.x): an access through a pointer into tile_static memory is not, nor
 * are atomics (which do not race), and an access whose index has side
 * effects (s[i++]), which the check would evaluate twice. The shadows
 * take 8 bytes per element: a variable whose shadows would take a kernel
 * past SHADOW_BUDGET bytes of tile_static memory in all (what lavapipe
 * offers; GPUs offer 32 to 64 KiB) is not checked, the largest first. */
#include "campcc.h"

#include "camp_abi.h"

enum { SHADOW_BUDGET = 32768 };

typedef struct Races {
    Unit *u;
    PtrVec unchecked; /* Var*: the tile_static variables whose shadows do not fit */
    const char *where;
    Type *int_type, *uint_type, *void_type;
    PtrVec shadowed; /* Var*: the tile_static variables with shadows, each followed by its two */
} Races;

static Type *scalar_type(Arena *a, TypeKind kind, int size, bool is_signed, const char *name) {
    Type *t = arena_alloc(a, sizeof *t);
    *t = (Type){.kind = kind, .size = size, .align = size ? size : 1, .is_signed = is_signed, .name = name};
    return t;
}

static Expr *new_expr(Races *r, ExprKind kind, Type *t, SrcLoc loc) {
    Expr *x = arena_alloc(&r->u->arena, sizeof *x);
    *x = (Expr){.kind = kind, .type = t, .loc = loc};
    return x;
}

static Expr *int_const(Races *r, long long v, SrcLoc loc) {
    Expr *x = new_expr(r, EX_INT, r->int_type, loc);
    x->ival = v;
    return x;
}

static Expr *binary(Races *r, Op op, Expr *a, Expr *b) {
    Expr *x = new_expr(r, EX_BINARY, r->int_type, a->loc);
    x->op = op;
    x->lhs = a;
    x->rhs = b;
    return x;
}

static Expr *as_int(Races *r, Expr *x) {
    if (x->type->kind == TY_INT && x->type->size == 4) return x;
    Expr *cast = new_expr(r, EX_CAST, r->int_type, x->loc);
    cast->lhs = x;
    return cast;
}

/* The smallest scalar in t, in bytes: a shadow word covers one. */
static int smallest_scalar(const Type *t) {
    if (t->kind == TY_ARRAY || t->kind == TY_VECTOR) return smallest_scalar(t->base);
    if (t->kind != TY_STRUCT) return t->size;
    int least = t->size;
    for (int i = 0; i < t->nmembers; i++) {
        int s = smallest_scalar(t->members[i].type);
        if (s < least) least = s;
    }
    return least;
}

/* Whether evaluating x twice is the same as once. */
static bool pure(const Expr *x) {
    if (!x) return true;
    switch (x->kind) {
    case EX_INT: case EX_FLOAT: case EX_VAR: case EX_LOAD: case EX_DECAY: case EX_CAST: case EX_INDEX:
    case EX_VELEM: case EX_UNARY: case EX_BINARY: case EX_COND: case EX_MEMBER: case EX_SWIZZLE: case EX_BOUNDS:
        return pure(x->lhs) && pure(x->rhs) && pure(x->cond);
    default: return false;
    }
}

/* The tile_static variable lv names, with the byte offset of the element
 * it designates; NULL when it names none (or through a pointer). An
 * index the bounds check wraps counts as written: the shadow access is
 * kept inside the shadow on its own (spv_race.c). */
static Var *element(Races *r, Expr *lv, Expr **offset) {
    switch (lv->kind) {
    case EX_VAR:
        if (lv->var->kind != VAR_TILE_STATIC || lv->var->race_shadow) return NULL;
        for (int i = 0; i < r->unchecked.len; i++)
            if (r->unchecked.items[i] == lv->var) return NULL;
        *offset = int_const(r, 0, lv->loc);
        return lv->var;
    case EX_INDEX: {
        if (lv->lhs->kind != EX_DECAY || !pure(lv->rhs)) return NULL;
        Var *v = element(r, lv->lhs->lhs, offset);
        Expr *index = lv->rhs->kind == EX_BOUNDS ? lv->rhs->lhs : lv->rhs;
        if (v) *offset = binary(r, OP_ADD, *offset, binary(r, OP_MUL, as_int(r, index), int_const(r, lv->type->size, lv->loc)));
        return v;
    }
    case EX_MEMBER: {
        Var *v = element(r, lv->lhs, offset);
        if (v) *offset = binary(r, OP_ADD, *offset, int_const(r, lv->lhs->type->members[lv->ival].offset, lv->loc));
        return v;
    }
    case EX_VELEM: {
        if (!pure(lv->rhs)) return NULL;
        Var *v = element(r, lv->lhs, offset);
        Expr *component = lv->rhs ? as_int(r, lv->rhs) : int_const(r, lv->ival, lv->loc);
        if (v) *offset = binary(r, OP_ADD, *offset, binary(r, OP_MUL, component, int_const(r, lv->type->size, lv->loc)));
        return v;
    }
    default: return NULL;
    }
}

/* v's shadow arrays (made on first use): [0] the writers, [1] the readers. */
static Var **shadows(Races *r, Var *v) {
    for (int i = 0; i < r->shadowed.len; i += 3)
        if (r->shadowed.items[i] == v) return (Var **)&r->shadowed.items[i + 1];
    Arena *a = &r->u->arena;
    Type *t = arena_alloc(a, sizeof *t);
    int words = v->type->size / smallest_scalar(v->type);
    *t = (Type){.kind = TY_ARRAY, .base = r->uint_type, .len = words, .size = 4 * words, .align = 4,
                .name = arena_printf(a, "unsigned int[%d]", words)};
    vec_push(a, &r->shadowed, v);
    static const char *const suffix[2] = {"writers", "readers"};
    for (int i = 0; i < 2; i++) {
        Var *s = arena_alloc(a, sizeof *s);
        *s = (Var){.name = arena_printf(a, "%s.%s", v->name, suffix[i]), .type = t, .loc = v->loc,
                   .kind = VAR_TILE_STATIC, .race_shadow = true};
        vec_push(a, &r->shadowed, s);
    }
    return (Var **)&r->shadowed.items[r->shadowed.len - 2];
}

static ReportSite *site(Races *r, SrcLoc loc, const char *text) {
    ReportSite *s = arena_alloc(&r->u->arena, sizeof *s);
    s->kind = CAMP_REPORT_RACE;
    s->text = text;
    s->values = "uuu"; /* the element, this thread, the other thread */
    s->loc = loc;
    vec_push(&r->u->arena, &r->u->reports, s);
    return s;
}

/* (EX_RACE, access), for an access of lv (written or read). */
static Expr *checked(Races *r, Expr *access, Expr *lv, bool write) {
    Expr *offset;
    Var *v = element(r, lv, &offset);
    if (!v) return access;
    Var **shadow = shadows(r, v);
    Arena *a = &r->u->arena;
    Expr *race = new_expr(r, EX_RACE, r->void_type, access->loc);
    race->lhs = binary(r, OP_DIV, offset, int_const(r, smallest_scalar(v->type), access->loc));
    race->args = arena_alloc(a, 2 * sizeof *race->args);
    race->nargs = 2;
    for (int i = 0; i < 2; i++) {
        race->args[i] = new_expr(r, EX_VAR, shadow[i]->type, access->loc);
        race->args[i]->var = shadow[i];
    }
    const char *head = arena_printf(a, "%s: data race on tile_static '%s' (element %%u): thread %%u of the tile", r->where,
                                    v->name);
    race->ival = r->u->reports.len;
    if (write) {
        site(r, access->loc, arena_printf(a, "%s writes over what thread %%u wrote, with no barrier between", head));
        site(r, access->loc, arena_printf(a, "%s writes what thread %%u read, with no barrier between", head));
        race->rhs = int_const(r, 1, access->loc);
    } else {
        site(r, access->loc, arena_printf(a, "%s reads what thread %%u wrote, with no barrier between", head));
    }
    Expr *pair = new_expr(r, EX_BINARY, access->type, access->loc);
    pair->op = OP_COMMA;
    pair->lhs = race;
    pair->rhs = access;
    return pair;
}

static void instrument_expr(Races *r, Expr **slot) {
    Expr *x = *slot;
    if (!x) return;
    instrument_expr(r, &x->lhs);
    instrument_expr(r, &x->rhs);
    instrument_expr(r, &x->cond);
    for (int i = 0; i < x->nargs; i++) instrument_expr(r, &x->args[i]);
    for (int i = 0; i < x->ninits; i++) instrument_expr(r, &x->inits[i].value);
    if (x->kind == EX_LOAD) *slot = checked(r, x, x->lhs, false);
    else if (x->kind == EX_ASSIGN || x->kind == EX_INCDEC) *slot = checked(r, x, x->lhs, true);
}

static void instrument_stmt(Races *r, Stmt *s) {
    if (!s) return;
    instrument_expr(r, &s->expr);
    instrument_expr(r, &s->step);
    instrument_stmt(r, s->init);
    instrument_stmt(r, s->then);
    instrument_stmt(r, s->els);
    for (int i = 0; i < s->body.len; i++) {
        if (s->kind != ST_SWITCH) {
            instrument_stmt(r, s->body.items[i]);
            continue;
        }
        SwitchCase *c = s->body.items[i];
        for (int j = 0; j < c->body.len; j++) instrument_stmt(r, c->body.items[j]);
    }
}

static int shadow_bytes(const Var *v) { return 8 * (v->type->size / smallest_scalar(v->type)); }

/* The variables left unchecked: in each kernel, the largest ones until
 * the rest's shadows fit in the budget. */
static void choose_unchecked(Races *r) {
    for (int i = 0; i < r->u->kernels.len; i++) {
        Kernel *k = r->u->kernels.items[i];
        for (;;) {
            int total = 0;
            Var *largest = NULL;
            for (int j = 0; j < k->tile_statics.len; j++) {
                Var *v = k->tile_statics.items[j];
                bool unchecked = false;
                for (int m = 0; m < r->unchecked.len; m++) unchecked |= r->unchecked.items[m] == v;
                total += v->type->size + (unchecked ? 0 : shadow_bytes(v));
                if (!unchecked && (!largest || shadow_bytes(v) > shadow_bytes(largest))) largest = v;
            }
            if (total <= SHADOW_BUDGET || !largest) break;
            vec_push(&r->u->arena, &r->unchecked, largest);
        }
    }
}

void races_instrument(Unit *u) {
    Arena *a = &u->arena;
    Races r = {.u = u, .int_type = type_int(4, true), .uint_type = type_int(4, false),
               .void_type = scalar_type(a, TY_VOID, 0, false, "void")};
    choose_unchecked(&r);
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        if (!k->tiled) continue;
        r.where = "kernel";
        instrument_stmt(&r, k->body);
    }
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->library || !f->body) continue;
        r.where = arena_printf(a, "kernel function %s", f->name);
        instrument_stmt(&r, f->body);
    }
    /* every kernel that reaches a shadowed variable reaches its shadows */
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        int n = k->tile_statics.len;
        for (int j = 0; j < n; j++)
            for (int s = 0; s < r.shadowed.len; s += 3)
                if (r.shadowed.items[s] == k->tile_statics.items[j]) {
                    vec_push(a, &k->tile_statics, r.shadowed.items[s + 1]);
                    vec_push(a, &k->tile_statics, r.shadowed.items[s + 2]);
                }
    }
}
