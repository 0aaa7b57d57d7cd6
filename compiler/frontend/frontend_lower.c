/* frontend_lower.c — libclang cursors of amp code → kernel IR expressions
 * and statements. Clang's implicit conversions reach us as UnexposedExpr
 * cursors whose type differs from their child's; they become EX_LOAD,
 * EX_DECAY or EX_CAST here, so later passes see C's semantics explicitly. */
#include "frontend.h"

#include <ctype.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Expr *fe_new_expr(Frontend *fe, ExprKind kind, Type *type, CXCursor c) {
    Expr *e = arena_alloc(fe->a, sizeof *e);
    e->kind = kind;
    e->type = type;
    e->loc = fe_loc(fe, c);
    return e;
}

Expr *fe_new_binary(Frontend *fe, ExprKind kind, Op op, Type *t, Expr *l, Expr *r, CXCursor c) {
    Expr *e = fe_new_expr(fe, kind, t, c);
    e->op = op;
    e->lhs = l;
    e->rhs = r;
    return e;
}

Var *fe_new_var(Frontend *fe, const char *name, Type *t, VarKind kind, CXCursor at) {
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = name;
    v->type = t;
    v->loc = fe_loc(fe, at);
    v->kind = kind;
    return v;
}

Var *fe_hidden_local(Frontend *fe, const char *name, Type *t, CXCursor c) {
    Var *v = fe_new_var(fe, name, t, VAR_LOCAL, c);
    v->hidden = true;
    return v;
}

Stmt *fe_decl_stmt(Frontend *fe, Var *v, Expr *init, CXCursor c) {
    Stmt *s = arena_alloc(fe->a, sizeof *s);
    s->kind = ST_DECL;
    s->loc = fe_loc(fe, c);
    s->var = v;
    s->expr = init;
    return s;
}

Stmt *fe_new_stmt(Frontend *fe, StmtKind kind, CXCursor c) {
    Stmt *s = arena_alloc(fe->a, sizeof *s);
    s->kind = kind;
    s->loc = fe_loc(fe, c);
    return s;
}

static char *kind_name(CXCursor c) {
    static char buf[128];
    CXString s = clang_getCursorKindSpelling(clang_getCursorKind(c));
    snprintf(buf, sizeof buf, "%s", clang_getCString(s));
    clang_disposeString(s);
    return buf;
}

/* The source text of a construct libclang does not name (its kind is
 * "UnexposedExpr": GNU C's `a ?: b`, `__builtin_choose_expr`, ...): its
 * tokens, a space between two where the source has one, cut at about 40
 * characters. */
static const char *unexposed_text(Frontend *fe, CXCursor c) {
    CXToken *toks;
    unsigned nt;
    clang_tokenize(fe->tu, clang_getCursorExtent(c), &toks, &nt);
    StrBuf text = {0};
    unsigned end = 0; /* the offset past the token before */
    for (unsigned i = 0; i < nt; i++) {
        if (text.len >= 40) {
            sb_puts(&text, " ...");
            break;
        }
        CXSourceRange r = clang_getTokenExtent(fe->tu, toks[i]);
        if (i && fe_offset(clang_getRangeStart(r), NULL) > end) sb_puts(&text, " ");
        CXString sp = clang_getTokenSpelling(fe->tu, toks[i]);
        sb_puts(&text, clang_getCString(sp));
        clang_disposeString(sp);
        end = fe_offset(clang_getRangeEnd(r), NULL);
    }
    clang_disposeTokens(fe->tu, toks, nt);
    char *out = arena_strndup(fe->a, text.data ? text.data : "", text.len);
    sb_free(&text);
    return out;
}

static char *macro_name_at(Frontend *fe, CXCursor c);

Expr *fe_unsupported(Frontend *fe, CXCursor c, const char *what) {
    enum CXCursorKind k = clang_getCursorKind(c);
    char *macro = k == CXCursor_UnexposedExpr ? macro_name_at(fe, c) : NULL;
    if (macro && (!strncmp(macro, "atomic_", 7) || !strncmp(macro, "__c11_atomic_", 13))) {
        diag_error(fe->u->diag, fe_loc(fe, c),
                   "C11's atomics (<stdatomic.h>'s %s) are not supported in amp code: use camp_atomic_fetch_add "
                   "and the other camp_atomic_* on a plain integer",
                   macro);
        free(macro);
        return NULL;
    }
    free(macro);
    if (!what && (k == CXCursor_UnexposedExpr || k == CXCursor_UnexposedStmt)) {
        const char *text = unexposed_text(fe, c);
        if (*text) what = text;
    }
    diag_error(fe->u->diag, fe_loc(fe, c), "unsupported construct '%s' in amp code", what ? what : kind_name(c));
    return NULL;
}

static bool is_lvalue(const Expr *e) { return e && expr_is_lvalue(e); }

bool fe_eval_int(CXCursor c, long long *out) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r) return false;
    bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok)
        *out = clang_EvalResult_isUnsignedInt(r) ? (long long)clang_EvalResult_getAsUnsigned(r)
                                                 : clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    return ok;
}

/* ---- expressions ---------------------------------------------------------- */

static Expr *lower_only_child(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    if (fe_children(c, kids, 2) != 1) return fe_unsupported(fe, c, NULL);
    return fe_lower_expr(fe, kids[0]);
}

/* Parses an ext-vector accessor (`y`, `xy`, `s01`, `hi`, `even`, …) of a
 * vector of n components into comps; returns how many, or 0. */
static int parse_accessor(const char *name, int n, uint8_t comps[4]) {
    static const char *const sets[] = {"xyzw", "rgba"};
    int len = (int)strlen(name), k = 0;
    if (!strcmp(name, "hi") || !strcmp(name, "lo") || !strcmp(name, "even") || !strcmp(name, "odd")) {
        int half = (n + 1) / 2;
        for (int i = 0; i < half; i++)
            comps[k++] = (uint8_t)(name[0] == 'l' ? i : name[0] == 'h' ? half + i : name[0] == 'e' ? 2 * i : 2 * i + 1);
        for (int i = 0; i < k; i++)
            if (comps[i] >= n) comps[i] = (uint8_t)(n - 1); /* hi of a 3-vector: its w is undefined */
        return k;
    }
    if ((name[0] == 's' || name[0] == 'S') && len > 1) {
        for (int i = 1; i < len && k < 4; i++) {
            const char *hex = "0123456789abcdef", *p = strchr(hex, name[i] | 0x20);
            if (!p || p - hex >= n) return 0;
            comps[k++] = (uint8_t)(p - hex);
        }
        return len - 1 <= 4 ? k : 0;
    }
    for (int s = 0; s < 2; s++) {
        k = 0;
        for (int i = 0; i < len && k < 4; i++) {
            const char *p = strchr(sets[s], name[i]);
            if (!p || p - sets[s] >= n) { k = 0; break; }
            comps[k++] = (uint8_t)(p - sets[s]);
        }
        if (k == len) return k;
    }
    return 0;
}

/* How many postfix operations (`[i]`, `(args)`, `.m`, `->m`, a vector's
 * accessor) follow the primary expression that c begins with. */
static int postfix_operations(CXCursor c) {
    CXCursor kids[2];
    int n = fe_children(c, kids, 2);
    switch (clang_getCursorKind(c)) {
    case CXCursor_MemberRefExpr: case CXCursor_ArraySubscriptExpr: case CXCursor_CallExpr:
        return 1 + (n ? postfix_operations(kids[0]) : 0);
    case CXCursor_UnexposedExpr: {
        if (n != 1) return 0;
        CXType from = clang_getCanonicalType(clang_getCursorType(kids[0]));
        CXType to = clang_getCanonicalType(clang_getCursorType(c));
        bool accessor = from.kind == CXType_ExtVector && !clang_equalTypes(from, to); /* else a conversion */
        return accessor + postfix_operations(kids[0]);
    }
    default: return 0;
    }
}

/* Skips the token at *i, or the balanced group it opens: ( [ {. */
static void skip_group(Frontend *fe, const CXToken *toks, unsigned nt, unsigned *i) {
    int depth = 0;
    do {
        CXString t = clang_getTokenSpelling(fe->tu, toks[*i]);
        const char *s = clang_getCString(t);
        if (clang_getTokenKind(toks[*i]) == CXToken_Punctuation && s[1] == 0) {
            if (strchr("([{", s[0])) depth++;
            else if (strchr(")]}", s[0])) depth--;
        }
        clang_disposeString(t);
        (*i)++;
    } while (depth > 0 && *i < nt);
}

static bool token_is(Frontend *fe, const CXToken *tok, const char *text) {
    CXString t = clang_getTokenSpelling(fe->tu, *tok);
    bool is = !strcmp(clang_getCString(t), text);
    clang_disposeString(t);
    return is;
}

/* The accessor of `v.x` written in a macro's body (`#define DOT(a, b)
 * ((a).x * (b).x)`, `C[q].x`): read after the operand's tokens where the
 * operand begins in that body (its spelling), `ops` postfix operations
 * after its primary. 0 where the operand begins in a macro's argument. */
static int accessor_in_macro_body(Frontend *fe, CXCursor c, int ops, int n, uint8_t comps[4], bool *arrow) {
    CXSourceLocation begin = clang_getRangeStart(clang_getCursorExtent(c));
    CXFile file, expansion_file;
    unsigned offset, expansion_offset;
    clang_getSpellingLocation(begin, &file, NULL, NULL, &offset);
    clang_getFileLocation(begin, &expansion_file, NULL, NULL, &expansion_offset);
    if (!file || (expansion_file && clang_File_isEqual(file, expansion_file) && offset == expansion_offset)) return 0;
    size_t size;
    if (!clang_getFileContents(fe->tu, file, &size) || offset >= size) return 0;
    unsigned stop = size - offset > 4096 ? offset + 4096 : (unsigned)size;
    CXToken *toks;
    unsigned nt, i = 0;
    clang_tokenize(fe->tu, clang_getRange(clang_getLocationForOffset(fe->tu, file, offset),
                                          clang_getLocationForOffset(fe->tu, file, stop)), &toks, &nt);
    if (nt) skip_group(fe, toks, nt, &i); /* the primary: a name, or a parenthesized expression */
    for (int op = 0; op < ops && i + 1 < nt; op++) {
        if (token_is(fe, &toks[i], ".") || token_is(fe, &toks[i], "->")) i += 2;
        else skip_group(fe, toks, nt, &i);
    }
    int k = 0;
    if (i + 1 < nt && ((*arrow = token_is(fe, &toks[i], "->")) || token_is(fe, &toks[i], "."))) {
        CXString name = clang_getTokenSpelling(fe->tu, toks[i + 1]);
        k = parse_accessor(clang_getCString(name), n, comps);
        clang_disposeString(name);
    }
    clang_disposeTokens(fe->tu, toks, nt);
    return k;
}

/* The name of the macro whose expansion c is in (the outermost, as
 * written in the file), malloc'd; NULL if none is found there. */
static char *macro_name_at(Frontend *fe, CXCursor c) {
    CXFile file;
    unsigned offset;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &file, NULL, NULL, &offset);
    if (!file) return NULL;
    CXSourceLocation at = clang_getLocationForOffset(fe->tu, file, offset);
    CXToken *tok = clang_getToken(fe->tu, at);
    if (!tok) return NULL;
    char *name = NULL;
    if (clang_getTokenKind(*tok) == CXToken_Identifier) {
        CXString spelling = clang_getTokenSpelling(fe->tu, *tok);
        name = strdup(clang_getCString(spelling));
        clang_disposeString(spelling);
    }
    clang_disposeTokens(fe->tu, tok, 1);
    return name;
}

