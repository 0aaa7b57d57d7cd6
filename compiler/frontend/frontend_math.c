/* frontend_math.c — <math.h> in amp code. A call to a C math function is
 * redirected to camp_math.h's camp_precise_<name> (C99 precision, written
 * in plain C, so it compiles like any helper); fast_math_<name> becomes a
 * GLSL.std.450 instruction; camp_float_as_uint and friends reinterpret
 * bits; clang's bit builtins go to camp_bits.h's camp_builtin_<name>. */
#include "frontend.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <stdio.h>
#include <string.h>

typedef struct Instruction {
    const char *name;
    int op;    /* GLSLstd450, or a BuiltinOther */
    int nargs;
} Instruction;

/* frexp and modf take pointers, so they use the precise (exact) forms. */

static const Instruction fast_math[] = {
    {"acos", GLSLstd450Acos, 1},   {"acosh", GLSLstd450Acosh, 1}, {"asin", GLSLstd450Asin, 1},
    {"asinh", GLSLstd450Asinh, 1}, {"atan", GLSLstd450Atan, 1},   {"atan2", GLSLstd450Atan2, 2},
    {"atanh", GLSLstd450Atanh, 1}, {"ceil", GLSLstd450Ceil, 1},   {"cos", GLSLstd450Cos, 1},
    {"cosh", GLSLstd450Cosh, 1},   {"exp", GLSLstd450Exp, 1},     {"exp2", GLSLstd450Exp2, 1},
    {"fabs", GLSLstd450FAbs, 1},   {"floor", GLSLstd450Floor, 1}, {"fma", GLSLstd450Fma, 3},
    {"fmax", GLSLstd450FMax, 2},   {"fmin", GLSLstd450FMin, 2},   {"fmod", BUILTIN_FREM, 2},
    {"ldexp", GLSLstd450Ldexp, 2},
    {"log", GLSLstd450Log, 1},     {"log2", GLSLstd450Log2, 1},   {"log10", BUILTIN_LOG10, 1},
    {"pow", GLSLstd450Pow, 2},     {"round", GLSLstd450Round, 1}, {"rsqrt", GLSLstd450InverseSqrt, 1},
    {"sin", GLSLstd450Sin, 1},     {"sinh", GLSLstd450Sinh, 1},   {"sqrt", GLSLstd450Sqrt, 1},
    {"tan", GLSLstd450Tan, 1},     {"tanh", GLSLstd450Tanh, 1},   {"trunc", GLSLstd450Trunc, 1},
};

/* camp_bits.h's device instructions (the builtins are C over these), and
 * camp_math/direct3d.h's (the direct3d_* intrinsics) */
static const Instruction bit_instructions[] = {
    {"camp_bit_count", BUILTIN_BIT_COUNT, 1},
    {"camp_find_msb", GLSLstd450FindUMsb, 1},
    {"camp_find_lsb", GLSLstd450FindILsb, 1},
    {"camp_bit_reverse", BUILTIN_BIT_REVERSE, 1},
    {"camp_d3d_nclamp", GLSLstd450NClamp, 3},
    {"camp_d3d_sclamp", GLSLstd450SClamp, 3},
    {"camp_d3d_smax", GLSLstd450SMax, 2},
    {"camp_d3d_smin", GLSLstd450SMin, 2},
    {"camp_d3d_umax", GLSLstd450UMax, 2},
    {"camp_d3d_umin", GLSLstd450UMin, 2},
    {"camp_d3d_fmaf", GLSLstd450Fma, 3},
    {"camp_d3d_fma", GLSLstd450Fma, 3},
    {"camp_d3d_find_smsb", GLSLstd450FindSMsb, 1},
    {"camp_d3d_ssign", GLSLstd450SSign, 1},
    {"camp_d3d_bit_reverse", BUILTIN_BIT_REVERSE, 1},
};

static const char *const bit_casts[] = {"camp_float_as_uint", "camp_uint_as_float", "camp_double_as_ulong",
                                        "camp_ulong_as_double"};

