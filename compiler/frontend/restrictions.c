/* restrictions.c — docs/dialect.md §5: what amp code may not contain, checked on
 * libclang's AST before anything is lowered, so that lowering only ever
 * sees code the dialect allows. Amp code is every parallel_for_each body
 * and every restrict(amp) function defined outside system headers (called
 * or not, as in C++ AMP). Each error points at the construct; where a
 * declaration elsewhere explains it, a note points there.
 *
 * Only the forbidden list lives here. What the dialect allows but campcc
 * cannot compile yet is lowering's business ("unsupported construct"). */
#include "frontend.h"

#include <string.h>

typedef struct Checker {
    Frontend *fe;
    Diag *d;
    bool in_kernel;
    CXCursor body; /* a kernel's */
    /* kernels: the byte range of the whole parallel_for_each (index
     * included) in the main file; declarations in it are the kernel's own */
    unsigned begin, end;
    int breakable; /* loops and switches around the statement, inside the amp code */
    CXCursor subscripted[2]; /* the operands of the innermost subscript being checked */
    int depth;     /* nesting of the cursor being checked */
    bool too_deep; /* reported once per function or kernel */
} Checker;

/* Lowering and code generation recurse once per level of nesting: beyond
 * this, amp code is refused rather than risking the stack. */
enum { MAX_NESTING = 10000 };

static void check_node(Checker *ck, CXCursor c);

static enum CXChildVisitResult visit_child(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    check_node(data, c);
    return CXChildVisit_Continue;
}

static void check_children(Checker *ck, CXCursor c) {
    if (++ck->depth > MAX_NESTING) {
        if (!ck->too_deep)
            diag_error(ck->d, fe_loc(ck->fe, c), "amp code nested more than %d levels deep is not supported",
                       MAX_NESTING);
        ck->too_deep = true;
    } else {
        clang_visitChildren(c, visit_child, ck);
    }
    ck->depth--;
}

