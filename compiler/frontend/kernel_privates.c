/* kernel_privates.c — variables of the function around a kernel that the
 * kernel uses as its own: C written before C99 (and PolyBench, Numerical
 * Recipes, f2c's output) declares its loop counters, temporaries and
 * out-parameters at the top of the function, `int i, j; double s, c;`,
 * and a kernel's `for (j = 0; j < n; j++)` or `sincos(a, &s, &c)` then
 * assigns one. Captures are read-only copies (a write could only be lost),
 * and a variable whose address the kernel takes is otherwise shared with
 * the host; but a variable the kernel always assigns before it reads it
 * carries nothing in or out: each thread gets a variable of its own
 * instead, and the host's is left as it was. A variable read before it is
 * surely assigned, or whose address goes anywhere but an out-parameter,
 * stays a capture (and writing it stays an error: a `count++` meant as a
 * sum must not compile); so does one the kernel never reads (`found = 1;`
 * is meant for the host).
 *
 * "Surely assigned" is C's definite assignment over the kernel's
 * statements in order: an assignment `v = e` (e read first), of a struct
 * member by member (`s.re = 0; s.im = 0;`), a call that surely writes
 * through `&v` (sincos, frexp, modf, remquo, and restrict(amp) helpers
 * that write through the parameter before reading through it, found the
 * same way); both branches of an if or ?:; a for loop's first clauses (its
 * body and step may not run, and run again after a read at the top of
 * the body); a while loop's condition; nothing inside a do, switch, &&,
 * || or a loop body counts after it. A goto anywhere makes no variable
 * private.
 *
 * Also here: whether a kernel uses a pointer of the function only to read
 * a struct's members through it (frontend.c then takes the struct by
 * value). */
#include "frontend.h"

#include <limits.h>
#include <string.h>

/* Helpers nested this deep are not looked into (their parameters count
 * as read). */
#define MAX_HELPER_DEPTH 4

typedef uint64_t Parts; /* bit i: member i surely assigned (bit 0: a scalar) */

typedef struct Use {
    Frontend *fe;
    CXCursor decl;   /* canonical: the variable, or (through) a helper's pointer parameter */
    bool through;    /* what decl points to is the variable (a helper's out-parameter) */
    bool record;     /* decl is a struct assigned member by member */
    Parts whole;     /* every part */
    int depth;       /* helpers looked into to get here */
    bool read_first; /* read (or its address taken) where it is not surely assigned */
    bool assigned;   /* assigned somewhere */
    bool read;       /* read where it is */
    /* the host's use of a file-scope static: a kernel that names it, or a
     * call of a function whose kernels do, leaves it unknown after */
    bool kernels_leave_it;
} Use;

static bool names_decl(Use *u, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr) return false;
    return clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), u->decl);
}

/* The lvalue c without the parentheses around it (an lvalue has no
 * implicit conversion around it, and libclang shows a vector's component
 * `v.x` as an unexposed expression around `v`). */
static CXCursor bare(CXCursor c) {
    CXCursor kids[2];
    while (clang_getCursorKind(c) == CXCursor_ParenExpr && fe_children(c, kids, 2) == 1) c = kids[0];
    return c;
}

/* An rvalue without its parentheses and implicit conversions. */
static CXCursor bare_value(CXCursor c) {
    CXCursor kids[2];
    while ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
           fe_children(c, kids, 2) == 1)
        c = kids[0];
    return c;
}

/* Whether c is `&x` or `*p` (op); its operand: the lvalue x, the value p. */
static bool is_unary(CXCursor c, enum CXUnaryOperatorKind op, CXCursor *operand) {
    CXCursor kids[2];
    if (clang_getCursorKind(c) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(c) != op ||
        fe_children(c, kids, 2) != 1)
        return false;
    *operand = op == CXUnaryOperator_Deref ? bare_value(kids[0]) : bare(kids[0]);
    return true;
}

/* Bit of member `m` (a MemberRefExpr) of the record decl is of. */
static Parts member_part(CXCursor m) {
    CXCursor field = clang_getCursorReferenced(m);
    CXCursor record = clang_getCursorSemanticParent(field);
    int i = 0;
    int n;
    CXCursor kids[64];
    n = fe_children(record, kids, 64);
    for (int k = 0; k < n; k++) {
        if (clang_getCursorKind(kids[k]) != CXCursor_FieldDecl) continue;
        if (clang_equalCursors(kids[k], field)) return (Parts)1 << i;
        i++;
    }
    return 0;
}

/* Whether c (an lvalue) is a member of the variable itself: `s.re`. */
static bool is_own_member(Use *u, CXCursor c) {
    CXCursor kids[2];
    return u->record && clang_getCursorKind(c) == CXCursor_MemberRefExpr && fe_children(c, kids, 2) == 1 &&
           names_decl(u, bare(kids[0]));
}

/* Whether c, an argument, hands the variable to be written: `&v`, or the
 * pointer parameter itself in a helper. */
static bool hands_variable(Use *u, CXCursor c) {
    CXCursor operand;
    if (u->through) return names_decl(u, bare_value(c));
    return is_unary(bare_value(c), CXUnaryOperator_AddrOf, &operand) && names_decl(u, operand);
}

static Parts walk(Use *u, CXCursor c, Parts assigned);

/* The definition of the function `call` calls, and its body; false where
 * the translation unit has none. */
static bool helper_body(Frontend *fe, CXCursor call, CXCursor *def, CXCursor *body) {
    *def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(*def) || clang_getCursorKind(*def) != CXCursor_FunctionDecl) return false;
    int n;
    CXCursor *kids = fe_all_children(fe->a, *def, &n);
    if (!n || clang_getCursorKind(kids[n - 1]) != CXCursor_CompoundStmt) return false;
    *body = kids[n - 1];
    return true;
}

/* Whether the callee of `call` surely writes through its parameter i
 * before it reads through it (and does nothing else with it). */
static bool writes_first(Use *u, CXCursor call, int i) {
    static const struct {
        const char *name;
        unsigned params; /* bit i: parameter i is written only */
    } outs[] = {{"sincos", 6}, {"sincosf", 6}, {"frexp", 2}, {"frexpf", 2},
                {"modf", 2},   {"modff", 2},   {"remquo", 4}, {"remquof", 4}, {"lgamma_r", 2}, {"lgammaf_r", 2}};
    CXCursor callee = clang_getCursorReferenced(call);
    CXString s = clang_getCursorSpelling(callee);
    const char *name = clang_getCString(s);
    if (name && !strncmp(name, "camp_precise_", 13)) name += 13; /* <math.h>'s names in amp code (camp_math.h) */
    bool yes = false, known = false;
    for (size_t k = 0; k < sizeof outs / sizeof *outs && name; k++)
        if (!strcmp(name, outs[k].name)) known = true, yes = i < 32 && (outs[k].params >> i & 1);
    clang_disposeString(s);
    if (known) return yes;
    CXCursor def, body;
    if (u->depth == MAX_HELPER_DEPTH || !helper_body(u->fe, call, &def, &body) || i >= clang_Cursor_getNumArguments(def))
        return false;
    Use p = {.fe = u->fe, .decl = clang_getCanonicalCursor(clang_Cursor_getArgument(def, (unsigned)i)), .through = true,
             .whole = 1, .depth = u->depth + 1};
    walk(&p, body, 0);
    return p.assigned && !p.read_first;
}

