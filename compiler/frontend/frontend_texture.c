/* frontend_texture.c — textures in kernels (camp_texture.h). A texture's
 * handle is a struct texture_<T>_<rank>, writeonly_texture_view_<T>_<rank>
 * or texture_view_<T>_<rank> holding the runtime's camp_texture *;
 * texture_get, texture_set, texture_sample and texture_gather_* reach
 * camp_texture_get_<T>_<rank>_ ... through a _Generic. A kernel's call of
 * one becomes EX_TEXTURE on the handle's variable, which the kernel gets
 * as an image (a VAR_TEXTURE in Kernel.textures, one binding each), not as
 * a capture.
 *
 * An amp function takes textures and samplers as parameters that are no
 * values: each call binds them to the caller's textures (a kernel's
 * variables, or the calling function's own parameters), and the function
 * is emitted once per binding (spv_texture.c). Its calls on them are uses
 * (Func.textures: a parameter, or a pair of view and sampler parameters)
 * whose accesses each call adds to the caller's texture. */
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

static bool is_sampler_type(CXType t) {
    CXType ct = clang_getCanonicalType(t);
    if (ct.kind != CXType_Record) return false;
    CXString s = clang_getCursorSpelling(clang_getTypeDeclaration(ct));
    bool sampler = !strcmp(clang_getCString(s), "camp_sampler");
    clang_disposeString(s);
    return sampler;
}

bool fe_is_texture_param_type(Frontend *fe, CXType t) { return fe_is_texture_type(fe, t) || is_sampler_type(t); }

static bool is_writeonly_view(const char *handle) { return !strncmp(handle, "writeonly_texture_view_", 23); }

/* A texture handle's rank: its name's last character. */
static int handle_rank(const char *handle) { return handle[strlen(handle) - 1] - '0'; }

Var *fe_texture_param(Frontend *fe, CXCursor param, int position) {
    CXType t = clang_getCursorType(param);
    char *handle = handle_name(fe, t);
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = fe_spelling(fe, param);
    v->loc = fe_loc(fe, param);
    v->kind = VAR_TEXTURE;
    v->texture = arena_alloc(fe->a, sizeof *v->texture);
    *v->texture = (TextureInfo){.rank = handle ? handle_rank(handle) : 0, .binding = -1, .param = position,
                                .sampler_param = -1};
    return v;
}

/* Whether two declarations are the same variable: their name and place. */
static bool same_variable(const char *a, SrcLoc at_a, const char *b, SrcLoc at_b) {
    return !strcmp(a, b) && at_a.line == at_b.line && at_a.col == at_b.col && !strcmp(at_a.file, at_b.file);
}

static Var *new_texture(Frontend *fe, const char *name, SrcLoc loc, Type *element, int rank) {
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = name;
    v->loc = loc;
    v->kind = VAR_TEXTURE;
    v->type = element;
    v->texture = arena_alloc(fe->a, sizeof *v->texture);
    *v->texture = (TextureInfo){.element = element, .rank = rank, .binding = -1, .param = -1, .sampler_param = -1};
    return v;
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
    Var *v = new_texture(fe, name, loc, element, handle_rank(handle));
    v->texture->sampler = sampler_name;
    v->texture->sampler_loc = sampler_loc;
    vec_push(fe->a, &k->textures, v);
    return v;
}

/* The amp function's use of its texture parameter `param` (with its
 * sampler parameter `sampler`, or NULL), made on first use. */
static Var *texture_use(Frontend *fe, const Var *param, const Var *sampler, Type *element) {
    Func *f = fe->func;
    int sampler_param = sampler ? sampler->texture->param : -1;
    for (int i = 0; i < f->textures.len; i++) {
        Var *v = f->textures.items[i];
        if (v->texture->param == param->texture->param && v->texture->sampler_param == sampler_param) return v;
    }
    Var *v = new_texture(fe, param->name, param->loc, element, param->texture->rank);
    v->texture->param = param->texture->param;
    v->texture->sampler_param = sampler_param;
    v->texture->sampler = sampler ? sampler->name : NULL;
    vec_push(fe->a, &f->textures, v);
    return v;
}