static char *type_name(Frontend *fe, CXType t) {
    CXString s = clang_getTypeSpelling(t);
    char *r = arena_strdup(fe->a, clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* Strips parentheses and what libclang shows as UnexposedExpr with one
 * operand: implicit conversions, and ext-vector element accesses (`v.x`
 * writes v). */
static CXCursor strip_implicit(CXCursor c) {
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        CXCursor kids[2];
        if ((k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) || fe_children(c, kids, 2) != 1) return c;
        c = kids[0];
    }
}

/* ---- types ---------------------------------------------------------------- */

/* Whether memory of type `t` holds a pointer (through arrays, struct and
 * union members), or, where `unions`, a union. `depth` bounds nesting of
 * records by value. */
/* What holds() looks for inside a type. */
enum { HOLDS_POINTER = 1, HOLDS_UNION = 2 };
static bool holds(CXType t, int what, int depth);

typedef struct FieldSearch {
    bool found;
    int what, depth;
} FieldSearch;

static enum CXVisitorResult field_holds(CXCursor field, CXClientData data) {
    FieldSearch *s = data;
    if (holds(clang_getCursorType(field), s->what, s->depth + 1)) {
        s->found = true;
        return CXVisit_Break;
    }
    return CXVisit_Continue;
}

static bool holds(CXType t, int what, int depth) {
    CXType ct = clang_getCanonicalType(t);
    switch (ct.kind) {
    case CXType_Pointer: case CXType_BlockPointer: return what & HOLDS_POINTER;
    case CXType_ConstantArray: case CXType_VariableArray: case CXType_IncompleteArray:
        return holds(clang_getArrayElementType(ct), what, depth);
    case CXType_Record: {
        if (depth > 16) return false;
        if ((what & HOLDS_UNION) && clang_getCursorKind(clang_getTypeDeclaration(ct)) == CXCursor_UnionDecl) return true;
        FieldSearch s = {false, what, depth};
        clang_Type_visitFields(ct, field_holds, &s);
        return s.found;
    }
    default: return false;
    }
}

/* Why a global or static variable cannot be shared with kernels, or NULL. */
static const char *unshareable(Frontend *fe, CXCursor decl) {
    CXType ct = clang_getCanonicalType(clang_getCursorType(decl));
    if (clang_getCursorTLSKind(decl) != CXTLS_None) return "a thread's own variable";
    if (holds(ct, HOLDS_POINTER, 0)) return "it holds a pointer";
    if (holds(ct, HOLDS_UNION, 0)) return "it holds a union";
    if (fe_is_texture_type(fe, ct)) return "a texture";
    return NULL;
}

/* A global or static variable that is not an array (those are views
 * already) and that kernels may share as a view of its own: its bytes
 * hold no pointer (an address means nothing on the other side) and no
 * union (whose members amp code reads from values only). */
bool fe_is_shareable_global(Frontend *fe, CXCursor decl) {
    return clang_getCursorKind(decl) == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 &&
           fe_is_shareable_variable(fe, decl);
}

bool fe_is_shareable_variable(Frontend *fe, CXCursor decl) {
    CXType ct = clang_getCanonicalType(clang_getCursorType(decl));
    return ct.kind != CXType_ConstantArray && ct.kind != CXType_IncompleteArray && !unshareable(fe, decl);
}

static bool is_va_list_record(CXType ct) {
    if (ct.kind != CXType_Record) return false;
    CXString s = clang_getTypeSpelling(ct);
    bool yes = strstr(clang_getCString(s), "__va_list") != NULL;
    clang_disposeString(s);
    return yes;
}

typedef enum TypeProblem {
    TYPE_OK,
    TYPE_LONG_DOUBLE,
    TYPE_FUNCTION_POINTER,
    TYPE_POINTER_TO_POINTER, /* to memory that holds pointers */
    TYPE_VA_LIST,
    TYPE_BLOCK,
} TypeProblem;

/* Why type `t` may not appear in amp code. */
static TypeProblem type_problem(CXType t) {
    CXType ct = clang_getCanonicalType(t);
    switch (ct.kind) {
    case CXType_LongDouble: return TYPE_LONG_DOUBLE;
    case CXType_Complex: return type_problem(clang_getElementType(ct));
    case CXType_BlockPointer: return TYPE_BLOCK;
    case CXType_Pointer: {
        CXType pt = clang_getCanonicalType(clang_getPointeeType(ct));
        if (pt.kind == CXType_FunctionProto || pt.kind == CXType_FunctionNoProto) return TYPE_FUNCTION_POINTER;
        if (is_va_list_record(pt)) return TYPE_VA_LIST;
        if (holds(pt, HOLDS_POINTER, 0) && pt.kind != CXType_Record) return TYPE_POINTER_TO_POINTER;
        return type_problem(pt);
    }
    case CXType_ConstantArray: case CXType_VariableArray: case CXType_IncompleteArray:
        return type_problem(clang_getArrayElementType(ct));
    case CXType_Record: /* members are checked where they are used */
        return is_va_list_record(ct) ? TYPE_VA_LIST : TYPE_OK;
    default: return TYPE_OK; /* function types are designators: see calls */
    }
}

static void report_type(Checker *ck, TypeProblem p, CXType t, CXCursor where) {
    SrcLoc at = fe_loc(ck->fe, where);
    char *name = type_name(ck->fe, t);
    switch (p) {
    case TYPE_OK: break;
    case TYPE_LONG_DOUBLE:
        if (strcmp(name, "long double") == 0) diag_error(ck->d, at, "'long double' is not allowed in amp code");
        else diag_error(ck->d, at, "'long double' is not allowed in amp code (in type '%s')", name);
        break;
    case TYPE_FUNCTION_POINTER:
        diag_error(ck->d, at,
                   "function pointers are not allowed in amp code (type '%s'): call the function by name, or choose "
                   "among functions with a switch on an int",
                   name);
        break;
    case TYPE_POINTER_TO_POINTER: {
        /* a struct that holds pointers is taken by value: a captured one's pointers are translated */
        CXType pointee = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(t)));
        diag_error(ck->d, at,
                   "pointers to pointers are not allowed in amp code: type '%s' points to memory that holds "
                   "pointers, which a kernel cannot use%s",
                   name,
                   pointee.kind == CXType_Record ? "; pass the struct by value (a kernel translates the pointers "
                                                   "of a struct it captures, and a helper's copy keeps them)"
                                                 : "; pass the memory they point into instead (a matrix allocated "
                                                   "as one block of rows x columns elements: a view of it, indexed "
                                                   "[i * columns + j] or as `float (*)[columns]`)");
        break;
    }
    case TYPE_VA_LIST: diag_error(ck->d, at, "variable arguments ('va_list') are not allowed in amp code"); break;
    case TYPE_BLOCK: diag_error(ck->d, at, "blocks are not allowed in amp code"); break;
    }
}

/* Reports a forbidden type at `where`; true if it did. */
static bool check_type(Checker *ck, CXType t, CXCursor where) {
    TypeProblem p = type_problem(t);
    if (p == TYPE_POINTER_TO_POINTER && fe_is_ctype_table_call(ck->fe, where)) return false; /* frontend_ctype.c */
    report_type(ck, p, t, where);
    return p != TYPE_OK;
}

/* Whether an operand of expression `c` has the forbidden type `p` already:
 * then the operand, where the type comes from, is the place to report. */
static bool operand_has_problem(CXCursor c, TypeProblem p) {
    CXCursor kids[8];
    int n = fe_children(c, kids, 8);
    for (int i = 0; i < n && i < 8; i++)
        if (clang_isExpression(clang_getCursorKind(kids[i])) && type_problem(clang_getCursorType(kids[i])) == p)
            return true;
    return false;
}

/* ---- declarations ---------------------------------------------------------- */

/* Whether `decl` (a variable) belongs to the amp code being checked. */
static bool is_own_variable(Checker *ck, CXCursor decl) {
    if (clang_getCursorKind(decl) == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(decl)) return false;
    if (!ck->in_kernel) return true; /* a helper sees only its own locals and parameters */
    CXFile file;
    unsigned line, col, off;
    clang_getExpansionLocation(clang_getCursorLocation(decl), &file, &line, &col, &off);
    return clang_File_isEqual(file, ck->fe->main_file) && off >= ck->begin && off < ck->end;
}

