/* omp_pragmas.c — OpenMP's pragmas in amp code, as code ported from
 * OpenMP keeps them. A kernel's threads are the parallel loop's
 * iterations, so most of them mean nothing there and are left alone as
 * clang leaves them (`parallel for`, `simd` on an inner loop). Two kinds
 * change what the code computes:
 * - `#pragma omp atomic` (update, read, write) before `x++`, `x += e`,
 *   `x = x op e`, `v = x`, `x = e`: the statement becomes the atomic
 *   operation camp_atomic_* would do (dropped, the update raced and lost
 *   most increments of a ported histogram); a variable of the function
 *   around the kernel it updates is shared with the host, as
 *   `camp_atomic_fetch_add(&x, e)` shares it (restrictions.c);
 * - `critical`, `barrier`, `single`, `master`, `masked`, `ordered`:
 *   they order OpenMP's threads, which a kernel has not: an error that
 *   says what to write instead.
 * The pragmas are read from the main file's text (directives.c); a
 * pragma applies to the statement that begins right after its line. */
#include "frontend.h"

#include <string.h>

static void note_omp_pragma(void *ctx, const char *s, size_t b, size_t e, int depth) {
    (void)depth;
    Frontend *fe = ctx;
    char w[12][16];
    int n = fe_directive_words(s, b + 1, e, w, 12);
    if (n < 3 || strcmp(w[0], "pragma") || strcmp(w[1], "omp")) return;
    OmpPragma p = {b, e, OMP_OTHER, ""};
    for (int i = 2, at = 0; i < n && at < (int)sizeof p.text - 1; i++) /* its words, for messages */
        at += snprintf(p.text + at, sizeof p.text - (size_t)at, "%s%s", i > 2 ? " " : "", w[i]);
    if (!strcmp(w[2], "atomic")) {
        p.kind = OMP_ATOMIC_UPDATE;
        for (int i = 3; i < n && p.kind == OMP_ATOMIC_UPDATE; i++) {
            if (!strcmp(w[i], "read")) p.kind = OMP_ATOMIC_READ;
            else if (!strcmp(w[i], "write")) p.kind = OMP_ATOMIC_WRITE;
            else if (!strcmp(w[i], "capture") || !strcmp(w[i], "compare")) p.kind = OMP_ATOMIC_OTHER;
            if (p.kind != OMP_ATOMIC_UPDATE) snprintf(p.text, sizeof p.text, "atomic %s", w[i]);
        }
    } else {
        static const char *const between_threads[] = {"critical", "barrier", "single", "master", "masked", "ordered"};
        for (size_t i = 0; i < sizeof between_threads / sizeof *between_threads; i++)
            if (!strcmp(w[2], between_threads[i])) p.kind = OMP_BETWEEN_THREADS;
    }
    fe->omp_pragmas = grow_array(fe->omp_pragmas, fe->nomp_pragmas, &fe->capomp_pragmas, sizeof *fe->omp_pragmas, 4);
    fe->omp_pragmas[fe->nomp_pragmas++] = p;
}

void fe_find_omp_pragmas(Frontend *fe) {
    fe->nomp_pragmas = 0;
    fe_scan_directives(fe, note_omp_pragma, fe);
}

const OmpPragma *fe_omp_pragma_before(Frontend *fe, CXCursor stmt) {
    if (!fe->nomp_pragmas) return NULL;
    CXFile file;
    unsigned begin; /* where it is written, or the macro that writes it is used (parallel_for_each) */
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(stmt)), &file, NULL, NULL, &begin);
    if (!clang_File_isEqual(file, fe->main_file)) return NULL;
    for (int i = 0; i < fe->nomp_pragmas; i++) {
        const OmpPragma *p = &fe->omp_pragmas[i];
        if (p->end <= begin && fe_skip_space(fe->u->source, fe->u->source_len, p->end) == begin) return p;
    }
    return NULL;
}

bool fe_omp_atomic_target(Frontend *fe, CXCursor op) {
    const OmpPragma *p = fe_omp_pragma_before(fe, op);
    return p && (p->kind == OMP_ATOMIC_UPDATE || p->kind == OMP_ATOMIC_WRITE);
}

/* The source text of c without blanks, to tell that `x = x + e` names x twice. */
static char *text_of(Frontend *fe, CXCursor c) {
    CXSourceRange r = clang_getCursorExtent(c);
    size_t b = fe_offset(clang_getRangeStart(r), NULL), e = fe_offset(clang_getRangeEnd(r), NULL);
    char *t = arena_alloc(fe->a, e > b ? e - b + 1 : 1);
    size_t n = 0;
    for (size_t i = b; i < e && i < fe->u->source_len; i++)
        if (fe->u->source[i] != ' ' && fe->u->source[i] != '\t' && fe->u->source[i] != '\n') t[n++] = fe->u->source[i];
    t[n] = 0;
    return t;
}