/* The declaration a handle or sampler argument names: a variable or
 * parameter of the enclosing function (or a global), named directly; else null. */
static CXCursor outer_variable(Frontend *fe, CXCursor arg) {
    CXCursor decl = clang_getCursorReferenced(arg);
    enum CXCursorKind kind = clang_getCursorKind(decl);
    if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr || (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl) ||
        fe_lookup(fe, decl))
        return clang_getNullCursor();
    return decl;
}

/* The amp function's texture parameter (sampler: its sampler parameter)
 * that an argument names directly; else NULL. */
static Var *texture_param(Frontend *fe, CXCursor arg, bool sampler) {
    CXCursor decl = clang_getCursorReferenced(arg);
    if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr || clang_getCursorKind(decl) != CXCursor_ParmDecl)
        return NULL;
    Var *v = fe_lookup(fe, decl);
    return v && v->kind == VAR_TEXTURE && (v->texture->rank == 0) == sampler ? v : NULL;
}

/* The texture (or pair of view and sampler) that a handle argument and
 * its sampler argument (or NULL) name: in a kernel, its variables; in an
 * amp function, its parameters. `what` says where, for the error. */
static Var *texture_of(Frontend *fe, CXCursor handle_arg, const CXCursor *sampler_arg, Type *element,
                       const char *what) {
    CXCursor arg = fe_strip(handle_arg);
    char *handle = handle_name(fe, clang_getCursorType(arg));
    CXCursor s = sampler_arg ? fe_strip(*sampler_arg) : clang_getNullCursor();
    if (fe_names_refused_local(fe, arg) || (sampler_arg && fe_names_refused_local(fe, s))) return NULL;
    if (!fe->kernel) {
        Var *param = handle ? texture_param(fe, arg, false) : NULL, *sampler = NULL;
        if (!param) {
            diag_error(fe->u->diag, fe_loc(fe, arg),
                       "a texture in an amp function must be one of its parameters, named directly in %s", what);
            return NULL;
        }
        if (sampler_arg && !(sampler = texture_param(fe, s, true))) {
            diag_error(fe->u->diag, fe_loc(fe, s),
                       "the sampler of %s in an amp function must be one of its camp_sampler parameters, named "
                       "directly", what);
            return NULL;
        }
        return texture_use(fe, param, sampler, element);
    }
    CXCursor decl = outer_variable(fe, arg);
    if (clang_Cursor_isNull(decl) || !handle) {
        diag_error(fe->u->diag, fe_loc(fe, arg),
                   "a texture in a kernel must be a variable of the enclosing function, named directly in %s", what);
        return NULL;
    }
    if (!sampler_arg) return texture_var(fe, decl, handle, element, NULL);
    CXCursor sampler = outer_variable(fe, s);
    if (clang_Cursor_isNull(sampler)) {
        diag_error(fe->u->diag, fe_loc(fe, s),
                   "the sampler of %s in a kernel must be a camp_sampler variable of the enclosing function, named "
                   "directly", what);
        return NULL;
    }
    return texture_var(fe, decl, handle, element, &sampler);
}

/* What an operation on a handle does to the image: a texture that
 * texture_set writes is read-write (one storage image for both). */
static uint32_t op_access(TextureOp op, const char *handle) {
    switch (op) {
    case TEXTURE_GET: return CAMP_ACCESS_READ;
    case TEXTURE_SET: return is_writeonly_view(handle) ? CAMP_ACCESS_WRITE : CAMP_ACCESS_READ | CAMP_ACCESS_WRITE;
    default: return CAMP_ACCESS_SAMPLE;
    }
}

/* Adds `access` to v; in a kernel, v's binding is numbered on first use. */
static bool bind(Frontend *fe, CXCursor at, Var *v, uint32_t access) {
    TextureInfo *t = v->texture;
    if (fe->kernel && t->binding < 0) {
        if (fe->kernel->texture_bindings == 16) {
            diag_error(fe->u->diag, fe_loc(fe, at), "a kernel reads, writes and samples textures through at most 16 "
                                                    "bindings");
            return false;
        }
        t->binding = fe->kernel->texture_bindings++;
    }
    t->access |= access;
    return true;
}