typedef struct KernelUse {
    CXCursor decl;
    int in_kernels; /* parallel_for_each loops around the cursor visited */
    bool named;
} KernelUse;

static enum CXChildVisitResult find_kernel_use(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    KernelUse *k = data;
    if (clang_getCursorKind(c) == CXCursor_ForStmt && fe_is_pfe_loop(c)) {
        k->in_kernels++;
        clang_visitChildren(c, find_kernel_use, k);
        k->in_kernels--;
        return k->named ? CXChildVisit_Break : CXChildVisit_Continue;
    }
    if (k->in_kernels && clang_getCursorKind(c) == CXCursor_DeclRefExpr && fe_names(c, k->decl)) k->named = true;
    return k->named ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether a kernel in c (c itself, or one in a function c calls) names
 * u's variable. */
static bool kernels_name(Use *u, CXCursor c) {
    KernelUse k = {u->decl, 0, false};
    CXCursor def, body;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        if (!helper_body(u->fe, c, &def, &body)) return false;
        c = body;
    }
    if (clang_getCursorKind(c) == CXCursor_ForStmt && fe_is_pfe_loop(c)) k.in_kernels = 1;
    clang_visitChildren(c, find_kernel_use, &k);
    return k.named;
}

/* A call's arguments in order, those that hand the variable to be written
 * last (after the others are read); the parts assigned after it. */
static Parts walk_call(Use *u, CXCursor call, Parts assigned) {
    if (u->kernels_leave_it && kernels_name(u, call)) assigned = 0;
    int n;
    CXCursor *kids = fe_all_children(u->fe->a, call, &n);
    int args = clang_Cursor_getNumArguments(call);
    bool writes = false;
    for (int i = 0; i < n; i++) {
        int arg = i - (n - args); /* the callee's expression comes first */
        if (arg >= 0 && hands_variable(u, kids[i]) && writes_first(u, call, arg)) writes = true;
        else assigned = walk(u, kids[i], assigned);
    }
    if (!writes) return assigned;
    u->assigned = true;
    return u->whole;
}

/* The children of c in order, from `from`; the parts surely assigned after them. */
static Parts walk_children(Use *u, CXCursor c, int from, Parts assigned) {
    int n;
    CXCursor *kids = fe_all_children(u->fe->a, c, &n);
    for (int i = from; i < n; i++) assigned = walk(u, kids[i], assigned);
    return assigned;
}

static void note_read(Use *u, Parts needed, Parts assigned) {
    u->read_first = u->read_first || (assigned & needed) != needed;
    u->read = true;
}

static Parts walk(Use *u, CXCursor c, Parts assigned) {
    int n;
    CXCursor *kids, operand;
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr:
        if (!names_decl(u, c)) return assigned;
        if (u->through) u->read_first = true; /* the pointer itself, passed on or moved */
        else note_read(u, u->whole, assigned);
        return assigned;
    case CXCursor_MemberRefExpr:
        if (!is_own_member(u, c)) return walk_children(u, c, 0, assigned);
        note_read(u, member_part(c), assigned);
        return assigned;
    case CXCursor_CallExpr: return walk_call(u, c, assigned);
    case CXCursor_BinaryOperator:
        kids = fe_all_children(u->fe->a, c, &n);
        if (n != 2) return walk_children(u, c, 0, assigned);
        switch (clang_getCursorBinaryOperatorKind(c)) {
        case CXBinaryOperator_Assign: {
            CXCursor target = bare(kids[0]);
            Parts part = 0;
            if (u->through ? is_unary(target, CXUnaryOperator_Deref, &operand) && names_decl(u, operand)
                           : names_decl(u, target))
                part = u->whole;
            else if (is_own_member(u, target))
                part = member_part(target);
            if (!part) return walk(u, kids[1], walk(u, kids[0], assigned));
            assigned = walk(u, kids[1], assigned);
            u->assigned = true;
            return assigned | part;
        }
        case CXBinaryOperator_LAnd:
        case CXBinaryOperator_LOr:
            assigned = walk(u, kids[0], assigned);
            walk(u, kids[1], assigned); /* may not run */
            return assigned;
        default: return walk(u, kids[1], walk(u, kids[0], assigned));
        }
    case CXCursor_UnaryOperator:
        if (u->through && is_unary(c, CXUnaryOperator_Deref, &operand) && names_decl(u, operand)) {
            note_read(u, u->whole, assigned);
            return assigned;
        }
        if (!u->through && is_unary(c, CXUnaryOperator_AddrOf, &operand) && names_decl(u, operand))
            u->read_first = true; /* the thread's own copy would not be the one the address names */
        return walk_children(u, c, 0, assigned);
    case CXCursor_ConditionalOperator:
    case CXCursor_IfStmt: {
        kids = fe_all_children(u->fe->a, c, &n);
        if (n < 2) return walk_children(u, c, 0, assigned);
        assigned = walk(u, kids[0], assigned);
        Parts then = walk(u, kids[1], assigned);
        Parts els = n > 2 ? walk(u, kids[2], assigned) : assigned;
        return then & els;
    }
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt: {
        /* in the host's walk, a kernel's body begins with the variable unassigned: its own, if a temporary */
        bool kernel = u->kernels_leave_it && clang_getCursorKind(c) == CXCursor_ForStmt && fe_is_pfe_loop(c);
        kids = fe_all_children(u->fe->a, c, &n);
        for (int i = 0; i + 1 < n; i++) assigned = walk(u, kids[i], assigned); /* first clauses, condition */
        if (n) walk(u, kids[n - 1], kernel ? 0 : assigned);
        return u->kernels_leave_it && kernels_name(u, c) ? 0 : assigned;
    }
    case CXCursor_DoStmt:
    case CXCursor_SwitchStmt:
        kids = fe_all_children(u->fe->a, c, &n);
        if (clang_getCursorKind(c) == CXCursor_SwitchStmt && n) assigned = walk(u, kids[0], assigned), kids++, n--;
        for (int i = 0; i < n; i++) walk(u, kids[i], assigned);
        return assigned;
    case CXCursor_GotoStmt:
    case CXCursor_IndirectGotoStmt:
    case CXCursor_LabelStmt: u->read_first = true; return assigned;
    default: return walk_children(u, c, 0, assigned);
    }
}

/* Whether decl's type is a struct of at most 64 members, assigned member
 * by member; the bits of its members. */