static bool same_text(Frontend *fe, CXCursor a, CXCursor b) {
    const char *x = text_of(fe, a), *y = text_of(fe, b);
    return *x && !strcmp(x, y);
}

/* The atomic operation of an update's operator, or -1. */
static int update_op(enum CXBinaryOperatorKind k) {
    switch (k) {
    case CXBinaryOperator_Add: case CXBinaryOperator_AddAssign: return ATOMIC_ADD;
    case CXBinaryOperator_Sub: case CXBinaryOperator_SubAssign: return ATOMIC_SUB;
    case CXBinaryOperator_And: case CXBinaryOperator_AndAssign: return ATOMIC_AND;
    case CXBinaryOperator_Or: case CXBinaryOperator_OrAssign: return ATOMIC_OR;
    case CXBinaryOperator_Xor: case CXBinaryOperator_XorAssign: return ATOMIC_XOR;
    default: return -1;
    }
}

/* The update `stmt` as x, the atomic operation and its operand's cursor
 * (none for ++ and --); false if it has no such form. */
static bool update_parts(Frontend *fe, CXCursor stmt, CXCursor *x, int *op, CXCursor *operand, bool *one) {
    CXCursor kids[2], sum[2];
    *one = false;
    switch (clang_getCursorKind(stmt)) {
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(stmt);
        if (fe_children(stmt, kids, 2) != 1) return false;
        if (k != CXUnaryOperator_PostInc && k != CXUnaryOperator_PreInc && k != CXUnaryOperator_PostDec &&
            k != CXUnaryOperator_PreDec)
            return false;
        *x = kids[0], *one = true;
        *op = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PreInc ? ATOMIC_ADD : ATOMIC_SUB;
        return true;
    }
    case CXCursor_CompoundAssignOperator:
        if (fe_children(stmt, kids, 2) != 2) return false;
        *x = kids[0], *operand = kids[1], *op = update_op(clang_getCursorBinaryOperatorKind(stmt));
        return *op >= 0;
    case CXCursor_BinaryOperator: { /* x = x op e, x = e op x */
        if (clang_getCursorBinaryOperatorKind(stmt) != CXBinaryOperator_Assign || fe_children(stmt, kids, 2) != 2)
            return false;
        CXCursor rhs = fe_strip(kids[1]);
        if (clang_getCursorKind(rhs) != CXCursor_BinaryOperator || fe_children(rhs, sum, 2) != 2) return false;
        *x = kids[0], *op = update_op(clang_getCursorBinaryOperatorKind(rhs));
        if (*op < 0) return false;
        if (same_text(fe, fe_strip(sum[0]), *x)) *operand = sum[1];
        else if (*op != ATOMIC_SUB && same_text(fe, fe_strip(sum[1]), *x)) *operand = sum[0];
        else return false;
        return true;
    }
    default: return false;
    }
}

/* value as the type t of the atomic's target (a compound assignment's
 * operand may be wider, `f += 0.5`). */
static Expr *as_type(Frontend *fe, Expr *value, Type *t, CXCursor c) {
    value = fe_load_if_lvalue(fe, value, c);
    if (type_equal(value->type, t)) return value;
    Expr *cast = fe_new_expr(fe, EX_CAST, t, c);
    cast->lhs = value;
    return cast;
}

static Expr *atomic(Frontend *fe, int op, Type *t, Expr *target, Expr *value, CXCursor c) {
    Expr *e = fe_new_expr(fe, EX_ATOMIC, t, c);
    e->ival = op;
    e->nargs = value ? 2 : 1;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * 2);
    e->args[0] = target;
    e->args[1] = value;
    return e;
}

/* Whether t is a type the device's atomics take; reports otherwise. */
static bool atomic_type(Frontend *fe, const OmpPragma *p, const Type *t, int op, CXCursor c) {
    bool integer = t->kind == TY_INT && (t->size == 4 || t->size == 8);
    bool real = t->kind == TY_FLOAT && (t->size == 4 || t->size == 8) && (op == ATOMIC_ADD || op == ATOMIC_SUB ||
                                                                           op == ATOMIC_LOAD || op == ATOMIC_STORE);
    if (integer || real) return true;
    diag_error(fe->u->diag, fe_loc(fe, c),
               "'#pragma omp %s' in amp code works on 4- and 8-byte integers (+ - & | ^), float and double (+ -): "
               "the device's atomic operations",
               p->text);
    return false;
}