/* Whether attribute cursor `attr` is GNU C's cleanup (`cleanup(f)`,
 * `__cleanup__(f)`, `[[gnu::cleanup(f)]]`), which libclang does not name:
 * its first token does, or the one after its prefix's `::`. */
static bool is_cleanup_attribute(Frontend *fe, CXCursor attr) {
    if (clang_getCursorKind(attr) != CXCursor_UnexposedAttr) return false;
    CXToken *toks;
    unsigned n;
    clang_tokenize(fe->tu, clang_getCursorExtent(attr), &toks, &n);
    unsigned name = n >= 3 && fe_token_is(fe, toks[1], "::") ? 2 : 0;
    bool yes = name < n && (fe_token_is(fe, toks[name], "cleanup") || fe_token_is(fe, toks[name], "__cleanup__"));
    clang_disposeTokens(fe->tu, toks, n);
    return yes;
}

static enum CXChildVisitResult find_cleanup(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Checker *ck = data;
    if (is_cleanup_attribute(ck->fe, c))
        diag_error(ck->d, fe_loc(ck->fe, c), "'cleanup' attribute is not supported in amp code");
    return CXChildVisit_Continue;
}

/* Whether t has rows of run-time length below it (`double (*)[m]`): a
 * variable's are known from its declaration (fe_vla_strides), a cast's
 * result's would need them carried with the value. */
static bool is_variably_modified(CXType t) {
    for (int depth = 0; depth < 64; depth++) {
        CXType ct = clang_getCanonicalType(t);
        switch (ct.kind) {
        case CXType_VariableArray: return true;
        case CXType_Pointer: t = clang_getPointeeType(ct); break;
        case CXType_ConstantArray: case CXType_IncompleteArray: t = clang_getArrayElementType(ct); break;
        default: return false;
        }
    }
    return false;
}

static void check_var_decl(Checker *ck, CXCursor c) {
    char *name = fe_spelling(ck->fe, c);
    CXType t = clang_getCursorType(c);
    if (clang_getCanonicalType(t).kind == CXType_VariableArray && !fe_constant_vla_type(ck->fe, c)) {
        diag_error(ck->d, fe_loc(ck->fe, c),
                   "variable-length array '%s' cannot be declared in amp code: give it a constant length, the most "
                   "the kernel needs (a macro, an enum constant, or a const int with a constant initializer)",
                   name);
        return;
    }
    if (check_type(ck, t, c)) return;
    /* the function would run at every exit from the variable's scope,
     * which lowering does not follow: the call was silently left out */
    clang_visitChildren(c, find_cleanup, ck);
    check_children(ck, c);
}

/* ---- writes ---------------------------------------------------------------- */

/* The variable an assignment to `lhs` writes in place, or a null cursor
 * when it writes through a pointer (into a view: allowed). */
static CXCursor written_variable(CXCursor lhs) {
    CXCursor c = strip_implicit(lhs);
    CXCursor kids[2];
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: return clang_getCursorReferenced(c);
    case CXCursor_MemberRefExpr: /* s.m or v.x writes s / v; p->m writes memory */
        if (fe_children(c, kids, 2) == 1 && clang_getCanonicalType(clang_getCursorType(kids[0])).kind != CXType_Pointer)
            return written_variable(kids[0]);
        break;
    case CXCursor_ArraySubscriptExpr: {
        if (fe_children(c, kids, 2) != 2) break;
        /* the operand that is an array (before decay) or a vector is written in place */
        for (int i = 0; i < 2; i++) {
            CXCursor base = kids[i];
            while (clang_getCursorKind(base) == CXCursor_ParenExpr && fe_children(base, &base, 1) == 1) {}
            CXType bt = clang_getCanonicalType(clang_getCursorType(base));
            if (bt.kind == CXType_Vector || bt.kind == CXType_ExtVector) return written_variable(base);
            CXCursor inner[2];
            if (clang_getCursorKind(base) == CXCursor_UnexposedExpr && fe_children(base, inner, 2) == 1) {
                CXType it = clang_getCanonicalType(clang_getCursorType(inner[0]));
                if (it.kind == CXType_ConstantArray || it.kind == CXType_VariableArray ||
                    it.kind == CXType_IncompleteArray)
                    return written_variable(inner[0]);
            }
        }
        break;
    }
    default: break;
    }
    return clang_getNullCursor();
}

static bool is_write(CXCursor c, CXCursor *target) {
    CXCursor kids[2];
    switch (clang_getCursorKind(c)) {
    case CXCursor_CompoundAssignOperator:
        if (fe_children(c, kids, 2) != 2) return false;
        *target = kids[0];
        return true;
    case CXCursor_BinaryOperator:
        if (clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign || fe_children(c, kids, 2) != 2) return false;
        *target = kids[0];
        return true;
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op != CXUnaryOperator_PostInc && op != CXUnaryOperator_PostDec && op != CXUnaryOperator_PreInc &&
            op != CXUnaryOperator_PreDec)
            return false;
        if (fe_children(c, kids, 2) != 1) return false;
        *target = kids[0];
        return true;
    }
    default: return false;
    }
}