static bool record_parts(CXType t, Parts *whole) {
    if (t.kind != CXType_Record) return false;
    CXCursor record = clang_getTypeDeclaration(t), kids[65];
    if (clang_getCursorKind(record) != CXCursor_StructDecl) return false;
    int n = fe_children(record, kids, 65), fields = 0;
    for (int k = 0; k < n; k++) fields += clang_getCursorKind(kids[k]) == CXCursor_FieldDecl;
    if (n > 64 || !fields) return false;
    *whole = fields == 64 ? ~(Parts)0 : ((Parts)1 << fields) - 1;
    return true;
}

/* Whether decl is a variable of the function around a kernel (not a
 * static one); its canonical type. */
static bool function_variable(CXCursor decl, CXType *t) {
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) return false;
    if (k == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(decl)) return false;
    *t = clang_getCanonicalType(clang_getCursorType(decl));
    return true;
}

/* How the kernel of `body` uses decl, such a variable of type t. */
static Use kernel_use(Frontend *fe, CXCursor body, CXCursor decl, CXType t) {
    Use u = {.fe = fe, .decl = clang_getCanonicalCursor(decl), .whole = 1};
    u.record = record_parts(t, &u.whole);
    walk(&u, body, 0);
    return u;
}

/* ---- statics that every function naming them uses as a temporary -------- */

typedef struct Temporary {
    Frontend *fe;
    CXCursor decl; /* canonical */
    CXType t;
    bool temporary;
} Temporary;

static enum CXChildVisitResult find_use_in_initializer(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Temporary *s = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && fe_names(c, s->decl)) s->temporary = false;
    return s->temporary ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* Each function of the file: one that may read decl before it assigns
 * it, or takes its address, uses it otherwise; so does another global's
 * initializer that names it. */
static enum CXChildVisitResult scan_top_level(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Temporary *s = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c))) return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
        int n;
        CXCursor *kids = fe_all_children(s->fe->a, c, &n);
        if (n && clang_getCursorKind(kids[n - 1]) == CXCursor_CompoundStmt) {
            Use u = {.fe = s->fe, .decl = s->decl, .whole = 1, .kernels_leave_it = true};
            walk(&u, kids[n - 1], 0);
            if (u.read_first) s->temporary = false;
        }
    } else if (k == CXCursor_VarDecl && !clang_equalCursors(clang_getCanonicalCursor(c), s->decl)) {
        clang_visitChildren(c, find_use_in_initializer, s);
    }
    return s->temporary ? CXChildVisit_Continue : CXChildVisit_Break;
}

typedef struct TemporaryVerdict {
    CXCursor decl; /* canonical */
    bool temporary;
} TemporaryVerdict;

bool fe_is_static_temporary(Frontend *fe, CXCursor decl) {
    CXCursor scope = clang_getCursorSemanticParent(decl);
    enum CXCursorKind scope_kind = clang_getCursorKind(scope);
    if (clang_getCursorKind(decl) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(decl) != 1 ||
        clang_Cursor_getStorageClass(decl) != CX_SC_Static || clang_getCursorTLSKind(decl) != CXTLS_None ||
        (scope_kind != CXCursor_TranslationUnit && scope_kind != CXCursor_FunctionDecl))
        return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    bool arithmetic = (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) || t.kind == CXType_Float16;
    if (!arithmetic || clang_isConstQualifiedType(t) || clang_isVolatileQualifiedType(t)) return false;
    Temporary s = {fe, clang_getCanonicalCursor(decl), t, true};
    for (int i = 0; i < fe->ntemporaries; i++) /* each use asks: the file is scanned once per variable */
        if (clang_equalCursors(fe->temporaries[i].decl, s.decl)) return fe->temporaries[i].temporary;
    if (scope_kind == CXCursor_FunctionDecl) scan_top_level(scope, scope, &s); /* f2c's locals: one function names it */
    else clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), scan_top_level, &s);
    fe->temporaries = grow_array(fe->temporaries, fe->ntemporaries, &fe->captemporaries, sizeof *fe->temporaries, 8);
    fe->temporaries[fe->ntemporaries++] = (TemporaryVerdict){s.decl, s.temporary};
    return s.temporary;
}

/* ---- scalars whose kernel's value the program reads after it ---------------- */

enum { LATER_MAX_LOOPS = 32 };

/* The uses of a variable in the function around a kernel, in the text's
 * order, and the loops around the kernel. */
typedef struct Later {
    CXCursor decl, body;
    unsigned body_begin, body_end, pfe_begin;
    unsigned first[2 * LATER_MAX_LOOPS + 1]; /* per region (below): the first use's offset, or UINT_MAX */
    bool first_assigns[2 * LATER_MAX_LOOPS + 1]; /* that use is the target of `v = e` */
    CXCursor first_use[2 * LATER_MAX_LOOPS + 1];
    unsigned loop_begin[LATER_MAX_LOOPS], loop_end[LATER_MAX_LOOPS];
    int nloops;
    bool too_deep;
} Later;

static unsigned begin_of(CXCursor c) { return fe_offset(clang_getRangeStart(clang_getCursorExtent(c)), NULL); }
static unsigned end_of(CXCursor c) { return fe_offset(clang_getRangeEnd(clang_getCursorExtent(c)), NULL); }

static enum CXChildVisitResult find_loops(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Later *l = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
    if (loop && fe_is_pfe_loop(c)) {
        CXCursor idx, body;
        if (fe_pfe_parts(c, &idx, &body) && clang_equalCursors(body, l->body)) l->pfe_begin = begin_of(c);
        return CXChildVisit_Continue;
    }
    if (loop && begin_of(c) <= l->body_begin && end_of(c) >= l->body_end) {
        if (l->nloops == LATER_MAX_LOOPS) l->too_deep = true;
        else l->loop_begin[l->nloops] = begin_of(c), l->loop_end[l->nloops++] = end_of(c); /* outermost first */
    }
    return CXChildVisit_Recurse;
}

/* The region the program runs after the kernel that offset `at` lies in:
 * 0 the rest of the innermost loop around it (or of the function), 1 that
 * loop's next pass up to the kernel, 2 the rest of the next loop out, ...;
 * -1: the kernel itself. */
static int region_of(const Later *l, unsigned at) {
    if (at >= l->body_begin && at < l->body_end) return -1;
    unsigned inner_begin = l->body_begin, inner_end = l->body_end;
    for (int i = l->nloops - 1, region = 0; i >= 0; i--, region += 2) {
        if (at >= inner_end && at < l->loop_end[i]) return region;
        if (at >= l->loop_begin[i] && at < inner_begin) return region + 1;
        inner_begin = l->loop_begin[i], inner_end = l->loop_end[i];
    }
    return at >= inner_end ? 2 * l->nloops : -1; /* before the outermost loop: runs before the kernel */
}