/* `v.xy` reaches us as an unexposed expression over `v` whose extent goes
 * further: the accessor is the token after the dot. The tokens are read
 * where they were written (the file location): in a macro's argument, such
 * as `isnan(v.x)`, the expansion location of both ends is the macro's name.
 * Written in a macro's body, it is read there (accessor_in_macro_body).
 * Returns the number of components (comps
 * filled), or 0 if c is not an accessor. */
static int vector_accessor(Frontend *fe, CXCursor c, CXCursor sub, const Type *vec, const Type *to, uint8_t comps[4],
                           bool *arrow) {
    int n = vec->len;
    CXFile file, sub_file;
    unsigned end, sub_end;
    clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(c)), &file, NULL, NULL, &end);
    clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(sub)), &sub_file, NULL, NULL, &sub_end);
    int k = 0;
    if (file && sub_file && clang_File_isEqual(file, sub_file) && end > sub_end) {
        CXSourceRange after_sub = clang_getRange(clang_getLocationForOffset(fe->tu, file, sub_end),
                                                 clang_getLocationForOffset(fe->tu, file, end));
        CXToken *toks;
        unsigned nt;
        clang_tokenize(fe->tu, after_sub, &toks, &nt);
        if (nt >= 2) {
            CXString dot = clang_getTokenSpelling(fe->tu, toks[nt - 2]);
            CXString name = clang_getTokenSpelling(fe->tu, toks[nt - 1]);
            *arrow = !strcmp(clang_getCString(dot), "->");
            if (*arrow || !strcmp(clang_getCString(dot), ".")) k = parse_accessor(clang_getCString(name), n, comps);
            clang_disposeString(dot);
            clang_disposeString(name);
        }
        clang_disposeTokens(fe->tu, toks, nt);
    }
    if (k) return k;
    /* In a macro's body the accessor read after the operand may be that of
     * an expression around c, which converts the operand (a load): it is
     * c's only where it gives c's type, and, giving the vector's own type
     * (v.yx of a float2), it could be either. */
    k = accessor_in_macro_body(fe, c, postfix_operations(sub), vec->len, comps, arrow);
    bool gives_to = k == 1 ? type_equal(to, vec->base) : k > 1 && to->kind == TY_VECTOR && to->len == k;
    if (!gives_to) return 0;
    return type_equal(to, vec) ? -1 : k;
}

Expr *fe_int_constant(Frontend *fe, Type *t, long long value, CXCursor c) {
    Expr *e = fe_new_expr(fe, EX_INT, t, c);
    e->ival = value;
    return e;
}

Expr *fe_var_value(Frontend *fe, Var *v, CXCursor c) {
    Expr *ref = fe_new_expr(fe, EX_VAR, v->type, c);
    ref->var = v;
    return fe_load_if_lvalue(fe, ref, c);
}

Expr *fe_load_if_lvalue(Frontend *fe, Expr *e, CXCursor c) {
    if (!is_lvalue(e)) return e;
    Expr *load = fe_new_expr(fe, EX_LOAD, e->type, c);
    load->lhs = e;
    return load;
}

/* Notes a conversion of a pointer to const to one to non-const, which the
 * IR does not keep (the types are equal but for const): then writes may
 * go through any pointer to const (access.c). */
static void note_const_dropped(Frontend *fe, const Type *to, const Type *from) {
    if (to->kind == TY_PTR && from->kind == TY_PTR && to->base && from->base && from->base->is_const &&
        !to->base->is_const)
        fe->u->casts_away_const = true;
}

/* An implicit conversion, or an ext-vector element access `v.x`. */
static Expr *lower_constant(Frontend *fe, CXCursor c);
static Expr *string_address(Frontend *fe, CXCursor literal, Type *to);

/* Whether a conversion from vector type v to t is what an accessor gives:
 * one component, or several (a swizzle) of another count. */
static bool is_accessor_shape(const Type *v, const Type *t) {
    if (v->kind != TY_VECTOR) return false;
    if (t->kind != TY_VECTOR) return type_equal(t, v->base);
    return t->len != v->len && type_equal(t->base, v->base);
}

static Expr *lower_unexposed(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    int n = fe_children(c, kids, 2);
    if (n != 1) return lower_constant(fe, c);
    /* the load of a refused local (an _Atomic int's) has its refused type */
    if (fe_names_refused_local(fe, fe_strip(kids[0]))) return NULL;
    Type *to = fe_type(fe, clang_getCursorType(c), c);
    if (!to) return NULL;
    CXType from_ct = clang_getCanonicalType(clang_getCursorType(kids[0]));
    /* A function designator in a call: handled by the call. */
    if (from_ct.kind == CXType_FunctionProto || from_ct.kind == CXType_FunctionNoProto) return NULL;
    if (clang_getCursorKind(kids[0]) == CXCursor_InitListExpr) return fe_lower_init(fe, kids[0], to);
    if (clang_getCursorKind(fe_strip(kids[0])) == CXCursor_StringLiteral && to->kind == TY_PTR)
        return string_address(fe, fe_strip(kids[0]), to); /* a literal's decay */
    Expr *sub = fe_lower_expr(fe, kids[0]);
    if (!sub) return NULL;
    note_const_dropped(fe, to, sub->type);
    /* a parameter declared `T p[n]` is a pointer (param_type), which
     * libclang shows by its type as written */
    if (to->kind == TY_ARRAY && sub->type->kind == TY_PTR) to = sub->type;
    bool to_vector = sub->type->kind == TY_PTR && sub->type->base && sub->type->base->kind == TY_VECTOR &&
                     !sub->type->base->is_complex;
    if ((sub->type->kind == TY_VECTOR && !sub->type->is_complex) || to_vector) {
        uint8_t comps[4];
        bool arrow = false;
        int k = vector_accessor(fe, c, kids[0], to_vector ? sub->type->base : sub->type, to, comps, &arrow);
        if (k < 0) {
            diag_error(fe->u->diag, fe_loc(fe, c),
                       "a swizzle of all of a vector's components (`(v).yx` of a float2) in a macro's body is not "
                       "supported in amp code: build the vector from its components, `(float2){(v).y, (v).x}`");
            return NULL;
        }
        if (k && arrow != to_vector) k = 0; /* v.x on a vector, p->x on a pointer to one */
        if (!k && is_accessor_shape(sub->type, to)) { /* an accessor whose tokens were not found */
            char *macro = macro_name_at(fe, c);
            diag_error(fe->u->diag, fe_loc(fe, c),
                       "a vector's component named right after a macro's parameter, in the expansion of '%s' "
                       "(`a.x` in `#define DOT(a, b) (a.x * b.x)`), is not supported in amp code: parenthesize "
                       "the parameter, `(a).x`, as macros usually do, or index the vector, `(a)[0]`",
                       macro ? macro : "a macro");
            free(macro);
            return NULL;
        }
        if (k && to_vector) { /* p->x is (*p).x */
            Expr *d = fe_new_expr(fe, EX_DEREF, sub->type->base, c);
            d->lhs = sub;
            sub = d;
        }
        if (k && sub->kind == EX_SWIZZLE) { /* v.zw.y is v.w */
            for (int i = 0; i < k; i++) comps[i] = sub->comps[comps[i]];
            sub = sub->lhs;
        }
        if (k == 1) {
            Expr *e = fe_new_expr(fe, EX_VELEM, to, c);
            e->lhs = sub;
            e->ival = comps[0];
            return e;
        }
        if (k > 1) {
            Expr *e = fe_new_expr(fe, EX_SWIZZLE, to, c);
            e->lhs = sub;
            memcpy(e->comps, comps, sizeof comps);
            return e;
        }
    }
    if (sub->type->kind == TY_ARRAY && to->kind == TY_PTR) {
        Expr *e = fe_new_expr(fe, EX_DECAY, to, c);
        e->lhs = sub;
        return e;
    }
    if (type_equal(sub->type, to)) return fe_load_if_lvalue(fe, sub, c);
    sub = fe_load_if_lvalue(fe, sub, c);
    Expr *e = fe_new_expr(fe, EX_CAST, to, c);
    e->lhs = sub;
    return e;
}

int fe_member_path(const Type *t, const char *name, int *path, int max) {
    for (int i = 0; i < t->nmembers && max > 0; i++) {
        const Member *m = &t->members[i];
        if (!strcmp(m->name, name)) {
            path[0] = i;
            return 1;
        }
        if (!m->name[0] && m->type->kind == TY_STRUCT) {
            int n = fe_member_path(m->type, name, path + 1, max - 1);
            if (n) {
                path[0] = i;
                return n + 1;
            }
        }
    }
    return 0;
}

/* The bit-field `name` of t, or of an anonymous member inside it (the path
 * of members that reach the struct holding it in path[0..*n)); NULL if none. */
static const BitField *bitfield_path(const Type *t, const char *name, int *path, int max, int *n) {
    for (int i = 0; i < t->nbitfields; i++)
        if (!strcmp(t->bitfields[i].name, name)) {
            *n = 0;
            return &t->bitfields[i];
        }
    for (int i = 0; i < t->nmembers && max > 0; i++) {
        const Member *m = &t->members[i];
        if (m->name[0] || m->type->kind != TY_STRUCT) continue;
        const BitField *b = bitfield_path(m->type, name, path + 1, max - 1, n);
        if (b) {
            path[0] = i;
            (*n)++;
            return b;
        }
    }
    return NULL;
}

/* s.m and p->m */
static Expr *lower_member(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    if (fe_children(c, kids, 2) != 1) return fe_unsupported(fe, c, "member access");
    Expr *base = fe_lower_expr(fe, kids[0]);
    if (!base) return NULL;
    if (base->type->kind == TY_PTR) { /* p->m is (*p).m */
        Expr *d = fe_new_expr(fe, EX_DEREF, base->type->base, c);
        d->lhs = base;
        base = d;
    }
    if (base->type->kind != TY_STRUCT) return fe_unsupported(fe, c, "member access");
    /* clang's implicit step into an anonymous member (`v.x` of `union {
     * struct { float x, y; }; float p[2]; }` goes through two): the named
     * member below is looked for inside the anonymous ones */
    if (clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(clang_getCursorType(clang_getCursorReferenced(c)))))
        return base;
    char *name = fe_spelling(fe, c);
    int path[8];
    int n = fe_member_path(base->type, name, path, 8);
    const BitField *bits = n ? NULL : bitfield_path(base->type, name, path, 7, &n);
    if (!n && !bits) return fe_unsupported(fe, c, "member access");
    for (int i = 0; i < n; i++) {
        Expr *m = fe_new_expr(fe, EX_MEMBER, base->type->members[path[i]].type, c);
        m->lhs = base;
        m->ival = path[i];
        base = m;
    }
    if (bits) { /* bits of the member that holds them */
        Expr *m = fe_new_expr(fe, EX_MEMBER, bits->type, c);
        m->lhs = base;
        m->ival = bits->storage;
        m->bit_offset = (uint8_t)bits->offset;
        m->bit_width = (uint8_t)bits->width;
        base = m;
    }
    return base;
}

/* An array lvalue's decay: the address of its first element. */
Expr *fe_decay_of(Frontend *fe, Expr *array, CXCursor c) {
    Expr *decay = fe_new_expr(fe, EX_DECAY, type_pointer_to(fe->a, array->type->base), c);
    decay->lhs = array;
    return decay;
}