static bool is_address_of(CXCursor c, CXCursor *operand) {
    return clang_getCursorKind(c) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf && fe_children(c, operand, 1) == 1;
}

static bool is_implicit_conversion(CXCursor c);

/* An array's decay to a pointer that is not a subscript's operand (an
 * argument, a pointer's initial value): the array's address taken. */
static bool is_passed_array_decay(Checker *ck, CXCursor c, CXCursor *array) {
    if (clang_getCursorKind(c) != CXCursor_UnexposedExpr || is_implicit_conversion(c) ||
        fe_children(c, array, 1) != 1)
        return false;
    return !clang_equalCursors(c, ck->subscripted[0]) && !clang_equalCursors(c, ck->subscripted[1]);
}

/* Whether the kernel uses var as each thread's own (its writes are then
 * fine), or so but the program reads its value after the kernel: shared
 * with the host where the kernel has one thread (its value is then the
 * serial run's), an error where it has many. */
static bool kernel_own(Checker *ck, CXCursor var, CXCursor at) {
    bool single;
    CXCursor read;
    KernelOwn own = ck->in_kernel ? fe_kernel_own_use(ck->fe, ck->body, var, &single, &read) : KERNEL_OWN_NONE;
    if (own != KERNEL_OWN_READ_AFTER) return own == KERNEL_OWN;
    if (single && fe_is_shareable_variable(ck->fe, var)) {
        fe_share_variable(ck->fe, var);
        return true;
    }
    char *name = fe_spelling(ck->fe, var);
    diag_error(ck->d, fe_loc(ck->fe, at),
               "the kernel assigns '%s', which the program reads after it: each of the kernel's threads has a '%s' of "
               "its own, and none comes back (a serial loop would leave the last pass's value); keep the result in "
               "memory (an element of an array per thread, or a one-element array), or run the kernel as one "
               "thread (extent(1)), whose '%s' is shared",
               name, name, name);
    diag_note(ck->d, fe_loc(ck->fe, read), "'%s' read after the kernel here", name);
    return true;
}

/* A global whose address (or a part's) a kernel takes, or a variable of
 * the function around the kernel, is shared where it can be, so that the
 * address is the host's object (captures are otherwise copies, which
 * have none); one that cannot be is an error that says why. */
static void share_addressed_variable(Checker *ck, CXCursor operand) {
    CXCursor var = written_variable(operand);
    enum CXCursorKind vk = clang_getCursorKind(var);
    bool global = vk == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(var) == 1;
    bool outside = (vk == CXCursor_VarDecl || vk == CXCursor_ParmDecl) && !global && ck->in_kernel &&
                   !is_own_variable(ck, var);
    if (!global && !outside) return;
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(var)).kind;
    if (k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray) return; /* views */
    if (k == CXType_Pointer) return; /* a capture the runtime translates; its address is refused in lowering */
    if (outside && kernel_own(ck, var, operand)) return; /* each thread's own out-parameter, or read after the kernel */
    if (fe_is_shareable_variable(ck->fe, var)) {
        fe_share_variable(ck->fe, var);
        return;
    }
    CXType ct = clang_getCanonicalType(clang_getCursorType(var));
    if ((outside || (global && ck->in_kernel)) && holds(ct, HOLDS_POINTER, 0) && !holds(ct, HOLDS_UNION, 0))
        return; /* the address of the kernel's copy (frontend_lower.c) */
    char *name = fe_spelling(ck->fe, var);
    diag_error(ck->d, fe_loc(ck->fe, operand),
               "cannot take the address of %s variable '%s' in %s (kernels see a copy of its value: %s)",
               global ? "global" : "captured", name, ck->in_kernel ? "a kernel" : "a restrict(amp) function",
               unshareable(ck->fe, var));
    diag_note(ck->d, fe_loc(ck->fe, var), "'%s' declared here", name);
}

/* Scalars and structs from outside the amp code are copies: writing one
 * would change nothing the program can see. Arrays are views: writable;
 * so are the globals a kernel writes, where they can be shared. */