static void note_later_use(Later *l, CXCursor use, bool assigns) {
    unsigned at = fe_offset(clang_getCursorLocation(use), NULL);
    int region = region_of(l, at);
    if (region >= 0 && at < l->first[region])
        l->first[region] = at, l->first_assigns[region] = assigns, l->first_use[region] = use;
}

static enum CXChildVisitResult find_later_uses(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Later *l = data;
    CXCursor kids[2];
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
        fe_children(c, kids, 2) == 2 && fe_names(bare(kids[0]), l->decl)) {
        note_later_use(l, bare(kids[0]), true);
        clang_visitChildren(kids[1], find_later_uses, l);
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_DeclRefExpr && fe_names(c, l->decl)) note_later_use(l, c, false);
    return CXChildVisit_Recurse;
}

/* Whether a kernel's domain, as written, is `extent(1)` (or `extent(1, 1)`, ...). */
static bool one_thread_domain(const char *d) {
    if (strncmp(d, "extent(", 7)) return false;
    for (d += 7;; d++) {
        while (*d == ' ') d++;
        if (*d++ != '1') return false;
        while (*d == ' ') d++;
        if (*d == ')') return d[1] == 0;
        if (*d != ',') return false;
    }
}

/* Whether the program reads decl's value after the kernel of `body`, as
 * far as the text tells: its first use after the kernel, running on
 * through the loops around it (the rest of a loop's pass, then its next
 * pass up to the kernel, then what follows the loop), is not `decl = e`:
 * a read by the host, or by a later kernel that takes it as a capture.
 * *single: the kernel has one thread (`extent(1)`); *read: that use. */
static bool needed_after_kernel(Frontend *fe, CXCursor body, CXCursor decl, bool *single, CXCursor *read) {
    CXCursor function = clang_getCursorSemanticParent(decl);
    Later l = {.decl = clang_getCanonicalCursor(decl), .body = body, .body_begin = begin_of(body), .body_end = end_of(body)};
    for (int i = 0; i < 2 * LATER_MAX_LOOPS + 1; i++) l.first[i] = UINT_MAX;
    clang_visitChildren(function, find_loops, &l);
    if (l.too_deep) return false;
    clang_visitChildren(function, find_later_uses, &l);
    const char *view, *domain;
    *single = fe_domain_text(fe, l.pfe_begin, &view, &domain) && one_thread_domain(domain);
    for (int region = 0; region <= 2 * l.nloops; region++)
        if (l.first[region] != UINT_MAX) {
            *read = l.first_use[region];
            return !l.first_assigns[region];
        }
    return false;
}

/* The kernel's use of decl as a thread's own: it reads decl and surely
 * assigns it before each read. */
static bool thread_own_use(Frontend *fe, CXCursor body, CXCursor decl) {
    CXType t;
    if (!function_variable(decl, &t) || t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
        t.kind == CXType_IncompleteArray || clang_isConstQualifiedType(t))
        return false;
    Use u = kernel_use(fe, body, decl, t);
    return u.assigned && u.read && !u.read_first;
}

KernelOwn fe_kernel_own_use(Frontend *fe, CXCursor body, CXCursor decl, bool *single, CXCursor *read) {
    if (!thread_own_use(fe, body, decl)) return KERNEL_OWN_NONE;
    return needed_after_kernel(fe, body, decl, single, read) ? KERNEL_OWN_READ_AFTER : KERNEL_OWN;
}

bool fe_is_kernel_private(Frontend *fe, CXCursor body, CXCursor decl) {
    bool single;
    CXCursor read;
    return fe_kernel_own_use(fe, body, decl, &single, &read) == KERNEL_OWN;
}

bool fe_is_kernel_flag(Frontend *fe, CXCursor body, CXCursor decl) {
    CXType t;
    if (!function_variable(decl, &t) || t.kind == CXType_Record || t.kind == CXType_ConstantArray ||
        t.kind == CXType_Pointer)
        return false;
    Use u = kernel_use(fe, body, decl, t);
    return u.assigned && !u.read && !u.read_first;
}

typedef struct MemberUses {
    CXCursor decl;
    int uses, members; /* of decl in the kernel; of them, `decl->m` and `*decl` */
} MemberUses;

static enum CXChildVisitResult count_member_uses(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    MemberUses *m = data;
    CXCursor kids[2];
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr && fe_names(c, m->decl)) m->uses++;
    bool deref = k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
    if ((k == CXCursor_MemberRefExpr || deref) && fe_children(c, kids, 2) >= 1 && fe_names(kids[0], m->decl))
        m->members++;
    return CXChildVisit_Recurse;
}

bool fe_only_member_uses(CXCursor body, CXCursor decl) {
    MemberUses m = {clang_getCanonicalCursor(decl), 0, 0};
    clang_visitChildren(body, count_member_uses, &m);
    return m.uses > 0 && m.uses == m.members;
}

/* Whether c (without parentheses) is `*p` or `p[0]`, p naming decl. */
static bool reads_one_through(CXCursor c, CXCursor decl) {
    CXCursor kids[2], p;
    c = bare(c);
    if (is_unary(c, CXUnaryOperator_Deref, &p)) return fe_names(p, decl);
    if (clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr || fe_children(c, kids, 2) != 2 ||
        !fe_names(bare_value(kids[0]), decl))
        return false;
    long long index;
    return clang_getCursorKind(bare_value(kids[1])) == CXCursor_IntegerLiteral && fe_eval_int(kids[1], &index) &&
           index == 0;
}

typedef struct ReadsThrough {
    CXCursor decl;
    int uses, reads; /* of decl in the kernel; of them, `*decl` and `decl[0]` */
    bool written;    /* one of those is assigned, incremented, or has its address taken */
} ReadsThrough;

static enum CXChildVisitResult count_reads_through(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    ReadsThrough *r = data;
    CXCursor kids[2];
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr && fe_names(c, r->decl)) r->uses++;
    if (reads_one_through(c, r->decl)) r->reads++;
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && fe_children(c, kids, 2) == 2) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        r->written |= op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign &&
                      reads_one_through(kids[0], r->decl);
    }
    if (k == CXCursor_UnaryOperator && fe_children(c, kids, 2) == 1 && reads_one_through(kids[0], r->decl)) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        r->written |= op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                      op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec || op == CXUnaryOperator_AddrOf;
    }
    return CXChildVisit_Recurse;
}

bool fe_only_reads_through(CXCursor body, CXCursor decl) {
    ReadsThrough r = {clang_getCanonicalCursor(decl), 0, 0, false};
    count_reads_through(body, body, &r); /* a body of one statement, `*p = *p * 2;`, is itself a use */
    clang_visitChildren(body, count_reads_through, &r);
    return r.uses > 0 && r.uses == r.reads && !r.written;
}

/* ---- arrays: every thread's scratch ------------------------------------------ */

