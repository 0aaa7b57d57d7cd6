/* spv_tile.c — tiled kernels in SPIR-V: the tiled index from the
 * workgroup and local invocation ids, tile barriers and memory fences, and
 * tile_static variables (module-scope Workgroup storage).
 *
 * Barriers and fences: C++ AMP orders memory among the threads of a tile,
 * so every barrier and fence has Workgroup execution and memory scope. The
 * semantics are AcquireRelease plus the storage the fence covers: views and
 * arrays are PhysicalStorageBuffer memory, which SPIR-V's UniformMemory
 * semantics bit covers (with StorageBuffer and Uniform); tile_static is
 * WorkgroupMemory; textures that kernels of the unit read and write are
 * ImageMemory (spv_texture.c), added to the views' fence where there are any. A barrier after which no view can have been written
 * orders tile_static memory only (fence.c). */
#include "spv_emit.h"

/* ---- the tiled index -------------------------------------------------------- */

/* An index value of the kernel's rank from per-GPU-dimension u32 values
 * (x first): component 0 is the most significant. */
static uint32_t index_value(Emitter *e, Kernel *k, const Type *t, const uint32_t gpu[3]) {
    SpvBuilder *b = &e->b;
    uint32_t i32 = spv_type_int(b, 32, true), c[3];
    for (int d = 0; d < k->rank; d++) {
        c[d] = spv_new_id(b);
        SPV_OP(&e->code, SpvOpBitcast, i32, c[d], gpu[k->rank - 1 - d]);
    }
    if (k->rank == 1) return c[0];
    uint32_t v = spv_new_id(b);
    if (k->rank == 2) SPV_OP(&e->code, SpvOpCompositeConstruct, em_type(e, t), v, c[0], c[1]);
    else SPV_OP(&e->code, SpvOpCompositeConstruct, em_type(e, t), v, c[0], c[1], c[2]);
    return v;
}

/* The prologue of a tiled kernel: t.global, t.local, t.tile, t.tile_origin
 * and t.tile_extent in Function variables. Every thread of the grid is
 * inside the (padded or truncated) extent, which the runtime made a whole
 * number of tiles: no thread returns early, so all reach the barriers. */
void em_tiled_index(Emitter *e, Kernel *k) {
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), v3 = spv_type_vector(b, u32, 3);
    uint32_t wg = spv_new_id(b), lid = spv_new_id(b);
    SPV_OP(&e->code, SpvOpLoad, v3, wg, e->builtin_workgroup);
    SPV_OP(&e->code, SpvOpLoad, v3, lid, e->builtin_local);
    uint32_t global[3], local[3], tile[3], origin[3], extent[3];
    for (uint32_t d = 0; d < 3; d++) {
        uint32_t w = spv_new_id(b);
        local[d] = spv_new_id(b);
        tile[d] = spv_new_id(b);
        origin[d] = spv_new_id(b);
        global[d] = spv_new_id(b);
        extent[d] = spv_const_u32(b, k->local_size[d]);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, w, wg, d);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, local[d], lid, d);
        /* a dispatch split over the group-count limits starts at group_offset */
        SPV_OP(&e->code, SpvOpIAdd, u32, tile[d], w, em_push_member(e, 3 + d, u32));
        SPV_OP(&e->code, SpvOpIMul, u32, origin[d], tile[d], extent[d]);
        SPV_OP(&e->code, SpvOpIAdd, u32, global[d], origin[d], local[d]);
    }
    const uint32_t *values[5] = {global, local, tile, origin, extent};
    for (int m = 0; m < 5; m++) {
        Var *v = k->tile_index[m];
        uint32_t value = index_value(e, k, v->type, values[m]);
        uint32_t id = em_local(e, v->type, v->name);
        em_map_set(&e->locals, v, id);
        em_debug_local(e, v, id, v->type);
        em_store(e, (LValue){.ptr = id, .storage = SpvStorageClassFunction}, value);
    }
}

/* ---- barriers and fences ------------------------------------------------------ */

uint32_t em_sync(Emitter *e, Expr *x) {
    SpvBuilder *b = &e->b;
    uint32_t semantics = 0;
    if (x->ival & SYNC_GLOBAL) semantics |= SpvMemorySemanticsUniformMemoryMask | em_texture_memory(e);
    if (x->ival & SYNC_TILE_STATIC) semantics |= SpvMemorySemanticsWorkgroupMemoryMask;
    /* a barrier that orders no memory (fence.c narrowed it) is a plain control barrier */
    if (semantics) semantics |= SpvMemorySemanticsAcquireReleaseMask;
    uint32_t scope = spv_const_u32(b, x->ival & SYNC_DEVICE ? SpvScopeDevice : SpvScopeWorkgroup);
    uint32_t sem = spv_const_u32(b, semantics);
    if (x->ival & SYNC_BARRIER) SPV_OP(&e->code, SpvOpControlBarrier, scope, scope, sem);
    else SPV_OP(&e->code, SpvOpMemoryBarrier, scope, sem);
    if ((x->ival & SYNC_BARRIER) && e->u->opts->check) em_race_barrier(e); /* tile_static race checks */
    return 0;
}

/* ---- tile_static -------------------------------------------------------------- */

/* Made on first use; its type is the one every other storage class uses
 * (the host's layout), so the pointer machinery of spv_expr.c applies as
 * it is. Any function may point into it. */
uint32_t em_tile_static(Emitter *e, Var *v) {
    SpvBuilder *b = &e->b;
    uint32_t id = em_map_get(&e->globals, v);
    if (!id) {
        id = spv_new_id(b);
        SPV_OP(&b->globals, SpvOpVariable, em_pointer_type(e, SpvStorageClassWorkgroup, v->type), id,
               SpvStorageClassWorkgroup);
        spv_name(b, id, v->name);
        em_map_set(&e->globals, v, id);
        em_debug_tile_static(e, v, id);
    }
    return id;
}