static void check_write(Checker *ck, CXCursor op, CXCursor target) {
    if (fe_omp_atomic_target(ck->fe, op)) { /* as camp_atomic_fetch_add(&target, e) */
        share_addressed_variable(ck, target);
        return;
    }
    CXCursor var = written_variable(target);
    enum CXCursorKind k = clang_getCursorKind(var);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) return;
    if (is_own_variable(ck, var) || fe_is_tile_static(var)) return;
    CXType vt = clang_getCanonicalType(clang_getCursorType(var));
    if (vt.kind == CXType_ConstantArray || vt.kind == CXType_VariableArray || vt.kind == CXType_IncompleteArray)
        return;
    if (fe_is_static_temporary(ck->fe, var)) return; /* each kernel's and helper's own */
    if (fe_is_shareable_global(ck->fe, var)) {
        fe_share_variable(ck->fe, var);
        return;
    }
    if (kernel_own(ck, var, op)) return;
    if (ck->in_kernel && fe_is_kernel_flag(ck->fe, ck->body, var) && fe_is_shareable_variable(ck->fe, var)) {
        fe_share_variable(ck->fe, var); /* a flag every thread that sets it sets for the host */
        return;
    }
    char *name = fe_spelling(ck->fe, var);
    if (k == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(var))
        diag_error(ck->d, fe_loc(ck->fe, op),
                   "cannot write static or global variable '%s' in %s (kernels see a copy of its value: %s)", name,
                   ck->in_kernel ? "a kernel" : "a restrict(amp) function", unshareable(ck->fe, var));
    else
        diag_error(ck->d, fe_loc(ck->fe, op),
                   "cannot assign to captured variable '%s' (" FE_CAPTURED_WRITE_ADVICE ")", name);
    diag_note(ck->d, fe_loc(ck->fe, var), "'%s' declared here", name);
}

/* Whether decl is the C library's global `name` (declared in a system header). */
static bool is_library_global(CXCursor decl, const char *name) {
    if (clang_getCursorKind(decl) != CXCursor_VarDecl || !clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
        return false;
    CXString s = clang_getCursorSpelling(decl);
    bool yes = !strcmp(clang_getCString(s), name);
    clang_disposeString(s);
    return yes;
}

/* ---- calls ----------------------------------------------------------------- */

/* <math.h> and <complex.h> functions and <stdlib.h>'s abs: amp code may
 * call them (C++ AMP's precise_math); each has a camp_precise_ form in
 * camp_math/. */
static bool is_math_function(const char *name) {
    static const char *const names[] = {
        "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "copysign", "cos",
        "cosh", "erf", "erfc", "exp", "exp2", "expm1", "fabs", "fdim", "floor", "fma", "fmax", "fmin",
        "fmod", "frexp", "hypot", "ilogb", "ldexp", "lgamma", "llrint", "llround", "log", "log10",
        "log1p", "log2", "logb", "lrint", "lround", "modf", "nearbyint", "nextafter",
        "pow", "remainder", "remquo", "rint", "round", "scalbln", "scalbn", "sin", "sinh", "sqrt", "tan",
        "tanh", "tgamma", "trunc", "abs", "labs", "llabs", "lgamma_r", "lgammaf_r",
        /* <complex.h> */
        "cabs", "carg", "ccos", "ccosh", "cexp", "cimag", "clog", "conj", "cpow", "cproj", "creal", "csin",
        "csinh", "csqrt", "ctan", "ctanh",
    };
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        size_t m = strlen(names[i]);
        if (strncmp(name, names[i], m) == 0 && (n == m || (n == m + 1 && name[m] == 'f'))) return true;
    }
    return false;
}

/* <string.h>'s reading functions, which camp_math/strings.h serves. */
static bool is_string_function(const char *name) {
    static const char *const names[] = {"strlen", "strnlen", "strcmp", "strncmp", "memcmp"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(name, names[i]) == 0) return true;
    return false;
}

/* memcmp's memory: bytes to step through, as chars, which a thread's own
 * array of another type has none of (an error at the call, not in
 * camp_math/strings.h). */
static bool bytes_to_compare(Checker *ck, CXCursor call, const char *name) {
    if (strcmp(name, "memcmp")) return true;
    for (int i = 0; i < clang_Cursor_getNumArguments(call) && i < 2; i++) {
        CXCursor arg = fe_strip(clang_Cursor_getArgument(call, (unsigned)i));
        CXCursor var = clang_getCursorReferenced(arg);
        CXType t = clang_getCanonicalType(clang_getCursorType(var));
        if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr || clang_getCursorKind(var) != CXCursor_VarDecl ||
            clang_Cursor_hasVarDeclGlobalStorage(var) == 1 || !ck->in_kernel || !is_own_variable(ck, var) ||
            t.kind != CXType_ConstantArray || clang_getCanonicalType(clang_getArrayElementType(t)).kind == CXType_Char_S ||
            clang_getCanonicalType(clang_getArrayElementType(t)).kind == CXType_SChar)
            continue;
        char *array = fe_spelling(ck->fe, var);
        diag_error(ck->d, fe_loc(ck->fe, call),
                   "%s in amp code steps through bytes, which '%s', a thread's own array of '%s', has none of: "
                   "compare its elements instead (it takes a view's bytes and a thread's own chars)",
                   name, array, fe_type_spelling(ck->fe, clang_getArrayElementType(t)));
        return false;
    }
    return true;
}

/* <stdio.h>'s output other than printf: fprintf(stderr, ...), puts, putchar. */
static bool is_output_function(const char *name) {
    static const char *const names[] = {"fprintf", "puts", "putchar", "fputs", "fputc", "putc", "vprintf", "vfprintf",
                                        "dprintf", "fwrite", "perror"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(name, names[i]) == 0) return true;
    return false;
}

static bool is_setjmp(const char *name) {
    static const char *const names[] = {"setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "longjmp",
                                        "_longjmp", "siglongjmp", "__builtin_setjmp", "__builtin_longjmp"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(name, names[i]) == 0) return true;
    return false;
}