/* An array of the function around a kernel, declared at its top as C
 * written before C99 declares its temporaries (`double w[4];`, the
 * `xe[3]`, `ke[3][3]` of element codes), and used by the kernel as each
 * iteration's scratch: every thread writes the same elements, so that as
 * one view the threads would race on it. It is each thread's own where
 * (1) the kernel names it only to index it (or, once it has written every
 * element, by a loop, memset or memcpy, also to pass it on: `fill(w);
 * use(w);`; a helper it is handed to is looked into as the kernel is), at
 * indices that are the same in every thread (built from constants,
 * captured values and variables assigned only from such: not the
 * thread's index, nothing read from memory), so that no thread hands
 * another a result through it; (2) the kernel's first use of it, in the
 * order it runs, writes an element, and a later one reads (a flag read
 * before it is set, `if (!seen[0]) seen[0] = 1`, stays shared, and so
 * does an array the kernel only writes); (3) the host reads it nowhere in
 * the function but after writing it whole itself (it may write it, `p[3]
 * = 1`; another kernel may use it as scratch too), so nothing waits for
 * what the threads leave in it. Each thread's copy starts as the host's
 * array. */

enum { SCRATCH_MAX_BYTES = 4096, SCRATCH_MAX_DEPTH = 16 };

/* A helper the kernel hands the array to, looked into as the kernel is,
 * its pointer parameter standing for the array: each of its parameters is
 * the same in every thread where the call's argument is. */
typedef struct HelperFrame {
    CXCursor function;
    bool *same; /* per parameter */
    int depth;  /* helpers looked into to get here */
} HelperFrame;

typedef struct Scratch {
    Frontend *fe;
    CXCursor decl;           /* canonical: the array */
    CXCursor body, index;    /* the kernel looked at (its body, its index's declaration); null: the host */
    CXCursor kernel;         /* the parallel_for_each being lowered, which the host's scan skips */
    const HelperFrame *frame; /* the helper body is one of (null: the kernel's or the host's) */
    CXCursor checking[SCRATCH_MAX_DEPTH]; /* variables whose assignments are being looked at */
    int nchecking;
    bool touched, write_first, read, shared;
    int guarded;             /* if, switch, ?:, && and || around the place scanned */
    bool first_write_guarded; /* the first write is under one (`if (i == 0) sum[0] = 0;`) */
    bool covered; /* the kernel began by writing every element: any index after that is the thread's own */
    /* the host's scan: the compound statements around the place scanned, and the child of each it is in */
    CXCursor blocks[SCRATCH_MAX_DEPTH];
    int block_at[SCRATCH_MAX_DEPTH], nblocks;
} Scratch;

static bool same_in_every_thread(Scratch *s, CXCursor c);

typedef struct Assignments {
    Scratch *s;
    CXCursor var;
    bool same;
} Assignments;

/* Each assignment of a->var in the kernel's body: what it assigns must be
 * the same in every thread (`k++` keeps k so; `&k` makes it unknown). */
static enum CXChildVisitResult check_assignment(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Assignments *a = data;
    CXCursor kids[2];
    int n;
    switch (clang_getCursorKind(c)) {
    case CXCursor_VarDecl:
        if (clang_equalCursors(clang_getCanonicalCursor(c), a->var)) {
            CXCursor *all = fe_all_children(a->s->fe->a, c, &n);
            if (n && clang_isExpression(clang_getCursorKind(all[n - 1])) && !same_in_every_thread(a->s, all[n - 1]))
                a->same = false;
        }
        break;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign && fe_children(c, kids, 2) == 2 &&
            fe_names(kids[0], a->var) && !same_in_every_thread(a->s, kids[1]))
            a->same = false;
        break;
    }
    case CXCursor_UnaryOperator:
        if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf && fe_children(c, kids, 2) == 1 &&
            fe_names(kids[0], a->var))
            a->same = false;
        break;
    default: break;
    }
    return a->same ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static bool children_same(Scratch *s, CXCursor c) {
    int n;
    CXCursor *kids = fe_all_children(s->fe->a, c, &n);
    for (int i = 0; i < n; i++)
        if (!same_in_every_thread(s, kids[i])) return false;
    return true;
}

static bool same_in_every_thread(Scratch *s, CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: /* sizeof, _Alignof */
        return true;
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_BinaryOperator:
    case CXCursor_ConditionalOperator:
        return children_same(s, c);
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        return op != CXUnaryOperator_Deref && op != CXUnaryOperator_AddrOf && children_same(s, c);
    }
    case CXCursor_DeclRefExpr: {
        CXCursor var = clang_getCanonicalCursor(clang_getCursorReferenced(c));
        enum CXCursorKind k = clang_getCursorKind(var);
        if (k == CXCursor_EnumConstantDecl) return true;
        if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || clang_equalCursors(var, s->index)) return false;
        if (k == CXCursor_ParmDecl && s->frame)
            for (int i = 0; i < clang_Cursor_getNumArguments(s->frame->function); i++)
                if (clang_equalCursors(clang_getCanonicalCursor(clang_Cursor_getArgument(s->frame->function, (unsigned)i)),
                                       var) &&
                    !s->frame->same[i])
                    return false;
        if (k == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(var))
            return clang_isConstQualifiedType(clang_getCursorType(var)); /* another thread may write it */
        for (int i = 0; i < s->nchecking; i++)
            if (clang_equalCursors(s->checking[i], var)) return true; /* `k = k + 1`: as k is */
        if (s->nchecking == SCRATCH_MAX_DEPTH) return false;
        s->checking[s->nchecking++] = var;
        Assignments a = {s, var, true};
        clang_visitChildren(s->body, check_assignment, &a);
        s->nchecking--;
        return a.same;
    }
    default: return false; /* a call, a load, the thread's index */
    }
}

static void scratch_scan(Scratch *s, CXCursor c);

/* Whether c indexes the array (`w[i]`, `w[i][j]`); its indices scanned,
 * each the same in every thread where a kernel is looked at. */
static bool scratch_element(Scratch *s, CXCursor c) {
    CXCursor kids[2], base = c;
    PtrVec indices = {0};
    while (clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr && fe_children(base, kids, 2) == 2) {
        CXCursor *index = arena_alloc(s->fe->a, sizeof *index);
        *index = kids[1];
        vec_push(s->fe->a, &indices, index);
        base = bare_value(kids[0]);
    }
    if (!indices.len || !fe_names(base, s->decl)) return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    if (t.kind == CXType_ConstantArray) s->shared = true; /* a row, passed on or decayed */
    for (int i = 0; i < indices.len; i++) {
        CXCursor *index = indices.items[i];
        if (!clang_Cursor_isNull(s->body) && !s->covered && !same_in_every_thread(s, *index)) s->shared = true;
        scratch_scan(s, *index);
    }
    return true;
}

static bool host_wrote_whole_first(Scratch *s);

