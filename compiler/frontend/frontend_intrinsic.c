/* frontend_intrinsic.c — calls campcc implements itself: tile barriers and
 * memory fences (EX_SYNC), camp_atomic_* (EX_ATOMIC) and, through
 * frontend_subgroup.c, subgroup operations (EX_SUBGROUP). camp.h defines
 * them as plain C for the host (atomics over the __atomic builtins, barriers
 * that stop the serial mode), the typed atomics behind a _Generic; here
 * they are recognised by the name of the function the call reaches. */
#include "frontend.h"

#include <ctype.h>

#include <string.h>

/* ---- which function a call reaches ------------------------------------------ */

bool fe_is_extension(CXCursor c) {
    return clang_getCursorKind(c) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Extension;
}

CXCursor fe_strip(CXCursor c) {
    CXCursor kid[2];
    while ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
            fe_is_extension(c)) &&
           fe_children(c, kid, 2) == 1)
        c = kid[0];
    return c;
}

bool fe_names(CXCursor c, CXCursor decl) {
    c = fe_strip(c);
    return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), decl);
}

/* Whether function `decl` takes the types of the call's arguments (as
 * converted, which is to the parameters of the function the call reaches). */
static bool takes_arguments(CXCursor decl, CXCursor call) {
    CXType ft = clang_getCursorType(decl);
    int n = clang_Cursor_getNumArguments(call);
    if (clang_getNumArgTypes(ft) != n) return false;
    for (int i = 0; i < n; i++)
        if (!clang_equalTypes(clang_getCanonicalType(clang_getArgType(ft, (unsigned)i)),
                              clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i)))))
            return false;
    return true;
}

/* The function a _Generic selection `sel`, called by `call`, chose:
 * libclang does not say which association was chosen, but the selection
 * has the chosen one's type; an association may be a _Generic in its turn
 * (camp_fragment.h's fragment_load chooses by the pointer, then by the
 * fragment). Clang's builtins all have one type, a placeholder: among
 * them, the one taking the call's arguments as converted. */
static CXCursor generic_choice(CXCursor sel, CXCursor call) {
    enum { MOST = 128 };
    CXCursor assoc[MOST]; /* camp_texture.h's texture_set has 90 associations */
    CXType want = clang_getCanonicalType(clang_getCursorType(sel));
    int n = fe_children(sel, assoc, MOST);
    CXCursor first = clang_getNullCursor();
    for (int i = 1; i < n && i < MOST; i++) { /* assoc[0] is the controlling expression */
        CXCursor a = fe_strip(assoc[i]);
        if (!clang_equalTypes(clang_getCanonicalType(clang_getCursorType(a)), want)) continue;
        if (clang_getCursorKind(a) == CXCursor_DeclRefExpr) {
            CXCursor decl = clang_getCursorReferenced(a);
            if (takes_arguments(decl, call)) return decl;
            if (clang_Cursor_isNull(first)) first = decl;
        }
        if (clang_getCursorKind(a) == CXCursor_GenericSelectionExpr) {
            CXCursor inner = generic_choice(a, call);
            if (!clang_Cursor_isNull(inner)) return inner;
        }
    }
    return first;
}

/* The function of `_Generic(x, T1: f1, T2: f2)(args)` or `(f)(args)`. */
static CXCursor selected_callee(CXCursor call) {
    CXCursor kids[1];
    if (fe_children(call, kids, 1) < 1) return clang_getNullCursor();
    CXCursor callee = fe_strip(kids[0]);
    if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr) return clang_getCursorReferenced(callee);
    if (clang_getCursorKind(callee) != CXCursor_GenericSelectionExpr) return clang_getNullCursor();
    return generic_choice(callee, call);
}

CXCursor fe_callee(CXCursor call) {
    CXCursor decl = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(decl) != CXCursor_FunctionDecl) decl = selected_callee(call);
    return decl;
}

/* ---- barriers and fences ------------------------------------------------------ */

