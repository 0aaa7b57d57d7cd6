/* frontend_texture.c — textures in kernels (camp_texture.h). A texture's
 * handle is a struct texture_<T>_<rank> or writeonly_texture_view_<T>_<rank>
 * holding the runtime's camp_texture *; texture_get and texture_set reach
 * camp_texture_get_<T>_<rank>_ and camp_texture_set_<T>_<rank>_ through a
 * _Generic. A kernel's call of one becomes EX_TEXTURE on the handle's
 * variable, which the kernel gets as an image (a VAR_TEXTURE in
 * Kernel.textures), not as a capture. */
#include "frontend.h"

#include "camp_abi.h"

#include <stdlib.h>
#include <string.h>

static const char get_prefix[] = "camp_texture_get_", set_prefix[] = "camp_texture_set_";

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

static CXCursor strip(CXCursor c) {
    CXCursor kid[2];
    while ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
           fe_children(c, kid, 2) == 1)
        c = kid[0];
    return c;
}

/* The kernel's image for the handle variable `decl`, made on first use. */
static Var *texture_var(Frontend *fe, CXCursor decl, const char *handle, Type *element) {
    Kernel *k = fe->kernel;
    SrcLoc loc = fe_loc(fe, decl);
    char *name = fe_spelling(fe, decl);
    for (int i = 0; i < k->textures.len; i++) {
        Var *v = k->textures.items[i];
        if (!strcmp(v->name, name) && v->loc.line == loc.line && v->loc.col == loc.col && !strcmp(v->loc.file, loc.file))
            return v;
    }
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = name;
    v->loc = loc;
    v->kind = VAR_TEXTURE;
    v->type = element;
    v->texture = arena_alloc(fe->a, sizeof *v->texture);
    v->texture->element = element;
    v->texture->writeonly = !strncmp(handle, "writeonly_", 10);
    v->texture->rank = handle[strlen(handle) - 1] - '0';
    v->texture->read_binding = v->texture->write_binding = -1;
    vec_push(fe->a, &k->textures, v);
    return v;
}

/* The handle argument: a variable of the enclosing function (or a global),
 * named directly. */
static Var *handle_arg(Frontend *fe, CXCursor call, Type *element) {
    CXCursor arg = strip(clang_Cursor_getArgument(call, 0));
    CXCursor decl = clang_getCursorReferenced(arg);
    char *handle = handle_name(fe, clang_getCursorType(arg));
    if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr || clang_getCursorKind(decl) != CXCursor_VarDecl || !handle ||
        fe_lookup(fe, decl)) {
        diag_error(fe->u->diag, fe_loc(fe, arg),
                   "a texture in a kernel must be a variable of the enclosing function, named directly in "
                   "texture_get or texture_set");
        return NULL;
    }
    return texture_var(fe, decl, handle, element);
}

Expr *fe_texture_call(Frontend *fe, CXCursor call, CXCursor decl, const char *name, bool *handled) {
    bool get = !strncmp(name, get_prefix, sizeof get_prefix - 1);
    *handled = get || !strncmp(name, set_prefix, sizeof set_prefix - 1);
    if (!*handled) return NULL;
    if (!fe->kernel) {
        diag_error(fe->u->diag, fe_loc(fe, call),
                   "'%s' in an amp function: textures are read and written in kernel bodies only", get ? "texture_get" : "texture_set");
        return NULL;
    }
    CXType ft = clang_getCursorType(decl);
    Type *element = fe_type(fe, get ? clang_getResultType(ft) : clang_getArgType(ft, 2), call);
    Type *result = fe_type(fe, clang_getCursorType(call), call);
    if (!element || !result) return NULL;
    Var *v = handle_arg(fe, call, element);
    if (!v) return NULL;
    int *binding = get ? &v->texture->read_binding : &v->texture->write_binding;
    if (*binding < 0) {
        if (fe->kernel->texture_bindings == 16) {
            diag_error(fe->u->diag, fe_loc(fe, call), "a kernel reads and writes textures through at most 16 bindings");
            return NULL;
        }
        *binding = fe->kernel->texture_bindings++;
    }
    v->texture->access |= get ? CAMP_ACCESS_READ : CAMP_ACCESS_WRITE;
    Expr *e = fe_new_expr(fe, EX_TEXTURE, result, call);
    e->var = v;
    e->ival = !get;
    e->nargs = get ? 1 : 2;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * 2);
    for (int i = 0; i < e->nargs; i++) {
        e->args[i] = fe_lower_expr(fe, clang_Cursor_getArgument(call, (unsigned)(i + 1)));
        if (!e->args[i]) return NULL;
        e->args[i] = fe_load_if_lvalue(fe, e->args[i], call);
    }
    /* the index as the function's parameter: int, int2 or int3 */
    Type *index = fe_type(fe, clang_getArgType(ft, 1), call);
    if (!index) return NULL;
    Type *want[2] = {index, element};
    for (int i = 0; i < e->nargs; i++)
        if (!type_equal(e->args[i]->type, want[i])) {
            Expr *cast = fe_new_expr(fe, EX_CAST, want[i], call);
            cast->lhs = e->args[i];
            e->args[i] = cast;
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