static void collect_library(Frontend *fe, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl) return;
    CXString s = clang_getCursorSpelling(c);
    const char *name = clang_getCString(s);
    /* camp_precise_sin serves sin; camp_builtin_clz serves __builtin_clz (the
     * name first: whether a declaration is a definition can read its body) */
    bool precise = !strncmp(name, "camp_precise_", 13), builtin = !strncmp(name, "camp_builtin_", 13);
    const char *serves = !(precise || builtin) || !clang_isCursorDefinition(c) ? NULL
                         : precise ? arena_strdup(fe->a, name + 13)
                                   : arena_printf(fe->a, "__builtin_%s", name + 13);
    if (serves) {
        fe->math = grow_array(fe->math, fe->nmath, &fe->capmath, sizeof *fe->math, 128);
        fe->math[fe->nmath++] = (MathBinding){serves, c};
    }
    clang_disposeString(s);
}

void fe_find_math_library(Frontend *fe, const CXCursor *top, int n) {
    for (int i = 0; i < n; i++) collect_library(fe, top[i]);
}

/* ---- whether the host code needs the library --------------------------------------- */

static bool in_library_file(CXSourceLocation loc) {
    CXFile file;
    clang_getExpansionLocation(loc, &file, NULL, NULL, NULL); /* macro-made names have no spelling file */
    CXString name = clang_getFileName(file);
    const char *path = clang_getCString(name);
    bool library = path && strstr(path, "camp_math") != NULL;
    clang_disposeString(name);
    return library;
}

/* Stops at the first reference (a call, a macro, a type) from the user's
 * code to a declaration in the library: not from the system's headers nor
 * the dialect's (none of which refers to the library outside it). */
static bool outside_user_code(Frontend *fe, CXCursor c) {
    CXSourceLocation loc = clang_getCursorLocation(c);
    return clang_Location_isInSystemHeader(loc) || fe_in_dialect_headers(fe, c) || in_library_file(loc);
}

/* Declarations outside the user's code are skipped whole. An expression's
 * place is read only when it refers to the library: libclang finds where a
 * binary operator starts by walking down its left operands, which made
 * this walk quadratic in the terms of a long sum (a+a+...: 100,000 took
 * minutes). At worst an expression a header's macro made counts as use. */
static enum CXChildVisitResult find_library_use(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    bool code = clang_isExpression(clang_getCursorKind(c)) || clang_isStatement(clang_getCursorKind(c));
    if (!code && outside_user_code(fe, c)) return CXChildVisit_Continue;
    CXCursor ref = clang_getCursorReferenced(c);
    if (!clang_Cursor_isNull(ref) && !clang_equalCursors(ref, c) && in_library_file(clang_getCursorLocation(ref)) &&
        !(code && outside_user_code(fe, c))) {
        fe->u->host_uses_math = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Kernels included (conservatively): a unit whose code uses nothing of
 * camp_math.h has its host C compiled without it (host_emit.c), which
 * spares the host compiler half its parse. */
void fe_find_host_math_use(Frontend *fe) {
    fe->u->host_uses_math = false;
    fe_visit_unit(fe, find_library_use, fe);
}

/* The library function that serves `name` (sin, __builtin_clz, ...). */
static bool find_library(Frontend *fe, const char *name, CXCursor *out) {
    for (int i = 0; i < fe->nmath; i++)
        if (!strcmp(fe->math[i].name, name)) {
            *out = fe->math[i].decl;
            return true;
        }
    return false;
}

#define ARRAY_LEN(a) (sizeof(a) / sizeof *(a))

/* __builtin_add_overflow(a, b, &r) (sub, mul) as clang's typed form for r's
 * type (__builtin_saddl_overflow, ...) where a and b have that type too, or
 * as camp_bits.h's form for a result of at most 32 bits from operands of at
 * most 32 (__builtin_add_overflow_s16: exact in 64 bits); else NULL (the
 * call is refused). */
static const char *typed_overflow(Frontend *fe, CXCursor call, const char *name) {
    static const char *const ops[] = {"add", "sub", "mul"};
    const char *op = NULL;
    for (size_t i = 0; i < ARRAY_LEN(ops); i++)
        if (!strncmp(name, "__builtin_", 10) && !strncmp(name + 10, ops[i], 3) && !strcmp(name + 13, "_overflow"))
            op = ops[i];
    if (!op) return NULL;
    CXType r = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, 2)));
    if (r.kind != CXType_Pointer) return NULL;
    CXType t = clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(r)));
    bool same = true, narrow = clang_Type_getSizeOf(t) <= 4;
    for (unsigned i = 0; i < 2; i++) {
        CXType a = clang_getUnqualifiedType(clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, i))));
        same &= clang_equalTypes(a, t);
        narrow &= a.kind >= CXType_Bool && a.kind <= CXType_Int128 && a.kind != CXType_WChar &&
                  clang_Type_getSizeOf(a) <= 4;
    }
    const char *form = NULL;
    switch (t.kind) {
    case CXType_Int: form = "s"; break;
    case CXType_Long: form = "sl"; break;
    case CXType_LongLong: form = "sll"; break;
    case CXType_UInt: form = "u"; break;
    case CXType_ULong: form = "ul"; break;
    case CXType_ULongLong: form = "ull"; break;
    default: break;
    }
    if (same && form) return arena_printf(fe->a, "__builtin_%c%s%s_overflow", form[0], op, form + 1);
    bool is_signed = t.kind == CXType_SChar || t.kind == CXType_Char_S || t.kind == CXType_Short ||
                     t.kind == CXType_Int;
    bool is_unsigned = t.kind == CXType_UChar || t.kind == CXType_Char_U || t.kind == CXType_UShort ||
                       t.kind == CXType_UInt;
    if (!narrow || !(is_signed || is_unsigned)) return NULL;
    return arena_printf(fe->a, "__builtin_%s_overflow_%c%lld", op, is_signed ? 's' : 'u',
                        8 * clang_Type_getSizeOf(t));
}