/* its decay indexed */
Expr *fe_element_at(Frontend *fe, Expr *array, int at, CXCursor c) {
    return fe_new_binary(fe, EX_INDEX, OP_NONE, array->type->base, fe_decay_of(fe, array, c),
                         fe_int_constant(fe, type_int(4, true), at, c), c);
}

/* A constant the kernel's body names, declared before it: the host code
 * names it where the launch replaces the body, or the host compiler would
 * warn that a table only kernels use is unused. */
static void note_named_const(Frontend *fe, Var *v, CXCursor decl) {
    CXFile file;
    unsigned at;
    clang_getExpansionLocation(clang_getCursorLocation(decl), &file, NULL, NULL, &at);
    Kernel *k = fe->kernel;
    if (clang_File_isEqual(file, fe->main_file) && at >= k->begin_offset && at < k->end_offset) return;
    for (int i = 0; i < k->named_consts.len; i++)
        if (k->named_consts.items[i] == v) return;
    vec_push(fe->a, &k->named_consts, v);
}

typedef struct PointerChange {
    CXCursor decl;
    bool changed;
} PointerChange;

/* An assignment of p->decl, an increment, a decrement or its address. */
static enum CXChildVisitResult find_pointer_change(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    PointerChange *p = data;
    CXCursor kids[2];
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        p->changed = op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign && fe_children(c, kids, 2) == 2 &&
                     fe_names(kids[0], p->decl);
    } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        p->changed = (op == CXUnaryOperator_AddrOf || (op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec)) &&
                     fe_children(c, kids, 2) == 1 && fe_names(kids[0], p->decl);
    }
    return p->changed ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A pointer of the unit's own (static, or itself const) that a string
 * literal initializes and that nothing in the unit assigns or takes the
 * address of, `static const char *alphabet = "ACGT";`: amp code reads the
 * literal's address (the host's copy of the literal lies in no view);
 * false otherwise. */
static bool points_to_literal(Frontend *fe, CXCursor decl, CXCursor *literal) {
    CXCursor def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_VarDecl ||
        !clang_Cursor_hasVarDeclGlobalStorage(def))
        return false;
    CXType t = clang_getCursorType(def);
    if (clang_getCanonicalType(t).kind != CXType_Pointer ||
        (clang_Cursor_getStorageClass(def) != CX_SC_Static && !clang_isConstQualifiedType(t)))
        return false;
    CXCursor init = clang_Cursor_getVarDeclInitializer(def);
    if (clang_Cursor_isNull(init) || clang_getCursorKind(*literal = fe_strip(init)) != CXCursor_StringLiteral) return false;
    PointerChange p = {clang_getCanonicalCursor(def), false};
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_pointer_change, &p);
    return !p.changed;
}

/* The variable that a use c in amp code of `decl`, declared outside it,
 * names: a module constant, a kernel's capture or a helper's parameter
 * for a global (frontend.c); NULL where refused. */
static Var *outside_var(Frontend *fe, CXCursor c, CXCursor decl) {
    int errors = fe->u->diag->errors;
    Var *v = fe_module_const(fe, decl);
    if (v && fe->kernel) note_named_const(fe, v, decl);
    if (!v && fe->u->diag->errors == errors) v = fe_capture(fe, c, decl); /* not refused as a constant */
    return v && v->type ? v : NULL; /* a constant refused: reported at its initializer */
}

static Expr *lower_decl_ref(Frontend *fe, CXCursor c) {
    CXCursor decl = clang_getCursorReferenced(c);
    switch (clang_getCursorKind(decl)) {
    case CXCursor_EnumConstantDecl: {
        Expr *e = fe_new_expr(fe, EX_INT, fe_type(fe, clang_getCursorType(c), c), c);
        e->ival = clang_getEnumConstantDeclValue(decl);
        return e->type ? e : NULL;
    }
    case CXCursor_VarDecl: case CXCursor_ParmDecl: {
        bool tiled_index;
        Expr *index = fe_tiled_index_value(fe, c, &tiled_index);
        if (tiled_index) return index;
        Var *v = fe_lookup(fe, decl);
        if (v && v->kind == VAR_TEXTURE) { /* an amp function's texture or sampler parameter */
            fe_texture_param_value_error(fe, c, v);
            return NULL;
        }
        if (v && !v->type) return NULL; /* a local or parameter whose type was refused, where it was declared */
        CXCursor literal;
        if (!v && points_to_literal(fe, decl, &literal)) {
            Type *t = fe_type(fe, clang_getCursorType(c), c);
            return t ? string_address(fe, literal, t) : NULL;
        }
        if (!v) v = outside_var(fe, c, decl);
        if (!v) return NULL;
        if (v->pointee) { /* the address of the thread's copy of what it points to */
            Type *t = fe_type(fe, clang_getCursorType(c), c);
            Expr *copy = fe_new_expr(fe, EX_VAR, v->type, c), *address = t ? fe_new_expr(fe, EX_ADDR, t, c) : NULL;
            if (!address) return NULL;
            copy->var = fe_capture_copy(fe, v, c);
            address->lhs = copy;
            return address;
        }
        Expr *e = fe_new_expr(fe, EX_VAR, v->type, c);
        e->var = v;
        if (!v->object) return e;
        /* a shared global: its view's one element, or what a helper's parameter for it points to */
        return v->kind == VAR_PARAM ? fe_new_binary(fe, EX_INDEX, OP_NONE, v->type->base, fe_load_if_lvalue(fe, e, c),
                                                    fe_new_expr(fe, EX_INT, type_int(4, true), c), c)
                                    : fe_element_at(fe, e, 0, c);
    }
    case CXCursor_FunctionDecl:
        diag_error(fe->u->diag, fe_loc(fe, c), "function pointers are not allowed in amp code");
        return NULL;
    default:
        return fe_unsupported(fe, c, NULL);
    }
}

static Expr *lower_literal(Frontend *fe, CXCursor c, bool is_float) {
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    if (!t) return NULL;
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r) return fe_unsupported(fe, c, NULL);
    Expr *e = fe_new_expr(fe, is_float ? EX_FLOAT : EX_INT, t, c);
    if (is_float) e->fval = clang_EvalResult_getAsDouble(r);
    else if (clang_EvalResult_isUnsignedInt(r)) e->ival = (long long)clang_EvalResult_getAsUnsigned(r);
    else e->ival = clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    return e;
}

static Op binary_op(enum CXBinaryOperatorKind k, bool *assign) {
    *assign = false;
    switch (k) {
    case CXBinaryOperator_Mul: return OP_MUL;
    case CXBinaryOperator_Div: return OP_DIV;
    case CXBinaryOperator_Rem: return OP_REM;
    case CXBinaryOperator_Add: return OP_ADD;
    case CXBinaryOperator_Sub: return OP_SUB;
    case CXBinaryOperator_Shl: return OP_SHL;
    case CXBinaryOperator_Shr: return OP_SHR;
    case CXBinaryOperator_LT: return OP_LT;
    case CXBinaryOperator_GT: return OP_GT;
    case CXBinaryOperator_LE: return OP_LE;
    case CXBinaryOperator_GE: return OP_GE;
    case CXBinaryOperator_EQ: return OP_EQ;
    case CXBinaryOperator_NE: return OP_NE;
    case CXBinaryOperator_And: return OP_AND;
    case CXBinaryOperator_Xor: return OP_XOR;
    case CXBinaryOperator_Or: return OP_OR;
    case CXBinaryOperator_LAnd: return OP_LAND;
    case CXBinaryOperator_LOr: return OP_LOR;
    case CXBinaryOperator_Comma: return OP_COMMA;
    case CXBinaryOperator_Assign: *assign = true; return OP_NONE;
    case CXBinaryOperator_MulAssign: *assign = true; return OP_MUL;
    case CXBinaryOperator_DivAssign: *assign = true; return OP_DIV;
    case CXBinaryOperator_RemAssign: *assign = true; return OP_REM;
    case CXBinaryOperator_AddAssign: *assign = true; return OP_ADD;
    case CXBinaryOperator_SubAssign: *assign = true; return OP_SUB;
    case CXBinaryOperator_ShlAssign: *assign = true; return OP_SHL;
    case CXBinaryOperator_ShrAssign: *assign = true; return OP_SHR;
    case CXBinaryOperator_AndAssign: *assign = true; return OP_AND;
    case CXBinaryOperator_XorAssign: *assign = true; return OP_XOR;
    case CXBinaryOperator_OrAssign: *assign = true; return OP_OR;
    default: return OP_NONE;
    }
}

/* Reports writes to variables that amp code may only read. */
static bool check_writable(Frontend *fe, Expr *target, CXCursor c) {
    Expr *root = target;
    while (root && (root->kind == EX_VELEM || root->kind == EX_SWIZZLE || root->kind == EX_MEMBER)) root = root->lhs;
    if (root && root->kind == EX_VAR && root->var->kind == VAR_CAPTURE) {
        diag_error(fe->u->diag, fe_loc(fe, c),
                   "cannot assign to captured variable '%s' (" FE_CAPTURED_WRITE_ADVICE ")",
                   root->var->name);
        return false;
    }
    if (root && root->kind == EX_VAR && root->var->kind == VAR_INDEX && fe->kernel && fe->kernel->tiled) {
        diag_error(fe->u->diag, fe_loc(fe, c), "cannot assign to '%s': a tiled index is read-only", root->var->name);
        return false;
    }
    if (!is_lvalue(target)) {
        fe_unsupported(fe, c, "assignment to a non-lvalue");
        return false;
    }
    return true;
}

/* An operand of &&, || or !, where a string literal is a pointer that is
 * never null: true. So `assert(i < n && "in range")` and
 * `assert(!"unreachable")` work in kernels, where strings do not. */
static Expr *lower_truth_operand(Frontend *fe, CXCursor c) {
    if (clang_getCursorKind(fe_strip(c)) != CXCursor_StringLiteral) return fe_lower_expr(fe, c);
    Expr *e = fe_new_expr(fe, EX_INT, type_int(4, true), c);
    e->ival = 1;
    return e;
}

/* The type of an operator's value (arithmetic, assignment, ++, ?:), which
 * C never makes an array: libclang shows a pointer that comes from a
 * parameter declared `T p[n]` by the array type written (`p + 4`). */
static Type *operator_type(Frontend *fe, CXCursor c) {
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    return t && t->kind == TY_ARRAY ? type_pointer_to(fe->a, t->base) : t;
}

static Expr *lower_binary(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    if (fe_children(c, kids, 2) != 2) return fe_unsupported(fe, c, NULL);
    Expr *ctype = fe_ctype_test(fe, c);
    if (ctype) return ctype;
    bool assign;
    Op op = binary_op(clang_getCursorBinaryOperatorKind(c), &assign);
    if (op == OP_NONE && !assign) return fe_unsupported(fe, c, "operator");
    Type *t = operator_type(fe, c);
    bool logical = op == OP_LAND || op == OP_LOR;
    Expr *l = logical ? lower_truth_operand(fe, kids[0]) : fe_lower_expr(fe, kids[0]);
    Expr *r = logical ? lower_truth_operand(fe, kids[1]) : fe_lower_expr(fe, kids[1]);
    if (!t || !l || !r) return NULL;
    if (assign && !check_writable(fe, l, c)) return NULL;
    if (assign && op != OP_NONE && l->type->is_complex && !r->type->is_complex && !type_equal(r->type, l->type->base)) {
        /* complex float *= double: in the target's precision (C computes in double, then rounds) */
        Expr *cast = fe_new_expr(fe, EX_CAST, l->type->base, c);
        cast->lhs = r;
        r = cast;
    }
    Expr *e = fe_new_expr(fe, assign ? EX_ASSIGN : EX_BINARY, t, c);
    e->op = op;
    e->lhs = l;
    e->rhs = r;
    return e;
}

