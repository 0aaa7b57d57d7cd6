/* frontend_report.c — printf and assert in amp code. Each call becomes a
 * report site (Unit.reports: the text the host prints, made and checked
 * here) and an EX_REPORT that sends only the values: the device never sees
 * a format string. A format is checked against its arguments as C's
 * printf would read them; what a kernel cannot do (a string that is not a
 * literal, %n, '*' widths) is an error naming the argument. assert is
 * <assert.h>'s macro: glibc expands it to a conditional operator calling
 * __assert_fail, or (GNU C) to a statement expression around an if; both
 * become `if (cond) ; else report`. */
#include "frontend.h"

#include "camp_abi.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Arguments after printf's format that a kernel may pass. */
enum { REPORT_MAX_VALUES = 32 };
/* A width or precision beyond this is a mistake, not a layout. */
enum { REPORT_MAX_WIDTH = 4096 };

/* The value of a string literal argument (through its decay), or NULL. */
static char *string_literal(Frontend *fe, CXCursor arg) {
    enum CXCursorKind k = clang_getCursorKind(fe_strip(arg));
    if (k != CXCursor_StringLiteral && k != CXCursor_UnexposedExpr) return NULL;
    CXEvalResult r = clang_Cursor_Evaluate(arg);
    if (!r) return NULL;
    char *s = clang_EvalResult_getKind(r) == CXEval_StrLiteral ? arena_strdup(fe->a, clang_EvalResult_getAsStr(r)) : NULL;
    clang_EvalResult_dispose(r);
    return s;
}

/* Every site's text is a format (camp_abi.h): an expression's '%' doubled. */
static const char *percent_escaped(Frontend *fe, const char *s) {
    StrBuf sb = {0};
    sb_puts(&sb, "");
    for (; *s; s++) sb_puts(&sb, *s == '%' ? "%%" : (char[2]){*s, 0});
    char *out = arena_strdup(fe->a, sb.data);
    sb_free(&sb);
    return out;
}

static int add_site(Frontend *fe, int kind, const char *text, const char *values, SrcLoc loc) {
    ReportSite *site = arena_alloc(fe->a, sizeof *site);
    *site = (ReportSite){.kind = kind, .text = text, .values = values, .loc = loc};
    vec_push(fe->a, &fe->u->reports, site);
    return fe->u->reports.len - 1;
}

static Expr *new_report(Frontend *fe, CXCursor call, int site, Expr **values, int n) {
    Type *void_t = fe_type(fe, clang_getCursorType(call), call);
    if (!void_t) return NULL;
    Expr *e = fe_new_expr(fe, EX_REPORT, void_t, call);
    e->ival = site;
    e->args = values;
    e->nargs = n;
    return e;
}

/* ---- printf's values --------------------------------------------------------------- */

/* The type a value is sent as: 32 or 64 bits (report_value_kind's). */
static Type *sent_type(Frontend *fe, Type *t) {
    if (t->kind == TY_VECTOR) {
        Type *base = sent_type(fe, t->base);
        if (base == t->base) return t;
        Type *v = arena_alloc(fe->a, sizeof *v);
        *v = (Type){.kind = TY_VECTOR, .base = base, .len = t->len, .size = base->size * t->len,
                    .align = base->size * t->len, .name = "vector"};
        return v;
    }
    if ((t->kind == TY_INT && (t->size == 4 || t->size == 8)) || (t->kind == TY_FLOAT && t->size > 2) ||
        t->kind == TY_PTR)
        return t;
    if (t->kind == TY_FLOAT) { /* half (which C passes unpromoted: clang warns), as float */
        Type *f = arena_alloc(fe->a, sizeof *f);
        *f = (Type){.kind = TY_FLOAT, .size = 4, .align = 4, .name = "float"};
        return f;
    }
    Type *i = arena_alloc(fe->a, sizeof *i); /* a narrower integer or a bool, promoted */
    *i = (Type){.kind = TY_INT, .size = 4, .align = 4, .is_signed = t->kind == TY_INT && t->is_signed,
                .name = t->kind == TY_INT && t->is_signed ? "int" : "unsigned int"};
    return i;
}

static Expr *sent_value(Frontend *fe, Expr *x, CXCursor arg) {
    Type *t = sent_type(fe, x->type);
    if (t == x->type) return x;
    Expr *cast = fe_new_expr(fe, EX_CAST, t, arg);
    cast->lhs = x; /* ival 0: a vector converts lane by lane */
    return cast;
}

