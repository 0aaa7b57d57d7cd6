/* layout.c — what the host and the runtime need to know about each kernel:
 * the push-constant layout of its captures, which views it may write (those
 * are copied back: access.c decides), and its workgroup size (a tiled
 * kernel's). */
#include "campcc.h"

#include "camp_abi.h"

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
            if (v->capture == CAPTURE_VALUE && type_holds_pointer(v->type)) v->access = CAMP_ACCESS_READ; /* its pointers' */
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

        /* A tiled kernel's workgroup is its tile (frontend_tile.c); the
         * runtime chooses the others' for the device (0 x 0 x 0 says so). */
        if (!k->tiled)
            for (int d = 0; d < 3; d++) k->local_size[d] = 0;
        k->tile_static_bytes = 0;
        for (int j = 0; j < k->tile_statics.len; j++)
            k->tile_static_bytes += (uint32_t)((Var *)k->tile_statics.items[j])->type->size;
    }
    access_analyze(u); /* the WRITE bits of the captures' access, read set above */
}
