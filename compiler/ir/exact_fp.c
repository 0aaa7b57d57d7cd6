/* exact_fp.c — the amp functions that code rounding each float operation
 * on its own calls (a kernel or function under `#pragma STDC FP_CONTRACT
 * OFF`, -ffp-contract=off's, one declaring a volatile variable) round
 * theirs on their own too. A driver inlines a callee and then fuses across
 * the call: Kahan's `y = scaled(x) - c`, the subtraction exact, was fused
 * with the multiply of `scaled` on an NVIDIA H200, and the compensation
 * changed. A function called from both kinds of code is emitted once, so
 * it is exact for all its callers: C contracts within one expression only,
 * never across a call, so this loses nothing C allows a caller to expect. */
#include "campcc.h"

static void mark_callees(Stmt *body);

static void mark_call(void *ctx, Expr *x) {
    (void)ctx;
    if (x->kind != EX_CALL || !x->callee || x->callee->exact_fp) return;
    x->callee->exact_fp = true;
    mark_callees(x->callee->body);
}

static void mark_callees(Stmt *body) {
    if (body) walk_stmt(body, mark_call, NULL, NULL);
}

void exact_fp_spread(Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        if (k->exact_fp) mark_callees(k->body); /* (-ffp-contract=off makes every function exact as it is emitted) */
    }
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->exact_fp) mark_callees(f->body);
    }
}
