/* frontend_ctype.c — <ctype.h> in amp code. glibc's isdigit(c) and the
 * other classifications are macros over its locale's table,
 * `(*__ctype_b_loc())[(int)(c)] & _ISdigit`; toupper and tolower are
 * functions over two more. Amp code reads the "C" locale's tables: each a
 * module constant of 384 entries (c from -128, EOF, to 255), copied from
 * campcc's own C library, which is the program's, in the "C" locale
 * campcc runs in. A kernel cannot follow the host's setlocale (documented
 * in c-in-kernels.md). `(*__ctype_b_loc())[c]` reads entry c of such a
 * constant, and `(*__ctype_b_loc())[c] & (unsigned short)_ISdigit` is
 * lowered whole, as ints (a device may have no 16-bit integers, which
 * the macro's unsigned shorts would need); the function forms
 * (`(isdigit)(c)`, toupper) read their table the same way. */
#include "frontend.h"

#include <ctype.h>
#include <string.h>

enum { TABLE_FIRST = -128, TABLE_ENTRIES = 384 };

typedef enum CtypeTable { CTYPE_CLASSES, CTYPE_TOUPPER, CTYPE_TOLOWER } CtypeTable;

static const char *const table_functions[] = {"__ctype_b_loc", "__ctype_toupper_loc", "__ctype_tolower_loc"};

#ifndef __GLIBC__ /* its tables' layout is glibc's; elsewhere no C library's macros reach them */
#define _ISalnum 0
#define _ISalpha 0
#define _ISblank 0
#define _IScntrl 0
#define _ISdigit 0
#define _ISgraph 0
#define _ISlower 0
#define _ISprint 0
#define _ISpunct 0
#define _ISspace 0
#define _ISupper 0
#define _ISxdigit 0
#endif

/* The classifications' functions and their bits in the classes' table. */
static const struct {
    const char *name;
    unsigned short bits;
} classifications[] = {
    {"isalnum", _ISalnum}, {"isalpha", _ISalpha}, {"isblank", _ISblank}, {"iscntrl", _IScntrl},
    {"isdigit", _ISdigit}, {"isgraph", _ISgraph}, {"islower", _ISlower}, {"isprint", _ISprint},
    {"ispunct", _ISpunct}, {"isspace", _ISspace}, {"isupper", _ISupper}, {"isxdigit", _ISxdigit},
};

/* Which table a call `__ctype_*_loc()` returns the address of; -1 for any other cursor. */
static int table_called(Frontend *fe, CXCursor c) {
    c = fe_strip(c);
    if (clang_getCursorKind(c) != CXCursor_CallExpr) return -1;
    CXCursor callee = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(callee)) return -1;
    const char *name = fe_spelling(fe, callee);
    for (int t = 0; t < (int)(sizeof table_functions / sizeof *table_functions); t++)
        if (!strcmp(name, table_functions[t])) return t;
    return -1;
}

bool fe_is_ctype_table_call(Frontend *fe, CXCursor c) { return table_called(fe, c) >= 0; }

bool fe_is_ctype_function(const char *name) {
    if (!strcmp(name, "toupper") || !strcmp(name, "tolower")) return true;
    for (size_t i = 0; i < sizeof table_functions / sizeof *table_functions; i++)
        if (!strcmp(name, table_functions[i])) return true;
    for (size_t i = 0; i < sizeof classifications / sizeof *classifications; i++)
        if (!strcmp(name, classifications[i].name)) return true;
    return false;
}

static int host_entry(CtypeTable t, int c) {
#ifdef __GLIBC__
    switch (t) {
    case CTYPE_CLASSES: return (*__ctype_b_loc())[c];
    case CTYPE_TOUPPER: return (*__ctype_toupper_loc())[c];
    case CTYPE_TOLOWER: return (*__ctype_tolower_loc())[c];
    }
#endif
    return t == CTYPE_CLASSES ? 0 : c;
}

/* Table t, made the first time amp code reads it. */
static Var *table_var(Frontend *fe, CtypeTable t, CXCursor c) {
    if (fe->ctype_tables[t]) return fe->ctype_tables[t];
    static const char *const names[] = {"camp_ctype_classes_", "camp_ctype_toupper_", "camp_ctype_tolower_"};
    Type *entry = type_int(4, true);
    Var *v = fe->ctype_tables[t] = arena_alloc(fe->a, sizeof *v);
    v->name = names[t];
    v->loc = fe_loc(fe, c);
    v->kind = VAR_CONST;
    v->type = arena_alloc(fe->a, sizeof *v->type);
    *v->type = (Type){.kind = TY_ARRAY, .base = entry, .len = TABLE_ENTRIES, .size = TABLE_ENTRIES * entry->size,
                      .align = entry->align, .name = "int[384]"};
    Expr *init = v->init = fe_new_expr(fe, EX_INIT, v->type, c);
    init->inits = arena_alloc(fe->a, sizeof *init->inits * TABLE_ENTRIES);
    for (int i = 0; i < TABLE_ENTRIES; i++)
        init->inits[init->ninits++] = (InitItem){.path = {i}, .depth = 1,
                                                 .value = fe_int_constant(fe, entry, host_entry(t, i + TABLE_FIRST), c)};
    return v;
}

/* `*__ctype_*_loc()`: the address of the table's entry for 0. */
static Expr *table_address(Frontend *fe, CtypeTable t, CXCursor c) {
    Var *v = table_var(fe, t, c);
    Expr *ref = fe_new_expr(fe, EX_VAR, v->type, c);
    ref->var = v;
    Expr *address = fe_new_expr(fe, EX_ADDR, type_pointer_to(fe->a, v->type->base), c);
    address->lhs = fe_element_at(fe, ref, -TABLE_FIRST, c);
    return address;
}