/* Calls lowering maps onto the device's own operations or the math
 * library: C's <math.h> functions and the classification builtins its
 * macros expand to, fast_math_*, and the dialect headers' functions. */
static bool is_library_call(const Checker *ck, CXCursor decl, const char *name) {
    if (fe_in_dialect_headers(ck->fe, decl) || strncmp(name, "fast_math_", 10) == 0 ||
        strncmp(name, "__builtin_", 10) == 0 || fe_sync_builtin(name) >= 0 || !strcmp(name, "__sync_synchronize"))
        return true;
    return (is_math_function(name) || is_string_function(name) || fe_is_memory_function(name) ||
            fe_is_ctype_function(name)) &&
           clang_Location_isInSystemHeader(clang_getCursorLocation(decl));
}

/* The callee first: a call amp code cannot make is the error to report,
 * not its arguments' types (fprintf's FILE *stderr). */
static bool check_callee(Checker *ck, CXCursor call);

static void check_call(Checker *ck, CXCursor call) {
    if (!check_callee(ck, call)) return;
    int nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < nargs; i++) check_node(ck, clang_Cursor_getArgument(call, (unsigned)i));
}

static bool check_callee(Checker *ck, CXCursor call) {
    Frontend *fe = ck->fe;
    /* the function called directly, through parentheses and _Generic (as
     * camp.h's atomics are), else a call through a pointer */
    CXCursor decl = fe_callee(call);
    if (clang_getCursorKind(decl) != CXCursor_FunctionDecl) {
        diag_error(ck->d, fe_loc(fe, call),
                   "calls through function pointers are not allowed in amp code: call the functions by name, "
                   "picked by a switch (an interpreter's dispatch on its opcode) or by an if");
        return false;
    }
    char *name = fe_spelling(fe, decl);
    SrcLoc at = fe_loc(fe, call);
    if (is_setjmp(name)) {
        diag_error(ck->d, at, "'%s' (setjmp/longjmp) is not allowed in amp code", name);
        return false;
    }
    if (strncmp(name, "__builtin_va_", 13) == 0) {
        diag_error(ck->d, at, "variable arguments ('%s') are not allowed in amp code", name);
        return false;
    }
    if (fe_is_amp_function(decl)) {
        CXCursor def = clang_getCursorDefinition(decl);
        /* a defined variadic amp function is reported at its definition */
        if (clang_Cursor_isNull(def) && clang_Cursor_isVariadic(decl)) {
            diag_error(ck->d, at, "variadic function '%s' cannot be called from amp code", name);
            diag_note(ck->d, fe_loc(fe, decl), "'%s' declared here", name);
            return false;
        }
        return true;
    }
    if (!strcmp(name, "camp_atomic_on_this_type")) { /* camp.h's atomics on a type they do not take */
        diag_error(ck->d, at, "camp_atomic_* work on int, unsigned, long, long long and their unsigned forms "
                              "(int64_t, uint64_t); fetch_add, fetch_max, fetch_min, exchange, load and store also on float and "
                              "double");
        return false;
    }
    if (is_string_function(name) && !bytes_to_compare(ck, call, name)) return false;
    if (is_library_call(ck, decl, name) || fe_is_report_function(decl, name)) return true;
    if (!strncmp(name, "__sync_", 7) || !strncmp(name, "__atomic_", 9) || !strncmp(name, "__c11_atomic_", 13)) {
        diag_error(ck->d, at,
                   "'%s' is not supported in amp code: use camp_atomic_fetch_add and the other camp_atomic_* "
                   "(GCC's __sync_fetch_and_<op>, __sync_<op>_and_fetch, compare and swaps, lock_test_and_set "
                   "and lock_release work too)",
                   name);
        return false;
    }
    if (!strcmp(name, "__errno_location")) { /* errno, as glibc spells it */
        diag_error(ck->d, at,
                   "errno is not available in amp code: the math functions there do not set it; test their "
                   "result (isnan, isinf) or the argument instead");
        return false;
    }
    if (!strncmp(name, "fe", 2) && clang_Location_isInSystemHeader(clang_getCursorLocation(decl)) &&
        (strstr(name, "round") || strstr(name, "except") || strstr(name, "env"))) { /* <fenv.h> */
        diag_error(ck->d, at,
                   "'%s' is not available in amp code: kernels round to nearest and keep no exception flags "
                   "(nextafter steps a bound outwards by one ulp)",
                   name);
        return false;
    }
    diag_error(ck->d, at, "call to non-amp function '%s'", name);
    if (is_output_function(name) && clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
        diag_note(ck->d, at,
                  "amp code has printf, which prints the kernel's lines on the host at the next wait: write "
                  "printf(...) instead of '%s'",
                  name);
    else if (clang_Location_isInSystemHeader(clang_getCursorLocation(decl))) /* the program cannot mark it */
        diag_note(ck->d, at,
                  "'%s' is a C library function that amp code has no form of: write the loop it stands for, or a "
                  "restrict(amp) function of your own (amp code has <math.h>, <complex.h> but for the inverse "
                  "functions, <ctype.h>, memcpy, memset, strlen, strnlen, strcmp, strncmp and memcmp)",
                  name);
    else
        diag_note(ck->d, fe_loc(fe, decl),
                  "'%s' declared here; mark it restrict(cpu, amp) to call it from amp code and the host "
                  "(restrict(amp) where only amp code calls it)",
                  name);
    return false;
}

/* ---- statements and expressions ------------------------------------------- */

static void check_breakable(Checker *ck, CXCursor c) {
    ck->breakable++;
    check_children(ck, c);
    ck->breakable--;
}

static void check_goto(Checker *ck, CXCursor c) {
    CXCursor label = clang_getCursorReferenced(c);
    if (ck->in_kernel && !clang_Cursor_isNull(label) && !is_own_variable(ck, label))
        diag_error(ck->d, fe_loc(ck->fe, c), "'goto' out of a parallel_for_each body is not allowed");
    else
        diag_error(ck->d, fe_loc(ck->fe, c),
                   "'goto' is not allowed in amp code: write the jump as a loop (a retry as `do { ... } while "
                   "(again);`, a way out as `break` or a flag the loop tests)");
}

/* An implicit conversion other than an array's decay: a forbidden type it
 * yields comes from its operand or its context, reported there. */
static bool is_implicit_conversion(CXCursor c) {
    CXCursor kids[2];
    if (clang_getCursorKind(c) != CXCursor_UnexposedExpr || fe_children(c, kids, 2) != 1) return false;
    enum CXTypeKind from = clang_getCanonicalType(clang_getCursorType(kids[0])).kind;
    return from != CXType_ConstantArray && from != CXType_VariableArray && from != CXType_IncompleteArray;
}

/* The decay of an array from outside the amp code: an implicit view.
 * If it holds pointers, the kernel's layout reports it, naming the array
 * (layout.c), as it does for pointers in captured unions. Or the decay of
 * an array member of a struct captured by value (a lattice's `L.f[q]`,
 * `float *f[Q]`): its pointers are translated as the struct's others are. */
static bool is_captured_array_decay(Checker *ck, CXCursor c) {
    CXCursor kids[2];
    if (clang_getCursorKind(c) != CXCursor_UnexposedExpr || fe_children(c, kids, 2) != 1) return false;
    CXCursor ref = strip_implicit(kids[0]);
    bool member = false;
    while (clang_getCursorKind(ref) == CXCursor_MemberRefExpr && fe_children(ref, kids, 2) == 1) {
        enum CXTypeKind base = clang_getCanonicalType(clang_getCursorType(kids[0])).kind;
        if (base != CXType_Record && (base != CXType_Pointer || member)) return false; /* s.m, p->m; not p->q->m */
        ref = strip_implicit(kids[0]);
        member = true;
    }
    CXCursor var = clang_getCursorReferenced(ref);
    return clang_getCursorKind(ref) == CXCursor_DeclRefExpr &&
           (clang_getCursorKind(var) == CXCursor_VarDecl || clang_getCursorKind(var) == CXCursor_ParmDecl) &&
           (!is_own_variable(ck, var) || (member && clang_getCursorKind(var) == CXCursor_ParmDecl));
}

static void check_node(Checker *ck, CXCursor c) {
    Frontend *fe = ck->fe;
    enum CXCursorKind k = clang_getCursorKind(c);
    CXCursor target;
    switch (k) {
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: check_goto(ck, c); return;
    case CXCursor_AddrLabelExpr: diag_error(ck->d, fe_loc(fe, c), "'goto' is not allowed in amp code"); return;
    case CXCursor_GCCAsmStmt: case CXCursor_MSAsmStmt:
        diag_error(ck->d, fe_loc(fe, c), "inline assembly is not allowed in amp code");
        return;
    case CXCursor_ReturnStmt:
        if (ck->in_kernel) {
            diag_error(ck->d, fe_loc(fe, c),
                       "'return' is not allowed in a parallel_for_each body (use 'continue' to end this thread)");
            return;
        }
        break;
    case CXCursor_BreakStmt:
        if (ck->in_kernel && ck->breakable == 0)
            diag_error(ck->d, fe_loc(fe, c),
                       "'break' is not allowed in a parallel_for_each body (use 'continue' to end this thread)");
        return;
    case CXCursor_ForStmt:
        if (fe_is_pfe_loop(c)) {
            diag_error(ck->d, fe_loc(fe, c), "parallel_for_each cannot be nested in amp code");
            return;
        }
        check_breakable(ck, c);
        return;
    case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_SwitchStmt: check_breakable(ck, c); return;
    case CXCursor_VarDecl: check_var_decl(ck, c); return;
    case CXCursor_CStyleCastExpr:
        if (is_variably_modified(clang_getCursorType(c))) {
            diag_error(ck->d, fe_loc(fe, c),
                       "cast to '%s', rows of run-time length, is not supported in amp code: index a flat pointer "
                       "instead (a[i * m + j])",
                       type_name(fe, clang_getCursorType(c)));
            return;
        }
        break;
    case CXCursor_CallExpr:
        if (check_type(ck, clang_getCursorType(c), c)) return;
        check_call(ck, c);
        return;
    case CXCursor_DeclRefExpr:
        if (is_library_global(clang_getCursorReferenced(c), "signgam")) {
            diag_error(ck->d, fe_loc(fe, c),
                       "'signgam' is set by the host's lgamma only, not by lgamma in amp code: take the sign of "
                       "gamma(x) from lgamma_r(x, &sign)");
            return;
        }
        if (clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_FunctionDecl) {
            char *name = fe_spelling(fe, clang_getCursorReferenced(c));
            diag_error(ck->d, fe_loc(fe, c),
                       "function '%s' used as a value: function pointers are not allowed in amp code (call it by "
                       "name, or choose among functions with a switch on an int)",
                       name);
            return;
        }
        break;
    case CXCursor_TypeRef: case CXCursor_TypedefDecl: case CXCursor_StructDecl: case CXCursor_UnionDecl:
    case CXCursor_EnumDecl: case CXCursor_AnnotateAttr:
        return; /* names of types, not code */
    default: break;
    }
    if (clang_isExpression(k)) {
        TypeProblem p = is_implicit_conversion(c) ? TYPE_OK : type_problem(clang_getCursorType(c));
        if (p == TYPE_POINTER_TO_POINTER && is_captured_array_decay(ck, c)) return;
        if (p != TYPE_OK && !operand_has_problem(c, p)) {
            report_type(ck, p, clang_getCursorType(c), c);
            return;
        }
        if (is_write(c, &target)) check_write(ck, c, target);
        else if (is_address_of(c, &target)) share_addressed_variable(ck, target);
        else if (is_passed_array_decay(ck, c, &target)) share_addressed_variable(ck, target);
        if (k == CXCursor_ArraySubscriptExpr) {
            CXCursor outer[2] = {ck->subscripted[0], ck->subscripted[1]};
            if (fe_children(c, ck->subscripted, 2) != 2) ck->subscripted[0] = ck->subscripted[1] = clang_getNullCursor();
            check_children(ck, c);
            memcpy(ck->subscripted, outer, sizeof outer);
            return;
        }
    }
    check_children(ck, c);
}

/* ---- amp code: kernels and restrict(amp) functions -------------------------- */

static void check_kernel(Frontend *fe, CXCursor loop) {
    CXCursor idx, body;
    CXFile file;
    CXSourceRange r = clang_getCursorExtent(loop);
    clang_getExpansionLocation(clang_getRangeStart(r), &file, NULL, NULL, NULL);
    /* lowering reports a malformed expansion, and one outside the main file */
    if (!fe_pfe_parts(loop, &idx, &body) || !clang_File_isEqual(file, fe->main_file)) return;
    Checker ck = {.fe = fe, .d = fe->u->diag, .in_kernel = true, .body = body};
    ck.begin = fe_offset(clang_getRangeStart(r), NULL);
    ck.end = fe_offset(clang_getRangeEnd(r), NULL);
    check_node(&ck, body);
}

static void check_amp_function(Frontend *fe, CXCursor def) {
    Checker ck = {.fe = fe, .d = fe->u->diag, .in_kernel = false};
    char *name = fe_spelling(fe, def);
    CXType ft = clang_getCursorType(def);
    if (clang_isFunctionTypeVariadic(ft)) {
        diag_error(ck.d, fe_loc(fe, def), "restrict(amp) function '%s' cannot be variadic", name);
        return;
    }
    /* a bad signature: its uses in the body would only repeat the error */
    bool signature_ok = !check_type(&ck, clang_getResultType(ft), def);
    int n = clang_Cursor_getNumArguments(def);
    for (int i = 0; i < n; i++) {
        CXCursor param = clang_Cursor_getArgument(def, (unsigned)i);
        signature_ok = !check_type(&ck, clang_getCursorType(param), param) && signature_ok;
    }
    int nk;
    CXCursor *kids = fe_all_children(fe->a, def, &nk);
    if (signature_ok && nk > 0 && clang_getCursorKind(kids[nk - 1]) == CXCursor_CompoundStmt)
        check_node(&ck, kids[nk - 1]);
}

/* The dialect's library (restrict(amp) functions in camp_math/...) is the
 * implementation's own code, which lowering maps or compiles: not the
 * user's, not checked here. */
static enum CXChildVisitResult find_amp_code(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    CXSourceLocation where = clang_getCursorLocation(c);
    if (clang_Location_isInSystemHeader(where) || fe_in_dialect_headers(fe, c)) return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl) {
        if (clang_isCursorDefinition(c) && fe_is_amp_function(c)) {
            check_amp_function(fe, c);
            return CXChildVisit_Continue; /* its body is amp code, checked */
        }
        return CXChildVisit_Recurse;
    }
    if (fe_is_pfe_loop(c)) {
        check_kernel(fe, c);
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

bool fe_check_restrictions(Frontend *fe) {
    int before = fe->u->diag->errors;
    fe_visit_unit(fe, find_amp_code, fe);
    return fe->u->diag->errors == before;
}
