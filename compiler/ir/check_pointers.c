/* check_pointers.c — -fcamp-check: every element read or written through
 * a pointer (p[i], *p, p->m: the memory of array_view and array_new, and
 * arrays reached through pointers) gets a report site; the emitter checks
 * the element's bytes against the launch's views, which the runtime gives
 * the kernel as a table (camp_abi.h), and reports an access outside every
 * one with the pointer, its index and the thread; the host's message then
 * says where the address lies (how far past the end, or before the start,
 * of which view). A pointer computed from a capture is checked against
 * that capture's view alone (the site's view_root); others are looked up.
 * A pointer into a local or tile_static array holds an element offset,
 * not an address: the emitter checks it against the array's length and
 * reports through the next site. */
#include "campcc.h"

#include "camp_abi.h"

/* How the pointer is named in the message: `p`, `s.m`, `(p + ...)`. */
static const char *pointer_name(Arena *a, const Expr *p) {
    switch (p->kind) {
    case EX_LOAD: case EX_DECAY: return pointer_name(a, p->lhs);
    case EX_CAST: return pointer_name(a, p->lhs);
    case EX_VAR: return p->var->name;
    case EX_MEMBER: {
        const Member *m = &p->lhs->type->members[p->ival];
        return arena_printf(a, "%s.%s", pointer_name(a, p->lhs), m->name && *m->name ? m->name : "(anonymous)");
    }
    case EX_INDEX: return arena_printf(a, "%s[...]", pointer_name(a, p->lhs));
    case EX_DEREF: return arena_printf(a, "*%s", pointer_name(a, p->lhs));
    case EX_BINARY:
        if (p->op == OP_ADD || p->op == OP_SUB)
            return arena_printf(a, "(%s %c ...)", pointer_name(a, p->lhs->type->kind == TY_PTR ? p->lhs : p->rhs),
                                p->op == OP_ADD ? '+' : '-');
        return "(pointer)";
    default: return "(pointer)";
    }
}

/* The capture a pointer is computed from by arithmetic, casts and
 * indexing into rows: a captured pointer (the memory of an array_view or
 * array_new) or a captured array; NULL otherwise. */
static const Var *pointer_root(const Expr *p) {
    switch (p->kind) {
    case EX_CAST: return p->lhs->type->kind == TY_PTR ? pointer_root(p->lhs) : NULL;
    case EX_BINARY:
        if (p->op != OP_ADD && p->op != OP_SUB) return NULL;
        return pointer_root(p->lhs->type->kind == TY_PTR ? p->lhs : p->rhs);
    case EX_LOAD:
        if (p->lhs->kind == EX_VAR && p->lhs->var->kind == VAR_CAPTURE && p->lhs->var->capture == CAPTURE_POINTER)
            return p->lhs->var;
        return NULL;
    case EX_DECAY: /* a row of an element reached through a pointer: that pointer's */
        if (p->lhs->kind == EX_VAR && p->lhs->var->kind == VAR_CAPTURE && p->lhs->var->capture == CAPTURE_VIEW)
            return p->lhs->var;
        if (p->lhs->kind == EX_DEREF) return pointer_root(p->lhs->lhs);
        if (p->lhs->kind == EX_INDEX) return pointer_root(p->lhs->lhs);
        if (p->lhs->kind == EX_MEMBER && p->lhs->lhs->kind == EX_DEREF) return pointer_root(p->lhs->lhs->lhs);
        return NULL;
    default: return NULL;
    }
}

void pointer_check_mark(Unit *u, const char *where, Expr *access) {
    Arena *a = &u->arena;
    ReportSite *site = arena_alloc(a, sizeof *site);
    site->kind = CAMP_REPORT_POINTER;
    site->loc = access->loc;
    site->view_root = pointer_root(access->lhs);
    const char *name = pointer_name(a, access->lhs);
    /* where the pointer turns out to hold an offset into a local or
     * tile_static array: the offset, and the array's length */
    ReportSite *offset = arena_alloc(a, sizeof *offset);
    offset->kind = CAMP_REPORT_BOUNDS;
    offset->loc = access->loc;
    if (access->kind == EX_INDEX) {
        /* the index as it was written, then the address (camp_abi.h) */
        char letter = report_value_kind(access->rhs->type);
        site->text = arena_printf(a, "%s: %s[%%d] is outside every view", where, name);
        site->values = arena_printf(a, "%c%c", letter, CAMP_REPORT_VALUE_POINTER);
        offset->text = arena_printf(a, "%s: %s[%%d] is out of bounds: element %%d of an array of %%d", where, name);
        offset->values = arena_printf(a, "%c%c%c", letter, CAMP_REPORT_VALUE_INT, CAMP_REPORT_VALUE_INT);
    } else {
        site->text = arena_printf(a, "%s: *%s is outside every view", where, name);
        site->values = arena_printf(a, "%c", CAMP_REPORT_VALUE_POINTER);
        offset->text = arena_printf(a, "%s: *%s is out of bounds: element %%d of an array of %%d", where, name);
        offset->values = arena_printf(a, "%c%c", CAMP_REPORT_VALUE_INT, CAMP_REPORT_VALUE_INT);
    }
    vec_push(a, &u->reports, site);
    access->ival = u->reports.len; /* the site + 1; the offset's site is the next */
    vec_push(a, &u->reports, offset);
}