bool fe_punnable(const Type *from, const Type *to) {
    bool scalars = (from->kind == TY_INT || from->kind == TY_FLOAT) && (to->kind == TY_INT || to->kind == TY_FLOAT);
    return scalars && from->size == to->size && !type_equal(from, to);
}

Expr *fe_bits_as(Frontend *fe, Expr *value, Type *t, CXCursor c) {
    Expr *bits = fe_new_expr(fe, EX_CAST, t, c);
    bits->lhs = value;
    bits->ival = 1; /* reinterpret the bits */
    return bits;
}

/* `*(int32_t *)&y` on a variable of a thread's own (a local, a parameter,
 * a captured value) of another scalar type of the same size: its bits
 * read as the other type (a local has no bytes to point into as another
 * type; a view's do, and go through the pointer as written). NULL where
 * the dereference is no such read. */
static Expr *punned_read(Frontend *fe, Expr *p, Type *t, CXCursor c) {
    if (!t || p->kind != EX_CAST || p->ival || p->lhs->kind != EX_ADDR) return NULL;
    Expr *x = p->lhs->lhs;
    if (x->kind != EX_VAR || (x->var->kind != VAR_LOCAL && x->var->kind != VAR_PARAM &&
                              !(x->var->kind == VAR_CAPTURE && x->var->capture == CAPTURE_VALUE)))
        return NULL;
    return fe_punnable(x->type, t) ? fe_bits_as(fe, fe_load_if_lvalue(fe, x, c), t, c) : NULL;
}

/* The address of a struct a kernel captures by value and that holds
 * pointers, or of a part of it: the thread's own copy's. Such a struct
 * cannot be shared (the launch translates its pointers), so `f(&im)`
 * points to a copy, as a C++ AMP lambda's captures are copies; the
 * kernel's body begins by making it (fe_with_capture_copies). */
static bool address_of_copy(Frontend *fe, Expr *lvalue, CXCursor c) {
    Expr *x = lvalue;
    while (x->kind == EX_MEMBER || x->kind == EX_VELEM || x->kind == EX_SWIZZLE ||
           (x->kind == EX_INDEX && x->lhs->kind == EX_DECAY))
        x = x->kind == EX_INDEX ? x->lhs->lhs : x->lhs;
    Var *v = x->kind == EX_VAR ? x->var : NULL;
    if (!fe->kernel || !v || v->kind != VAR_CAPTURE || v->capture != CAPTURE_VALUE || !type_holds_pointer(v->type))
        return false;
    x->var = fe_capture_copy(fe, v, c);
    return true;
}

/* The local the kernel's body begins by making from the capture's value. */
static Var *begin_with_copy(Frontend *fe, Var *capture, Var *copy) {
    capture->copy = copy;
    vec_push(fe->a, &fe->capture_copies, capture);
    return copy;
}

Var *fe_capture_copy(Frontend *fe, Var *capture, CXCursor c) {
    if (capture->copy) return capture->copy;
    Var *copy = fe_hidden_local(fe, arena_printf(fe->a, "%s.copy", capture->name), capture->type, c);
    copy->copy_of = capture;
    return begin_with_copy(fe, capture, copy);
}

Var *fe_scratch_copy(Frontend *fe, Var *capture, CXCursor c) {
    return begin_with_copy(fe, capture, fe_new_var(fe, capture->name, capture->type, VAR_LOCAL, c));
}

static Expr *var_ref(Frontend *fe, Var *v, CXCursor c) {
    Expr *ref = fe_new_expr(fe, EX_VAR, v->type, c);
    ref->var = v;
    return ref;
}

Stmt *fe_counted_loop(Frontend *fe, Var *i, Expr *count, CXCursor c) {
    Stmt *loop = fe_new_stmt(fe, ST_FOR, c);
    loop->init = fe_decl_stmt(fe, i, fe_int_constant(fe, i->type, 0, c), c);
    loop->expr = fe_new_binary(fe, EX_BINARY, OP_LT, type_int(4, true), fe_var_value(fe, i, c), count, c);
    loop->step = fe_new_expr(fe, EX_INCDEC, i->type, c);
    loop->step->op = OP_ADD;
    loop->step->lhs = var_ref(fe, i, c);
    return loop;
}

/* `to = from` for arrays, element by element, in nested loops over their
 * lengths (a view's array and a thread's own are laid out differently). */
static Stmt *copy_elements(Frontend *fe, Expr *to, Expr *from, CXCursor c) {
    if (to->type->kind != TY_ARRAY) {
        Stmt *assign = fe_new_stmt(fe, ST_EXPR, c);
        assign->expr = fe_new_binary(fe, EX_ASSIGN, OP_NONE, to->type, to, fe_load_if_lvalue(fe, from, c), c);
        return assign;
    }
    Type *index_t = type_int(4, true);
    Var *i = fe_hidden_local(fe, "copy.i", index_t, c);
    Stmt *loop = fe_counted_loop(fe, i, fe_int_constant(fe, index_t, to->type->len, c), c);
    Expr *to_i = fe_new_binary(fe, EX_INDEX, OP_NONE, to->type->base, fe_decay_of(fe, to, c), fe_var_value(fe, i, c), c);
    Expr *from_i =
        fe_new_binary(fe, EX_INDEX, OP_NONE, from->type->base, fe_decay_of(fe, from, c), fe_var_value(fe, i, c), c);
    loop->then = copy_elements(fe, to_i, from_i, c);
    return loop;
}

Stmt *fe_with_capture_copies(Frontend *fe, Stmt *body, CXCursor c) {
    if ((!fe->capture_copies.len && !fe->privates.len) || !body) return body;
    Stmt *block = fe_new_stmt(fe, ST_BLOCK, c);
    for (int i = 0; i < fe->privates.len; i++) vec_push(fe->a, &block->body, fe_decl_stmt(fe, fe->privates.items[i], NULL, c));
    fe->privates.len = 0;
    for (int i = 0; i < fe->capture_copies.len; i++) {
        Var *v = fe->capture_copies.items[i];
        if (v->type->kind != TY_ARRAY) {
            vec_push(fe->a, &block->body, fe_decl_stmt(fe, v->copy, fe_var_value(fe, v, c), c));
            continue;
        }
        vec_push(fe->a, &block->body, fe_decl_stmt(fe, v->copy, NULL, c));
        vec_push(fe->a, &block->body, copy_elements(fe, var_ref(fe, v->copy, c), var_ref(fe, v, c), c));
    }
    vec_push(fe->a, &block->body, body);
    fe->capture_copies.len = 0;
    return block;
}

/* __real__ z and __imag__ z (GNU C, as <complex.h>'s creal and cimag are
 * written): a part of complex z, an lvalue if z is; of a real z, z and 0. */
static Expr *complex_part(Frontend *fe, Expr *z, bool imaginary, Type *t, CXCursor c) {
    if (!z->type->is_complex) {
        if (!imaginary) return fe_load_if_lvalue(fe, z, c);
        Expr *zero = fe_new_expr(fe, EX_FLOAT, t, c); /* z not evaluated: programs take it of a variable */
        zero->fval = 0;
        return zero;
    }
    Expr *e = fe_new_expr(fe, EX_VELEM, t, c);
    e->lhs = z;
    e->ival = imaginary;
    return e;
}

/* A complex constant's imaginary literal, 2.5i (<complex.h>'s I is 1.0iF). */
static Expr *lower_imaginary(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    if (!t || fe_children(c, kids, 2) != 1) return t ? fe_unsupported(fe, c, "imaginary constant") : NULL;
    Expr *im = fe_lower_expr(fe, kids[0]);
    if (!im) return NULL;
    if (!type_equal(im->type, t->base)) {
        Expr *cast = fe_new_expr(fe, EX_CAST, t->base, c);
        cast->lhs = im;
        im = cast;
    }
    Expr *e = fe_new_expr(fe, EX_INIT, t, c);
    e->inits = arena_alloc(fe->a, sizeof *e->inits);
    e->inits[0] = (InitItem){.path = {1}, .depth = 1, .value = im};
    e->ninits = 1;
    return e;
}

/* `*p` or `p[0]` read through a pointer capture with a value copy
 * (Var.value_copy; its only uses, fe_only_reads_through): the copy where
 * libcamp filled it and made p null, else what p points to. */
static Expr *value_or_copy(Frontend *fe, Expr *read, CXCursor c) {
    const Expr *p = read->lhs;
    if (p->kind != EX_LOAD || p->lhs->kind != EX_VAR || !p->lhs->var->value_copy) return read;
    Expr *e = fe_new_expr(fe, EX_COND, read->type, c);
    e->cond = fe_var_value(fe, p->lhs->var, c);
    e->lhs = fe_load_if_lvalue(fe, read, c);
    e->rhs = fe_var_value(fe, p->lhs->var->value_copy, c);
    return e;
}

static Expr *lower_unary(Frontend *fe, CXCursor c) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    bool incdec = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
                  op == CXUnaryOperator_PreDec;
    Type *t = incdec ? operator_type(fe, c) : fe_type(fe, clang_getCursorType(c), c); /* *p may be an array */
    CXCursor kids[2];
    if (fe_children(c, kids, 2) != 1) return fe_unsupported(fe, c, NULL);
    Expr *sub = op == CXUnaryOperator_LNot ? lower_truth_operand(fe, kids[0]) : fe_lower_expr(fe, kids[0]);
    if (!t || !sub) return NULL;
    if (fe_is_extension(c)) return sub; /* __extension__ e: e, quiet under -pedantic */
    if (op == CXUnaryOperator_Real || op == CXUnaryOperator_Imag)
        return complex_part(fe, sub, op == CXUnaryOperator_Imag, t, c);
    Expr *e = fe_new_expr(fe, EX_UNARY, t, c);
    e->lhs = sub;
    switch (clang_getCursorUnaryOperatorKind(c)) {
    case CXUnaryOperator_PostInc: e->kind = EX_INCDEC; e->op = OP_ADD; break;
    case CXUnaryOperator_PostDec: e->kind = EX_INCDEC; e->op = OP_SUB; break;
    case CXUnaryOperator_PreInc: e->kind = EX_INCDEC; e->op = OP_ADD; e->ival = 1; break;
    case CXUnaryOperator_PreDec: e->kind = EX_INCDEC; e->op = OP_SUB; e->ival = 1; break;
    case CXUnaryOperator_Plus: e->op = OP_PLUS; break;
    case CXUnaryOperator_Minus: e->op = OP_NEG; break;
    case CXUnaryOperator_Not: e->op = OP_NOT; break;
    case CXUnaryOperator_LNot: e->op = OP_LNOT; break;
    case CXUnaryOperator_Deref: {
        Expr *punned = punned_read(fe, sub, t, c);
        if (punned) return punned;
        e->kind = EX_DEREF;
        return value_or_copy(fe, e, c);
    }
    case CXUnaryOperator_AddrOf:
        e->kind = EX_ADDR;
        if (!is_lvalue(sub)) return fe_unsupported(fe, c, "address of a value");
        if (address_of_copy(fe, sub, c)) break;
        if (sub->kind == EX_VAR && sub->var->kind == VAR_CAPTURE && sub->var->capture == CAPTURE_VALUE) {
            diag_error(fe->u->diag, fe_loc(fe, c),
                       "cannot take the address of captured variable '%s' (captures are by value; to pass it by "
                       "address, make a view of it, a pointer p = &%s with array_view(p, 1), and use p in the kernel)",
                       sub->var->name, sub->var->name);
            return NULL;
        }
        break;
    default: return fe_unsupported(fe, c, "unary operator");
    }
    if (e->kind == EX_INCDEC && !check_writable(fe, sub, c)) return NULL;
    return e;
}

