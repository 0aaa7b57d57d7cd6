/* frontend_tile.c — tiled kernels in the frontend: the tile sizes of a
 * tiled domain (the workgroup size), the members of the tiled_index
 * (`t.global` …), the opaque tile_barrier, and tile_static declarations. */
#include "frontend.h"

#include <string.h>

/* C++ AMP's limit on the threads of a tile. It is also the largest
 * workgroup of every Vulkan device we know of; Vulkan itself guarantees
 * only 128 invocations and sizes (128, 128, 64), so the runtime checks the
 * actual device's limits at launch. */
enum { TILE_MAX_THREADS = 1024 };

/* The tiled_indexN members, in Kernel.tile_index order. */
static const char *const member_names[5] = {"global", "local", "tile", "tile_origin", "tile_extent"};

static bool type_is_named(CXType t, const char *name) {
    CXType ct = clang_getCanonicalType(t);
    if (ct.kind != CXType_Record) return false;
    CXString s = clang_getTypeSpelling(ct);
    const char *sp = clang_getCString(s);
    bool yes = strncmp(sp, "struct ", 7) == 0 && strcmp(sp + 7, name) == 0;
    clang_disposeString(s);
    return yes;
}

Type *fe_tile_barrier_type(Frontend *fe, CXType t) {
    if (!type_is_named(t, "tile_barrier")) return NULL;
    /* It carries nothing (a tile has one barrier): an int that is never
     * read, so it can be passed to helpers; clang's type checks keep it
     * from being used as a number. */
    Type *ty = arena_alloc(fe->a, sizeof *ty);
    ty->kind = TY_INT;
    ty->size = ty->align = 4;
    ty->is_signed = true;
    ty->name = "tile_barrier";
    return ty;
}

/* ---- the tile sizes ------------------------------------------------------- */

typedef struct LiteralSearch {
    CXCursor found;
    bool ok;
} LiteralSearch;