Stmt *fe_lower_omp_statement(Frontend *fe, CXCursor c, const OmpPragma *p) {
    Stmt *s = fe_new_stmt(fe, ST_EXPR, c);
    if (p->kind == OMP_BETWEEN_THREADS) {
        diag_error(fe->u->diag, fe_loc(fe, c),
                   "'#pragma omp %s' has no meaning in a kernel, whose threads are not OpenMP's: combine the threads' "
                   "values with camp_atomic_* (or '#pragma omp atomic' before the update), or with a reduction "
                   "(camp_reduce_sum) after the kernel; tile_barrier_wait orders the threads of a tile",
                   p->text);
        return NULL;
    }
    if (p->kind == OMP_ATOMIC_OTHER) {
        diag_error(fe->u->diag, fe_loc(fe, c),
                   "'#pragma omp %s' is not supported in amp code: camp_atomic_* return the value before the "
                   "update (`v = camp_atomic_fetch_add(&x, e);`), camp_atomic_compare_exchange compares",
                   p->text);
        return NULL;
    }
    CXCursor kids[2], x = c, operand = c;
    int op = ATOMIC_LOAD;
    bool one = false;
    if (p->kind == OMP_ATOMIC_UPDATE) {
        if (!update_parts(fe, c, &x, &op, &operand, &one)) {
            diag_error(fe->u->diag, fe_loc(fe, c),
                       "the statement after '#pragma omp atomic' must be an update in amp code: `x++`, `x--`, "
                       "`x += e` (or -=, &=, |=, ^=), `x = x + e`");
            return NULL;
        }
    } else if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
               clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign || fe_children(c, kids, 2) != 2) {
        diag_error(fe->u->diag, fe_loc(fe, c), "the statement after '#pragma omp %s' must be `%s` in amp code",
                   p->text, p->kind == OMP_ATOMIC_READ ? "v = x;" : "x = e;");
        return NULL;
    } else if (p->kind == OMP_ATOMIC_READ) {
        x = kids[1];
    } else {
        x = kids[0], operand = kids[1], op = ATOMIC_STORE;
    }
    Expr *target = fe_lower_expr(fe, p->kind == OMP_ATOMIC_READ ? fe_strip(x) : x);
    if (!target || !atomic_type(fe, p, target->type, op, c)) return NULL;
    Type *t = target->type;
    Expr *value = one ? (t->kind == TY_FLOAT ? fe_new_expr(fe, EX_FLOAT, t, c) : fe_int_constant(fe, t, 1, c))
                      : op == ATOMIC_LOAD ? NULL : fe_lower_expr(fe, operand);
    if (one && t->kind == TY_FLOAT) value->fval = 1.0;
    if (op != ATOMIC_LOAD && !value) return NULL;
    if (value) value = as_type(fe, value, t, c);
    if (op == ATOMIC_SUB && t->kind == TY_FLOAT) { /* x - e is x + -e, exactly: float atomics only add */
        Expr *negated = fe_new_expr(fe, EX_UNARY, t, c);
        negated->op = OP_NEG;
        negated->lhs = value;
        value = negated, op = ATOMIC_ADD;
    }
    s->expr = atomic(fe, op, t, target, value, c);
    if (p->kind == OMP_ATOMIC_READ) { /* v = the atomic load */
        Expr *v = fe_lower_expr(fe, kids[0]);
        if (!v) return NULL;
        s->expr = fe_new_binary(fe, EX_ASSIGN, OP_NONE, v->type, v, as_type(fe, s->expr, v->type, c), c);
    }
    return s;
}

void fe_warn_omp_before_kernel(Frontend *fe, CXCursor kernel) {
    const OmpPragma *p = fe_omp_pragma_before(fe, kernel);
    if (!p) return;
    unsigned line = 1; /* the pragma's */
    for (size_t i = 0; i < p->begin; i++) line += fe->u->source[i] == '\n';
    diag_warning(fe->u->diag, fe_loc_at(fe, fe->main_file, line, 1), "-Wopenmp",
                 "'#pragma omp %s' before parallel_for_each is left out: the kernel's threads already run its body "
                 "in parallel; remove the pragma",
                 p->text);
    size_t *at = arena_alloc(fe->a, sizeof *at);
    *at = p->begin;
    vec_push(fe->a, &fe->u->dropped_pragmas, at);
}
