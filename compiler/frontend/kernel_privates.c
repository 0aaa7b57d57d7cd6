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

/* Whether the callee of `call` surely writes through its parameter i
 * before it reads through it (and does nothing else with it). */
static bool writes_first(Use *u, CXCursor call, int i) {
    static const struct {
        const char *name;
        unsigned params; /* bit i: parameter i is written only */
    } outs[] = {{"sincos", 6}, {"sincosf", 6}, {"frexp", 2}, {"frexpf", 2},
                {"modf", 2},   {"modff", 2},   {"remquo", 4}, {"remquof", 4}};
    CXCursor callee = clang_getCursorReferenced(call);
    CXString s = clang_getCursorSpelling(callee);
    const char *name = clang_getCString(s);
    if (name && !strncmp(name, "camp_precise_", 13)) name += 13; /* <math.h>'s names in amp code (camp_math.h) */
    bool yes = false, known = false;
    for (size_t k = 0; k < sizeof outs / sizeof *outs && name; k++)
        if (!strcmp(name, outs[k].name)) known = true, yes = i < 32 && (outs[k].params >> i & 1);
    clang_disposeString(s);
    if (known) return yes;
    CXCursor def = clang_getCursorDefinition(callee);
    if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl || u->depth == MAX_HELPER_DEPTH ||
        i >= clang_Cursor_getNumArguments(def))
        return false;
    int n;
    CXCursor *kids = fe_all_children(u->fe->a, def, &n);
    if (!n || clang_getCursorKind(kids[n - 1]) != CXCursor_CompoundStmt) return false;
    Use p = {.fe = u->fe, .decl = clang_getCanonicalCursor(clang_Cursor_getArgument(def, (unsigned)i)), .through = true,
             .whole = 1, .depth = u->depth + 1};
    walk(&p, kids[n - 1], 0);
    return p.assigned && !p.read_first;
}

/* A call's arguments in order, those that hand the variable to be written
 * last (after the others are read); the parts assigned after it. */
static Parts walk_call(Use *u, CXCursor call, Parts assigned) {
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
    case CXCursor_WhileStmt:
        kids = fe_all_children(u->fe->a, c, &n);
        for (int i = 0; i + 1 < n; i++) assigned = walk(u, kids[i], assigned); /* first clauses, condition */
        if (n) walk(u, kids[n - 1], assigned);
        return assigned;
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

bool fe_is_kernel_private(Frontend *fe, CXCursor body, CXCursor decl) {
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) return false;
    if (k == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(decl)) return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    if (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray || t.kind == CXType_IncompleteArray ||
        clang_isConstQualifiedType(t))
        return false;
    Use u = {.fe = fe, .decl = clang_getCanonicalCursor(decl), .whole = 1};
    u.record = record_parts(t, &u.whole);
    walk(&u, body, 0);
    return u.assigned && u.read && !u.read_first;
}

typedef struct MemberUses {
    CXCursor decl;
    int uses, members; /* of decl in the kernel; of them, `decl->m` and `*decl` */
} MemberUses;

static bool names_value(CXCursor c, CXCursor decl) {
    c = bare_value(c);
    return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), decl);
}

static enum CXChildVisitResult count_member_uses(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    MemberUses *m = data;
    CXCursor kids[2];
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr && names_value(c, m->decl)) m->uses++;
    bool deref = k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
    if ((k == CXCursor_MemberRefExpr || deref) && fe_children(c, kids, 2) >= 1 && names_value(kids[0], m->decl))
        m->members++;
    return CXChildVisit_Recurse;
}

bool fe_only_member_uses(CXCursor body, CXCursor decl) {
    MemberUses m = {clang_getCanonicalCursor(decl), 0, 0};
    clang_visitChildren(body, count_member_uses, &m);
    return m.uses > 0 && m.uses == m.members;
}
