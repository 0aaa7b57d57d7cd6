/* frontend_subgroup.c — subgroup operations (camp_subgroup.h) as
 * EX_SUBGROUP. camp.h defines them for the host as a subgroup of one
 * thread, the typed ones behind a _Generic; here they are recognised by the
 * name of the function the call reaches: camp_subgroup_<operation>_ or
 * camp_subgroup_<operation>_<type>_. */
#include "frontend.h"

#include <string.h>

static const struct {
    const char *name;
    SubgroupOp op;
    Op combine; /* reductions and scans */
    int nargs;
} operations[] = {
    {"size", SUBGROUP_SIZE, OP_NONE, 0},
    {"lane", SUBGROUP_LANE, OP_NONE, 0},
    {"id", SUBGROUP_ID, OP_NONE, 0},
    {"broadcast", SUBGROUP_BROADCAST, OP_NONE, 2},
    {"shuffle", SUBGROUP_SHUFFLE, OP_NONE, 2},
    {"shuffle_up", SUBGROUP_SHUFFLE_UP, OP_NONE, 2},
    {"shuffle_down", SUBGROUP_SHUFFLE_DOWN, OP_NONE, 2},
    {"shuffle_xor", SUBGROUP_SHUFFLE_XOR, OP_NONE, 2},
    {"any", SUBGROUP_ANY, OP_NONE, 1},
    {"all", SUBGROUP_ALL, OP_NONE, 1},
    {"ballot", SUBGROUP_BALLOT, OP_NONE, 1},
    {"reduce_add", SUBGROUP_REDUCE, OP_ADD, 1},
    {"reduce_min", SUBGROUP_REDUCE, OP_LT, 1},
    {"reduce_max", SUBGROUP_REDUCE, OP_GT, 1},
    {"reduce_and", SUBGROUP_REDUCE, OP_AND, 1},
    {"reduce_or", SUBGROUP_REDUCE, OP_OR, 1},
    {"reduce_xor", SUBGROUP_REDUCE, OP_XOR, 1},
    {"inclusive_add", SUBGROUP_INCLUSIVE, OP_ADD, 1},
    {"inclusive_min", SUBGROUP_INCLUSIVE, OP_LT, 1},
    {"inclusive_max", SUBGROUP_INCLUSIVE, OP_GT, 1},
    {"inclusive_and", SUBGROUP_INCLUSIVE, OP_AND, 1},
    {"inclusive_or", SUBGROUP_INCLUSIVE, OP_OR, 1},
    {"inclusive_xor", SUBGROUP_INCLUSIVE, OP_XOR, 1},
    {"exclusive_add", SUBGROUP_EXCLUSIVE, OP_ADD, 1},
    {"exclusive_min", SUBGROUP_EXCLUSIVE, OP_LT, 1},
    {"exclusive_max", SUBGROUP_EXCLUSIVE, OP_GT, 1},
    {"exclusive_and", SUBGROUP_EXCLUSIVE, OP_AND, 1},
    {"exclusive_or", SUBGROUP_EXCLUSIVE, OP_OR, 1},
    {"exclusive_xor", SUBGROUP_EXCLUSIVE, OP_XOR, 1},
};

/* The operation camp_subgroup_<name>_[<type>_] names, or -1. */
static int operation_index(const char *name) {
    static const char prefix[] = "camp_subgroup_";
    static const char *const suffixes[] = {"_",       "_int_",   "_uint_",  "_long_",   "_ulong_",
                                           "_llong_", "_ullong_", "_float_", "_double_", "_half_"};
    if (strncmp(name, prefix, sizeof prefix - 1) != 0) return -1;
    const char *rest = name + sizeof prefix - 1;
    for (size_t i = 0; i < sizeof operations / sizeof *operations; i++) {
        size_t n = strlen(operations[i].name);
        if (strncmp(rest, operations[i].name, n) != 0) continue;
        for (size_t s = 0; s < sizeof suffixes / sizeof *suffixes; s++)
            if (strcmp(rest + n, suffixes[s]) == 0) return (int)i;
    }
    return -1;
}

static Expr *lower_subgroup(Frontend *fe, CXCursor call, int which) {
    int n = clang_Cursor_getNumArguments(call);
    if (n != operations[which].nargs) unreachable("subgroup operation's arity differs from camp_subgroup.h");
    Type *t = fe_type(fe, clang_getCursorType(call), call);
    if (!t) return NULL;
    /* SPIR-V's OpGroupNonUniformBroadcast takes a lane the same in every
     * thread: a constant, as Vulkan asks (subgroupBroadcastDynamicId aside) */
    long long lane;
    if (operations[which].op == SUBGROUP_BROADCAST && !fe_eval_int(clang_Cursor_getArgument(call, 1), &lane)) {
        diag_error(fe->u->diag, fe_loc(fe, clang_Cursor_getArgument(call, 1)),
                   "subgroup_broadcast's lane must be an integer constant; subgroup_shuffle takes a lane "
                   "computed at run time");
        return NULL;
    }
    Expr *e = fe_new_expr(fe, EX_SUBGROUP, t, call);
    e->ival = operations[which].op;
    e->op = operations[which].combine;
    e->nargs = n;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++) {
        e->args[i] = fe_lower_expr(fe, clang_Cursor_getArgument(call, (unsigned)i));
        if (!e->args[i]) return NULL;
    }
    if (e->ival == SUBGROUP_BROADCAST) { /* the lane as the constant it is, whatever conversions it went through */
        Expr *c = fe_new_expr(fe, EX_INT, e->args[1]->type, clang_Cursor_getArgument(call, 1));
        c->ival = (long long)(unsigned)lane;
        e->args[1] = c;
    }
    return e;
}

Expr *fe_subgroup_call(Frontend *fe, CXCursor call, const char *name, bool *handled) {
    int which = operation_index(name);
    *handled = which >= 0;
    return *handled ? lower_subgroup(fe, call, which) : NULL;
}
