/* layout.c — what the host and the runtime need to know about each kernel:
 * the push-constant layout of its captures, which views it may write (those
 * are copied back), and its workgroup size (a tiled kernel's). */
#include "campcc.h"

#include "camp_abi.h"

/* ---- which views a kernel writes -------------------------------------------- */

static void mark_lvalue_written(Expr *lv);

/* A captured pointer's pointee may be written: its view is copied back. */
static void mark_captured_pointer_written(Var *v) {
    if (v->kind == VAR_CAPTURE && v->capture == CAPTURE_POINTER) v->access |= CAMP_ACCESS_WRITE;
}

/* `p` is a pointer whose pointee may be written. */
static void mark_pointee_written(Expr *p) {
    if (!p) return;
    switch (p->kind) {
    case EX_DECAY: case EX_ADDR: mark_lvalue_written(p->lhs); break;
    case EX_CAST: mark_pointee_written(p->lhs); break;
    case EX_BINARY: /* pointer arithmetic, comma */
        if (p->lhs->type->kind == TY_PTR) mark_pointee_written(p->lhs);
        if (p->rhs->type->kind == TY_PTR) mark_pointee_written(p->rhs);
        break;
    case EX_COND: mark_pointee_written(p->lhs); mark_pointee_written(p->rhs); break;
    case EX_LOAD: /* a pointer variable's value */
        if (p->lhs->kind == EX_VAR) mark_captured_pointer_written(p->lhs->var);
        break;
    case EX_ASSIGN: mark_pointee_written(p->rhs); break;
    default: break; /* loaded from a local: marked where it was stored */
    }
}

static void mark_lvalue_written(Expr *lv) {
    switch (lv->kind) {
    case EX_VAR:
        if (lv->var->kind == VAR_CAPTURE && lv->var->capture == CAPTURE_VIEW) lv->var->access |= CAMP_ACCESS_WRITE;
        break;
    case EX_INDEX: case EX_DEREF: mark_pointee_written(lv->lhs); break;
    case EX_VELEM: case EX_MEMBER: case EX_SWIZZLE: mark_lvalue_written(lv->lhs); break;
    default: break;
    }
}

/* A pointer stored or passed on may be written through later: conservative. */
static void mark_escape(Type *dest, Expr *value) {
    if (dest->kind == TY_PTR && !dest->base->is_const) mark_pointee_written(value);
}

static void scan_stmt(Stmt *s);

static void scan_expr(Expr *e) {
    if (!e) return;
    switch (e->kind) {
    case EX_ASSIGN:
        mark_lvalue_written(e->lhs);
        mark_escape(e->lhs->type, e->rhs);
        break;
    case EX_INCDEC: mark_lvalue_written(e->lhs); break;
    case EX_ATOMIC: /* writes its target, and compare-exchange its `expected` */
        for (int i = 0; i < e->nargs; i++) {
            if (i == 0 || (i == 1 && e->ival == ATOMIC_COMPARE_EXCHANGE)) mark_lvalue_written(e->args[i]);
            scan_expr(e->args[i]);
        }
        return;
    case EX_CALL:
        for (int i = 0; i < e->nargs; i++) {
            mark_escape(e->callee->params[i]->type, e->args[i]);
            scan_expr(e->args[i]);
        }
        return;
    case EX_BUILTIN:
        for (int i = 0; i < e->nargs; i++) scan_expr(e->args[i]);
        return;
    case EX_INIT:
        for (int i = 0; i < e->ninits; i++) {
            mark_escape(e->inits[i].value->type, e->inits[i].value);
            scan_expr(e->inits[i].value);
        }
        return;
    default: break;
    }
    scan_expr(e->lhs);
    scan_expr(e->rhs);
    scan_expr(e->cond);
}

