/* launch_scope.c — a local array that a kernel reaches through a pointer
 * of the function that launches it: `float *cur = a, *next = b;` swapped
 * between launches, or a struct that holds `a` (`image im = {a, w, h}`);
 * and a local struct so reached (`const params *p = &prm;`), or a scalar
 * whose address the function takes (`long long *tot = &total;`).
 * The kernel sees a pointer into the stack, where no view is; the arrays
 * of the function in scope at the launch are listed in a scope around it
 * (host_emit, libcamp's scope views, as call_views.c does for a call), and
 * the first pointer into one makes it a view for the launch, its writes
 * brought back as the launch ends: what a kernel naming the array gets.
 *
 * Only kernels that capture a pointer, or a struct holding one, get the
 * scope; the arrays and structs are the function's locals, automatic or static (no
 * list of the unit's arrays has a static local), declared before the
 * launch in the blocks around it (not `register`: they have no address),
 * the innermost declaration of each name. */
#include "frontend.h"

#include <string.h>

typedef struct ScopeSearch {
    Frontend *fe;
    unsigned at;   /* the launch's offset */
    PtrVec *names; /* char*: the arrays in scope so far */
    bool reached;
} ScopeSearch;

static void extent_offsets(CXCursor c, unsigned *begin, unsigned *end) {
    CXSourceRange r = clang_getCursorExtent(c);
    *begin = fe_offset(clang_getRangeStart(r), NULL);
    *end = fe_offset(clang_getRangeEnd(r), NULL);
}

typedef struct AddressSearch {
    CXCursor var;
    bool found;
} AddressSearch;

static enum CXChildVisitResult find_address(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    AddressSearch *a = data;
    CXCursor operand[1];
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
        fe_children(c, operand, 1) == 1 && clang_getCursorKind(fe_strip(operand[0])) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(fe_strip(operand[0]))), a->var)) {
        a->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Whether the function that declares scalar `var` takes its address
 * (`long long *tot = &total;`): a kernel may reach it through a pointer. */
static bool address_taken(CXCursor var) {
    AddressSearch a = {clang_getCanonicalCursor(var), false};
    clang_visitChildren(clang_getCursorSemanticParent(var), find_address, &a);
    return a.found;
}

/* A declaration hides any earlier one of its name; an array a scope can
 * list (fe_is_scope_local) is listed. */
static enum CXChildVisitResult declare(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    ScopeSearch *s = data;
    if (clang_getCursorKind(c) != CXCursor_VarDecl) return CXChildVisit_Continue;
    char *name = fe_spelling(s->fe, c);
    for (int i = 0; i < s->names->len; i++)
        if (!strcmp(s->names->items[i], name)) {
            memmove(&s->names->items[i], &s->names->items[i + 1], sizeof(void *) * (size_t)(s->names->len - i - 1));
            s->names->len--;
            break;
        }
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;
    bool aggregate = k == CXType_ConstantArray || k == CXType_VariableArray || k == CXType_Record;
    if ((aggregate || (k != CXType_Pointer && address_taken(c))) && fe_is_scope_local(c))
        vec_push(s->fe->a, s->names, name);
    return CXChildVisit_Continue;
}

/* The statements of a block (or of a for's header) before the launch
 * declare; the one holding the launch is searched in turn. */
static enum CXChildVisitResult search(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    ScopeSearch *s = data;
    unsigned begin, end;
    extent_offsets(c, &begin, &end);
    if (begin >= s->at) {
        s->reached = begin == s->at;
        return CXChildVisit_Break;
    }
    if (end <= s->at) {
        if (clang_getCursorKind(c) == CXCursor_DeclStmt) clang_visitChildren(c, declare, s);
        return CXChildVisit_Continue;
    }
    clang_visitChildren(c, search, s);
    return CXChildVisit_Break;
}

/* Whether kernel k may be given an address into the stack: it captures a
 * pointer, or a struct that holds one. */
static bool captures_pointers(const Kernel *k) {
    for (int i = 0; i < k->captures.len; i++) {
        const Var *v = k->captures.items[i];
        if (v->type && (v->type->kind == TY_PTR || (v->capture == CAPTURE_VALUE && type_holds_pointer(v->type))))
            return true;
    }
    return false;
}

void fe_find_launch_scopes(Frontend *fe) {
    for (int i = 0; i < fe->u->kernels.len; i++) {
        Kernel *k = fe->u->kernels.items[i];
        if (k->launch_function || !captures_pointers(k)) continue;
        for (int j = 0; j < fe->nsearched; j++) {
            CXCursor fn = fe->searched[j];
            unsigned begin, end;
            extent_offsets(fn, &begin, &end);
            CXFile file;
            clang_getExpansionLocation(clang_getCursorLocation(fn), &file, NULL, NULL, NULL);
            if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || !clang_isCursorDefinition(fn) ||
                !clang_File_isEqual(file, fe->main_file) || begin > k->begin_offset || end <= k->begin_offset)
                continue;
            PtrVec names = {0};
            ScopeSearch s = {fe, k->begin_offset, &names, false};
            clang_visitChildren(fn, search, &s);
            if (s.reached) k->launch_scope = names;
            break;
        }
    }
}
