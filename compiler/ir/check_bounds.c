/* check_bounds.c — -fcamp-check: every index into an array whose length
 * the type says (a captured array, a local or tile_static array, an array
 * member) is checked where the element is read or written. An index out
 * of bounds is reported as a run-time error, like a failed assert, naming
 * the array, the index and the thread (the report sites of report.c); the
 * access then goes to element 0, so that a wrong index cannot write
 * outside the array. `&a[n]` (an address, not an access) is not checked:
 * C allows one past the end. Pointers carry no length: p[i] and *p are
 * checked against the launch's views instead (check_pointers.c). */
#include "campcc.h"

#include "camp_abi.h"

typedef struct Instrument {
    Unit *u;
    const char *where; /* "kernel main" or "kernel helper_name", for messages */
} Instrument;

/* How the array is named in the message: `a`, `s.m`, `m[...]`. */
static const char *array_name(Arena *a, const Expr *lv) {
    switch (lv->kind) {
    case EX_VAR: return lv->var->name;
    case EX_MEMBER: {
        const Member *m = &lv->lhs->type->members[lv->ival];
        return arena_printf(a, "%s.%s", array_name(a, lv->lhs), m->name && *m->name ? m->name : "(anonymous)");
    }
    case EX_INDEX: return arena_printf(a, "%s[...]", lv->lhs->kind == EX_DECAY ? array_name(a, lv->lhs->lhs) : "(pointer)");
    case EX_DEREF: return "(*pointer)";
    default: return "(array)";
    }
}

/* An index of at least 32 bits, as the device sends it. */
static Expr *widened(Arena *a, Expr *index) {
    if (index->type->size >= 4 && index->type->kind == TY_INT) return index;
    Expr *cast = arena_alloc(a, sizeof *cast);
    *cast = (Expr){.kind = EX_CAST, .type = type_int(4, true), .loc = index->loc, .lhs = index};
    return cast;
}

/* A report site of `kind` at loc whose text prints `value` (the runtime
 * prints any value letter with %d: camp_abi.h, no length modifiers). */
static int add_site(Instrument *in, int kind, const char *text, const Expr *value, SrcLoc loc) {
    Arena *a = &in->u->arena;
    ReportSite *site = arena_alloc(a, sizeof *site);
    char letter = report_value_kind(value->type);
    site->kind = kind;
    site->text = text;
    site->values = arena_strndup(a, &letter, 1);
    site->loc = loc;
    vec_push(a, &in->u->reports, site);
    return in->u->reports.len - 1;
}

static Expr *checked_index(Instrument *in, Expr *index, const Expr *array, SrcLoc loc) {
    Arena *a = &in->u->arena;
    Expr *value = widened(a, index);
    const char *text = arena_printf(a, "%s: %s[%%d] is out of bounds (%s)", in->where, array_name(a, array),
                                    array->type->name ? array->type->name : "an array");
    Expr *length = arena_alloc(a, sizeof *length);
    *length = (Expr){.kind = EX_INT, .type = value->type, .loc = loc, .ival = array->type->len};
    Expr *check = arena_alloc(a, sizeof *check);
    *check = (Expr){.kind = EX_BOUNDS, .type = value->type, .loc = loc, .lhs = value, .rhs = length,
                    .ival = add_site(in, CAMP_REPORT_BOUNDS, text, value, loc)};
    return check;
}

/* An integer divisor: itself where it is not 0; else reported, and 1, so
 * that the division goes on defined (C leaves it undefined; GPUs give
 * whatever their instruction does). */
static Expr *checked_divisor(Instrument *in, Expr *divisor, Op op, SrcLoc loc) {
    Arena *a = &in->u->arena;
    const char *text = arena_printf(a, "%s: integer %s by zero (divisor %%d)", in->where,
                                    op == OP_DIV ? "division" : "remainder");
    Expr *check = arena_alloc(a, sizeof *check);
    *check = (Expr){.kind = EX_BOUNDS, .type = divisor->type, .loc = loc, .lhs = divisor,
                    .ival = add_site(in, CAMP_REPORT_DIVISION, text, divisor, loc)};
    return check;
}

