/* check.c — language rules that need the whole unit: no recursion among
 * amp functions (SPIR-V has no call stack). */
#include "campcc.h"

enum { UNSEEN, ON_PATH, DONE };

/* Depth-first search; a callee already on the path closes a cycle. */
static bool visit(Unit *u, Func *f) {
    f->visit = ON_PATH;
    for (int i = 0; i < f->callees.len; i++) {
        Func *g = f->callees.items[i];
        if (g->visit == ON_PATH) {
            diag_error(u->diag, g->loc, "recursion is not allowed in amp code: '%s' calls itself%s%s", g->name,
                       g == f ? "" : " through ", g == f ? "" : f->name);
            return false;
        }
        if (g->visit == UNSEEN && !visit(u, g)) return false;
    }
    f->visit = DONE;
    return true;
}

bool check_unit(Unit *u) {
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->visit == UNSEEN && !visit(u, f)) return false;
    }
    return u->diag->errors == 0;
}
