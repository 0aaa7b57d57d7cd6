/* kernel_privates.c — variables of the function around a kernel that the
 * kernel uses as its own: C written before C99 (and PolyBench, and much
 * numerical code) declares its loop counters at the top of the function,
 * `int i, j;`, and a kernel's `for (j = 0; j < n; j++)` then assigns one.
 * Captures are read-only copies (a write could only be lost), but a
 * variable the kernel always assigns before it reads it carries nothing
 * in or out: each thread gets a variable of its own instead of a capture,
 * and the host's is left as it was. A variable read before it is surely
 * assigned, or whose address is taken, stays a capture (and writing it
 * stays an error: a `count++` meant as a sum must not compile); so does
 * one the kernel never reads (`found = 1;` is meant for the host).
 *
 * "Surely assigned" is C's definite assignment over the kernel's
 * statements in order: an assignment `v = e` (e read first); both
 * branches of an if or ?:; a for loop's first clauses (its body and step
 * may not run, and run again after a read at the top of the body); a
 * while loop's condition; nothing inside a do, switch, &&, || or a loop
 * body counts after it. A goto anywhere makes no variable private. */
#include "frontend.h"

#include <string.h>

typedef struct Use {
    Frontend *fe;
    CXCursor decl; /* canonical */
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

static bool walk(Use *u, CXCursor c, bool assigned);

/* The children of c in order, from `from`; whether the variable is surely
 * assigned after them. */
static bool walk_children(Use *u, CXCursor c, int from, bool assigned) {
    int n;
    CXCursor *kids = fe_all_children(u->fe->a, c, &n);
    for (int i = from; i < n; i++) assigned = walk(u, kids[i], assigned);
    return assigned;
}

static bool walk(Use *u, CXCursor c, bool assigned) {
    int n;
    CXCursor *kids;
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr:
        if (names_decl(u, c)) {
            u->read_first = u->read_first || !assigned;
            u->read = true;
        }
        return assigned;
    case CXCursor_BinaryOperator:
        kids = fe_all_children(u->fe->a, c, &n);
        if (n != 2) return walk_children(u, c, 0, assigned);
        switch (clang_getCursorBinaryOperatorKind(c)) {
        case CXBinaryOperator_Assign:
            if (names_decl(u, bare(kids[0]))) {
                assigned = walk(u, kids[1], assigned);
                u->assigned = true;
                return true;
            }
            return walk(u, kids[1], walk(u, kids[0], assigned));
        case CXBinaryOperator_LAnd:
        case CXBinaryOperator_LOr:
            assigned = walk(u, kids[0], assigned);
            walk(u, kids[1], assigned); /* may not run */
            return assigned;
        default: return walk(u, kids[1], walk(u, kids[0], assigned));
        }
    case CXCursor_UnaryOperator:
        kids = fe_all_children(u->fe->a, c, &n);
        if (n == 1 && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf && names_decl(u, bare(kids[0])))
            u->read_first = true; /* the thread's own copy would not be the one the address names */
        return walk_children(u, c, 0, assigned);
    case CXCursor_ConditionalOperator:
    case CXCursor_IfStmt: {
        kids = fe_all_children(u->fe->a, c, &n);
        if (n < 2) return walk_children(u, c, 0, assigned);
        assigned = walk(u, kids[0], assigned);
        bool then = walk(u, kids[1], assigned);
        bool els = n > 2 ? walk(u, kids[2], assigned) : assigned;
        return then && els;
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

bool fe_is_kernel_private(Frontend *fe, CXCursor body, CXCursor decl) {
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) return false;
    if (k == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(decl)) return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    if (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray || t.kind == CXType_IncompleteArray ||
        clang_isConstQualifiedType(t))
        return false;
    Use u = {.fe = fe, .decl = clang_getCanonicalCursor(decl)};
    walk(&u, body, false);
    return u.assigned && u.read && !u.read_first;
}