Expr *fe_ctype_table_entry(Frontend *fe, CXCursor subscript, CXCursor base, CXCursor index) {
    CXCursor call;
    if (clang_getCursorKind(base) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(base) != CXUnaryOperator_Deref ||
        fe_children(base, &call, 1) != 1 || table_called(fe, call) < 0)
        return NULL;
    Expr *i = fe_lower_expr(fe, index);
    if (!i) return NULL;
    /* an int where C has an unsigned short: the same value once promoted,
     * as every use promotes it, without the 16-bit type */
    Expr *table = table_address(fe, table_called(fe, call), subscript);
    return fe_load_if_lvalue(fe, fe_new_binary(fe, EX_INDEX, OP_NONE, table->type->base, table, i, subscript), subscript);
}

Expr *fe_ctype_test(Frontend *fe, CXCursor c) {
    CXCursor kids[2], entry[2];
    long long bits;
    if (clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_And || fe_children(c, kids, 2) != 2 ||
        clang_getCursorKind(fe_strip(kids[0])) != CXCursor_ArraySubscriptExpr ||
        fe_children(fe_strip(kids[0]), entry, 2) != 2 || !fe_eval_int(kids[1], &bits))
        return NULL;
    Expr *value = fe_ctype_table_entry(fe, fe_strip(kids[0]), fe_strip(entry[0]), entry[1]);
    if (!value) return NULL;
    Type *int_t = type_int(4, true);
    return fe_new_binary(fe, EX_BINARY, OP_AND, int_t, value, fe_int_constant(fe, int_t, bits, c), c);
}

/* Whether evaluating x twice is evaluating it once: no stores, no calls. */
static bool is_pure(const Expr *x) {
    if (!x) return true;
    switch (x->kind) {
    case EX_INT: case EX_FLOAT: case EX_VAR: return true;
    case EX_LOAD: case EX_DECAY: case EX_CAST: case EX_UNARY: case EX_ADDR: case EX_MEMBER: case EX_VELEM:
    case EX_SWIZZLE: case EX_INDEX: case EX_DEREF:
        return is_pure(x->lhs) && is_pure(x->rhs);
    case EX_BINARY: return is_pure(x->lhs) && is_pure(x->rhs);
    case EX_COND: return is_pure(x->cond) && is_pure(x->lhs) && is_pure(x->rhs);
    default: return false;
    }
}

/* The call's argument as an int, lowered again at each use (a node of
 * its own each: the IR is a tree); NULL if it cannot be. */
static Expr *argument(Frontend *fe, CXCursor call) {
    Expr *c = fe_lower_expr(fe, clang_Cursor_getArgument(call, 0));
    return c ? fe_int_value(fe, c, call) : NULL;
}

/* Whether the argument lies outside table t. */
static Expr *outside_table(Frontend *fe, CXCursor call) {
    Type *int_t = type_int(4, true);
    Expr *low = fe_new_binary(fe, EX_BINARY, OP_LT, int_t, argument(fe, call), fe_int_constant(fe, int_t, TABLE_FIRST, call), call);
    Expr *high = fe_new_binary(fe, EX_BINARY, OP_GT, int_t, argument(fe, call),
                               fe_int_constant(fe, int_t, TABLE_FIRST + TABLE_ENTRIES - 1, call), call);
    return fe_new_binary(fe, EX_BINARY, OP_LOR, int_t, low, high, call);
}

/* Table t's entry for the argument, clamped into the table (the function
 * forms take any int: toupper gives back one outside it, as glibc's does). */
static Expr *entry_of(Frontend *fe, CtypeTable t, CXCursor call) {
    Type *int_t = type_int(4, true);
    Expr *index = fe_new_expr(fe, EX_COND, int_t, call);
    index->cond = outside_table(fe, call);
    index->lhs = fe_int_constant(fe, int_t, 0, call);
    index->rhs = argument(fe, call);
    Expr *table = table_address(fe, t, call);
    Expr *value = fe_new_expr(fe, EX_CAST, int_t, call);
    value->lhs = fe_load_if_lvalue(fe, fe_new_binary(fe, EX_INDEX, OP_NONE, table->type->base, table, index, call), call);
    if (t == CTYPE_CLASSES) return value;
    Expr *e = fe_new_expr(fe, EX_COND, int_t, call);
    e->cond = outside_table(fe, call);
    e->lhs = argument(fe, call);
    e->rhs = value;
    return e;
}

Expr *fe_lower_ctype_call(Frontend *fe, CXCursor call, const char *name, bool *handled) {
    *handled = false;
    CtypeTable t = CTYPE_CLASSES;
    unsigned short bits = 0;
    if (!strcmp(name, "toupper")) t = CTYPE_TOUPPER;
    else if (!strcmp(name, "tolower")) t = CTYPE_TOLOWER;
    else
        for (size_t i = 0; i < sizeof classifications / sizeof *classifications; i++)
            if (!strcmp(name, classifications[i].name)) bits = classifications[i].bits;
    if ((t == CTYPE_CLASSES && !bits) || clang_Cursor_getNumArguments(call) != 1) return NULL;
    *handled = true;
    Expr *c = argument(fe, call);
    if (!c) return NULL;
    if (!is_pure(c)) {
        diag_error(fe->u->diag, fe_loc(fe, call),
                   "'%s' in amp code reads its argument more than once: give it a value without side effects "
                   "(assign it to a variable first)",
                   name);
        return NULL;
    }
    Expr *entry = entry_of(fe, t, call);
    if (t != CTYPE_CLASSES) return entry;
    Type *int_t = type_int(4, true);
    return fe_new_binary(fe, EX_BINARY, OP_AND, int_t, entry, fe_int_constant(fe, int_t, bits, call), call);
}