/* Whether a type-generic builtin's floating arguments are all float (clang
 * has converted mixed ones to double; fpclassify's others are ints). */
static bool float_arguments(CXCursor call) {
    int n = clang_Cursor_getNumArguments(call);
    bool any = false;
    for (int i = 0; i < n; i++) {
        enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i))).kind;
        if (k == CXType_Double || k == CXType_LongDouble) return false;
        any |= k == CXType_Float;
    }
    return any;
}

/* The precise form of a C math name as called (`sinf`, `__builtin_isnan`
 * on a float, …). */
static bool precise_for(Frontend *fe, CXCursor call, const char *name, CXCursor *out) {
    char buf[96];
    if (!strncmp(name, "__builtin_", 10)) { /* classification and comparison macros: by the arguments' type */
        name += 10;
        bool is_float = float_arguments(call);
        size_t len = strlen(name);
        if (len && name[len - 1] == 'f' && strcmp(name, "isinf")) len--; /* __builtin_signbitf */
        snprintf(buf, sizeof buf, "%.*s%s", (int)len, name, is_float ? "f" : "");
        name = buf;
    }
    return find_library(fe, name, out);
}

static Expr *lower_args(Frontend *fe, CXCursor call, Expr *e, int n) {
    e->nargs = n;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++) {
        e->args[i] = fe_lower_expr(fe, clang_Cursor_getArgument(call, (unsigned)i));
        if (!e->args[i]) return NULL;
    }
    return e;
}

/* glibc's isinf(x) is __builtin_isinf_sign(x): -1, 0 or 1, built here as
 * isinf(x) ? (signbit(x) ? -1 : 1) : 0 (x evaluated twice: it is a plain
 * value in any sensible use). */
static Expr *isinf_sign(Frontend *fe, CXCursor call) {
    CXCursor inf, sign;
    if (!precise_for(fe, call, "__builtin_isinf", &inf) || !precise_for(fe, call, "__builtin_signbit", &sign))
        return fe_unsupported(fe, call, "isinf without camp_math.h");
    Expr *is_inf = fe_lower_call_to(fe, call, inf), *is_neg = fe_lower_call_to(fe, call, sign);
    Type *t = fe_type(fe, clang_getCursorType(call), call);
    if (!is_inf || !is_neg || !t) return NULL;
    Expr *one = fe_new_expr(fe, EX_INT, t, call), *minus = fe_new_expr(fe, EX_INT, t, call);
    Expr *zero = fe_new_expr(fe, EX_INT, t, call);
    one->ival = 1;
    minus->ival = -1;
    Expr *signed_one = fe_new_expr(fe, EX_COND, t, call);
    signed_one->cond = is_neg;
    signed_one->lhs = minus;
    signed_one->rhs = one;
    Expr *e = fe_new_expr(fe, EX_COND, t, call);
    e->cond = is_inf;
    e->lhs = signed_one;
    e->rhs = zero;
    return e;
}


