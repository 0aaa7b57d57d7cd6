/* unit_cursors.c — the top-level cursors of a unit that the frontend's
 * searches (kernels, their ranges, amp code to check, host uses of the
 * math library) look into. A unit is mostly its headers: the C library's
 * declarations and macros, the dialect's math library. Each search visited
 * all of them again to pass over them, which cost more than the searches'
 * own work; now one walk lists the unit's top level, finds the dialect's
 * headers and the math library in it, and keeps for the searches only
 * what one of them can look into. */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

static enum CXChildVisitResult collect_top(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    fe->searched = grow_array(fe->searched, fe->nsearched, &fe->capsearched, sizeof *fe->searched, 1024);
    fe->searched[fe->nsearched++] = c;
    return CXChildVisit_Continue;
}

/* What a search can look into: anything outside the dialect's headers and
 * the system's, and in the system's headers the functions with a body
 * (only a body can hold a kernel, which the search for kernels would
 * report there); the other searches pass over both kinds of header. */
static bool searched(Frontend *fe, CXCursor c) {
    if (fe_in_dialect_headers(fe, c)) return false;
    if (!clang_Location_isInSystemHeader(clang_getCursorLocation(c))) return true;
    return clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c);
}

/* Whether top-level cursor c defines an object of known size (an array, a
 * struct, a scalar: what a kernel's pointer may point into) that lives as
 * long as the program (not extern: a tentative definition defines it
 * too), outside the system's headers and the dialect's (a thread's own
 * has an address per thread). */
static bool is_global_object(Frontend *fe, CXCursor c) {
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    return clang_getCursorKind(c) == CXCursor_VarDecl && clang_Cursor_getStorageClass(c) != CX_SC_Extern &&
           t.kind != CXType_IncompleteArray && t.kind != CXType_VariableArray && clang_Type_getSizeOf(t) > 0 &&
           clang_getCursorTLSKind(c) == CXTLS_None && !clang_Location_isInSystemHeader(clang_getCursorLocation(c)) &&
           !fe_in_dialect_headers(fe, c);
}

void fe_list_unit(Frontend *fe) {
    fe->nsearched = 0;
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), collect_top, fe);
    fe_find_dialect_dir(fe, fe->searched, fe->nsearched);
    fe_find_math_library(fe, fe->searched, fe->nsearched);
    fe->ncontract_pragmas = 0;
    fe_find_contract_pragmas(fe);
    fe_find_omp_pragmas(fe);
    int kept = 0;
    for (int i = 0; i < fe->nsearched; i++) {
        if (is_global_object(fe, fe->searched[i])) {
            GlobalArray *g = arena_alloc(fe->a, sizeof *g);
            g->name = fe_spelling(fe, fe->searched[i]);
            /* const elements: clang spells the array's type "const float[4]", a struct's "const world" */
            g->read_only = !strncmp(fe_type_spelling(fe, clang_getCanonicalType(clang_getCursorType(fe->searched[i]))),
                                    "const ", 6);
            vec_push(fe->a, &fe->u->global_arrays, g);
        }
        if (searched(fe, fe->searched[i])) fe->searched[kept++] = fe->searched[i];
    }
    fe->nsearched = kept;
}

void fe_visit_unit(Frontend *fe, CXCursorVisitor visitor, CXClientData data) {
    CXCursor unit = clang_getTranslationUnitCursor(fe->tu);
    for (int i = 0; i < fe->nsearched; i++) {
        enum CXChildVisitResult r = visitor(fe->searched[i], unit, data);
        if (r == CXChildVisit_Break) return;
        if (r == CXChildVisit_Recurse && clang_visitChildren(fe->searched[i], visitor, data)) return;
    }
}
