/* report.c — which kernels report (printf, assert), and how a value is
 * sent. Only those kernels get a report buffer in their push constants:
 * a kernel without printf or assert costs nothing. */
#include "campcc.h"

#include "camp_abi.h"

char report_value_kind(const Type *t) {
    switch (t->kind) {
    case TY_BOOL: return CAMP_REPORT_VALUE_UINT;
    case TY_INT:
        if (t->size == 8) return t->is_signed ? CAMP_REPORT_VALUE_INT64 : CAMP_REPORT_VALUE_UINT64;
        return t->is_signed ? CAMP_REPORT_VALUE_INT : CAMP_REPORT_VALUE_UINT;
    case TY_FLOAT: return t->size == 8 ? CAMP_REPORT_VALUE_DOUBLE : CAMP_REPORT_VALUE_FLOAT;
    case TY_PTR: return CAMP_REPORT_VALUE_POINTER;
    default: unreachable("a report value of a type printf's check refuses");
    }
}

/* Whether each amp function reports, found once (the call graph has no
 * cycles: check_unit refused recursion). */
typedef struct ReportScan {
    Unit *u;
    signed char *known; /* per u->funcs: 0 unknown, 1 reports, -1 does not */
    bool found;
} ReportScan;

static bool func_reports(ReportScan *s, Func *f);

static void visit(void *ctx, Expr *x) {
    ReportScan *s = ctx;
    if (x->kind == EX_REPORT || x->kind == EX_BOUNDS || x->kind == EX_RACE || ((x->kind == EX_INDEX || x->kind == EX_DEREF) && x->ival) ||
        (x->kind == EX_CALL && func_reports(s, x->callee)))
        s->found = true;
}

static bool body_reports(ReportScan *s, Stmt *body) {
    bool outer = s->found;
    s->found = false;
    walk_stmt(body, visit, NULL, s);
    bool found = s->found;
    s->found = outer;
    return found;
}

static bool func_reports(ReportScan *s, Func *f) {
    int i = 0;
    while (i < s->u->funcs.len && s->u->funcs.items[i] != f) i++;
    if (i == s->u->funcs.len) unreachable("a callee the frontend did not list");
    if (!s->known[i]) s->known[i] = body_reports(s, f->body) ? 1 : -1;
    return s->known[i] > 0;
}

void report_scan(Unit *u) {
    if (u->reports.len == 0) return;
    ReportScan s = {u, arena_alloc(&u->arena, (size_t)u->funcs.len + 1), false};
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        k->reports = body_reports(&s, k->body);
    }
}