/* The first compound literal of a tiled_extentN type: tile()'s expansion. */
static enum CXChildVisitResult find_tiled_literal(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    LiteralSearch *s = data;
    if (clang_getCursorKind(c) == CXCursor_CompoundLiteralExpr) {
        CXType t = clang_getCursorType(c);
        if (type_is_named(t, "tiled_extent1") || type_is_named(t, "tiled_extent2") ||
            type_is_named(t, "tiled_extent3")) {
            s->found = c;
            s->ok = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

/* Where a macro argument was written (fe_loc gives the macro's expansion:
 * here the parallel_for_each). */
static SrcLoc written_loc(Frontend *fe, CXCursor c) {
    CXCursor kid[2]; /* inside camp.h's parentheses */
    while ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
           fe_children(c, kid, 2) == 1)
        c = kid[0];
    CXFile file;
    unsigned line, col, off;
    clang_getFileLocation(clang_getCursorLocation(c), &file, &line, &col, &off);
    if (file && clang_File_isEqual(file, fe->main_file)) return fe_loc_at(fe, file, line, col);
    return fe_loc(fe, c);
}

/* Evaluates one tile size; reports and returns 0 unless it is a positive
 * integer constant. */
static long long tile_size(Frontend *fe, CXCursor c) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    long long v = 0;
    bool is_int = r && clang_EvalResult_getKind(r) == CXEval_Int;
    if (is_int) v = clang_EvalResult_getAsLongLong(r);
    if (r) clang_EvalResult_dispose(r);
    if (!is_int) {
        diag_error(fe->u->diag, written_loc(fe, c), "tile sizes must be integer constant expressions");
        return 0;
    }
    if (v < 1 || v > TILE_MAX_THREADS) {
        diag_error(fe->u->diag, written_loc(fe, c), "tile size %lld is out of range: it must be between 1 and %d", v,
                   TILE_MAX_THREADS);
        return 0;
    }
    return v;
}

/* The initializer list of a compound literal `(T){...}` (after its TypeRef). */
static bool literal_list(CXCursor literal, CXCursor *list) {
    CXCursor kids[3];
    int n = fe_children(literal, kids, 3);
    if (n < 1 || n > 3 || clang_getCursorKind(kids[n - 1]) != CXCursor_InitListExpr) return false;
    *list = kids[n - 1];
    return true;
}

/* The sizes of tile(e, T0[, T1[, T2]]) in the domain, most significant first. */
static bool tile_sizes(Frontend *fe, Kernel *k, CXCursor outer, long long sizes[3]) {
    CXCursor kids[4];
    int n = fe_children(outer, kids, 4);
    LiteralSearch s = {clang_getNullCursor(), false};
    if (n > 0) clang_visitChildren(kids[0], find_tiled_literal, &s); /* the for-init: the domain */
    CXCursor init, parts[4];
    if (!s.ok || !literal_list(s.found, &init) || fe_children(init, parts, 4) != 3) {
        diag_error(fe->u->diag, k->loc,
                   "the domain of a tiled parallel_for_each must be written as tile(extent, T0, ...) (or "
                   "tile_pad/tile_truncate of it), with integer constant tile sizes");
        return false;
    }
    CXCursor tile = parts[1];
    if (k->rank == 1) {
        sizes[0] = tile_size(fe, tile);
        return sizes[0] > 0;
    }
    /* (int2){(T0), (T1)}: a compound literal around an initializer list */
    CXCursor lit[2], init_list, list[3];
    while (clang_getCursorKind(tile) != CXCursor_CompoundLiteralExpr && fe_children(tile, lit, 2) == 1) tile = lit[0];
    if (!literal_list(tile, &init_list) || fe_children(init_list, list, 3) != k->rank) {
        diag_error(fe->u->diag, written_loc(fe, tile), "tile sizes must be integer constant expressions");
        return false;
    }
    bool ok = true;
    for (int d = 0; d < k->rank; d++) {
        sizes[d] = tile_size(fe, list[d]);
        ok = ok && sizes[d] > 0;
    }
    return ok;
}

/* ---- the tiled_index -------------------------------------------------------- */

typedef struct FieldSearch {
    const char *name;
    CXCursor found;
} FieldSearch;

static enum CXVisitorResult find_field(CXCursor c, CXClientData data) {
    FieldSearch *s = data;
    CXString sp = clang_getCursorSpelling(c);
    bool match = strcmp(clang_getCString(sp), s->name) == 0;
    clang_disposeString(sp);
    if (!match) return CXVisit_Continue;
    s->found = c;
    return CXVisit_Break;
}

/* The extent's sizes (the arguments of camp_extent_size_at, in order:
 * the first `rank` of them) and whether tile_pad or tile_truncate is
 * applied: the domain's calls. */
typedef struct ExtentSearch {
    CXCursor sizes[3];
    int n;
    bool mode_set;
} ExtentSearch;

static enum CXChildVisitResult find_extent_sizes(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    ExtentSearch *s = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind != CXCursor_CallExpr && kind != CXCursor_DeclRefExpr) return CXChildVisit_Recurse;
    CXString name = clang_getCursorSpelling(c);
    const char *callee = clang_getCString(name);
    if (!strncmp(callee, "camp_tile_mode", 14)) s->mode_set = true; /* named in a _Generic */
    bool size = kind == CXCursor_CallExpr && !strcmp(callee, "camp_extent_size_at") &&
                clang_Cursor_getNumArguments(c) == 3;
    clang_disposeString(name);
    if (size && s->n < 3) s->sizes[s->n] = clang_Cursor_getArgument(c, 0);
    if (size) s->n++;
    return CXChildVisit_Recurse;
}

/* An extent of constant sizes that the tile does not divide, with neither
 * tile_pad nor tile_truncate: the launch would refuse it. */
static bool constant_extent_divides(Frontend *fe, Kernel *k, CXCursor outer, const long long sizes[3]) {
    CXCursor kids[4];
    ExtentSearch s = {.n = 0};
    if (fe_children(outer, kids, 4) < 1) return true;
    clang_visitChildren(kids[0], find_extent_sizes, &s);
    /* parallel_for_each names its domain several times: the sizes come again */
    if (s.mode_set || s.n < k->rank || s.n % k->rank) return true;
    for (int d = 0; d < k->rank; d++) {
        long long e;
        if (!fe_eval_int(s.sizes[d], &e)) return true;
        if (e > 0 && e % sizes[d]) {
            diag_error(fe->u->diag, written_loc(fe, s.sizes[d]),
                       "extent %lld (index component %d) is not divisible by its tile size %lld: use "
                       "tile_pad(...) or tile_truncate(...), or an extent that is a multiple of the tile",
                       e, d, sizes[d]);
            return false;
        }
    }
    return true;
}