static void scratch_touch(Scratch *s, bool write) {
    if (!s->touched) s->touched = true, s->write_first = write, s->first_write_guarded = s->guarded > 0;
    if (!write && (!clang_Cursor_isNull(s->body) || !host_wrote_whole_first(s))) s->read = true;
}

/* Whether the assignment's target c is an element of the array or a
 * member of one (`w[k] = …`, `xe[i].x = …`). */
static bool scratch_target(Scratch *s, CXCursor c) {
    CXCursor kids[2];
    c = bare(c);
    while (clang_getCursorKind(c) == CXCursor_MemberRefExpr && fe_children(c, kids, 2) == 1 &&
           clang_getCanonicalType(clang_getCursorType(kids[0])).kind != CXType_Pointer)
        c = bare(kids[0]);
    return clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && scratch_element(s, c);
}

/* A call in the kernel that hands the array to a helper (`fill(w, x);`,
 * `cross(a, b, w);`): the helper's body is scanned in its place, after
 * the call's other arguments. False (the array then counts as passed on)
 * where the helper's body is not in the translation unit, the array is
 * handed twice (the parameters alias) or helpers nest too deep. */
static bool scratch_call(Scratch *s, CXCursor call) {
    int args = clang_Cursor_getNumArguments(call), at = -1;
    for (int i = 0; i < args; i++)
        if (fe_names(clang_Cursor_getArgument(call, (unsigned)i), s->decl)) {
            if (at >= 0) return false;
            at = i;
        }
    CXCursor def, body;
    int depth = s->frame ? s->frame->depth + 1 : 1;
    if (at < 0 || depth > MAX_HELPER_DEPTH || !helper_body(s->fe, call, &def, &body) ||
        clang_Cursor_getNumArguments(def) != args)
        return false;
    HelperFrame frame = {def, arena_alloc(s->fe->a, sizeof(bool) * (size_t)args), depth};
    for (int i = 0; i < args; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        if (i != at) scratch_scan(s, arg);
        frame.same[i] = i != at && same_in_every_thread(s, arg);
    }
    Scratch caller = *s;
    s->decl = clang_getCanonicalCursor(clang_Cursor_getArgument(def, (unsigned)at));
    s->body = body;
    s->index = clang_getNullCursor();
    s->frame = &frame;
    scratch_scan(s, body);
    s->decl = caller.decl, s->body = caller.body, s->index = caller.index, s->frame = caller.frame;
    return true;
}

/* Another parallel_for_each of the function: the array must be its
 * scratch too, or untouched. */
static void scratch_other_kernel(Scratch *s, CXCursor outer) {
    Scratch k = {.fe = s->fe, .decl = s->decl, .kernel = s->kernel};
    if (!fe_pfe_parts(outer, &k.index, &k.body)) {
        s->shared = true;
        return;
    }
    k.index = clang_getCanonicalCursor(k.index);
    scratch_scan(&k, k.body);
    if (k.touched && (k.shared || !k.write_first)) s->shared = true;
}

/* Whether c is the constant `value`. */
static bool is_constant(CXCursor c, long long value) {
    long long v;
    return fe_eval_int(c, &v) && v == value;
}

/* Whether c names variable v (`k`, the loop's counter). */
static bool names_var(CXCursor c, CXCursor v) { return fe_names(c, clang_getCanonicalCursor(v)); }

/* Whether a and b are the same expression, without side effects: names,
 * integer constants, and operators, subscripts and members of such. */
static bool same_expression(CXCursor a, CXCursor b) {
    a = bare_value(a), b = bare_value(b);
    enum CXCursorKind k = clang_getCursorKind(a);
    if (k != clang_getCursorKind(b)) return false;
    CXCursor x[2], y[2];
    int n = fe_children(a, x, 2);
    if (n != fe_children(b, y, 2)) return false;
    switch (k) {
    case CXCursor_DeclRefExpr:
        return clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(a)),
                                  clang_getCanonicalCursor(clang_getCursorReferenced(b)));
    case CXCursor_IntegerLiteral: {
        long long u, v;
        return fe_eval_int(a, &u) && fe_eval_int(b, &v) && u == v;
    }
    case CXCursor_BinaryOperator:
        if (clang_getCursorBinaryOperatorKind(a) != clang_getCursorBinaryOperatorKind(b) ||
            clang_getCursorBinaryOperatorKind(a) >= CXBinaryOperator_Assign)
            return false;
        break;
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(a);
        if (op != clang_getCursorUnaryOperatorKind(b) || op == CXUnaryOperator_PostInc ||
            op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec)
            return false;
        break;
    }
    case CXCursor_MemberRefExpr:
        if (!clang_equalCursors(clang_getCursorReferenced(a), clang_getCursorReferenced(b))) return false;
        break;
    case CXCursor_ArraySubscriptExpr: break;
    default: return false;
    }
    for (int i = 0; i < n; i++)
        if (!same_expression(x[i], y[i])) return false;
    return n > 0;
}

/* Whether index c is the counter less the loop's start (`k` where the
 * start is 0, a null cursor; `k - start` in `for (k = start; k < start +
 * LEN; k++) w[k - start] = ...`). */
static bool counter_from_start(CXCursor c, CXCursor counter, CXCursor start) {
    if (clang_Cursor_isNull(start)) return names_var(c, counter);
    CXCursor parts[2];
    c = bare_value(c);
    return clang_getCursorKind(c) == CXCursor_BinaryOperator &&
           clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Sub && fe_children(c, parts, 2) == 2 &&
           names_var(parts[0], counter) && same_expression(parts[1], start);
}

/* `w[k] = e` (`w[k - start] = e`), k the loop's counter. */
static bool writes_element(Scratch *s, CXCursor c, CXCursor counter, CXCursor start) {
    CXCursor parts[2];
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign ||
        fe_children(c, parts, 2) != 2)
        return false;
    CXCursor target = bare(parts[0]);
    return clang_getCursorKind(target) == CXCursor_ArraySubscriptExpr && fe_children(target, parts, 2) == 2 &&
           fe_names(parts[0], s->decl) && counter_from_start(parts[1], counter, start);
}

typedef struct StartChanges {
    CXCursor start, scratch;
    bool changed; /* a write in the loop to a variable the start names, or to memory but the scratch array's */
} StartChanges;

typedef struct NameSearch {
    CXCursor decl; /* canonical */
    bool found;
} NameSearch;