static const struct {
    const char *name;
    int sync; /* TileSync bits */
} syncs[] = {
    /* C++ AMP's tile_barrier::wait() fences all memory */
    {"tile_barrier_wait", SYNC_BARRIER | SYNC_GLOBAL | SYNC_TILE_STATIC},
    {"tile_barrier_wait_with_all_memory_fence", SYNC_BARRIER | SYNC_GLOBAL | SYNC_TILE_STATIC},
    {"tile_barrier_wait_with_global_memory_fence", SYNC_BARRIER | SYNC_GLOBAL},
    {"tile_barrier_wait_with_tile_static_memory_fence", SYNC_BARRIER | SYNC_TILE_STATIC},
    {"all_memory_fence", SYNC_GLOBAL | SYNC_TILE_STATIC},
    {"global_memory_fence", SYNC_GLOBAL},
    {"tile_static_memory_fence", SYNC_TILE_STATIC},
    /* CUDA's __threadfence(): any kernel, views and arrays, the whole device */
    {"camp_device_fence", SYNC_GLOBAL | SYNC_DEVICE},
};

static Expr *lower_sync(Frontend *fe, CXCursor call, const char *name, int sync) {
    if (fe->kernel && !fe->kernel->tiled && !(sync & SYNC_DEVICE)) {
        diag_error(fe->u->diag, fe_loc(fe, call),
                   "'%s' outside a tiled kernel: barriers and fences act on the threads of a tile (use "
                   "parallel_for_each over tile(...))",
                   name);
        return NULL;
    }
    Type *t = fe_type(fe, clang_getCursorType(call), call);
    if (!t) return NULL;
    Expr *e = fe_new_expr(fe, EX_SYNC, t, call);
    e->ival = sync;
    /* The barrier argument carries nothing: a tile has one barrier (the device fence has none). */
    return e;
}

/* ---- atomics ---------------------------------------------------------------------- */

static const struct {
    const char *name;
    AtomicOp op;
    int nargs;
} atomics[] = {
    {"fetch_add", ATOMIC_ADD, 2},       {"fetch_sub", ATOMIC_SUB, 2},
    {"fetch_inc", ATOMIC_INC, 1},       {"fetch_dec", ATOMIC_DEC, 1},
    {"fetch_max", ATOMIC_MAX, 2},       {"fetch_min", ATOMIC_MIN, 2},
    {"fetch_and", ATOMIC_AND, 2},       {"fetch_or", ATOMIC_OR, 2},
    {"fetch_xor", ATOMIC_XOR, 2},       {"exchange", ATOMIC_EXCHANGE, 2},
    {"compare_exchange", ATOMIC_COMPARE_EXCHANGE, 3},
    {"load", ATOMIC_LOAD, 1},           {"store", ATOMIC_STORE, 2},
};

/* camp_atomic_<op>_<type>_ (camp.h's): the op's index, or -1. */
static int atomic_index(const char *name) {
    static const char prefix[] = "camp_atomic_";
    static const char *const suffixes[] = {"_int_", "_uint_", "_long_", "_ulong_", "_llong_", "_ullong_",
                                           "_float_", "_double_"};
    if (strncmp(name, prefix, sizeof prefix - 1) != 0) return -1;
    const char *op = name + sizeof prefix - 1;
    for (size_t i = 0; i < sizeof atomics / sizeof *atomics; i++) {
        size_t n = strlen(atomics[i].name);
        if (strncmp(op, atomics[i].name, n) != 0) continue;
        for (size_t s = 0; s < sizeof suffixes / sizeof *suffixes; s++)
            if (strcmp(op + n, suffixes[s]) == 0) return (int)i;
    }
    return -1;
}

/* A pointer argument as the lvalue it points to: `&x` is x itself (a
 * local, a tile_static scalar, an element), anything else is *p. */
static Expr *pointee_lvalue(Frontend *fe, CXCursor arg) {
    CXCursor c = fe_strip(arg), kid[2];
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf && fe_children(c, kid, 2) == 1)
        return fe_lower_expr(fe, kid[0]);
    Expr *p = fe_lower_expr(fe, arg);
    if (!p) return NULL;
    if (p->type->kind != TY_PTR) unreachable("atomic on a non-pointer (camp.h's prototypes prevent it)");
    Expr *e = fe_new_expr(fe, EX_DEREF, p->type->base, arg);
    e->lhs = p;
    return e;
}