static Expr *lower_subscript(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    if (fe_children(c, kids, 2) != 2) return fe_unsupported(fe, c, NULL);
    Expr *ctype = fe_ctype_table_entry(fe, c, fe_strip(kids[0]), kids[1]); /* <ctype.h>'s macros */
    if (ctype) return ctype;
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    /* a struct's array of pointers (a captured lattice's `float *f[Q]`)
     * decays to a pointer to pointers, which amp code has no type for: its
     * element is taken from the array itself (a variable's array of
     * pointers is a view, whose pointers are refused where it decays) */
    CXCursor array[1];
    bool pointers = clang_getCursorKind(kids[0]) == CXCursor_UnexposedExpr && fe_children(kids[0], array, 1) == 1 &&
                    clang_getCursorKind(fe_strip(array[0])) == CXCursor_MemberRefExpr &&
                    clang_getCanonicalType(clang_getCursorType(array[0])).kind == CXType_ConstantArray &&
                    clang_getCanonicalType(clang_getArrayElementType(clang_getCanonicalType(
                                               clang_getCursorType(array[0]))))
                            .kind == CXType_Pointer;
    Expr *base = pointers ? fe_lower_expr(fe, array[0]) : fe_lower_expr(fe, kids[0]), *idx = fe_lower_expr(fe, kids[1]);
    if (!t || !base || !idx) return NULL;
    if (pointers) base = fe_decay_of(fe, base, c);
    if (base->type->kind == TY_VECTOR) { /* v[i]: a component */
        Expr *e = fe_new_expr(fe, EX_VELEM, t, c);
        e->lhs = base;
        if (!fe_eval_int(kids[1], &e->ival)) e->rhs = idx;
        else if (e->ival < 0 || e->ival >= base->type->len) {
            diag_error(fe->u->diag, fe_loc(fe, kids[1]), "vector subscript out of range");
            return NULL;
        }
        return e;
    }
    if (idx->type->kind == TY_PTR) { /* i[p] */
        Expr *tmp = base;
        base = idx;
        idx = tmp;
    }
    if (base->type->kind != TY_PTR) return fe_unsupported(fe, c, "subscript");
    Expr *e = fe_new_expr(fe, EX_INDEX, t, c);
    e->lhs = base;
    e->rhs = idx;
    return value_or_copy(fe, e, c);
}

/* The value a call c passes for a global its callee reaches (the
 * callee's parameter for it, frontend.c): the caller's own parameter for
 * it, or its capture, an array's (a view's) decayed to the pointer the
 * parameter is. */
static Expr *global_arg(Frontend *fe, CXCursor c, const Var *param) {
    CXCursor decl = fe_param_global(fe, param);
    Var *v = fe_lookup(fe, decl);
    if (!v) v = outside_var(fe, c, decl);
    if (!v) return NULL;
    Expr *e = fe_new_expr(fe, EX_VAR, v->type, c);
    e->var = v;
    return v->type->kind == TY_ARRAY ? fe_decay_of(fe, e, c) : fe_load_if_lvalue(fe, e, c);
}

/* A call of the amp function decl (its arguments from the call c). */
Expr *fe_lower_call_to(Frontend *fe, CXCursor c, CXCursor decl) {
    return fe_lower_call_with(fe, c, decl, 0, clang_Cursor_getNumArguments(c));
}

/* A call of the amp function decl with the n arguments of the call c from
 * the first-th on. */
Expr *fe_lower_call_with(Frontend *fe, CXCursor c, CXCursor decl, int first, int n) {
    Func *f = fe_amp_function(fe, c, decl);
    if (!f) return NULL;
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    if (!t || !f->ret) return NULL;
    Expr *e = fe_new_expr(fe, EX_CALL, f->ret, c);
    e->callee = f;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * (size_t)(n + f->nglobals + 1));
    bool ok = true;
    CXType callee_type = clang_getCursorType(decl);
    for (int i = 0; i < n; i++) {
        /* textures and samplers are no values: fe_texture_args binds them */
        if (fe_is_texture_param_type(fe, clang_getArgType(callee_type, (unsigned)i))) continue;
        Expr *arg = fe_lower_expr(fe, clang_Cursor_getArgument(c, (unsigned)(first + i)));
        if (arg && e->nargs < f->nparams &&
            type_is_arith(arg->type) && type_is_arith(f->params[e->nargs]->type) &&
            !type_equal(arg->type, f->params[e->nargs]->type)) {
            /* an old-style definition's `float x;`: the promoted argument (a double) converted back on entry
             * (clang converts a prototype's arguments itself) */
            Expr *cast = fe_new_expr(fe, EX_CAST, f->params[e->nargs]->type, c);
            cast->lhs = arg;
            arg = cast;
        }
        e->args[e->nargs++] = arg;
        ok = ok && arg;
    }
    for (int i = f->nparams - f->nglobals; i < f->nparams; i++) {
        Expr *arg = global_arg(fe, c, f->params[i]);
        e->args[e->nargs++] = arg;
        ok = ok && arg;
    }
    ok = ok && fe_texture_args(fe, c, first, e);
    if (fe->func) vec_push(fe->a, &fe->func->calls, e);
    if (!ok) return NULL;
    if (type_equal(t, f->ret) || t->kind == TY_VOID) return e;
    Expr *cast = fe_new_expr(fe, EX_CAST, t, c); /* a builtin's result type may differ from the library's */
    cast->lhs = e;
    return cast;
}

/* The complex value of type t (re, im): its two parts initialized. */
static Expr *complex_value(Frontend *fe, Type *t, Expr *re, Expr *im, CXCursor c) {
    Expr *e = fe_new_expr(fe, EX_INIT, t, c);
    e->inits = arena_alloc(fe->a, 2 * sizeof *e->inits);
    e->inits[0] = (InitItem){.path = {0}, .depth = 1, .value = re};
    e->inits[1] = (InitItem){.path = {1}, .depth = 1, .value = im};
    e->ninits = 2;
    return e;
}

/* __builtin_complex(x, y), C11's CMPLX(x, y): the complex x + yi, with
 * no arithmetic (an infinite or NaN part stays as it is). */
static Expr *lower_builtin_complex(Frontend *fe, CXCursor c) {
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    if (!t || clang_Cursor_getNumArguments(c) != 2) return t ? fe_unsupported(fe, c, NULL) : NULL;
    Expr *parts[2];
    for (int i = 0; i < 2; i++) {
        parts[i] = fe_lower_expr(fe, clang_Cursor_getArgument(c, (unsigned)i));
        if (!parts[i]) return NULL;
        parts[i] = fe_load_if_lvalue(fe, parts[i], c);
        if (!type_equal(parts[i]->type, t->base)) {
            Expr *cast = fe_new_expr(fe, EX_CAST, t->base, c);
            cast->lhs = parts[i];
            parts[i] = cast;
        }
    }
    return complex_value(fe, t, parts[0], parts[1], c);
}

static Expr *lower_call(Frontend *fe, CXCursor c) {
    CXCursor decl = fe_callee(c);
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(decl) != CXCursor_FunctionDecl) {
        diag_error(fe->u->diag, fe_loc(fe, c), "function pointers are not allowed in amp code");
        return NULL;
    }
    bool intrinsic;
    Expr *ie = fe_intrinsic_call(fe, c, decl, &intrinsic);
    if (intrinsic) return ie;
    char *name = fe_spelling(fe, decl);
    bool report;
    Expr *re = fe_report_call(fe, c, decl, name, &report);
    if (report) return re;
    bool texture;
    Expr *te = fe_texture_call(fe, c, decl, name, &texture);
    if (texture) return te;
    if (!strncmp(name, "camp_", 5) || !strncmp(name, "fast_math_", 10) || !fe_is_amp_function(decl)) {
        bool handled;
        Expr *e = fe_lower_library_call(fe, c, name, &handled);
        if (handled) return e;
        if (clang_Location_isInSystemHeader(clang_getCursorLocation(decl))) {
            e = fe_lower_ctype_call(fe, c, name, &handled);
            if (handled) return e;
        }
    }
    if (!strcmp(name, "__builtin_complex")) return lower_builtin_complex(fe, c);
    fe_warn_volatile_tile_static_argument(fe, c, decl);
    return fe_lower_call_to(fe, c, decl);
}

static Expr *lower_cast(Frontend *fe, CXCursor c) {
    CXCursor kids[4];
    int n = fe_children(c, kids, 4);
    if (n < 1 || n > 4) return fe_unsupported(fe, c, NULL);
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    Expr *sub = fe_lower_expr(fe, kids[n - 1]);
    if (!t || !sub) return NULL;
    note_const_dropped(fe, t, sub->type);
    /* `(half)(a * b)` stays: it rounds, ending a chain of half arithmetic (ir/half_precision.c) */
    const Type *scalar = t->kind == TY_VECTOR ? t->base : t;
    bool same = type_equal(t, sub->type), to_half = scalar->kind == TY_FLOAT && scalar->size == 2;
    if (same && t->kind != TY_VOID && !to_half) return sub;
    Expr *e = fe_new_expr(fe, EX_CAST, t, c);
    e->lhs = sub;
    /* C: a cast between vector types reinterprets the bits; between complex types it converts each part */
    e->ival = t->kind == TY_VECTOR && sub->type->kind == TY_VECTOR && !same && !t->is_complex;
    return e;
}

/* __builtin_bit_cast(T, v): libclang gives the expression no type to
 * lower it by, and C code says the same with memcpy or a union. */
static Expr *lower_bit_cast(Frontend *fe, CXCursor c) {
    diag_error(fe->u->diag, fe_loc(fe, c),
               "__builtin_bit_cast is not supported in amp code: memcpy between two scalars of one size, or a "
               "union of the two types, reads the bits the same way");
    return NULL;
}

/* offsetof, __builtin constants, …: whatever clang can fold to an integer. */
static Expr *lower_constant(Frontend *fe, CXCursor c) {
    long long v;
    if (!clang_isExpression(clang_getCursorKind(c)) || !fe_eval_int(c, &v)) return fe_unsupported(fe, c, NULL);
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    if (!t || !type_is_integer(t)) return t ? fe_unsupported(fe, c, NULL) : NULL;
    Expr *e = fe_new_expr(fe, EX_INT, t, c);
    e->ival = v;
    return e;
}

/* A complex constant (re, im), which clang does not fold for libclang: 1.0,
 * -I, 2.0 + 1.5 * I, CMPLX(x, y), conversions and parentheses of them. */
