/* call_views.c — a local array passed to a function of the file that
 * launches kernels on it, as C passes arrays: `fill(out, n)` with `float
 * out[16]` in the caller. The kernel in `fill` sees only a pointer, into
 * the caller's stack, where no view is; a view of the array for the
 * call's length (host_emit wraps the call, libcamp's scope views) lets
 * the kernel use it, and brings its writes back as the call returns.
 *
 * A parameter of a function reaches a kernel where a kernel of the
 * function names it, or where the function passes it (or a pointer into
 * it) on to a parameter of another that reaches one (the file's own
 * functions, to a fixed point). The calls wrapped are those in host code
 * of the main file, written there (not by a macro), outside kernels,
 * whose argument for such a parameter is a local array (automatic or
 * static: a static local is in no list of the unit's arrays), a pointer
 * into one (`a + k`, `&a[k]`, a row `m[i]`), or the address of a local (a
 * struct passed by pointer). */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

typedef struct Launcher {
    CXCursor fn;       /* canonical */
    uint64_t reaching; /* bit i: parameter i reaches a kernel */
} Launcher;

typedef struct CallSearch {
    Frontend *fe;
    Launcher *fns;
    int nfns, capfns;
    int caller;     /* the function whose body is searched */
    bool changed;
} CallSearch;

static bool in_main_file(Frontend *fe, CXCursor c) {
    CXFile file;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
    return clang_File_isEqual(file, fe->main_file);
}

static int launcher_of(CallSearch *s, CXCursor fn) {
    CXCursor canon = clang_getCanonicalCursor(fn);
    for (int i = 0; i < s->nfns; i++)
        if (clang_equalCursors(s->fns[i].fn, canon)) return i;
    return -1;
}

/* The function a call names directly, or a null cursor. */
static CXCursor direct_callee(CXCursor call) {
    CXCursor decl = clang_getCursorReferenced(call);
    return clang_getCursorKind(decl) == CXCursor_FunctionDecl ? decl : clang_getNullCursor();
}

/* Which parameter of the caller `e` names, as itself or as the base of
 * `p + i`; -1 for none. */
static int parameter_named(CallSearch *s, CXCursor e) {
    e = fe_strip(e);
    CXCursor kids[2];
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator && fe_children(e, kids, 2) == 2) e = fe_strip(kids[0]);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return -1;
    CXCursor param = clang_getCursorReferenced(e), fn = clang_getCursorDefinition(s->fns[s->caller].fn);
    if (clang_getCursorKind(param) != CXCursor_ParmDecl) return -1;
    int n = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < n && i < 64; i++)
        if (clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned)i), param)) return i;
    return -1;
}

static void reaches(CallSearch *s, int param) {
    if (param < 0) return;
    uint64_t bit = UINT64_C(1) << param;
    if (s->fns[s->caller].reaching & bit) return;
    s->fns[s->caller].reaching |= bit;
    s->changed = true;
}

/* In a kernel: the caller's parameters it names. */
static enum CXChildVisitResult find_captured_params(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) reaches(data, parameter_named(data, c));
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult find_reaching_params(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    CallSearch *s = data;
    if (fe_is_pfe_loop(c)) {
        clang_visitChildren(c, find_captured_params, s);
        return CXChildVisit_Continue;
    }
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        int callee = launcher_of(s, direct_callee(c));
        int n = clang_Cursor_getNumArguments(c);
        for (int i = 0; callee >= 0 && i < n && i < 64; i++)
            if (s->fns[callee].reaching >> i & 1) reaches(s, parameter_named(s, clang_Cursor_getArgument(c, (unsigned)i)));
    }
    return CXChildVisit_Recurse;
}

/* The variable an argument passes: the array itself (decayed), a pointer
 * into it (`a + k`, `&a[k]`, a row `m[i]`, `&m[i][j]`) or `&x`, with
 * *address set for `&x` of the variable itself (a struct passed by
 * address); a null cursor if none. */