/* An integer `/` or `%` (or `/=`, `%=`) whose divisor is not a constant
 * other than 0. */
static bool unchecked_division(const Expr *x) {
    return (x->kind == EX_BINARY || x->kind == EX_ASSIGN) && (x->op == OP_DIV || x->op == OP_REM) &&
           x->rhs->type->kind == TY_INT && x->rhs->kind != EX_BOUNDS && !(x->rhs->kind == EX_INT && x->rhs->ival);
}

static void instrument_expr(Instrument *in, Expr *x, bool address_only);

/* Whether lvalue lv lies in memory reached through a pointer, rather than
 * in an array or struct a variable names. */
static bool through_pointer(const Expr *lv) {
    switch (lv->kind) {
    case EX_DEREF: return true;
    case EX_INDEX: return lv->lhs->kind != EX_DECAY || through_pointer(lv->lhs->lhs);
    case EX_MEMBER: case EX_VELEM: return through_pointer(lv->lhs);
    default: return false;
    }
}

static void instrument_all(Instrument *in, Expr **xs, int n) {
    for (int i = 0; i < n; i++) instrument_expr(in, xs[i], false);
}

static void instrument_expr(Instrument *in, Expr *x, bool address_only) {
    if (!x) return;
    bool array_element = x->kind == EX_INDEX && x->lhs->kind == EX_DECAY && x->lhs->lhs->type->kind == TY_ARRAY &&
                         x->lhs->lhs->type->len > 0;
    if (array_element && !address_only && x->rhs->kind != EX_BOUNDS)
        x->rhs = checked_index(in, x->rhs, x->lhs->lhs, x->loc);
    if (unchecked_division(x)) x->rhs = checked_divisor(in, x->rhs, x->op, x->loc);
    /* an element reached through a pointer; not an array, which is only
     * decayed or addressed (its elements are checked) */
    if ((x->kind == EX_INDEX || x->kind == EX_DEREF) && x->type->kind != TY_ARRAY && !address_only && !x->ival &&
        through_pointer(x))
        pointer_check_mark(in->u, in->where, x);
    /* the element of an address is not accessed, nor is the array an
     * address's index selects in it (&m[i][j] checks neither) */
    bool address = x->kind == EX_ADDR || (address_only && (x->kind == EX_INDEX || x->kind == EX_DECAY ||
                                                           x->kind == EX_MEMBER || x->kind == EX_VELEM));
    instrument_expr(in, x->lhs, address);
    instrument_expr(in, x->rhs, false);
    instrument_expr(in, x->cond, false);
    instrument_all(in, x->args, x->nargs);
    for (int i = 0; i < x->ninits; i++) instrument_expr(in, x->inits[i].value, false);
}

static void instrument_stmt(Instrument *in, Stmt *s) {
    if (!s) return;
    instrument_expr(in, s->expr, false);
    instrument_expr(in, s->step, false);
    instrument_stmt(in, s->init);
    instrument_stmt(in, s->then);
    instrument_stmt(in, s->els);
    for (int i = 0; i < s->body.len; i++) {
        if (s->kind != ST_SWITCH) {
            instrument_stmt(in, s->body.items[i]);
            continue;
        }
        SwitchCase *c = s->body.items[i];
        for (int j = 0; j < c->body.len; j++) instrument_stmt(in, c->body.items[j]);
    }
}

void bounds_instrument(Unit *u) {
    Instrument in = {u, NULL};
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        in.where = "kernel";
        instrument_stmt(&in, k->body);
    }
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->library) continue; /* the math library's own indexes are right */
        in.where = arena_printf(&u->arena, "kernel function %s", f->name);
        instrument_stmt(&in, f->body);
    }
}
