/* frontend_fragment.c — matrix fragments (camp_fragment.h): their struct
 * types, recognised by tag, camp_fragment_<use>_<T>_<M>x<N>x<K>, and their
 * operations, the header's functions camp_fragment_<op>_<use>_<T>_<M>x<N>x<K>_,
 * which stay ordinary calls in the IR (the scalar lowering is their body)
 * and become instructions in a cooperative-matrix module. Only the header's
 * own declarations count: a user's struct of the same name is a struct. */
#include "frontend.h"

#include <stdio.h>
#include <string.h>

static bool from_fragment_header(SrcLoc loc) {
    const char *slash = strrchr(loc.file, '/');
    return strcmp(slash ? slash + 1 : loc.file, "camp_fragment.h") == 0;
}

/* "a_half_16x16x16" (the tag or name after its prefix): the use and shape. */
static bool parse_shape(const char *s, Fragment *f) {
    static const struct {
        const char *prefix;
        FragmentUse use;
    } uses[] = {{"acc_", FRAGMENT_ACC}, {"a_", FRAGMENT_A}, {"b_", FRAGMENT_B}};
    for (size_t i = 0; i < sizeof uses / sizeof *uses; i++) {
        size_t n = strlen(uses[i].prefix);
        if (strncmp(s, uses[i].prefix, n) != 0) continue;
        const char *shape = strrchr(s + n, '_');
        if (!shape || sscanf(shape + 1, "%dx%dx%d", &f->m, &f->n, &f->k) != 3) return false;
        f->use = uses[i].use;
        f->rows = f->use == FRAGMENT_B ? f->k : f->m;
        f->cols = f->use == FRAGMENT_A ? f->k : f->n;
        return true;
    }
    return false;
}

void fe_fragment_type(Frontend *fe, Type *ty, CXCursor decl) {
    static const char prefix[] = "camp_fragment_";
    const char *tag = fe_spelling(fe, decl);
    if (strncmp(tag, prefix, sizeof prefix - 1) != 0 || !from_fragment_header(fe_loc(fe, decl))) return;
    Fragment *f = arena_alloc(fe->a, sizeof *f);
    if (!parse_shape(tag + sizeof prefix - 1, f) || ty->nmembers != 1 || ty->members[0].type->kind != TY_ARRAY)
        unreachable("camp_fragment.h's fragment struct");
    f->element = ty->members[0].type->base;
    ty->fragment = f;
}

FragmentOp fe_fragment_op(const char *name, SrcLoc loc) {
    static const struct {
        const char *name;
        FragmentOp op;
    } ops[] = {
        {"fill_", FRAGMENT_OP_FILL},     {"load_", FRAGMENT_OP_LOAD}, {"load16_", FRAGMENT_OP_LOAD}, {"store_", FRAGMENT_OP_STORE},
        {"mma_", FRAGMENT_OP_MMA},       {"length_", FRAGMENT_OP_LENGTH}, {"get_", FRAGMENT_OP_GET},
        {"set_", FRAGMENT_OP_SET},
    };
    static const char prefix[] = "camp_fragment_";
    if (strncmp(name, prefix, sizeof prefix - 1) != 0 || !from_fragment_header(loc)) return FRAGMENT_OP_NONE;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (strncmp(name + sizeof prefix - 1, ops[i].name, strlen(ops[i].name)) == 0) return ops[i].op;
    return FRAGMENT_OP_NONE;
}

/* The functions a lowered multiply loop calls (matmul.c), found among the
 * unit's top-level declarations by name. */
enum { MATMUL_FUNCS = 5 }; /* in MatmulFuncs' order */

typedef struct MatmulSearch {
    Frontend *fe;
    CXCursor found[MATMUL_FUNCS];
} MatmulSearch;

static const char *const matmul_names[MATMUL_FUNCS] = {
    "camp_fragment_fill_acc_float_16x16x16_", "camp_fragment_load_a_half_16x16x16_",
    "camp_fragment_load_b_half_16x16x16_",    "camp_fragment_mma_acc_float_16x16x16_",
    "camp_fragment_store_acc_float_16x16x16_",
};

static enum CXChildVisitResult find_matmul_function(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    MatmulSearch *s = data;
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c)) return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    for (int i = 0; i < MATMUL_FUNCS; i++)
        if (!strcmp(clang_getCString(name), matmul_names[i]) && from_fragment_header(fe_loc(s->fe, c)))
            s->found[i] = c;
    clang_disposeString(name);
    return CXChildVisit_Continue;
}

static bool matmul_functions(void *ctx, MatmulFuncs *out) {
    Frontend *fe = ctx;
    MatmulSearch s = {.fe = fe};
    for (int i = 0; i < MATMUL_FUNCS; i++) s.found[i] = clang_getNullCursor();
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_matmul_function, &s);
    Func *funcs[MATMUL_FUNCS];
    for (int i = 0; i < MATMUL_FUNCS; i++) {
        if (clang_Cursor_isNull(s.found[i])) return false; /* no half type: no tile_static halves either */
        funcs[i] = fe_amp_function(fe, s.found[i], s.found[i]);
        if (!funcs[i]) return false;
    }
    *out = (MatmulFuncs){funcs[0], funcs[1], funcs[2], funcs[3], funcs[4]};
    return true;
}

void fe_lower_matmuls(Frontend *fe) { matmul_lower(fe->u, matmul_functions, fe); }