static enum CXChildVisitResult find_name(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    NameSearch *ns = data;
    ns->found |= fe_names(c, ns->decl);
    return ns->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether expression e names variable decl. */
static bool expression_names(CXCursor e, CXCursor decl) {
    NameSearch ns = {clang_getCanonicalCursor(decl), false};
    ns.found = fe_names(e, ns.decl);
    if (!ns.found) clang_visitChildren(e, find_name, &ns);
    return ns.found;
}

/* Whether the start's value may change in the loop: an assignment (or ++,
 * --) to a variable it names, or, where the start reads memory (`start[v]`),
 * one through a subscript or pointer, or a call. */
static enum CXChildVisitResult find_start_change(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    StartChanges *sc = data;
    CXCursor kids[2], target = clang_getNullCursor();
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr) sc->changed = true;
    else if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) >= CXBinaryOperator_Assign &&
             fe_children(c, kids, 2) == 2)
        target = bare(kids[0]);
    else if (k == CXCursor_UnaryOperator && fe_children(c, kids, 2) == 1) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
            op == CXUnaryOperator_PreDec || op == CXUnaryOperator_AddrOf)
            target = bare(kids[0]);
    }
    if (!clang_Cursor_isNull(target)) {
        if (clang_getCursorKind(target) == CXCursor_DeclRefExpr) {
            if (expression_names(sc->start, clang_getCursorReferenced(target))) sc->changed = true;
        } else {
            CXCursor base = target;
            while (clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr && fe_children(base, kids, 2) == 2)
                base = bare_value(kids[0]);
            /* memory the start may read: but the scratch array's elements, where the start does not name it */
            if (!fe_names(base, sc->scratch) || expression_names(sc->start, sc->scratch)) sc->changed = true;
        }
    }
    return sc->changed ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool is_jump(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt || k == CXCursor_GotoStmt ||
           k == CXCursor_ReturnStmt || k == CXCursor_IndirectGotoStmt;
}

typedef struct UsesOrLeaves {
    CXCursor decl;
    bool found; /* a use of decl, or a statement that leaves the loop's pass */
} UsesOrLeaves;

static enum CXChildVisitResult find_use_or_jump(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    UsesOrLeaves *u = data;
    u->found |= is_jump(c) || (clang_getCursorKind(c) == CXCursor_DeclRefExpr && fe_names(c, u->decl));
    return u->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether c is `start + LEN` or `LEN + start`. */
static bool start_plus(CXCursor c, CXCursor start, long long len) {
    CXCursor parts[2];
    c = bare_value(c);
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Add ||
        fe_children(c, parts, 2) != 2)
        return false;
    return (same_expression(parts[0], start) && is_constant(parts[1], len)) ||
           (is_constant(parts[0], len) && same_expression(parts[1], start));
}

/* `for (k = 0; k < LEN; k++) w[k] = ...;` over every element of a 1-D
 * array, or from a start that the loop does not change, `for (j = lo; j <
 * lo + LEN; j++) w[j - lo] = ...` (a slice copied into scratch). */
static bool loop_writes_every_element(Scratch *s, CXCursor c) {
    CXCursor kids[4], parts[2], counter, init;
    if (clang_getCursorKind(c) != CXCursor_ForStmt || fe_children(c, kids, 4) != 4) return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(s->decl));
    if (clang_getCanonicalType(clang_getArrayElementType(t)).kind == CXType_ConstantArray) return false;
    /* k = start or int k = start */
    if (clang_getCursorKind(kids[0]) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(kids[0]) == CXBinaryOperator_Assign && fe_children(kids[0], parts, 2) == 2) {
        if (clang_getCursorKind(bare(parts[0])) != CXCursor_DeclRefExpr) return false;
        counter = clang_getCursorReferenced(bare(parts[0]));
        init = parts[1];
    } else if (clang_getCursorKind(kids[0]) == CXCursor_DeclStmt && fe_children(kids[0], parts, 2) == 1) {
        counter = parts[0];
        init = clang_Cursor_getVarDeclInitializer(counter);
        if (clang_Cursor_isNull(init)) return false;
    } else {
        return false;
    }
    CXCursor start = is_constant(init, 0) ? clang_getNullCursor() : init;
    /* k < LEN or k < start + LEN */
    if (clang_getCursorKind(kids[1]) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(kids[1]) != CXBinaryOperator_LT || fe_children(kids[1], parts, 2) != 2 ||
        !names_var(parts[0], counter) ||
        !(clang_Cursor_isNull(start) ? is_constant(parts[1], clang_getArraySize(t))
                                     : start_plus(parts[1], start, clang_getArraySize(t))))
        return false;
    if (!clang_Cursor_isNull(start)) {
        /* a start of same_expression's kinds (it is itself), not naming k, that the loop's body leaves as it is */
        StartChanges sc = {start, s->decl, false};
        find_start_change(kids[3], kids[3], &sc);
        if (!sc.changed) clang_visitChildren(kids[3], find_start_change, &sc);
        if (!same_expression(start, start) || expression_names(start, counter) || sc.changed) return false;
    }
    /* k++ or ++k */
    enum CXUnaryOperatorKind step = clang_getCursorUnaryOperatorKind(kids[2]);
    if (clang_getCursorKind(kids[2]) != CXCursor_UnaryOperator || fe_children(kids[2], parts, 2) != 1 ||
        (step != CXUnaryOperator_PostInc && step != CXUnaryOperator_PreInc) || !names_var(parts[0], counter))
        return false;
    /* w[k] = ..., alone or in a block, where nothing before it names w or leaves the pass
     * (`{ cnt[c] = 0; seen[c] = 0; }` writes both arrays whole) */
    CXCursor body = kids[3];
    if (clang_getCursorKind(body) != CXCursor_CompoundStmt) return writes_element(s, body, counter, start);
    int n;
    CXCursor *statements = fe_all_children(s->fe->a, body, &n);
    for (int i = 0; i < n; i++) {
        if (writes_element(s, statements[i], counter, start)) return true;
        UsesOrLeaves u = {clang_getCanonicalCursor(s->decl), false};
        clang_visitChildren(statements[i], find_use_or_jump, &u);
        if (u.found || is_jump(statements[i])) return false;
    }
    return false;
}

/* `memset(w, byte, sizeof w)` or `memcpy(w, source, sizeof w)`, the
 * whole array; *source: memcpy's (a null cursor for memset's). */
static bool fills_every_element(Scratch *s, CXCursor c, CXCursor *source) {
    c = bare_value(c);
    *source = clang_getNullCursor();
    if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 3) return false;
    CXString name = clang_getCursorSpelling(c);
    bool is_memset = fe_is_memset(clang_getCString(name)), is_memcpy = fe_is_memcpy(clang_getCString(name));
    clang_disposeString(name);
    if (is_memcpy) *source = clang_Cursor_getArgument(c, 1);
    return (is_memset || is_memcpy) && fe_names(clang_Cursor_getArgument(c, 0), s->decl) &&
           is_constant(clang_Cursor_getArgument(c, 2), clang_Type_getSizeOf(clang_getCursorType(s->decl)));
}

static enum CXChildVisitResult find_pfe(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_ForStmt || !fe_is_pfe_loop(c)) return CXChildVisit_Recurse;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

static bool has_pfe(CXCursor c) {
    bool found = false;
    if (clang_getCursorKind(c) == CXCursor_ForStmt && fe_is_pfe_loop(c)) return true;
    clang_visitChildren(c, find_pfe, &found);
    return found;
}