static void scan_stmt(Stmt *s) {
    if (!s) return;
    if (s->kind == ST_DECL && s->expr) mark_escape(s->var->type, s->expr);
    scan_expr(s->expr);
    scan_expr(s->step);
    scan_stmt(s->init);
    scan_stmt(s->then);
    scan_stmt(s->els);
    if (s->kind == ST_SWITCH) {
        for (int i = 0; i < s->body.len; i++) {
            SwitchCase *c = s->body.items[i];
            for (int j = 0; j < c->body.len; j++) scan_stmt(c->body.items[j]);
        }
    } else {
        for (int i = 0; i < s->body.len; i++) scan_stmt(s->body.items[i]);
    }
}

/* ---- pointers held in captures ------------------------------------------------- */

/* Whether a value of type t holds a pointer (in a member or element); a
 * pointer inside a union sets *in_union. */
static bool holds_pointer(const Type *t, bool *in_union) {
    switch (t->kind) {
    case TY_PTR: return true;
    case TY_ARRAY: return holds_pointer(t->base, in_union);
    case TY_STRUCT: {
        bool any = false;
        for (int m = 0; m < t->nmembers; m++)
            if (holds_pointer(t->members[m].type, in_union)) {
                any = true;
                if (t->is_union) *in_union = true;
            }
        return any;
    }
    default: return false;
    }
}

/* Pointers a struct capture holds are translated at launch like captured
 * pointers (host_emit.c lists them); those in unions or in memory cannot be. */
static void check_held_pointers(Unit *u, const Kernel *k, const Var *v) {
    bool in_union = false;
    if (v->capture == CAPTURE_POINTER || !holds_pointer(v->type, &in_union)) return;
    if (v->capture == CAPTURE_VIEW)
        diag_error(u->diag, k->loc,
                   "array '%s' holds pointers: a kernel cannot use pointers stored in memory (capture the "
                   "pointers themselves)",
                   v->name);
    else if (in_union)
        diag_error(u->diag, k->loc,
                   "'%s' holds a pointer in a union: a kernel cannot tell whether it is a pointer, so it "
                   "cannot be translated to the device (capture the pointer itself)",
                   v->name);
}

/* ---- push constants and workgroups ------------------------------------------- */

static uint32_t align_up(uint32_t x, uint32_t a) { return (x + a - 1) / a * a; }

void layout_kernels(Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        uint32_t off = CAMP_PUSH_HEADER_SIZE;
        for (int j = 0; j < k->captures.len; j++) {
            Var *v = k->captures.items[j];
            bool address = v->capture != CAPTURE_VALUE; /* a device address goes there */
            uint32_t size = address ? 8 : (uint32_t)v->type->size;
            uint32_t align = address ? 8 : (uint32_t)v->type->align;
            off = align_up(off, align);
            v->push_offset = off;
            off += size;
            if (v->capture == CAPTURE_VIEW) v->access = CAMP_ACCESS_READ;
            if (v->capture == CAPTURE_POINTER) v->access = CAMP_ACCESS_READ | CAMP_ACCESS_POINTER;
            check_held_pointers(u, k, v);
        }
        if (k->reports) { /* the report buffer and launch number, written by the runtime */
            k->report_offset = off = align_up(off, 8);
            off += CAMP_REPORT_PUSH_SIZE;
        }
        if (k->reports && u->opts->check) { /* the view table that pointers are checked against */
            k->view_table_offset = off = align_up(off, 8);
            off += 8;
        }
        k->push_size = align_up(off, 4);
        /* 128 bytes is what every Vulkan device guarantees */
        if (k->push_size > 128)
            diag_error(u->diag, k->loc,
                       "kernel captures need %u bytes of arguments; more than 128 is not supported yet "
                       "(capture fewer variables)",
                       k->push_size);
        scan_stmt(k->body);

        /* A tiled kernel's workgroup is its tile (frontend_tile.c); the
         * runtime chooses the others' for the device (0 x 0 x 0 says so). */
        if (!k->tiled)
            for (int d = 0; d < 3; d++) k->local_size[d] = 0;
        k->tile_static_bytes = 0;
        for (int j = 0; j < k->tile_statics.len; j++)
            k->tile_static_bytes += (uint32_t)((Var *)k->tile_statics.items[j])->type->size;
    }
}