static bool fold_complex(Frontend *fe, CXCursor c, double *re, double *im) {
    CXCursor kids[2];
    int n = fe_children(c, kids, 2);
    CXType ct = clang_getCanonicalType(clang_getCursorType(c));
    if (ct.kind != CXType_Complex) { /* a real value */
        CXEvalResult r = clang_Cursor_Evaluate(c);
        CXEvalResultKind k = r ? clang_EvalResult_getKind(r) : CXEval_UnExposed;
        bool ok = k == CXEval_Float || k == CXEval_Int;
        *re = k == CXEval_Float ? clang_EvalResult_getAsDouble(r)
              : clang_EvalResult_isUnsignedInt(r) ? (double)clang_EvalResult_getAsUnsigned(r)
                                                   : (double)clang_EvalResult_getAsLongLong(r);
        *im = 0;
        if (r) clang_EvalResult_dispose(r);
        return ok;
    }
    double a, b, x, y;
    switch (clang_getCursorKind(c)) {
    case CXCursor_ImaginaryLiteral:
        if (n != 1 || !fold_complex(fe, kids[0], im, re)) return false;
        *re = 0;
        return true;
    case CXCursor_ParenExpr: case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr:
        return n >= 1 && fold_complex(fe, kids[n - 1], re, im);
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (n != 1 || !fold_complex(fe, kids[0], re, im)) return false;
        if (op == CXUnaryOperator_Minus) *re = -*re, *im = -*im;
        else if (op == CXUnaryOperator_Not) *im = -*im; /* GNU C's conjugate */
        return op == CXUnaryOperator_Minus || op == CXUnaryOperator_Not || op == CXUnaryOperator_Plus ||
               op == CXUnaryOperator_Extension;
    }
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (n != 2 || !fold_complex(fe, kids[0], &a, &b) || !fold_complex(fe, kids[1], &x, &y)) return false;
        if (op == CXBinaryOperator_Add) *re = a + x, *im = b + y;
        else if (op == CXBinaryOperator_Sub) *re = a - x, *im = b - y;
        else if (op == CXBinaryOperator_Mul) *re = a * x - b * y, *im = a * y + b * x;
        else return false;
        return true;
    }
    case CXCursor_CallExpr: { /* CMPLX(x, y): __builtin_complex */
        char *name = fe_spelling(fe, c);
        bool ok = !strcmp(name, "__builtin_complex") && clang_Cursor_getNumArguments(c) == 2 &&
                  fold_complex(fe, clang_Cursor_getArgument(c, 0), re, &b) &&
                  fold_complex(fe, clang_Cursor_getArgument(c, 1), im, &y);
        return ok;
    }
    default: return false;
    }
}

static Expr *float_constant(Frontend *fe, Type *t, double v, CXCursor c) {
    Expr *e = fe_new_expr(fe, EX_FLOAT, t, c);
    e->fval = v;
    return e;
}

/* In a constant initializer every value is folded by clang. */
static Expr *lower_folded(Frontend *fe, CXCursor c) {
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    double re, im;
    if (t && t->is_complex && fold_complex(fe, c, &re, &im))
        return complex_value(fe, t, float_constant(fe, t->base, re, c), float_constant(fe, t->base, im, c), c);
    CXEvalResult r = clang_Cursor_Evaluate(c);
    Expr *e = NULL;
    if (t && r && type_is_arith(t)) {
        CXEvalResultKind k = clang_EvalResult_getKind(r);
        if (k == CXEval_Float || k == CXEval_Int) {
            e = fe_new_expr(fe, t->kind == TY_FLOAT ? EX_FLOAT : EX_INT, t, c);
            if (k == CXEval_Float) e->fval = clang_EvalResult_getAsDouble(r);
            else if (clang_EvalResult_isUnsignedInt(r)) e->ival = (long long)clang_EvalResult_getAsUnsigned(r);
            else e->ival = clang_EvalResult_getAsLongLong(r);
            if (k == CXEval_Int && t->kind == TY_FLOAT) e->fval = clang_EvalResult_isUnsignedInt(r) ? (double)(unsigned long long)e->ival : (double)e->ival;
            if (k == CXEval_Float && t->kind != TY_FLOAT) e->ival = (long long)e->fval;
        }
    }
    if (r) clang_EvalResult_dispose(r);
    if (!e && t)
        diag_error(fe->u->diag, fe_loc(fe, c),
                   t->kind == TY_PTR ? "a constant used in amp code cannot hold a pointer: keep what it points "
                                       "to in the constant itself (`static const char name[] = \"...\";`, a "
                                       "struct's `char name[8]`), or an index into one array"
                                     : "initializer of a constant used in amp code is not a constant");
    return e;
}

/* A module constant's most bytes (frontend.c's fe_module_const). */
enum { CONST_POOL_BYTES = 65536 };

/* A string literal's chars, as a module constant's initializer (char[N]). */
static Expr *literal_chars(Frontend *fe, CXCursor literal, Type *t) {
    bool saved = fe->folding;
    fe->folding = true;
    Expr *chars = fe_lower_init(fe, literal, t);
    fe->folding = saved;
    return chars;
}

/* The address of a string literal's first char: the unit's literals are
 * one module constant, the chars of each after the one before, so that
 * pointers to different literals point into one object (`i ? "odd" :
 * "even"`). NULL (reported) for one it cannot read (a wide one). */
static Expr *string_address(Frontend *fe, CXCursor literal, Type *to) {
    Type *t = fe_type(fe, clang_getCursorType(literal), literal);
    Expr *chars = t ? literal_chars(fe, literal, t) : NULL;
    if (!chars) return NULL;
    Var *pool = fe->strings;
    if (!pool) {
        pool = fe->strings = arena_alloc(fe->a, sizeof *pool);
        pool->name = "camp_strings_";
        pool->loc = fe_loc(fe, literal);
        pool->kind = VAR_CONST;
        pool->type = arena_alloc(fe->a, sizeof *pool->type);
        *pool->type = (Type){.kind = TY_ARRAY, .base = t->base, .size = 0, .align = 1, .name = "char[]"};
        pool->init = fe_new_expr(fe, EX_INIT, pool->type, literal);
    }
    int at = pool->type->len;
    if (at + t->len > CONST_POOL_BYTES) {
        diag_error(fe->u->diag, fe_loc(fe, literal), "string literals in amp code take more than %d bytes",
                   CONST_POOL_BYTES);
        return NULL;
    }
    Expr *init = pool->init;
    if (init->ninits + chars->ninits > fe->string_items_capacity) { /* grown by doubling: appends stay linear */
        int capacity = 2 * (init->ninits + chars->ninits);
        InitItem *items = arena_alloc(fe->a, sizeof *items * (size_t)capacity);
        if (init->ninits) memcpy(items, init->inits, sizeof *items * (size_t)init->ninits);
        init->inits = items;
        fe->string_items_capacity = capacity;
    }
    for (int i = 0; i < chars->ninits; i++) {
        init->inits[init->ninits + i] = chars->inits[i];
        init->inits[init->ninits + i].path[0] += at;
    }
    init->ninits += chars->ninits;
    pool->type->len = pool->type->size = at + t->len;
    Expr *ref = fe_new_expr(fe, EX_VAR, pool->type, literal), *address = fe_new_expr(fe, EX_ADDR, to, literal);
    ref->var = pool;
    address->lhs = fe_element_at(fe, ref, at, literal);
    return address;
}

/* A string literal other than a char array's initializer or a pointer's
 * value (`&"abc"`): a module constant of its chars, as `static const
 * char s[] = "...";` would be. */
static Expr *lower_string_literal(Frontend *fe, CXCursor c) {
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    if (!t) return NULL;
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = arena_printf(fe->a, "camp_string_%u", fe_offset(clang_getCursorLocation(c), NULL));
    v->type = t;
    v->loc = fe_loc(fe, c);
    v->kind = VAR_CONST;
    if (!(v->init = literal_chars(fe, c, t))) return NULL;
    Expr *e = fe_new_expr(fe, EX_VAR, t, c);
    e->var = v;
    return e;
}

/* The type name before association `expr` of a _Generic, as written
 * (where a macro wrote it too: the spelling location), with its spaces
 * and line splices (a backslash ending a macro's line) collapsed; "" where
 * the text before it is no `TYPE:`. */
static char *association_type_name(Frontend *fe, CXCursor expr) {
    CXFile file;
    unsigned at;
    clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(expr)), &file, NULL, NULL, &at);
    size_t size = 0;
    const char *text = file ? clang_getFileContents(fe->tu, file, &size) : NULL;
    if (!text || at > size) return "";
    long i = (long)at - 1;
    while (i >= 0 && (isspace((unsigned char)text[i]) ||
                      (text[i] == '\\' && i + 1 < (long)size && isspace((unsigned char)text[i + 1]))))
        i--;
    if (i < 0 || text[i] != ':') return "";
    long end = i, depth = 0;
    for (i--; i >= 0; i--) {
        if (text[i] == ')' || text[i] == ']') depth++;
        else if ((text[i] == '(' || text[i] == '[') && depth-- == 0) break;
        else if (text[i] == ',' && depth == 0) break;
    }
    char *name = arena_alloc(fe->a, (size_t)(end - i) + 1), *out = name;
    for (long j = i + 1; j < end; j++) {
        bool splice = text[j] == '\\' && isspace((unsigned char)text[j + 1]);
        if (!splice && !isspace((unsigned char)text[j])) *out++ = text[j];
        else if (out > name && out[-1] != ' ') *out++ = ' ';
    }
    while (out > name && out[-1] == ' ') out--;
    *out = 0;
    return name;
}

/* Whether type name `name` (as association_type_name gives it) names t,
 * as the program wrote t (a typedef) or as clang spells it (a few
 * builtin types have other spellings). */
static bool names_type(Frontend *fe, const char *name, CXType t) {
    static const char *const other[][2] = {
        {"unsigned", "unsigned int"}, {"signed", "int"}, {"signed int", "int"}, {"short int", "short"},
        {"unsigned short int", "unsigned short"}, {"long int", "long"}, {"unsigned long int", "unsigned long"},
        {"long long int", "long long"}, {"unsigned long long int", "unsigned long long"},
        {"long unsigned int", "unsigned long"}, {"_Bool", "bool"},
    };
    for (size_t i = 0; i < sizeof other / sizeof *other; i++)
        if (!strcmp(name, other[i][0])) name = other[i][1];
    CXType forms[2] = {clang_getUnqualifiedType(t), clang_getUnqualifiedType(clang_getCanonicalType(t))};
    for (int i = 0; i < 2; i++)
        if (!strcmp(fe_type_spelling(fe, forms[i]), name)) return true;
    return false;
}

/* `_Generic(x, T1: e1, T2: e2)` choosing a value: libclang does not say
 * which association clang chose. The selection has the chosen
 * expression's type, and the chosen association's type name is x's type
 * (or `default`); where those leave more than one, an error that says
 * so. A choice of functions, `(f)(x)`, is told apart by the call's
 * arguments (frontend_intrinsic.c). */
static Expr *lower_generic_value(Frontend *fe, CXCursor c) {
    enum { MOST = 128 };
    CXCursor assoc[MOST];
    int n = fe_children(c, assoc, MOST);
    if (n > MOST) n = MOST;
    CXType want = clang_getCanonicalType(clang_getCursorType(c));
    CXType controlling = n ? clang_getCursorType(assoc[0]) : want;
    CXCursor named = clang_getNullCursor(), fallback = clang_getNullCursor();
    int matching = 0, typed = 0;
    for (int i = 1; i < n; i++) { /* assoc[0] is the controlling expression */
        if (!clang_equalTypes(clang_getCanonicalType(clang_getCursorType(assoc[i])), want)) continue;
        typed++;
        const char *name = association_type_name(fe, assoc[i]);
        if (!strcmp(name, "default")) fallback = assoc[i];
        else if (names_type(fe, name, controlling)) named = assoc[i], matching++;
        if (typed == 1 && clang_Cursor_isNull(fallback)) fallback = assoc[i];
    }
    if (matching == 1) return fe_lower_expr(fe, named);
    if (typed == 1 || (!matching && !clang_Cursor_isNull(fallback) &&
                       !strcmp(association_type_name(fe, fallback), "default")))
        return fe_lower_expr(fe, fallback);
    diag_error(fe->u->diag, fe_loc(fe, c),
               "campcc cannot tell which association of this _Generic was chosen (%s of type '%s'); give the "
               "associations different types, or choose a function and call it (`_Generic(x, float: f, double: g)(x)`)",
               typed ? "several are" : "none is", fe_type_spelling(fe, clang_getCursorType(c)));
    return NULL;
}

