/* frontend_texture.c — textures in kernels (camp_texture.h). A texture's
 * handle is a struct texture_<T>_<rank> or writeonly_texture_view_<T>_<rank>
 * holding the runtime's camp_texture *; texture_get and texture_set reach
 * camp_texture_get_<T>_<rank>_ and camp_texture_set_<T>_<rank>_ through a
 * _Generic. A kernel's call of one becomes EX_TEXTURE on the handle's
 * variable, which the kernel gets as an image (a VAR_TEXTURE in
 * Kernel.textures), not as a capture. */
#include "frontend.h"

#include "camp_abi.h"

#include <string.h>

/* The functions camp_texture.h's and camp_sampling.h's macros reach: the prefix of their names. */
static const struct {
    const char *prefix;
    TextureOp op;
    const char *call; /* as the program wrote it */
} texture_calls[] = {
    {"camp_texture_get_", TEXTURE_GET, "texture_get"},
    {"camp_texture_set_", TEXTURE_SET, "texture_set"},
    {"camp_texture_sample_", TEXTURE_SAMPLE, "texture_sample"},
    {"camp_texture_gather_", TEXTURE_GATHER, "texture_gather"},
};

/* The struct's name when t is a texture handle type, else NULL. */
static char *handle_name(Frontend *fe, CXType t) {
    CXType ct = clang_getCanonicalType(t);
    if (ct.kind != CXType_Record) return NULL;
    CXString s = clang_getCursorSpelling(clang_getTypeDeclaration(ct));
    const char *name = clang_getCString(s);
    bool handle = !strncmp(name, "texture_", 8) || !strncmp(name, "writeonly_texture_view_", 23);
    char *r = handle ? arena_strdup(fe->a, name) : NULL;
    clang_disposeString(s);
    /* the runtime's pointer is the handle's one member */
    if (r && clang_Type_getOffsetOf(ct, "camp_texture_") != 0) r = NULL;
    return r;
}

bool fe_is_texture_type(Frontend *fe, CXType t) { return handle_name(fe, t) != NULL; }

/* Whether two declarations are the same variable: their name and place. */
static bool same_variable(const char *a, SrcLoc at_a, const char *b, SrcLoc at_b) {
    return !strcmp(a, b) && at_a.line == at_b.line && at_a.col == at_b.col && !strcmp(at_a.file, at_b.file);
}

/* The kernel's image for the handle variable `decl` (with the sampler
 * variable `sampler`, or NULL for the calls that take none), made on first use. */
static Var *texture_var(Frontend *fe, CXCursor decl, const char *handle, Type *element, CXCursor *sampler) {
    Kernel *k = fe->kernel;
    SrcLoc loc = fe_loc(fe, decl), sampler_loc = sampler ? fe_loc(fe, *sampler) : (SrcLoc){0};
    char *name = fe_spelling(fe, decl), *sampler_name = sampler ? fe_spelling(fe, *sampler) : NULL;
    for (int i = 0; i < k->textures.len; i++) {
        Var *v = k->textures.items[i];
        const TextureInfo *t = v->texture;
        if (same_variable(v->name, v->loc, name, loc) && !t->sampler == !sampler_name &&
            (!sampler_name || same_variable(t->sampler, t->sampler_loc, sampler_name, sampler_loc)))
            return v;
    }
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = name;
    v->loc = loc;
    v->kind = VAR_TEXTURE;
    v->type = element;
    v->texture = arena_alloc(fe->a, sizeof *v->texture);
    v->texture->element = element;
    v->texture->rank = handle[strlen(handle) - 1] - '0';
    v->texture->read_binding = v->texture->write_binding = v->texture->sample_binding = -1;
    v->texture->sampler = sampler_name;
    v->texture->sampler_loc = sampler_loc;
    vec_push(fe->a, &k->textures, v);
    return v;
}

/* The declaration a handle or sampler argument names: a variable of the
 * enclosing function (or a global), named directly; else null. */
static CXCursor outer_variable(Frontend *fe, CXCursor arg) {
    CXCursor decl = clang_getCursorReferenced(arg);
    if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr || clang_getCursorKind(decl) != CXCursor_VarDecl ||
        fe_lookup(fe, decl))
        return clang_getNullCursor();
    return decl;
}

/* The handle argument, and for sampling its sampler. */
static Var *handle_arg(Frontend *fe, CXCursor call, Type *element, TextureOp op) {
    CXCursor arg = fe_strip(clang_Cursor_getArgument(call, 0));
    CXCursor decl = outer_variable(fe, arg);
    char *handle = handle_name(fe, clang_getCursorType(arg));
    if (clang_Cursor_isNull(decl) || !handle) {
        diag_error(fe->u->diag, fe_loc(fe, arg),
                   "a texture in a kernel must be a variable of the enclosing function, named directly in "
                   "texture_get, texture_set, texture_sample or texture_gather_*");
        return NULL;
    }
    if (op != TEXTURE_SAMPLE && op != TEXTURE_GATHER) return texture_var(fe, decl, handle, element, NULL);
    CXCursor sampler_arg = fe_strip(clang_Cursor_getArgument(call, 1));
    CXCursor sampler = outer_variable(fe, sampler_arg);
    if (clang_Cursor_isNull(sampler)) {
        diag_error(fe->u->diag, fe_loc(fe, sampler_arg),
                   "the sampler of texture_sample or texture_gather_* in a kernel must be a camp_sampler variable "
                   "of the enclosing function, named directly");
        return NULL;
    }
    return texture_var(fe, decl, handle, element, &sampler);
}

