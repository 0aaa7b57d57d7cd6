/* check.c — language rules that need the whole unit: no recursion among
 * amp functions (SPIR-V has no call stack). A cycle is reported whole:
 * every function in it and the call that closes it. */
#include "campcc.h"

enum { UNSEEN, ON_PATH, DONE };

/* The calls on the depth-first path: path[i] is a call made by the
 * function entered at depth i; and each function's state (by its index in
 * u->funcs). */
typedef struct CallPath {
    Unit *u;
    Expr **calls;
    int len;
    unsigned char *state;
} CallPath;

static unsigned char *state_of(CallPath *path, const Func *f) {
    for (int i = 0; i < path->u->funcs.len; i++)
        if (path->u->funcs.items[i] == f) return &path->state[i];
    unreachable("a callee that is not among the unit's functions");
}

static void report_cycle(Unit *u, const CallPath *path, Func *first) {
    int start = path->len - 1;
    while (start > 0 && path->calls[start - 1]->callee != first) start--;
    Expr *closing = path->calls[path->len - 1];
    if (start == path->len - 1) {
        diag_error(u->diag, closing->loc, "recursion is not allowed in amp code: '%s' calls itself", first->name);
    } else {
        StrBuf cycle = {0};
        sb_printf(&cycle, "'%s'", first->name);
        for (int i = start; i < path->len; i++)
            sb_printf(&cycle, "%s '%s'", i == start ? " calls" : ", which calls", path->calls[i]->callee->name);
        diag_error(u->diag, closing->loc, "recursion is not allowed in amp code: %s", cycle.data);
        sb_free(&cycle);
        for (int i = start; i < path->len - 1; i++)
            diag_note(u->diag, path->calls[i]->loc, "'%s' is called here", path->calls[i]->callee->name);
    }
    diag_note(u->diag, first->loc, "'%s' defined here", first->name);
}

/* Depth-first search; a callee already on the path closes a cycle. */
static bool visit(Unit *u, Func *f, CallPath *path) {
    *state_of(path, f) = ON_PATH;
    for (int i = 0; i < f->calls.len; i++) {
        Expr *call = f->calls.items[i];
        Func *g = call->callee;
        path->calls[path->len++] = call;
        if (*state_of(path, g) == ON_PATH) {
            report_cycle(u, path, g);
            return false;
        }
        if (*state_of(path, g) == UNSEEN && !visit(u, g, path)) return false;
        path->len--;
    }
    *state_of(path, f) = DONE;
    return true;
}

bool check_unit(Unit *u) {
    /* a path visits each function at most once */
    CallPath path = {u, arena_alloc(&u->arena, sizeof(Expr *) * (size_t)(u->funcs.len + 1)), 0,
                     arena_alloc(&u->arena, (size_t)u->funcs.len + 1)};
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (path.state[i] == UNSEEN && !visit(u, f, &path)) return false;
    }
    return u->diag->errors == 0;
}