/* `sizeof a` of a local whose length clang folded (fe_constant_vla_type),
 * which clang leaves to run time: its size; any other sizeof of a
 * variable-length array is refused. */
static Expr *folded_vla_size(Frontend *fe, CXCursor c) {
    CXCursor kids[1];
    CXToken *tokens = NULL;
    unsigned ntokens = 0;
    clang_tokenize(fe->tu, clang_getCursorExtent(c), &tokens, &ntokens);
    bool is_sizeof = ntokens && fe_token_is(fe, tokens[0], "sizeof");
    clang_disposeTokens(fe->tu, tokens, ntokens);
    Var *v = NULL;
    if (is_sizeof && fe_children(c, kids, 1) == 1) {
        CXCursor operand = fe_strip(kids[0]);
        if (clang_getCursorKind(operand) == CXCursor_DeclRefExpr) {
            v = fe_lookup(fe, clang_getCursorReferenced(operand));
            Expr *ref = v || !fe->kernel ? NULL : fe_lower_expr(fe, operand); /* captured at its first use */
            if (ref && ref->kind == EX_VAR) v = ref->var;
        }
    }
    if (v && v->kind == VAR_CAPTURE && v->capture == CAPTURE_VIEW && v->type->kind == TY_ARRAY && v->type->len < 0)
        return fe_captured_vla_size(fe, v, c);
    if (!v || !v->type || v->type->kind != TY_ARRAY || v->type->len <= 0)
        return fe_unsupported(fe, c, "sizeof of a variable-length array");
    Expr *e = fe_new_expr(fe, EX_INT, fe_type(fe, clang_getCursorType(c), c), c);
    e->ival = v->type->size;
    return e->type ? e : NULL;
}

Expr *fe_lower_expr(Frontend *fe, CXCursor c) {
    if (fe->folding && clang_getCursorKind(c) != CXCursor_InitListExpr) return lower_folded(fe, c);
    switch (clang_getCursorKind(c)) {
    case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral: return lower_literal(fe, c, false);
    case CXCursor_FloatingLiteral: return lower_literal(fe, c, true);
    case CXCursor_ImaginaryLiteral: return lower_imaginary(fe, c);
    case CXCursor_CXXNullPtrLiteralExpr: { /* C23's nullptr: a null pointer constant, as 0 is */
        Expr *zero = fe_new_expr(fe, EX_INT, type_int(8, false), c);
        zero->ival = 0;
        return zero;
    }
    case CXCursor_ParenExpr: return lower_only_child(fe, c);
    case CXCursor_DeclRefExpr: return lower_decl_ref(fe, c);
    case CXCursor_UnexposedExpr: return lower_unexposed(fe, c);
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator: return lower_binary(fe, c);
    case CXCursor_UnaryOperator: return lower_unary(fe, c);
    case CXCursor_ArraySubscriptExpr: return lower_subscript(fe, c);
    case CXCursor_CallExpr: return lower_call(fe, c);
    case CXCursor_CStyleCastExpr: return lower_cast(fe, c);
    case CXCursor_BuiltinBitCastExpr: return lower_bit_cast(fe, c);
    case CXCursor_UnaryExpr: { /* sizeof, _Alignof: constants */
        CXEvalResult r = clang_Cursor_Evaluate(c);
        if (!r) return folded_vla_size(fe, c);
        clang_EvalResult_dispose(r);
        return lower_literal(fe, c, false);
    }
    case CXCursor_ConditionalOperator: {
        CXCursor kids[3];
        if (fe_children(c, kids, 3) != 3) return fe_unsupported(fe, c, NULL);
        Type *t = operator_type(fe, c);
        Expr *e = fe_new_expr(fe, EX_COND, t, c);
        e->cond = fe_lower_expr(fe, kids[0]);
        e->lhs = fe_lower_expr(fe, kids[1]);
        e->rhs = fe_lower_expr(fe, kids[2]);
        return t && e->cond && e->lhs && e->rhs ? e : NULL;
    }
    case CXCursor_StringLiteral: return lower_string_literal(fe, c);
    case CXCursor_MemberRefExpr: {
        bool tile_member;
        Expr *e = fe_tile_member(fe, c, &tile_member);
        return tile_member ? e : lower_member(fe, c);
    }
    case CXCursor_InitListExpr: {
        Type *t = fe_type(fe, clang_getCursorType(c), c);
        return t ? fe_lower_init(fe, c, t) : NULL;
    }
    case CXCursor_CompoundLiteralExpr: {
        CXCursor kids[2];
        int n = fe_children(c, kids, 2);
        Type *t = fe_type(fe, clang_getCursorType(c), c);
        if (!t || n < 1 || clang_getCursorKind(kids[n - 1]) != CXCursor_InitListExpr)
            return t ? fe_unsupported(fe, c, "compound literal") : NULL;
        return fe_lower_init(fe, kids[n - 1], t);
    }
    case CXCursor_StmtExpr: { /* GNU C's ({ ... }), mostly a macro's body */
        char *macro = macro_name_at(fe, c);
        diag_error(fe->u->diag, fe_loc(fe, c),
                   "unsupported construct 'statement expression' in amp code: write %s%s%s as a static inline "
                   "function marked restrict(cpu, amp)",
                   macro ? "the macro '" : "it", macro ? macro : "", macro ? "'" : "");
        free(macro);
        return NULL;
    }
    case CXCursor_GenericSelectionExpr: return lower_generic_value(fe, c);
    default: return lower_constant(fe, c);
    }
}

/* ---- statements ------------------------------------------------------------- */

static Stmt *lower_block(Frontend *fe, CXCursor c) {
    Stmt *s = fe_new_stmt(fe, ST_BLOCK, c);
    int n;
    CXCursor *kids = fe_all_children(fe->a, c, &n);
    int saved = fe->nvars; /* declarations end with the block */
    for (int i = 0; i < n; i++) {
        Stmt *k = fe_lower_stmt(fe, kids[i]);
        if (k) vec_push(fe->a, &s->body, k);
    }
    fe->nvars = saved;
    return s;
}

static Stmt *lower_decl(Frontend *fe, CXCursor c) {
    Stmt *block = fe_new_stmt(fe, ST_BLOCK, c); /* `int a, b;` declares two */
    CXCursor kids[32];
    int n = fe_children(c, kids, 32);
    for (int i = 0; i < n && i < 32; i++) {
        CXCursor d = kids[i];
        switch (clang_getCursorKind(d)) {
        case CXCursor_VarDecl: break;
        /* types and checks, which clang has resolved: no code */
        case CXCursor_TypedefDecl: case CXCursor_StructDecl: case CXCursor_UnionDecl: case CXCursor_EnumDecl:
        case CXCursor_StaticAssert:
            continue;
        default:
            fe_unsupported(fe, d, "declaration");
            continue;
        }
        if (fe_is_tile_static(d)) {
            Stmt *s = fe_tile_static_decl(fe, d);
            if (s) vec_push(fe->a, &block->body, s);
            continue;
        }
        char *name = fe_spelling(fe, d);
        enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
        if (sc == CX_SC_Static && fe_module_const(fe, d)) continue; /* bound where it is used */
        if (sc == CX_SC_Static) { /* the host code launching the kernel cannot name it */
            diag_error(fe->u->diag, fe_loc(fe, d),
                       "static variable '%s' declared in amp code is not supported: a table the code only reads "
                       "is `static const` (a constant of the module); state each thread keeps is a local (or a "
                       "parameter); state all threads share is a variable at file scope, which they race on but "
                       "through atomics",
                       name);
            continue;
        }
        if (sc == CX_SC_Extern) {
            fe_unsupported(fe, d, "extern declaration");
            continue;
        }
        CXType ct = clang_getCanonicalType(clang_getCursorType(d));
        Type *folded = ct.kind == CXType_VariableArray ? fe_constant_vla_type(fe, d) : NULL;
        if (ct.kind == CXType_VariableArray && !folded) {
            diag_error(fe->u->diag, fe_loc(fe, d), "variable-length arrays cannot be declared in amp code");
            continue;
        }
        Var *v = arena_alloc(fe->a, sizeof *v);
        v->name = name;
        v->type = folded ? folded : fe_type(fe, clang_getCursorType(d), d);
        v->loc = fe_loc(fe, d);
        v->kind = VAR_LOCAL;
        if (!v->type) { /* reported; its uses add nothing (lower_decl_ref) */
            fe_bind(fe, d, v);
            continue;
        }
        Type *t = v->type;
        /* `volatile` asks that the code around it stay as written (Kahan's
         * compensation, a two-sum's error): the function's float
         * arithmetic then rounds each operation, regrouped by no one */
        if (clang_isVolatileQualifiedType(clang_getCursorType(d))) {
            if (fe->kernel) fe->kernel->exact_fp = true;
            else if (fe->func) fe->func->exact_fp = true;
        }
        Stmt *s = fe_new_stmt(fe, ST_DECL, d);
        s->var = v;
        CXCursor init = clang_Cursor_getVarDeclInitializer(d);
        if (!clang_Cursor_isNull(init)) {
            s->expr = clang_getCursorKind(init) == CXCursor_InitListExpr || clang_getCursorKind(init) == CXCursor_StringLiteral
                          ? fe_lower_init(fe, init, t)
                          : fe_lower_expr(fe, init);
        }
        /* a pointer to rows of run-time length: their lengths, as the declaration has them */
        if ((!clang_Cursor_isNull(init) && !s->expr) || !fe_vla_strides(fe, d, v, &block->body)) {
            v->type = NULL; /* reported; its uses add nothing, and are no captures of an outer variable */
            fe_bind(fe, d, v);
            continue;
        }
        fe_bind(fe, d, v); /* after the initializer: `int x = x;` sees the outer x */
        vec_push(fe->a, &block->body, s);
    }
    return block->body.len == 1 ? block->body.items[0] : block;
}

Expr *fe_int_value(Frontend *fe, Expr *e, CXCursor c) {
    e = fe_load_if_lvalue(fe, e, c);
    if (type_equal(e->type, type_int(4, true))) return e;
    Expr *cast = fe_new_expr(fe, EX_CAST, type_int(4, true), c);
    cast->lhs = e;
    return cast;
}