/* A float argument without C's promotion to double: the host prints the
 * same, and the kernel needs no 64-bit floats for it. */
static CXCursor unpromoted(CXCursor arg) {
    CXCursor kid[2];
    if (clang_getCursorKind(arg) != CXCursor_UnexposedExpr || fe_children(arg, kid, 2) != 1 ||
        clang_getCanonicalType(clang_getCursorType(arg)).kind != CXType_Double ||
        clang_getCanonicalType(clang_getCursorType(kid[0])).kind != CXType_Float)
        return arg;
    return kid[0];
}

/* ---- printf's format ---------------------------------------------------------------- */

/* One conversion: %[flags][width][.precision][vN][length]conversion. */
typedef struct Conversion {
    char flags[8];
    int width, precision; /* -1: none */
    int vector;           /* components, 0 for a scalar */
    bool long_length;     /* an 'l' among the length modifiers */
    char conv;
} Conversion;

typedef struct FormatCheck {
    Frontend *fe;
    CXCursor call;
    int arg;        /* the next argument of the call */
    int nargs;
    StrBuf text;    /* the site's format */
    StrBuf letters; /* its value letters */
    PtrVec values;  /* Expr*: what the device sends */
    const CXCursor *chosen; /* per argument: a branch of its `c ? "a" : "b"` taken instead, or null */
    bool ok;
} FormatCheck;