static Expr *lower_atomic(Frontend *fe, CXCursor call, int which) {
    int n = clang_Cursor_getNumArguments(call);
    if (n != atomics[which].nargs) unreachable("atomic arity differs from camp.h");
    Type *t = fe_type(fe, clang_getCursorType(call), call);
    if (!t) return NULL;
    Expr *e = fe_new_expr(fe, EX_ATOMIC, t, call);
    e->ival = atomics[which].op;
    e->nargs = n;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * (size_t)n);
    bool ok = true;
    for (int i = 0; i < n; i++) {
        CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
        bool is_pointer = i == 0 || (i == 1 && atomics[which].op == ATOMIC_COMPARE_EXCHANGE);
        e->args[i] = is_pointer ? pointee_lvalue(fe, a) : fe_lower_expr(fe, a);
        ok = ok && e->args[i];
    }
    if (!ok) return NULL;
    const Type *target = e->args[0]->type;
    if (!((target->kind == TY_INT || target->kind == TY_FLOAT) && (target->size == 4 || target->size == 8)))
        unreachable("atomic on a type camp.h's prototypes exclude");
    return e;
}

/* ---- GCC's __sync builtins -------------------------------------------------------- */

/* __sync_<name>, clang calling it __sync_<name>_<bytes>: the operation
 * camp_atomic_* has for it, and what it returns */
typedef enum SyncResult {
    SYNC_OLD,     /* the value before (fetch_and_<op>, lock_test_and_set, val_compare_and_swap) */
    SYNC_NEW,     /* the value after: the old one `then` the operand (<op>_and_fetch) */
    SYNC_SWAPPED, /* whether it swapped (bool_compare_and_swap) */
    SYNC_NOTHING, /* lock_release */
} SyncResult;

static const struct {
    const char *name;
    AtomicOp op;
    SyncResult result;
    Op then;
} sync_builtins[] = {
    {"fetch_and_add", ATOMIC_ADD, SYNC_OLD, OP_NONE},  {"fetch_and_sub", ATOMIC_SUB, SYNC_OLD, OP_NONE},
    {"fetch_and_and", ATOMIC_AND, SYNC_OLD, OP_NONE},  {"fetch_and_or", ATOMIC_OR, SYNC_OLD, OP_NONE},
    {"fetch_and_xor", ATOMIC_XOR, SYNC_OLD, OP_NONE},  {"add_and_fetch", ATOMIC_ADD, SYNC_NEW, OP_ADD},
    {"sub_and_fetch", ATOMIC_SUB, SYNC_NEW, OP_SUB},   {"and_and_fetch", ATOMIC_AND, SYNC_NEW, OP_AND},
    {"or_and_fetch", ATOMIC_OR, SYNC_NEW, OP_OR},      {"xor_and_fetch", ATOMIC_XOR, SYNC_NEW, OP_XOR},
    {"lock_test_and_set", ATOMIC_EXCHANGE, SYNC_OLD, OP_NONE},
    {"bool_compare_and_swap", ATOMIC_COMPARE_EXCHANGE, SYNC_SWAPPED, OP_NONE},
    {"val_compare_and_swap", ATOMIC_COMPARE_EXCHANGE, SYNC_OLD, OP_NONE},
    {"lock_release", ATOMIC_STORE, SYNC_NOTHING, OP_NONE},
};

/* The index in sync_builtins of `name` (with or without its size), or -1. */
int fe_sync_builtin(const char *name) {
    if (strncmp(name, "__sync_", 7)) return -1;
    name += 7;
    for (size_t i = 0; i < sizeof sync_builtins / sizeof *sync_builtins; i++) {
        size_t n = strlen(sync_builtins[i].name);
        if (strncmp(name, sync_builtins[i].name, n)) continue;
        if (!name[n] || (name[n] == '_' && isdigit((unsigned char)name[n + 1]))) return (int)i; /* __sync_x or _x_4 */
    }
    return -1;
}

/* `tmp = value`, with tmp a local of value's type, for a value used twice. */
static Expr *keep_value(Frontend *fe, Expr *value, Var **tmp, CXCursor c) {
    *tmp = fe_hidden_local(fe, "sync.value", value->type, c);
    Expr *ref = fe_new_expr(fe, EX_VAR, value->type, c);
    ref->var = *tmp;
    return fe_new_binary(fe, EX_ASSIGN, OP_NONE, value->type, ref, value, c);
}