static CXCursor passed_variable(CXCursor arg, bool *address) {
    CXCursor e = fe_strip(arg), kids[2];
    *address = false;
    for (int depth = 0; depth < 8 && clang_getCursorKind(e) != CXCursor_DeclRefExpr; depth++) {
        enum CXCursorKind k = clang_getCursorKind(e);
        int n = fe_children(e, kids, 2);
        if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf && n == 1) {
            *address = clang_getCursorKind(fe_strip(kids[0])) == CXCursor_DeclRefExpr;
            e = fe_strip(kids[0]);
        } else if (k == CXCursor_ArraySubscriptExpr && n == 2) {
            e = fe_strip(kids[0]);
        } else if (k == CXCursor_BinaryOperator && n == 2 &&
                   (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add ||
                    clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub)) {
            bool left = clang_getCanonicalType(clang_getCursorType(kids[0])).kind == CXType_Pointer;
            e = fe_strip(kids[left ? 0 : 1]);
        } else {
            return clang_getNullCursor();
        }
    }
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(e) : clang_getNullCursor();
}

static bool is_array(CXCursor var) {
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(var)).kind;
    return k == CXType_ConstantArray || k == CXType_VariableArray;
}

/* A local of automatic storage (or a static local) of the caller that
 * the argument passes; the variable's name, or NULL. */
static char *local_passed(Frontend *fe, CXCursor arg, CXCursor caller) {
    bool address;
    CXCursor var = passed_variable(arg, &address);
    if (clang_Cursor_isNull(var) || !fe_is_scope_local(var) ||
        !clang_equalCursors(clang_getCursorSemanticParent(var), caller))
        return NULL;
    return is_array(var) || address ? fe_spelling(fe, var) : NULL;
}

/* A file-scope array that the argument passes to a kernel: libcamp's view
 * of it (found by its symbol) is laid out on pages of its own, as an
 * array a kernel names is (host data beside it would share the pages the
 * view's copies protect: each host access to it after a kernel trapped). */
static void align_passed_global(Frontend *fe, CXCursor arg) {
    bool address;
    CXCursor var = passed_variable(arg, &address);
    if (!clang_Cursor_isNull(var) && clang_getCursorKind(var) == CXCursor_VarDecl &&
        clang_Cursor_hasVarDeclGlobalStorage(var) == 1 && clang_getCursorTLSKind(var) == CXTLS_None &&
        clang_getCursorKind(clang_getCursorSemanticParent(var)) == CXCursor_TranslationUnit && is_array(var))
        fe_page_align_definition(fe, var);
}

/* A pointer variable's initializer or an assignment to a pointer: the
 * file-scope array it stores, aligned. */
static enum CXChildVisitResult align_stored_global(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    CXCursor kids[2];
    if (clang_getCursorKind(c) == CXCursor_VarDecl &&
        clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer) {
        CXCursor init = clang_Cursor_getVarDeclInitializer(c);
        if (!clang_Cursor_isNull(init)) align_passed_global(fe, init);
    } else if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
               clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign && fe_children(c, kids, 2) == 2 &&
               clang_getCanonicalType(clang_getCursorType(kids[0])).kind == CXType_Pointer) {
        align_passed_global(fe, kids[1]);
    }
    return CXChildVisit_Recurse;
}

/* A kernel that reaches file-scope arrays through the function's pointer
 * variables (a double buffer swapped by pointer, `cur`/`nxt`) reaches
 * them as views, whose pages the host's neighbouring data would share:
 * a host loop over a static array beside them trapped after every launch
 * (2,000 steps of a small grid: 20 s against 1.6 with the arrays aligned). */
void fe_align_pointer_sources(Frontend *fe, CXCursor fn) {
    fn = clang_getCanonicalCursor(fn);
    for (int i = 0; i < fe->pointer_sources_aligned.len; i++)
        if (clang_equalCursors(*(CXCursor *)fe->pointer_sources_aligned.items[i], fn)) return;
    CXCursor *seen = arena_alloc(fe->a, sizeof *seen);
    *seen = fn;
    vec_push(fe->a, &fe->pointer_sources_aligned, seen);
    CXCursor def = clang_getCursorDefinition(fn);
    if (!clang_Cursor_isNull(def)) clang_visitChildren(def, align_stored_global, fe);
}

bool fe_is_scope_local(CXCursor var) {
    enum CX_StorageClass storage = clang_Cursor_getStorageClass(var);
    bool global = clang_Cursor_hasVarDeclGlobalStorage(var) != 0;
    return clang_getCursorKind(var) == CXCursor_VarDecl && (!global || storage == CX_SC_Static) &&
           clang_getCursorTLSKind(var) == CXTLS_None && storage != CX_SC_Register;
}