/* texture_set of a texture itself (C++ AMP's texture::set) reads and
 * writes one storage image, which only a format of one 32-bit channel
 * allows on every device: int, uint and float textures (their bits are
 * checked at launch). */
static bool check_read_write(Frontend *fe, CXCursor call, const char *handle) {
    if (is_writeonly_view(handle)) return true;
    static const char *const allowed[] = {"texture_int_", "texture_uint_", "texture_float_"};
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
        if (!strncmp(handle, allowed[i], strlen(allowed[i])) && strlen(handle) == strlen(allowed[i]) + 1) return true;
    diag_error(fe->u->diag, fe_loc(fe, call),
               "texture_set of a '%s': a kernel writes a texture itself (and reads what it wrote) only where its "
               "element is one int, uint or float of 32 bits; write through a writeonly_texture_view of it",
               handle);
    return false;
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

Expr *fe_texture_call(Frontend *fe, CXCursor call, CXCursor decl, const char *name, bool *handled) {
    int which = -1;
    for (int i = 0; i < (int)(sizeof texture_calls / sizeof *texture_calls) && which < 0; i++)
        if (!strncmp(name, texture_calls[i].prefix, strlen(texture_calls[i].prefix))) which = i;
    *handled = which >= 0;
    if (!*handled) return NULL;
    TextureOp op = texture_calls[which].op;
    CXType ft = clang_getCursorType(decl);
    Type *element = fe_type(fe, op == TEXTURE_SET ? clang_getArgType(ft, 2) : clang_getResultType(ft), call);
    Type *result = fe_type(fe, clang_getCursorType(call), call);
    if (!element || !result) return NULL;
    CXCursor handle_arg = clang_Cursor_getArgument(call, 0), sampler_arg = clang_Cursor_getArgument(call, 1);
    const char *handle = handle_name(fe, clang_getCursorType(fe_strip(handle_arg)));
    if (handle && op == TEXTURE_SET && !check_read_write(fe, call, handle)) return NULL;
    bool sampled = op == TEXTURE_SAMPLE || op == TEXTURE_GATHER;
    Var *v = texture_of(fe, handle_arg, sampled ? &sampler_arg : NULL, element,
                        "texture_get, texture_set, texture_sample or texture_gather_*");
    if (!v || !bind(fe, call, v, op_access(op, handle))) return NULL;
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

bool fe_texture_args(Frontend *fe, CXCursor call, int first, Expr *e) {
    const Func *f = e->callee;
    if (!f->textures.len) return true;
    e->texture_args = arena_alloc(fe->a, sizeof(Var *) * (size_t)f->textures.len);
    for (int i = 0; i < f->textures.len; i++) {
        const Var *use = f->textures.items[i];
        const TextureInfo *t = use->texture;
        CXCursor handle = clang_Cursor_getArgument(call, (unsigned)(first + t->param));
        CXCursor sampler = t->sampler_param >= 0 ? clang_Cursor_getArgument(call, (unsigned)(first + t->sampler_param))
                                                 : clang_getNullCursor();
        Var *v = texture_of(fe, handle, t->sampler_param >= 0 ? &sampler : NULL, t->element,
                            arena_printf(fe->a, "a call of '%s'", f->name));
        if (!v || !bind(fe, call, v, t->access)) return false;
        e->texture_args[i] = v;
    }
    return true;
}

void fe_texture_value_error(Frontend *fe, CXCursor where, const char *what) {
    diag_error(fe->u->diag, fe_loc(fe, where),
               "%s used as a value in amp code: a kernel reads a texture only with texture_get(t, idx), writes it "
               "with texture_set(t, idx, value) and passes it to amp functions' texture parameters, t a variable of "
               "the enclosing function or a texture parameter, named directly",
               what);
}

void fe_texture_param_value_error(Frontend *fe, CXCursor where, const Var *param) {
    if (param->texture->rank) {
        fe_texture_value_error(fe, where, arena_printf(fe->a, "texture '%s'", param->name));
        return;
    }
    diag_error(fe->u->diag, fe_loc(fe, where),
               "sampler '%s' used as a value in amp code: an amp function's camp_sampler parameter is named only in "
               "texture_sample, texture_gather_* and calls of amp functions' sampler parameters",
               param->name);
}