static const Instruction *find_instruction(const Instruction *table, size_t len, const char *name, int nargs) {
    for (size_t i = 0; i < len; i++)
        if (!strcmp(table[i].name, name) && table[i].nargs == nargs) return &table[i];
    return NULL;
}

/* A call that is one device instruction (EX_BUILTIN) on its arguments. */
static Expr *instruction_call(Frontend *fe, CXCursor call, const Instruction *op) {
    Type *t = fe_type(fe, clang_getCursorType(call), call);
    if (!t) return NULL;
    Expr *e = fe_new_expr(fe, EX_BUILTIN, t, call);
    e->ival = op->op;
    return lower_args(fe, call, e, op->nargs);
}

/* <math.h>'s INFINITY, HUGE_VAL(F) and NAN are calls of these builtins,
 * which clang folds to constants. */
static const char *const constant_builtins[] = {"__builtin_inff",      "__builtin_inf", "__builtin_huge_valf",
                                                "__builtin_huge_val", "__builtin_nanf", "__builtin_nan"};

static Expr *folded_constant(Frontend *fe, CXCursor call) {
    Type *t = fe_type(fe, clang_getCursorType(call), call);
    CXEvalResult r = clang_Cursor_Evaluate(call);
    Expr *e = NULL;
    if (t && r && clang_EvalResult_getKind(r) == CXEval_Float) {
        e = fe_new_expr(fe, EX_FLOAT, t, call);
        e->fval = clang_EvalResult_getAsDouble(r);
    } else if (t) {
        diag_error(fe->u->diag, fe_loc(fe, call), "this constant is not supported in amp code (its argument must be "
                                                  "a string literal)");
    }
    if (r) clang_EvalResult_dispose(r);
    return e;
}

Expr *fe_lower_library_call(Frontend *fe, CXCursor call, const char *name, bool *handled) {
    *handled = true;
    int n = clang_Cursor_getNumArguments(call);
    if (!strcmp(name, "__builtin_isinf_sign")) return isinf_sign(fe, call);
    for (size_t i = 0; i < ARRAY_LEN(constant_builtins); i++)
        if (!strcmp(name, constant_builtins[i])) return folded_constant(fe, call);
    for (size_t i = 0; i < ARRAY_LEN(bit_casts); i++) {
        if (strcmp(name, bit_casts[i]) || n != 1) continue;
        Type *t = fe_type(fe, clang_getCursorType(call), call);
        Expr *arg = fe_lower_expr(fe, clang_Cursor_getArgument(call, 0));
        if (!t || !arg) return NULL;
        Expr *e = fe_new_expr(fe, EX_CAST, t, call);
        e->lhs = arg;
        e->ival = 1; /* reinterpret the bits */
        return e;
    }
    const Instruction *op = find_instruction(bit_instructions, ARRAY_LEN(bit_instructions), name, n);
    if (op) return instruction_call(fe, call, op);
    if (!strncmp(name, "fast_math_", 10)) {
        const char *base = name + 10;
        if ((op = find_instruction(fast_math, ARRAY_LEN(fast_math), base, n))) return instruction_call(fe, call, op);
        char precise[96]; /* frexp, modf: exact, so the precise forms serve */
        snprintf(precise, sizeof precise, "%sf", base);
        CXCursor def;
        if (find_library(fe, precise, &def)) return fe_lower_call_to(fe, call, def);
        *handled = false;
        return NULL;
    }
    CXCursor def;
    const char *typed = n == 3 ? typed_overflow(fe, call, name) : NULL;
    if (typed && find_library(fe, typed, &def)) return fe_lower_call_to(fe, call, def);
    if (!strncmp(name, "__builtin_", 10) && find_library(fe, name, &def)) /* camp_bits.h */
        return fe_lower_call_to(fe, call, def);
    /* <math.h>'s fpclassify(x) is __builtin_fpclassify(FP_NAN, FP_INFINITE,
     * FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x): camp_precise_fpclassify(x)
     * returns those values */
    if (!strcmp(name, "__builtin_fpclassify") && n == 6 && precise_for(fe, call, name, &def))
        return fe_lower_call_with(fe, call, def, 5, 1);
    if (precise_for(fe, call, name, &def)) return fe_lower_call_to(fe, call, def);
    *handled = false;
    return NULL;
}