static void fail_at(FormatCheck *fc, CXCursor where, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail_at(FormatCheck *fc, CXCursor where, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(fc->fe->u->diag, fe_loc(fc->fe, where), "%s", msg);
    fc->ok = false;
}

/* Parses the conversion after a '%' at *p (advanced past it); false with
 * *bad set to what is wrong. */
static bool parse_conversion(const char **p, Conversion *c, const char **bad) {
    const char *s = *p;
    int nflags = 0;
    memset(c, 0, sizeof *c);
    c->width = c->precision = -1;
    while (*s && strchr("-+ #0", *s) && nflags < (int)sizeof c->flags - 1) c->flags[nflags++] = *s++;
    if (*s == '*' || (s[0] == '.' && s[1] == '*')) {
        *bad = "a '*' width or precision (write the number in the format)";
        return false;
    }
    for (c->width = *s >= '0' && *s <= '9' ? 0 : -1; *s >= '0' && *s <= '9' && c->width <= REPORT_MAX_WIDTH; s++)
        c->width = c->width * 10 + (*s - '0');
    if (*s == '.') {
        s++;
        for (c->precision = 0; *s >= '0' && *s <= '9' && c->precision <= REPORT_MAX_WIDTH; s++)
            c->precision = c->precision * 10 + (*s - '0');
    }
    if (c->width > REPORT_MAX_WIDTH || c->precision > REPORT_MAX_WIDTH) {
        *bad = "a width or precision above 4096";
        return false;
    }
    if (*s == 'v') {
        s++;
        if (*s < '2' || *s > '4' || (s[1] >= '0' && s[1] <= '9')) {
            *bad = "a vector size other than 2, 3 or 4 ('%v4f')";
            return false;
        }
        c->vector = *s++ - '0';
    }
    /* the length modifiers say what C's promotions made of the value,
     * which its type says here; OpenCL writes 'hl' for float vectors */
    for (; *s && strchr("hljztLq", *s); s++) c->long_length |= *s == 'l';
    c->conv = *s;
    if (!*s) {
        *bad = "a '%' at the end of the format";
        return false;
    }
    *p = s + 1;
    return true;
}

static bool is_int_conversion(char c) { return c && strchr("diouxXc", c); }
static bool is_float_conversion(char c) { return c && strchr("fFeEgGaA", c); }

static void put_spec(StrBuf *sb, const Conversion *c, char conv) {
    sb_printf(sb, "%%%s", c->flags);
    if (c->width >= 0) sb_printf(sb, "%d", c->width);
    if (c->precision >= 0) sb_printf(sb, ".%d", c->precision);
    if (c->vector) sb_printf(sb, "v%d", c->vector);
    sb_append(sb, &conv, 1);
}

/* %s of a string literal: formatted now, into the text. */
static void fold_string(FormatCheck *fc, const Conversion *c, const char *s) {
    StrBuf spec = {0};
    put_spec(&spec, c, 's');
    int n = snprintf(NULL, 0, spec.data, s);
    char *out = arena_alloc(fc->fe->a, (size_t)n + 1);
    snprintf(out, (size_t)n + 1, spec.data, s);
    sb_free(&spec);
    sb_puts(&fc->text, percent_escaped(fc->fe, out));
}

/* The argument for conversion c: checked, then sent or folded. */
static void take_argument(FormatCheck *fc, const Conversion *c, const char *spec) {
    Frontend *fe = fc->fe;
    int number = fc->arg + 1; /* C counts the format as argument 1 */
    if (fc->arg >= fc->nargs) {
        fail_at(fc, fc->call, "printf's format has a '%s' with no argument for it (argument %d)", spec, number);
        return;
    }
    CXCursor arg = clang_Cursor_getArgument(fc->call, (unsigned)fc->arg);
    if (!clang_Cursor_isNull(fc->chosen[fc->arg])) arg = fc->chosen[fc->arg];
    fc->arg++;
    if (c->conv == 's') {
        const char *s = c->vector ? NULL : string_literal(fe, arg);
        if (s) fold_string(fc, c, s);
        else
            fail_at(fc, arg,
                    "argument %d of printf: '%s' in amp code takes a string literal, or a choice of them (`c ? "
                    "\"a\" : \"b\"`), whose text goes into the format when the kernel is compiled; a pointer's string "
                    "does not: print it with a printf for each string",
                    number, spec);
        return;
    }
    Expr *x = fe_load_if_lvalue(fe, fe_lower_expr(fe, unpromoted(arg)), arg);
    if (!x) {
        fc->ok = false;
        return;
    }
    const Type *t = x->type, *scalar = t->kind == TY_VECTOR ? t->base : t;
    bool integer = scalar->kind == TY_INT || scalar->kind == TY_BOOL;
    const char *want = NULL;
    if (c->vector && (t->kind != TY_VECTOR || t->len != c->vector))
        want = arena_printf(fe->a, "a vector of %d components", c->vector);
    else if (!c->vector && t->kind == TY_VECTOR) want = "a scalar (a vector takes '%vN' before the conversion: '%v4f')";
    else if (is_int_conversion(c->conv) && !integer) want = "an integer";
    else if (is_float_conversion(c->conv) && scalar->kind != TY_FLOAT) want = "a floating-point value";
    else if (c->conv == 'p' && t->kind != TY_PTR) want = "a pointer";
    if (want) {
        fail_at(fc, arg, "argument %d of printf: '%s' needs %s, not '%s'", number, spec, want,
                t->name ? t->name : "this type");
        return;
    }
    Expr *v = sent_value(fe, x, arg);
    char letter = report_value_kind(v->type->kind == TY_VECTOR ? v->type->base : v->type);
    for (int i = 0; i < (c->vector ? c->vector : 1); i++) sb_append(&fc->letters, &letter, 1);
    vec_push(fe->a, &fc->values, v);
    put_spec(&fc->text, c, c->conv);
}

static void check_format(FormatCheck *fc, const char *format, CXCursor where) {
    for (const char *p = format; *p && fc->ok;) {
        if (*p != '%') {
            sb_append(&fc->text, p++, 1);
            continue;
        }
        const char *start = p++;
        if (*p == '%') {
            sb_puts(&fc->text, "%%");
            p++;
            continue;
        }
        Conversion c;
        const char *bad = NULL;
        if (!parse_conversion(&p, &c, &bad)) {
            fail_at(fc, where, "argument 1 of printf: the format has %s", bad);
            continue;
        }
        char spec[64];
        snprintf(spec, sizeof spec, "%.*s", (int)(p - start), start);
        if (c.conv == 'n')
            fail_at(fc, where, "argument 1 of printf: the format has '%s', but a kernel's printf writes nothing back", spec);
        else if (c.long_length && (c.conv == 's' || c.conv == 'c')) /* the host's report has no wchar_t to convert */
            fail_at(fc, where, "argument 1 of printf: the format has '%s', a wide string or character, which amp code's "
                    "printf does not print", spec);
        else if (!is_int_conversion(c.conv) && !is_float_conversion(c.conv) && c.conv != 's' && c.conv != 'p')
            fail_at(fc, where, "argument 1 of printf: the format has '%s', a conversion amp code's printf does not know",
                    spec);
        else
            take_argument(fc, &c, spec);
    }
}

/* The first argument that is a choice of strings (`c ? "a" : "b"`, the
 * branches literals or choices again) and not chosen yet: its number, its
 * condition and branches; 0 where none is. */
static int string_choice(CXCursor call, int n, const CXCursor *chosen, CXCursor parts[3]) {
    for (int i = 1; i < n; i++) {
        CXCursor arg = clang_Cursor_isNull(chosen[i]) ? clang_Cursor_getArgument(call, (unsigned)i) : chosen[i];
        CXType t = clang_getCanonicalType(clang_getCursorType(fe_strip(arg)));
        CXType pointee = clang_getCanonicalType(clang_getPointeeType(t));
        bool chars = pointee.kind == CXType_Char_S || pointee.kind == CXType_Char_U || pointee.kind == CXType_SChar ||
                     pointee.kind == CXType_UChar;
        if (clang_getCursorKind(fe_strip(arg)) == CXCursor_ConditionalOperator && chars &&
            fe_children(fe_strip(arg), parts, 3) == 3)
            return i;
    }
    return 0;
}

enum { PRINTF_MAX_CHOICES = 16 }; /* report sites one printf may become */

static Expr *lower_printf_choosing(Frontend *fe, CXCursor call, CXCursor *chosen, int *sites);

static Expr *lower_printf(Frontend *fe, CXCursor call) {
    int n = clang_Cursor_getNumArguments(call), sites = 0;
    CXCursor *chosen = arena_alloc(fe->a, sizeof *chosen * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++) chosen[i] = clang_getNullCursor();
    return lower_printf_choosing(fe, call, chosen, &sites);
}

/* A printf whose %s takes `c ? "a" : "b"`: a printf of each string, the one
 * c picks run; else (or once each choice is made) one report site. */
static Expr *lower_printf_choosing(Frontend *fe, CXCursor call, CXCursor *chosen, int *sites) {
    int n = clang_Cursor_getNumArguments(call);
    CXCursor parts[3];
    int choice = n > 0 && n - 1 <= REPORT_MAX_VALUES ? string_choice(call, n, chosen, parts) : 0;
    if (choice) {
        if (*sites + 2 > PRINTF_MAX_CHOICES) {
            diag_error(fe->u->diag, fe_loc(fe, parts[0]),
                       "printf in amp code with more than %d choices of strings: split it", PRINTF_MAX_CHOICES);
            return NULL;
        }
        Type *t = fe_type(fe, clang_getCursorType(call), call);
        if (!t) return NULL;
        Expr *e = fe_new_expr(fe, EX_COND, t, call);
        e->cond = fe_load_if_lvalue(fe, fe_lower_expr(fe, parts[0]), parts[0]);
        CXCursor *other = arena_alloc(fe->a, sizeof *other * (size_t)n);
        memcpy(other, chosen, sizeof *other * (size_t)n);
        chosen[choice] = parts[1];
        other[choice] = parts[2];
        e->lhs = lower_printf_choosing(fe, call, chosen, sites);
        e->rhs = lower_printf_choosing(fe, call, other, sites);
        return e->cond && e->lhs && e->rhs ? e : NULL;
    }
    ++*sites;
    if (n - 1 > REPORT_MAX_VALUES) {
        diag_error(fe->u->diag, fe_loc(fe, clang_Cursor_getArgument(call, REPORT_MAX_VALUES + 1)),
                   "argument %d of printf: amp code's printf takes at most %d arguments after the format",
                   REPORT_MAX_VALUES + 2, REPORT_MAX_VALUES);
        return NULL;
    }
    CXCursor format_arg = clang_Cursor_getArgument(call, 0);
    const char *format = n > 0 ? string_literal(fe, format_arg) : NULL;
    if (!format) {
        diag_error(fe->u->diag, fe_loc(fe, n > 0 ? format_arg : call),
                   "argument 1 of printf: amp code's printf takes its format as a string literal");
        return NULL;
    }
    FormatCheck fc = {.fe = fe, .call = call, .arg = 1, .nargs = n, .chosen = chosen, .ok = true};
    sb_puts(&fc.text, "");
    sb_puts(&fc.letters, "");
    check_format(&fc, format, format_arg);
    Expr *e = NULL;
    if (fc.ok) {
        int site = add_site(fe, CAMP_REPORT_PRINTF, arena_strdup(fe->a, fc.text.data),
                            arena_strdup(fe->a, fc.letters.data), fe_loc(fe, call));
        e = new_report(fe, call, site, (Expr **)fc.values.items, fc.values.len);
    }
    sb_free(&fc.text);
    sb_free(&fc.letters);
    return e;
}

/* ---- assert ----------------------------------------------------------------------- */


/* __assert_fail(expression, file, line, function), as <assert.h> calls it.
 * The function is named as C's __func__ would (clang's __PRETTY_FUNCTION__,
 * which glibc passes, spells out the signature): the kernel's enclosing
 * function, or the amp function. */
static Expr *lower_assert_fail(Frontend *fe, CXCursor call) {
    if (clang_Cursor_getNumArguments(call) != 4) unreachable("__assert_fail differs from <assert.h>'s");
    const char *expr = string_literal(fe, clang_Cursor_getArgument(call, 0));
    const char *file = string_literal(fe, clang_Cursor_getArgument(call, 1));
    long long line = 0;
    if (!expr || !file || !fe_eval_int(clang_Cursor_getArgument(call, 2), &line)) {
        diag_error(fe->u->diag, fe_loc(fe, call),
                   "__assert_fail in amp code takes string literals and a constant line, as assert passes them");
        return NULL;
    }
    const char *func = fe->func ? fe->func->name : fe->kernel_function;
    const char *text = arena_printf(fe->a, "kernel %s: Assertion '%s' failed", func, percent_escaped(fe, expr));
    SrcLoc loc = {file, (unsigned)line, 0, false};
    return new_report(fe, call, add_site(fe, CAMP_REPORT_ASSERT, text, "", loc), NULL, 0);
}

bool fe_is_report_function(CXCursor decl, const char *name) {
    return (!strcmp(name, "printf") || !strcmp(name, "__assert_fail")) &&
           clang_Location_isInSystemHeader(clang_getCursorLocation(decl));
}

Expr *fe_report_call(Frontend *fe, CXCursor call, CXCursor decl, const char *name, bool *handled) {
    *handled = fe_is_report_function(decl, name);
    if (!*handled) return NULL;
    return name[0] == 'p' ? lower_printf(fe, call) : lower_assert_fail(fe, call);
}

/* The condition and the __assert_fail call of an expansion of assert:
 * `(c) ? (void)0 : __assert_fail(...)` or
 * `((void)sizeof((c) ? 1 : 0), __extension__ ({ if (c) ; else __assert_fail(...); }))`. */
static bool assert_parts(CXCursor c, CXCursor *cond, CXCursor *call) {
    CXCursor kids[3];
    c = fe_strip(c);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_ConditionalOperator && fe_children(c, kids, 3) == 3) {
        *cond = kids[0];
        *call = fe_strip(kids[2]);
    } else if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Comma &&
               fe_children(c, kids, 3) == 2) {
        CXCursor se = fe_strip(kids[1]), body[2], parts[3];
        if (clang_getCursorKind(se) != CXCursor_StmtExpr || fe_children(se, body, 2) != 1 ||
            fe_children(body[0], parts, 2) != 1 || clang_getCursorKind(parts[0]) != CXCursor_IfStmt ||
            fe_children(parts[0], kids, 3) != 3 || clang_getCursorKind(kids[1]) != CXCursor_NullStmt)
            return false;
        *cond = kids[0];
        *call = fe_strip(kids[2]);
    } else {
        return false;
    }
    if (clang_getCursorKind(*call) != CXCursor_CallExpr) return false;
    CXCursor decl = fe_callee(*call);
    CXString s = clang_getCursorSpelling(decl);
    bool is_assert = fe_is_report_function(decl, clang_getCString(s)) && !strcmp(clang_getCString(s), "__assert_fail");
    clang_disposeString(s);
    return is_assert;
}

Stmt *fe_lower_assert(Frontend *fe, CXCursor c, bool *handled) {
    CXCursor cond, call;
    *handled = assert_parts(c, &cond, &call);
    if (!*handled) return NULL;
    Stmt *s = arena_alloc(fe->a, sizeof *s), *then = arena_alloc(fe->a, sizeof *then),
         *fail = arena_alloc(fe->a, sizeof *fail);
    SrcLoc at = fe_loc(fe, c);
    *then = (Stmt){.kind = ST_EMPTY, .loc = at};
    *fail = (Stmt){.kind = ST_EXPR, .loc = at, .expr = fe_lower_expr(fe, call)};
    *s = (Stmt){.kind = ST_IF, .loc = at, .expr = fe_lower_expr(fe, cond), .then = then, .els = fail};
    return s->expr && fail->expr ? s : NULL;
}