bool fe_tile_domain(Frontend *fe, Kernel *k, CXCursor outer, CXCursor idx_decl) {
    long long sizes[3] = {1, 1, 1};
    if (!tile_sizes(fe, k, outer, sizes) || !constant_extent_divides(fe, k, outer, sizes)) return false;
    long long threads = sizes[0] * sizes[1] * sizes[2];
    if (threads > TILE_MAX_THREADS) {
        diag_error(fe->u->diag, k->loc, "a tile of %lld threads is too large: at most %d threads per tile", threads,
                   TILE_MAX_THREADS);
        return false;
    }
    /* index component rank-1 is the GPU's x */
    for (int d = 0; d < 3; d++) k->local_size[d] = d < k->rank ? (uint32_t)sizes[k->rank - 1 - d] : 1;

    CXType it = clang_getCanonicalType(clang_getCursorType(idx_decl));
    for (int m = 0; m < 5; m++) {
        FieldSearch s = {member_names[m], clang_getNullCursor()};
        clang_Type_visitFields(it, find_field, &s);
        if (clang_Cursor_isNull(s.found)) unreachable("tiled_index member missing from camp.h");
        Var *v = arena_alloc(fe->a, sizeof *v);
        v->name = arena_printf(fe->a, "%s.%s", k->idx->name, member_names[m]);
        v->type = fe_type(fe, clang_getCursorType(s.found), idx_decl);
        if (!v->type) return false;
        v->loc = k->idx->loc;
        v->kind = VAR_INDEX;
        k->tile_index[m] = v;
    }
    return true;
}

/* The tiled index variable, if `c` (through parentheses) names it. */
static bool is_tiled_index(Frontend *fe, CXCursor c) {
    CXCursor kid[2];
    while ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
           fe_children(c, kid, 2) == 1)
        c = kid[0];
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || !fe->kernel || !fe->kernel->tiled) return false;
    return fe_lookup(fe, clang_getCursorReferenced(c)) == fe->kernel->idx;
}

Expr *fe_tile_member(Frontend *fe, CXCursor c, bool *handled) {
    CXCursor base[2];
    *handled = fe_children(c, base, 2) == 1 && is_tiled_index(fe, base[0]);
    if (!*handled) return NULL;
    char *name = fe_spelling(fe, clang_getCursorReferenced(c));
    for (int m = 0; m < 5; m++)
        if (strcmp(name, member_names[m]) == 0) {
            Expr *e = fe_new_expr(fe, EX_VAR, fe->kernel->tile_index[m]->type, c);
            e->var = fe->kernel->tile_index[m];
            return e;
        }
    if (strcmp(name, "barrier") == 0) /* a value that carries nothing */
        return fe_new_expr(fe, EX_INT, fe_tile_barrier_type(fe, clang_getCursorType(c)), c);
    diag_error(fe->u->diag, fe_loc(fe, c), "'%s' is not a member of a tiled index", name);
    return NULL;
}

Expr *fe_tiled_index_value(Frontend *fe, CXCursor decl_ref, bool *handled) {
    *handled = is_tiled_index(fe, decl_ref);
    if (!*handled) return NULL;
    /* The whole index, passed to a helper (C++ AMP's `f(t)`, or the kernel
     * function form `parallel_for_each(t, ...) kern(t, ...)`): a struct of
     * its members' values, whose barrier carries nothing. */
    Type *t = fe_type(fe, clang_getCursorType(decl_ref), decl_ref);
    if (!t) return NULL;
    Expr *e = fe_new_expr(fe, EX_INIT, t, decl_ref);
    e->inits = arena_alloc(fe->a, 5 * sizeof *e->inits);
    for (int m = 0; m < 5; m++) {
        Var *v = fe->kernel->tile_index[m];
        e->inits[m] = (InitItem){.path = {m}, .depth = 1, .value = fe_var_value(fe, v, decl_ref)};
    }
    e->ninits = 5;
    return e;
}

/* ---- tile_static ------------------------------------------------------------ */

typedef struct AnnotationFind {
    const char *text;
    bool found;
} AnnotationFind;

