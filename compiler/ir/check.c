/* check.c — language rules that need the whole unit: no recursion among
 * amp functions (SPIR-V has no call stack). A cycle is reported whole:
 * every function in it and the call that closes it. */
#include "campcc.h"

enum { UNSEEN, ON_PATH, DONE };

/* The calls on the depth-first path: path[i] is a call made by the
 * function entered at depth i. */
typedef struct CallPath {
    Expr **calls;
    int len;
} CallPath;

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
    f->visit = ON_PATH;
    for (int i = 0; i < f->calls.len; i++) {
        Expr *call = f->calls.items[i];
        Func *g = call->callee;
        path->calls[path->len++] = call;
        if (g->visit == ON_PATH) {
            report_cycle(u, path, g);
            return false;
        }
        if (g->visit == UNSEEN && !visit(u, g, path)) return false;
        path->len--;
    }
    f->visit = DONE;
    return true;
}

bool check_unit(Unit *u) {
    /* a path visits each function at most once */
    CallPath path = {arena_alloc(&u->arena, sizeof(Expr *) * (size_t)(u->funcs.len + 1)), 0};
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->visit == UNSEEN && !visit(u, f, &path)) return false;
    }
    return u->diag->errors == 0;
}