bool fe_vla_strides(Frontend *fe, CXCursor decl, Var *v, PtrVec *into) {
    if (v->type->kind != TY_PTR) return true;
    int levels = 0;
    bool run_time = false; /* rows of constant length need no stride (a typedef's have no sizes to read here) */
    for (const Type *t = v->type->base; t->kind == TY_ARRAY; t = t->base) {
        levels++;
        run_time |= t->len < 0;
    }
    if (!run_time) return true;
    /* the declaration's expressions: the sizes of its type's rows as
     * written, innermost first, then its initializer */
    int nk, nsizes = 0;
    CXCursor *kids = fe_all_children(fe->a, decl, &nk);
    Expr *sizes[8];
    for (int i = 0; i < nk && nsizes < levels && nsizes < 8; i++)
        if (clang_isExpression(clang_getCursorKind(kids[i]))) {
            Expr *s = fe_lower_expr(fe, kids[i]);
            if (!s) return false;
            sizes[nsizes++] = fe_int_value(fe, s, kids[i]);
        }
    if (nsizes < levels || levels > 8) {
        diag_error(fe->u->diag, fe_loc(fe, decl), "cannot find the row lengths of '%s' in amp code", v->name);
        return false;
    }
    int n = 0, level = 1;
    for (const Type *t = v->type->base; t->kind == TY_ARRAY; t = t->base, level++) {
        if (t->len >= 0) continue;
        if (n == 2) {
            diag_error(fe->u->diag, fe_loc(fe, decl), "'%s' has more than two rows of run-time length", v->name);
            return false;
        }
        /* the elements in one row at this level: the product of its sizes and those inside */
        Expr *product = sizes[0];
        for (int j = 1; j <= levels - level; j++)
            product = fe_new_binary(fe, EX_BINARY, OP_MUL, type_int(4, true), product, sizes[j], decl);
        Var *h = fe_hidden_local(fe, arena_printf(fe->a, "%s.stride%d", v->name, level), type_int(4, true), decl);
        vec_push(fe->a, into, fe_decl_stmt(fe, h, product, decl));
        v->vla_strides[n++] = h;
    }
    return true;
}

/* Whether a cursor starts inside a macro's expansion. */
static bool from_macro(CXCursor c) {
    CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(c));
    unsigned spelled, expanded;
    clang_getSpellingLocation(start, NULL, NULL, NULL, &spelled);
    clang_getExpansionLocation(start, NULL, NULL, NULL, &expanded);
    return spelled != expanded;
}

/* Which of init, condition and step the children before the body are
 * (libclang omits a for statement's empty parts): all three when there are
 * three; else by where they start against the header's two semicolons, read
 * from the source text (so not through a macro, where every child's offset
 * is the macro's). *part is 0, 1 or 2 per child. */
static bool for_parts(Frontend *fe, CXCursor c, CXCursor *kids, int n, int *part) {
    if (n == 3) {
        for (int i = 0; i < 3; i++) part[i] = i;
        return true;
    }
    if (n == 0) return true;
    if (from_macro(c)) return false;
    CXToken *toks;
    unsigned nt;
    clang_tokenize(fe->tu, clang_getCursorExtent(c), &toks, &nt);
    unsigned semi[2] = {0, 0};
    int found = 0, depth = 0;
    for (unsigned i = 0; i < nt && found < 2; i++) {
        CXString sp = clang_getTokenSpelling(fe->tu, toks[i]);
        const char *t = clang_getCString(sp);
        if (!strcmp(t, "(")) depth++;
        else if (!strcmp(t, ")")) depth--;
        else if (!strcmp(t, ";") && depth == 1)
            semi[found++] = fe_offset(clang_getTokenLocation(fe->tu, toks[i]), NULL);
        clang_disposeString(sp);
    }
    clang_disposeTokens(fe->tu, toks, nt);
    if (found < 2) return false;
    for (int i = 0; i < n; i++) {
        unsigned off = fe_offset(clang_getRangeStart(clang_getCursorExtent(kids[i])), NULL);
        part[i] = off < semi[0] ? 0 : off < semi[1] ? 1 : 2;
    }
    return true;
}

static Stmt *lower_for(Frontend *fe, CXCursor c) {
    CXCursor kids[4];
    int n = fe_children(c, kids, 4), part[3];
    if (n < 1 || n > 4) return (Stmt *)fe_unsupported(fe, c, NULL);
    if (!for_parts(fe, c, kids, n - 1, part))
        return (Stmt *)fe_unsupported(fe, c, "a for statement without all three header parts written through a macro");
    Stmt *s = fe_new_stmt(fe, ST_FOR, c);
    int saved = fe->nvars;
    for (int i = 0; i < n - 1; i++) {
        if (part[i] == 0) s->init = fe_lower_stmt(fe, kids[i]);
        else if (part[i] == 1) s->expr = fe_lower_expr(fe, kids[i]);
        else s->step = fe_lower_expr(fe, kids[i]);
    }
    fe->loop_depth++;
    fe->break_depth++;
    s->then = fe_lower_stmt(fe, kids[n - 1]);
    fe->loop_depth--;
    fe->break_depth--;
    fe->nvars = saved;
    return s;
}

/* switch: the body's statements grouped by the labels that start them.
 * Labels must be directly in the body (no Duff's device). A case range
 * becomes one label per value, up to this many. */
enum { CASE_RANGE_MAX = 1024 };

static Stmt *lower_switch(Frontend *fe, CXCursor c) {
    CXCursor kids[3];
    if (fe_children(c, kids, 3) != 2) return (Stmt *)fe_unsupported(fe, c, "switch statement");
    Stmt *s = fe_new_stmt(fe, ST_SWITCH, c);
    s->expr = fe_lower_expr(fe, kids[0]);
    int n = 1;
    CXCursor *items = &kids[1];
    if (clang_getCursorKind(kids[1]) == CXCursor_CompoundStmt) items = fe_all_children(fe->a, kids[1], &n);
    int saved = fe->nvars;
    fe->break_depth++;
    SwitchCase *cur = NULL;
    for (int i = 0; i < n; i++) {
        CXCursor item = items[i];
        enum CXCursorKind k = clang_getCursorKind(item);
        if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
            cur = arena_alloc(fe->a, sizeof *cur);
            vec_push(fe->a, &s->body, cur);
            while (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
                CXCursor parts[3];
                int np = fe_children(item, parts, 3);
                if (k == CXCursor_DefaultStmt) {
                    cur->is_default = true;
                    item = parts[0];
                } else {
                    /* `case lo:`, or GNU C's `case lo ... hi:` (each value a label) */
                    long long lo, hi;
                    bool ok = np >= 2 && fe_eval_int(parts[0], &lo) && (np == 2 ? (hi = lo, true) : fe_eval_int(parts[1], &hi));
                    item = parts[np - 1];
                    if (!ok) {
                        fe_unsupported(fe, parts[0], "case label");
                    } else if (hi > lo && hi - lo >= CASE_RANGE_MAX) {
                        diag_error(fe->u->diag, fe_loc(fe, parts[0]),
                                   "a case range of more than %d values is not supported in amp code", CASE_RANGE_MAX);
                    } else {
                        int count = hi >= lo ? (int)(hi - lo + 1) : 0; /* lo > hi: clang warns, no value */
                        long long *vals = arena_alloc(fe->a, sizeof *vals * (size_t)(cur->nvalues + count + 1));
                        for (int j = 0; j < cur->nvalues; j++) vals[j] = cur->values[j];
                        for (int j = 0; j < count; j++) vals[cur->nvalues++] = lo + j;
                        cur->values = vals;
                    }
                }
                k = clang_getCursorKind(item);
            }
        }
        if (!cur) continue; /* before the first label: never runs */
        Stmt *st = fe_lower_stmt(fe, item);
        if (st) vec_push(fe->a, &cur->body, st);
    }
    fe->break_depth--;
    fe->nvars = saved;
    return s->expr ? s : NULL;
}

Stmt *fe_lower_stmt(Frontend *fe, CXCursor c) {
    CXCursor kids[3];
    Stmt *s;
    const OmpPragma *omp = fe_omp_pragma_before(fe, c);
    if (omp && omp->kind != OMP_OTHER) return fe_lower_omp_statement(fe, c, omp);
    switch (clang_getCursorKind(c)) {
    case CXCursor_CompoundStmt: return lower_block(fe, c);
    case CXCursor_DeclStmt: return lower_decl(fe, c);
    case CXCursor_NullStmt: return fe_new_stmt(fe, ST_EMPTY, c);
    case CXCursor_IfStmt: {
        int n = fe_children(c, kids, 3);
        if (n < 2 || n > 3) return (Stmt *)fe_unsupported(fe, c, NULL);
        s = fe_new_stmt(fe, ST_IF, c);
        s->expr = fe_lower_expr(fe, kids[0]);
        s->then = fe_lower_stmt(fe, kids[1]);
        if (n == 3) s->els = fe_lower_stmt(fe, kids[2]);
        return s;
    }
    case CXCursor_WhileStmt: case CXCursor_DoStmt: {
        bool is_do = clang_getCursorKind(c) == CXCursor_DoStmt;
        if (fe_children(c, kids, 3) != 2) return (Stmt *)fe_unsupported(fe, c, NULL);
        s = fe_new_stmt(fe, is_do ? ST_DO : ST_WHILE, c);
        s->expr = fe_lower_expr(fe, kids[is_do ? 1 : 0]);
        fe->loop_depth++;
        fe->break_depth++;
        s->then = fe_lower_stmt(fe, kids[is_do ? 0 : 1]);
        fe->loop_depth--;
        fe->break_depth--;
        return s;
    }
    case CXCursor_ForStmt:
        if (fe_is_pfe_loop(c)) {
            diag_error(fe->u->diag, fe_loc(fe, c), "parallel_for_each cannot be nested in amp code");
            return NULL;
        }
        return lower_for(fe, c);
    case CXCursor_BreakStmt:
        if (fe->break_depth == 0) {
            if (fe->kernel) diag_error(fe->u->diag, fe_loc(fe, c), "'break' is not allowed in a parallel_for_each body");
            else fe_unsupported(fe, c, "'break' outside a loop");
            return NULL;
        }
        return fe_new_stmt(fe, ST_BREAK, c);
    case CXCursor_ContinueStmt: return fe_new_stmt(fe, ST_CONTINUE, c);
    case CXCursor_ReturnStmt:
        if (fe->kernel) {
            diag_error(fe->u->diag, fe_loc(fe, c),
                       "'return' is not allowed in a parallel_for_each body (use 'continue' to end this thread)");
            return NULL;
        }
        s = fe_new_stmt(fe, ST_RETURN, c);
        if (fe_children(c, kids, 1) == 1) s->expr = fe_lower_expr(fe, kids[0]);
        return s;
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt:
        diag_error(fe->u->diag, fe_loc(fe, c), "'goto' and labels are not allowed in amp code");
        return NULL;
    case CXCursor_GCCAsmStmt: case CXCursor_MSAsmStmt:
        diag_error(fe->u->diag, fe_loc(fe, c), "inline assembly is not allowed in amp code");
        return NULL;
    case CXCursor_SwitchStmt: return lower_switch(fe, c);
    case CXCursor_UnexposedStmt:
        /* a statement with attributes ([[fallthrough]];, a loop after
         * #pragma unroll or #pragma clang loop): the statement, whose
         * hints the device compiler is left to decide */
        if (fe_children(c, kids, 2) == 1 && clang_isStatement(clang_getCursorKind(kids[0])))
            return fe_lower_stmt(fe, kids[0]);
        return (Stmt *)fe_unsupported(fe, c, NULL);
    case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
        diag_error(fe->u->diag, fe_loc(fe, c), "case label not directly in the body of its switch is not supported in amp code");
        return NULL;
    default:
        if (clang_isExpression(clang_getCursorKind(c))) {
            bool is_assert, is_memory;
            s = fe_lower_assert(fe, c, &is_assert);
            if (is_assert) return s;
            s = fe_lower_memory_call(fe, c, &is_memory);
            if (is_memory) return s;
            s = fe_new_stmt(fe, ST_EXPR, c);
            s->expr = fe_lower_expr(fe, c);
            return s->expr ? s : NULL;
        }
        return (Stmt *)fe_unsupported(fe, c, NULL);
    }
}