static enum CXChildVisitResult find_annotation(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    AnnotationFind *f = data;
    if (clang_getCursorKind(c) == CXCursor_AnnotateAttr) {
        CXString s = clang_getCursorSpelling(c);
        if (strcmp(clang_getCString(s), f->text) == 0) f->found = true;
        clang_disposeString(s);
    }
    return CXChildVisit_Continue;
}

bool fe_is_tile_static(CXCursor decl) {
    AnnotationFind f = {"camp_tile_static", false};
    clang_visitChildren(decl, find_annotation, &f);
    return f.found;
}

/* CUDA's warp-synchronous code (a reduction's unrolled last warp: tile_static
 * memory through a volatile pointer, no barrier between the steps) counts
 * on 32 threads running in step. A tile's threads do not, not even one
 * subgroup's (lavapipe's have 8), so its steps race. */
static void warn_warp_synchronous(Frontend *fe, CXCursor at, const char *name) {
    diag_warning(fe->u->diag, fe_loc(fe, at), "-Wkernel-race",
                 "'volatile' does not make the threads of a tile run in step, as CUDA's warp-synchronous code "
                 "expects of a warp: the steps that read what other threads wrote to tile_static '%s' race; wait at "
                 "tile_barrier_wait between them, or sum with subgroup_reduce_add (tiling.md)",
                 name);
}

typedef struct TileStaticUse {
    CXCursor var;
    bool found;
} TileStaticUse;

static enum CXChildVisitResult find_tile_static(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    TileStaticUse *u = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor var = clang_getCursorReferenced(c);
        if (clang_getCursorKind(var) == CXCursor_VarDecl && fe_is_tile_static(var)) {
            u->var = var;
            u->found = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

void fe_warn_volatile_tile_static_argument(Frontend *fe, CXCursor call, CXCursor callee) {
    CXType ft = clang_getCursorType(callee);
    int n = clang_Cursor_getNumArguments(call), params = clang_getNumArgTypes(ft);
    for (int i = 0; i < n && i < params; i++) {
        CXType p = clang_getCanonicalType(clang_getArgType(ft, (unsigned)i));
        if (p.kind != CXType_Pointer || !clang_isVolatileQualifiedType(clang_getPointeeType(p))) continue;
        CXCursor arg = fe_strip(clang_Cursor_getArgument(call, (unsigned)i));
        TileStaticUse u = {clang_getNullCursor(), false};
        if (clang_getCursorKind(arg) == CXCursor_DeclRefExpr) find_tile_static(arg, arg, &u);
        else clang_visitChildren(arg, find_tile_static, &u);
        if (u.found) warn_warp_synchronous(fe, arg, fe_spelling(fe, u.var));
    }
}

Stmt *fe_tile_static_decl(Frontend *fe, CXCursor d) {
    Diag *diag = fe->u->diag;
    char *name = fe_spelling(fe, d);
    if (fe->kernel && !fe->kernel->tiled) {
        diag_error(diag, fe_loc(fe, d),
                   "tile_static variable '%s' outside a tiled kernel: tile_static memory is shared by the threads "
                   "of a tile (use parallel_for_each over tile(...))",
                   name);
        return NULL;
    }
    if (!clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(d))) {
        diag_error(diag, fe_loc(fe, d),
                   "tile_static variable '%s' cannot have an initializer (assign it in the kernel, then wait at a "
                   "barrier)",
                   name);
        return NULL;
    }
    Type *t = fe_type(fe, clang_getCursorType(d), d);
    if (!t) return NULL;
    if (t->kind == TY_PTR) {
        diag_error(diag, fe_loc(fe, d), "tile_static variable '%s' cannot be a pointer", name);
        return NULL;
    }
    /* (libclang's array element types drop their qualifiers: the spelling keeps them) */
    CXString spelling = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(d)));
    if (!strncmp(clang_getCString(spelling), "volatile ", 9)) warn_warp_synchronous(fe, d, name);
    clang_disposeString(spelling);
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = name;
    v->type = t;
    v->loc = fe_loc(fe, d);
    v->kind = VAR_TILE_STATIC;
    Stmt *s = arena_alloc(fe->a, sizeof *s); /* a declaration without initializer */
    s->kind = ST_DECL;
    s->loc = v->loc;
    s->var = v;
    fe_bind(fe, d, v);
    return s;
}
