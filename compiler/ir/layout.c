/* layout.c — what the host and the runtime need to know about each kernel:
 * the push-constant layout of its captures, which views it may write (those
 * are copied back: access.c decides), and its workgroup size (a tiled
 * kernel's). */
#include "campcc.h"

#include "camp_abi.h"

/* ---- push constants and workgroups ------------------------------------------- */

static uint32_t align_up(uint32_t x, uint32_t a) { return (x + a - 1) / a * a; }

/* The captures' offsets from `off` on; where they end. */
static uint32_t place_captures(Kernel *k, uint32_t off) {
    for (int j = 0; j < k->captures.len; j++) {
        Var *v = k->captures.items[j];
        bool address = v->capture != CAPTURE_VALUE; /* a device address goes there */
        /* a complex value at its size, as a vector must be (its parts' alignment is C's) */
        off = align_up(off, address ? 8 : (uint32_t)(v->type->is_complex ? v->type->size : v->type->align));
        v->push_offset = off;
        off += address ? 8 : (uint32_t)v->type->size;
    }
    return off;
}

/* The report buffer and launch number, and under -fcamp-check the view
 * table, from `off` on (written by the runtime); where they end. */
static uint32_t place_report(const Unit *u, Kernel *k, uint32_t off) {
    if (k->reports) {
        k->report_offset = off = align_up(off, 8);
        off += CAMP_REPORT_PUSH_SIZE;
    }
    if (k->reports && u->opts->check) {
        k->view_table_offset = off = align_up(off, 8);
        off += 8;
    }
    return off;
}

/* The kernel's arguments: the header, the captures, the report's. Past
 * the push constants every device has, the captures move to an arguments
 * buffer, its address pushed after the header: a kernel may capture as many
 * variables as C programs pass, at one load more per use of each. */
static void place_arguments(Unit *u, Kernel *k) {
    k->args_block = 0;
    uint32_t end = place_report(u, k, place_captures(k, CAMP_PUSH_HEADER_SIZE));
    if (align_up(end, 4) > CAMP_PUSH_GUARANTEED) {
        /* the buffer's start aligned for any capture: scalar layout keeps each at its own alignment */
        k->args_block = align_up(place_report(u, k, CAMP_PUSH_HEADER_SIZE + 8), 32);
        end = place_captures(k, k->args_block);
    }
    k->push_size = align_up(end, 4);
    if (k->push_size <= CAMP_ARGS_MAX) return;
    /* the largest capture by value, which is usually the one to move */
    const Var *largest = NULL;
    for (int i = 0; i < k->captures.len; i++) {
        const Var *v = k->captures.items[i];
        if (v->capture == CAPTURE_VALUE && (!largest || v->type->size > largest->type->size)) largest = v;
    }
    if (largest && largest->type->size > (int)(CAMP_ARGS_MAX / 2) && type_holds_pointer(largest->type))
        diag_error(u->diag, k->loc,
                   "kernel captures need %u bytes of arguments; more than %u is not supported: '%s' alone is %lld "
                   "bytes, captured by value (it holds pointers, which a view of it would not translate: capture "
                   "the members the kernel uses as variables of their own, its pointers as pointers)",
                   k->push_size, CAMP_ARGS_MAX, largest->name, (long long)largest->type->size);
    else if (largest && largest->type->size > (int)(CAMP_ARGS_MAX / 2))
        diag_error(u->diag, k->loc,
                   "kernel captures need %u bytes of arguments; more than %u is not supported: '%s' alone is %lld "
                   "bytes, captured by value (make a view of it instead, a pointer p = &%s with array_view(p, 1), "
                   "and use p in the kernel)",
                   k->push_size, CAMP_ARGS_MAX, largest->name, (long long)largest->type->size, largest->name);
    else
        diag_error(u->diag, k->loc,
                   "kernel captures need %u bytes of arguments; more than %u is not supported (capture fewer "
                   "variables)",
                   k->push_size, CAMP_ARGS_MAX);
}

void layout_kernels(Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        place_arguments(u, k);
        for (int j = 0; j < k->captures.len; j++) {
            Var *v = k->captures.items[j];
            if (v->capture == CAPTURE_VIEW) v->access = CAMP_ACCESS_READ;
            if (v->capture == CAPTURE_POINTER) v->access = CAMP_ACCESS_READ | CAMP_ACCESS_POINTER;
            if (v->capture == CAPTURE_VALUE && type_holds_pointer(v->type)) v->access = CAMP_ACCESS_READ; /* its pointers' */
        }

        /* A tiled kernel's workgroup is its tile (frontend_tile.c); the
         * runtime chooses the others' for the device (0 x 0 x 0 says so). */
        if (!k->tiled)
            for (int d = 0; d < 3; d++) k->local_size[d] = 0;
        k->tile_static_bytes = 0;
        for (int j = 0; j < k->tile_statics.len; j++)
            k->tile_static_bytes += (uint32_t)((Var *)k->tile_statics.items[j])->type->size;
    }
    access_analyze(u); /* the WRITE bits of the captures' access, read set above */
    every_thread_check(u);
}