typedef struct WrapSearch {
    Frontend *fe;
    CallSearch *calls;
    CXCursor caller;
} WrapSearch;

/* Whether the call's text is all the main file's own, outside kernels:
 * where host_emit can put text around it. */
static bool wrappable(Frontend *fe, CXCursor call, unsigned *begin, unsigned *end) {
    CXSourceRange r = clang_getCursorExtent(call);
    CXFile f1, f2, s1, s2;
    unsigned o1, o2, so1, so2;
    clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
    clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
    clang_getSpellingLocation(clang_getRangeStart(r), &s1, NULL, NULL, &so1);
    clang_getSpellingLocation(clang_getRangeEnd(r), &s2, NULL, NULL, &so2);
    if (!clang_File_isEqual(f1, fe->main_file) || !clang_File_isEqual(f2, fe->main_file) || o1 != so1 || o2 != so2 ||
        o2 <= o1)
        return false;
    for (int i = 0; i < fe->kernel_ranges.len; i++) {
        unsigned *range = fe->kernel_ranges.items[i];
        if (o1 < range[1] && o2 > range[0]) return false;
    }
    *begin = o1;
    *end = o2;
    return true;
}

/* Whether an expression whose parent is `parent` is a statement of its
 * own, its value unused: the wrap then gives none either (a value of a
 * statement expression left unused is clang's -Wunused-value). */
static bool is_statement(CXCursor parent) {
    enum CXCursorKind k = clang_getCursorKind(parent);
    return k == CXCursor_CompoundStmt || k == CXCursor_LabelStmt || k == CXCursor_CaseStmt ||
           k == CXCursor_DefaultStmt;
}

static enum CXChildVisitResult find_wraps(CXCursor c, CXCursor parent, CXClientData data) {
    WrapSearch *w = data;
    Frontend *fe = w->fe;
    if (fe_is_pfe_loop(c)) return CXChildVisit_Continue; /* amp code: its calls are the kernel's */
    if (clang_getCursorKind(c) != CXCursor_CallExpr) return CXChildVisit_Recurse;
    int callee = launcher_of(w->calls, direct_callee(c));
    CallView *view = NULL;
    if (callee >= 0 && w->calls->fns[callee].reaching) {
        int n = clang_Cursor_getNumArguments(c);
        for (int i = 0; i < n && i < 64; i++) {
            if (!(w->calls->fns[callee].reaching >> i & 1)) continue;
            align_passed_global(fe, clang_Cursor_getArgument(c, (unsigned)i));
            char *name = local_passed(fe, clang_Cursor_getArgument(c, (unsigned)i), w->caller);
            if (!name) continue;
            if (!view) {
                view = arena_alloc(fe->a, sizeof *view);
                if (!wrappable(fe, c, &view->begin, &view->end)) return CXChildVisit_Recurse;
                view->returns_void =
                    clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Void || is_statement(parent);
            }
            vec_push(fe->a, &view->names, name);
        }
    }
    if (view) vec_push(fe->a, &fe->u->call_views, view);
    return CXChildVisit_Recurse;
}

static bool is_definition_in_main_file(Frontend *fe, CXCursor c) {
    return clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) && in_main_file(fe, c);
}

void fe_find_call_views(Frontend *fe) {
    CallSearch s = {fe, NULL, 0, 0, 0, false};
    for (int i = 0; i < fe->nsearched; i++) {
        if (!is_definition_in_main_file(fe, fe->searched[i]) || fe_is_amp_function(fe->searched[i])) continue;
        s.fns = grow_array(s.fns, s.nfns, &s.capfns, sizeof *s.fns, 64);
        s.fns[s.nfns++] = (Launcher){clang_getCanonicalCursor(fe->searched[i]), 0};
    }
    do { /* a parameter passed on to one that reaches a kernel reaches it */
        s.changed = false;
        for (s.caller = 0; s.caller < s.nfns; s.caller++)
            clang_visitChildren(clang_getCursorDefinition(s.fns[s.caller].fn), find_reaching_params, &s);
    } while (s.changed);
    for (int i = 0; i < s.nfns; i++) {
        WrapSearch w = {fe, &s, clang_getCursorDefinition(s.fns[i].fn)};
        clang_visitChildren(w.caller, find_wraps, &w);
    }
    free(s.fns);
}