/* The components of an index or coordinate type: 1 for a scalar. */
static int components(CXType t) {
    CXType ct = clang_getCanonicalType(t);
    return ct.kind == CXType_ExtVector || ct.kind == CXType_Vector ? (int)clang_getNumElements(ct) : 1;
}

/* C converts a scalar to an int2 or float2 by copying it into every
 * component: an index (or coordinate) of another rank than the texture's
 * must be refused here. */
static bool check_rank(Frontend *fe, CXCursor call, int position, const char *what, CXType param) {
    CXCursor arg = fe_strip(clang_Cursor_getArgument(call, (unsigned)position));
    int want = components(param), have = components(clang_getCursorType(arg));
    if (want == have) return true;
    diag_error(fe->u->diag, fe_loc(fe, arg), "%s of rank %d for a texture of rank %d", what, have, want);
    return false;
}

/* The binding of v for op, numbered on first use. */
static bool bind(Frontend *fe, CXCursor call, Var *v, TextureOp op) {
    TextureInfo *t = v->texture;
    int *binding = op == TEXTURE_GET ? &t->read_binding : op == TEXTURE_SET ? &t->write_binding : &t->sample_binding;
    if (*binding < 0) {
        if (fe->kernel->texture_bindings == 16) {
            diag_error(fe->u->diag, fe_loc(fe, call), "a kernel reads, writes and samples textures through at most 16 "
                                                      "bindings");
            return false;
        }
        *binding = fe->kernel->texture_bindings++;
    }
    t->access |= op == TEXTURE_GET ? CAMP_ACCESS_READ : op == TEXTURE_SET ? CAMP_ACCESS_WRITE : CAMP_ACCESS_SAMPLE;
    return true;
}

Expr *fe_texture_call(Frontend *fe, CXCursor call, CXCursor decl, const char *name, bool *handled) {
    int which = -1;
    for (int i = 0; i < (int)(sizeof texture_calls / sizeof *texture_calls) && which < 0; i++)
        if (!strncmp(name, texture_calls[i].prefix, strlen(texture_calls[i].prefix))) which = i;
    *handled = which >= 0;
    if (!*handled) return NULL;
    TextureOp op = texture_calls[which].op;
    if (!fe->kernel) {
        diag_error(fe->u->diag, fe_loc(fe, call), "'%s' in an amp function: textures are used in kernel bodies only",
                   texture_calls[which].call);
        return NULL;
    }
    CXType ft = clang_getCursorType(decl);
    Type *element = fe_type(fe, op == TEXTURE_SET ? clang_getArgType(ft, 2) : clang_getResultType(ft), call);
    Type *result = fe_type(fe, clang_getCursorType(call), call);
    if (!element || !result) return NULL;
    Var *v = handle_arg(fe, call, element, op);
    if (!v || !bind(fe, call, v, op)) return NULL;
    Expr *e = fe_new_expr(fe, EX_TEXTURE, result, call);
    e->var = v;
    e->ival = op;
    /* the index or coordinate; the value, or the gathered component */
    int coordinate = op == TEXTURE_SAMPLE || op == TEXTURE_GATHER ? 2 : 1;
    e->nargs = op == TEXTURE_GET || op == TEXTURE_SAMPLE ? 1 : 2;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * 2);
    Type *want[2] = {fe_type(fe, clang_getArgType(ft, (unsigned)coordinate), call), element};
    if (!want[0] || !check_rank(fe, call, coordinate, coordinate == 1 ? "an index" : "a coordinate",
                                clang_getArgType(ft, (unsigned)coordinate)))
        return NULL;
    for (int i = 0; i < e->nargs; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)(coordinate + i));
        if (op == TEXTURE_GATHER && i == 1) {
            long long component = 0;
            if (!fe_eval_int(arg, &component)) unreachable("texture_gather_*'s component is a constant of camp_sampling.h");
            e->args[1] = fe_new_expr(fe, EX_INT, fe_type(fe, clang_getArgType(ft, 3), call), arg);
            if (!e->args[1]->type) return NULL;
            e->args[1]->ival = component;
            continue;
        }
        e->args[i] = fe_lower_expr(fe, arg);
        if (!e->args[i]) return NULL;
        e->args[i] = fe_load_if_lvalue(fe, e->args[i], call);
        /* as the function's parameter: the index type, the element type */
        if (!type_equal(e->args[i]->type, want[i])) {
            Expr *cast = fe_new_expr(fe, EX_CAST, want[i], call);
            cast->lhs = e->args[i];
            e->args[i] = cast;
        }
    }
    return e;
}

void fe_texture_value_error(Frontend *fe, CXCursor where, const char *what) {
    diag_error(fe->u->diag, fe_loc(fe, where),
               "%s used as a value in amp code: a kernel reads a texture only with texture_get(t, idx) and writes "
               "a writeonly_texture_view only with texture_set(v, idx, value), t and v variables of the enclosing "
               "function",
               what);
}