/* The host's scan: whether the place scanned comes after a statement that
 * writes the array whole (`for (i = 0; i < 2; i++) z[i] = ...;`, a
 * memset), earlier in a block around it, with no parallel_for_each from
 * there to here: what the host reads there is its own, never what a
 * kernel left (the host reusing a kernel's scratch for its own check). */
static bool host_wrote_whole_first(Scratch *s) {
    for (int level = s->nblocks - 1; level >= 0; level--) {
        int n;
        CXCursor *kids = fe_all_children(s->fe->a, s->blocks[level], &n);
        if (has_pfe(kids[s->block_at[level]])) return false;
        for (int i = s->block_at[level] - 1; i >= 0; i--) {
            CXCursor source;
            if (loop_writes_every_element(s, kids[i]) || fills_every_element(s, kids[i], &source)) return true;
            if (has_pfe(kids[i])) return false;
        }
    }
    return false;
}

/* The host's scan of a block: the stack host_wrote_whole_first reads. */
static void scratch_scan_host_block(Scratch *s, CXCursor block) {
    int n;
    CXCursor *kids = fe_all_children(s->fe->a, block, &n);
    if (s->nblocks == SCRATCH_MAX_DEPTH) { /* too deep to tell: every use as it is */
        for (int i = 0; i < n; i++) scratch_scan(s, kids[i]);
        return;
    }
    s->blocks[s->nblocks++] = block;
    for (int i = 0; i < n; i++) {
        s->block_at[s->nblocks - 1] = i;
        CXCursor source;
        if (!fills_every_element(s, kids[i], &source)) scratch_scan(s, kids[i]);
        else if (!clang_Cursor_isNull(source)) scratch_scan(s, source); /* the rest, a write: the host may write it */
    }
    s->nblocks--;
}

/* A block of the kernel: an array it begins by writing whole (a histogram
 * zeroed, then counted into by the data's values; a table cleared at the
 * top of each pass of a loop, then marked by the pass's values) is each
 * thread's own from there to the block's end, whatever indexes it. */
static void scratch_scan_block(Scratch *s, CXCursor block) {
    int n;
    bool covered = s->covered;
    CXCursor *kids = fe_all_children(s->fe->a, block, &n);
    for (int i = 0; i < n && !s->shared; i++) {
        bool first = !s->touched && !s->frame; /* a helper's parameter is a pointer: its length is unknown */
        CXCursor source;
        if (first && fills_every_element(s, kids[i], &source)) {
            if (!clang_Cursor_isNull(source)) scratch_scan(s, source);
            if (!s->touched) s->touched = s->write_first = s->covered = true; /* unless the source names it */
            continue;
        }
        /* the loop writes each element before anything reads one: its own indices (`w[j - lo]`) too */
        if (first && loop_writes_every_element(s, kids[i])) s->covered = true;
        scratch_scan(s, kids[i]);
    }
    s->covered = covered;
}

static void scratch_scan(Scratch *s, CXCursor c) {
    int n;
    CXCursor *kids, operand;
    if (s->shared) return;
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr:
        /* decayed, passed on, sizeof: unless the kernel began by writing it whole (then handed to a helper),
         * or the host did, for its own use */
        if (!fe_names(c, s->decl)) return;
        if (s->covered || (clang_Cursor_isNull(s->body) && host_wrote_whole_first(s))) scratch_touch(s, false);
        else s->shared = true;
        return;
    case CXCursor_ArraySubscriptExpr:
        if (scratch_element(s, c)) scratch_touch(s, false);
        else break;
        return;
    case CXCursor_BinaryOperator:
        kids = fe_all_children(s->fe->a, c, &n);
        if (n != 2 || clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign) break;
        scratch_scan(s, kids[1]);
        if (scratch_target(s, kids[0])) scratch_touch(s, true);
        else scratch_scan(s, kids[0]);
        return;
    case CXCursor_UnaryOperator:
        if (is_unary(c, CXUnaryOperator_AddrOf, &operand) && clang_getCursorKind(operand) == CXCursor_ArraySubscriptExpr &&
            scratch_element(s, operand))
            s->shared = true; /* the thread's copy would not be the element the address names */
        break;
    case CXCursor_CallExpr:
        if (clang_Cursor_isNull(s->body) || !scratch_call(s, c)) break;
        return;
    case CXCursor_CompoundStmt:
        if (clang_Cursor_isNull(s->body)) scratch_scan_host_block(s, c);
        else scratch_scan_block(s, c);
        return;
    case CXCursor_ForStmt:
        if (clang_Cursor_isNull(s->body) && fe_is_pfe_loop(c)) { /* the host's scan meets a kernel */
            if (!clang_equalRanges(clang_getCursorExtent(c), clang_getCursorExtent(s->kernel))) scratch_other_kernel(s, c);
            return;
        }
        break;
    default: break;
    }
    enum CXCursorKind k = clang_getCursorKind(c);
    bool guard = k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_ConditionalOperator ||
                 (k == CXCursor_BinaryOperator && (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd ||
                                                   clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LOr));
    s->guarded += guard;
    kids = fe_all_children(s->fe->a, c, &n);
    for (int i = 0; i < n; i++) scratch_scan(s, kids[i]);
    s->guarded -= guard;
}

bool fe_is_kernel_scratch_array(Frontend *fe, CXCursor decl, bool *raced) {
    *raced = false;
    if (clang_getCursorKind(decl) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(decl)) return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    long long bytes = clang_Type_getSizeOf(t);
    if (t.kind != CXType_ConstantArray || bytes <= 0 || bytes > SCRATCH_MAX_BYTES) return false;
    CXType element = t;
    while (element.kind == CXType_ConstantArray) element = clang_getCanonicalType(clang_getArrayElementType(element));
    if (clang_isConstQualifiedType(element)) return false;
    Scratch k = {.fe = fe, .decl = clang_getCanonicalCursor(decl), .body = fe->kernel_body, .index = fe->kernel_index,
                 .kernel = fe->kernel_statement};
    scratch_scan(&k, k.body);
    if (k.shared || !k.touched || !k.write_first || !k.read) return false;
    /* the host: the function's body, this kernel left out, others looked into */
    Scratch host = {.fe = fe, .decl = k.decl, .body = clang_getNullCursor(), .kernel = fe->kernel_statement};
    CXCursor function = clang_getCursorSemanticParent(decl);
    int n;
    CXCursor *kids = fe_all_children(fe->a, function, &n);
    if (!n || clang_getCursorKind(kids[n - 1]) != CXCursor_CompoundStmt) return false;
    scratch_scan(&host, kids[n - 1]);
    /* every thread surely writes it first: scratch the host's use makes one array the threads race on */
    *raced = (host.shared || host.read) && !k.first_write_guarded;
    return !host.shared && !host.read;
}