static Expr *comma(Frontend *fe, Expr *a, Expr *b, CXCursor c) {
    return fe_new_binary(fe, EX_BINARY, OP_COMMA, b->type, a, b, c);
}

/* __sync_fetch_and_add(p, v) and the rest as camp_atomic_*'s operations:
 * <op>_and_fetch the old value op v (v kept in a local), the compare and
 * swaps through a local `expected` holding the old value. */
static Expr *lower_sync_builtin(Frontend *fe, CXCursor call, int which) {
    int n = clang_Cursor_getNumArguments(call);
    AtomicOp op = sync_builtins[which].op;
    int want = op == ATOMIC_STORE ? 1 : op == ATOMIC_COMPARE_EXCHANGE ? 3 : 2;
    Type *t = fe_type(fe, clang_getCursorType(call), call);
    if (!t) return NULL;
    if (n < want) return fe_unsupported(fe, call, "__sync builtin");
    Expr *target = pointee_lvalue(fe, clang_Cursor_getArgument(call, 0));
    if (!target) return NULL;
    if (target->type->kind != TY_INT || (target->type->size != 4 && target->type->size != 8)) {
        diag_error(fe->u->diag, fe_loc(fe, call),
                   "__sync builtins work in amp code on 4- and 8-byte integers (as camp_atomic_* do)");
        return NULL;
    }
    Expr *args[2] = {NULL, NULL};
    for (int i = 1; i < want; i++) {
        args[i - 1] = fe_lower_expr(fe, clang_Cursor_getArgument(call, (unsigned)i));
        if (!args[i - 1]) return NULL;
    }
    Expr *e = fe_new_expr(fe, EX_ATOMIC, op == ATOMIC_COMPARE_EXCHANGE ? type_int(4, true) : target->type, call);
    e->ival = op;
    e->nargs = want;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * 3);
    e->args[0] = target;
    if (op == ATOMIC_STORE) { /* lock_release: stores 0 */
        e->args[1] = fe_int_constant(fe, target->type, 0, call);
        e->nargs = 2;
        return e;
    }
    Var *kept;
    if (op == ATOMIC_COMPARE_EXCHANGE) {
        Expr *set = keep_value(fe, args[0], &kept, call);
        e->args[1] = fe_new_expr(fe, EX_VAR, kept->type, call); /* the lvalue `expected` */
        e->args[1]->var = kept;
        e->args[2] = args[1];
        Expr *swapped = comma(fe, set, e, call);
        if (sync_builtins[which].result == SYNC_SWAPPED) return swapped;
        return comma(fe, swapped, fe_var_value(fe, kept, call), call); /* what *p held */
    }
    if (sync_builtins[which].result == SYNC_OLD) {
        e->args[1] = args[0];
        return e;
    }
    Expr *set = keep_value(fe, args[0], &kept, call);
    e->args[1] = fe_var_value(fe, kept, call);
    Expr *fresh = fe_new_binary(fe, EX_BINARY, sync_builtins[which].then, target->type, e,
                                fe_var_value(fe, kept, call), call);
    return comma(fe, set, fresh, call);
}

/* ---- entry ---------------------------------------------------------------------- */

Expr *fe_intrinsic_call(Frontend *fe, CXCursor call, CXCursor decl, bool *handled) {
    CXString s = clang_getCursorSpelling(decl);
    const char *name = clang_getCString(s);
    Expr *e = NULL;
    *handled = false;
    for (size_t i = 0; i < sizeof syncs / sizeof *syncs && !*handled; i++)
        if (strcmp(name, syncs[i].name) == 0) {
            *handled = true;
            e = lower_sync(fe, call, syncs[i].name, syncs[i].sync);
        }
    int which = *handled ? -1 : atomic_index(name);
    if (which >= 0) {
        *handled = true;
        e = lower_atomic(fe, call, which);
    }
    if (!*handled && !strcmp(name, "__sync_synchronize")) {
        *handled = true;
        e = lower_sync(fe, call, name, SYNC_GLOBAL | SYNC_DEVICE);
    }
    which = *handled ? -1 : fe_sync_builtin(name);
    if (which >= 0) {
        *handled = true;
        e = lower_sync_builtin(fe, call, which);
    }
    if (!*handled) e = fe_subgroup_call(fe, call, name, handled);
    clang_disposeString(s);
    return e;
}
