/* check.c — language rules that need the whole unit: no recursion among
 * amp functions (SPIR-V has no call stack). */
#include "campcc.h"

enum { UNSEEN, ON_PATH, DONE };

/* Depth-first search; a callee already on the path closes a cycle. */
static bool visit(Unit *u, Func *f) {
    f->visit = ON_PATH;
    for (int i = 0; i < f->calls.len; i++) {
        Expr *call = f->calls.items[i];
        Func *g = call->callee;
        if (g->visit == ON_PATH) {
            if (g == f) diag_error(u->diag, call->loc, "recursion is not allowed in amp code: '%s' calls itself", g->name);
            else diag_error(u->diag, call->loc, "recursion is not allowed in amp code: '%s' calls '%s', which calls it back",
                            f->name, g->name);
            diag_note(u->diag, g->loc, "'%s' defined here", g->name);
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
