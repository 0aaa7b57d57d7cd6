/* spv_emit.c — the SPIR-V module of a translation unit: one entry point per
 * kernel, one function per amp helper, all views reached through
 * PhysicalStorageBuffer pointers whose addresses come in push constants
 * (camp_abi.h gives the layout). */
#include "spv_emit.h"

#include "camp_abi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What amp code may not contain, or SPIR-V cannot express, is reported by
 * the frontend, the checks and the analyses (ir/) before the emitter runs:
 * meeting it here is campcc's own bug, reported as such (with the place in
 * the user's code it was emitting). */
void em_internal(Emitter *e, SrcLoc loc, const char *what) {
    diag_error(e->u->diag, loc, "internal error: campcc cannot emit %s here; please report this bug", what);
    e->failed = true;
}

/* ---- pointer bases ---------------------------------------------------------------- */

static void id_list_push(IdList *l, uint32_t id) {
    l->ids = grow_array(l->ids, l->len, &l->cap, sizeof *l->ids, 64);
    l->ids[l->len++] = id;
}

void em_add_module_var(Emitter *e, uint32_t id) { id_list_push(&e->module_vars, id); }

/* ---- types ------------------------------------------------------------------------ */

int em_union_word(const Type *u) {
    int w = 8;
    while (u->size % w) w /= 2;
    return w;
}

/* A struct at the host's layout (Offset per member), so views and push
 * constants read what the host wrote. A union is stored as unsigned words
 * (em_union_word): one, or an array of them; its members are reinterpreted
 * on access (spv_expr.c). */
static uint32_t struct_type(Emitter *e, const Type *t) {
    uint32_t known = em_map_get(&e->types, t);
    if (known) return known;
    if (t->is_union) { /* one holding a pointer too: check_emit.c refuses looking inside it */
        int w = em_union_word(t);
        uint32_t word = spv_type_int(&e->b, (uint32_t)w * 8, false);
        uint32_t id = w == t->size ? word : spv_type_array(&e->b, word, (uint32_t)(t->size / w), (uint32_t)w);
        em_map_set(&e->types, t, id);
        return id;
    }
    uint32_t *ops = malloc(sizeof *ops * (1 + (size_t)t->nmembers));
    if (!ops) unreachable("out of memory");
    for (int i = 0; i < t->nmembers; i++) ops[1 + i] = em_type(e, t->members[i].type);
    uint32_t id = spv_new_id(&e->b);
    ops[0] = id;
    spv_op(&e->b.globals, SpvOpTypeStruct, ops, 1 + (size_t)t->nmembers);
    free(ops);
    for (int i = 0; i < t->nmembers; i++) {
        spv_member_decorate(&e->b, id, (uint32_t)i, SpvDecorationOffset, t->members[i].offset);
        uint32_t name_ops[2] = {id, (uint32_t)i};
        if (t->members[i].name[0]) spv_op_string(&e->b.debug, SpvOpMemberName, name_ops, 2, t->members[i].name, NULL, 0);
    }
    spv_name(&e->b, id, t->name);
    em_map_set(&e->types, t, id);
    return id;
}

uint32_t em_type(Emitter *e, const Type *t) {
    SpvBuilder *b = &e->b;
    switch (t->kind) {
    case TY_VOID: return spv_type_void(b);
    case TY_BOOL: return spv_type_int(b, 8, false); /* a byte holding 0 or 1, as in memory */
    case TY_INT: return spv_type_int(b, (uint32_t)t->size * 8, t->is_signed);
    case TY_FLOAT: return spv_type_float(b, (uint32_t)t->size * 8);
    case TY_VECTOR: return spv_type_vector(b, em_type(e, t->base), (uint32_t)t->len);
    case TY_PTR: {
        /* `void *` has no size: address it as bytes; a pointer to a
         * variable-length row points at its innermost elements */
        const Type *to = t->base;
        while (to->kind == TY_ARRAY && to->len < 0) to = to->base;
        uint32_t pointee = to->kind == TY_VOID ? spv_type_int(b, 8, false) : em_type(e, to);
        uint32_t stride = to->kind == TY_VOID ? 1u : (uint32_t)to->size;
        return spv_type_pointer(b, SpvStorageClassPhysicalStorageBuffer, pointee, stride ? stride : 1);
    }
    case TY_ARRAY:
        if (t->len < 0) {
            em_internal(e, (SrcLoc){0}, "variable-length array type");
            return spv_type_int(b, 32, false);
        }
        /* (a cooperative matrix has no layout in memory) */
        return spv_type_array(b, em_type(e, t->base), (uint32_t)t->len,
                              e->cooperative && t->base->fragment ? 0 : (uint32_t)t->base->size);
    case TY_STRUCT: return e->cooperative && t->fragment ? em_fragment_type(e, t->fragment) : struct_type(e, t);
    }
    unreachable("type kind");
}

uint32_t em_pointer_type(Emitter *e, SpvStorageClass sc, const Type *t) {
    return spv_type_pointer(&e->b, sc, em_type(e, t), sc == SpvStorageClassPhysicalStorageBuffer ? (uint32_t)t->size : 0);
}

/* ---- blocks and locals ---------------------------------------------------------- */

uint32_t em_label(Emitter *e) { return spv_new_id(&e->b); }

uint32_t em_op1(Emitter *e, SpvOp op, uint32_t type, uint32_t a) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, op, type, r, a);
    return r;
}

uint32_t em_op2(Emitter *e, SpvOp op, uint32_t type, uint32_t a, uint32_t b) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, op, type, r, a, b);
    return r;
}

/* Pointers into views and arrays are 64-bit addresses in variables and
 * arithmetic, and pointers where they are used; converting a pointer just
 * made from an address back gives that address (its id dominates the
 * pointer's), not a second conversion. Besides saving instructions, Mesa
 * 25.0's lavapipe computed a pointer variable stepped in nested loops
 * after another loop wrongly when the value stored went through
 * OpConvertPtrToU(OpConvertUToPtr(a + step)) (it restarted each outer
 * pass), and rightly when it was a + step. */
uint32_t em_address_to_ptr(Emitter *e, uint32_t ptr_type, uint32_t address) {
    uint32_t ptr = em_op1(e, SpvOpConvertUToPtr, ptr_type, address);
    unsigned slot = e->next_made_ptr++ % (sizeof e->made_ptrs / sizeof e->made_ptrs[0]);
    e->made_ptrs[slot][0] = ptr;
    e->made_ptrs[slot][1] = address;
    return ptr;
}

uint32_t em_ptr_to_address(Emitter *e, uint32_t ptr) {
    for (size_t i = 0; i < sizeof e->made_ptrs / sizeof e->made_ptrs[0]; i++)
        if (e->made_ptrs[i][0] == ptr) return e->made_ptrs[i][1];
    return em_op1(e, SpvOpConvertPtrToU, em_type(e, type_int(8, false)), ptr);
}

void em_begin_block(Emitter *e, uint32_t label) {
    SPV_OP(&e->code, SpvOpLabel, label);
    e->block = label;
    e->terminated = false;
    em_debug_block(e);
}

void em_branch(Emitter *e, uint32_t target) {
    if (e->terminated) return;
    SPV_OP(&e->code, SpvOpBranch, target);
    e->terminated = true;
}

CarriedLoop em_carried_loop_begin(Emitter *e, uint32_t type, uint32_t first, uint32_t control) {
    uint32_t before = e->block, body;
    CarriedLoop l = {.header = em_label(e)};
    body = em_label(e), l.cont = em_label(e), l.merge = em_label(e);
    l.value = spv_new_id(&e->b), l.next = spv_new_id(&e->b);
    em_branch(e, l.header);
    em_begin_block(e, l.header);
    SPV_OP(&e->code, SpvOpPhi, type, l.value, first, before, l.next, l.cont);
    SPV_OP(&e->code, SpvOpLoopMerge, l.merge, l.cont, control);
    em_branch(e, body);
    em_begin_block(e, body);
    return l;
}

void em_carried_loop_end(Emitter *e, CarriedLoop l, uint32_t again, bool again_when) {
    if (again_when) SPV_OP(&e->code, SpvOpBranchConditional, again, l.cont, l.merge);
    else SPV_OP(&e->code, SpvOpBranchConditional, again, l.merge, l.cont);
    e->terminated = true;
    em_begin_block(e, l.cont);
    em_branch(e, l.header);
    em_begin_block(e, l.merge);
}

void em_terminate(Emitter *e, SpvOp op) {
    if (e->terminated) return;
    if (op == SpvOpReturn && !e->func) em_loop_check(e); /* a kernel's thread ends */
    spv_op(&e->code, op, NULL, 0);
    e->terminated = true;
}

uint32_t em_local(Emitter *e, const Type *t, const char *name) {
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->vars, SpvOpVariable, em_pointer_type(e, SpvStorageClassFunction, t), id, SpvStorageClassFunction);
    if (name) spv_name(&e->b, id, name);
    return id;
}

/* Opens a function: OpFunction, parameters, its first label. */
static void begin_function(Emitter *e, uint32_t id, uint32_t ret, uint32_t fn_type, SpvFunctionControlMask control) {
    SPV_OP(&e->b.functions, SpvOpFunction, ret, id, control, fn_type);
    e->vars.n = 0;
    e->code.n = 0;
    e->nloops = 0;
    em_map_clear(&e->locals);
    e->held_parts.len = 0;
    em_map_clear(&e->literals);
    e->block = em_label(e);
    e->terminated = false;
    em_debug_begin_function(e, id);
}

/* Closes it: the first block (its label, then every OpVariable, which SPIR-V
 * wants there) followed by the rest of the code. */
static void end_function(Emitter *e, uint32_t entry, SpvOp fallthrough) {
    em_terminate(e, fallthrough);
    em_debug_end_function(e);
    SPV_OP(&e->b.functions, SpvOpLabel, entry);
    wb_append(&e->b.functions, &e->vars);
    wb_append(&e->b.functions, &e->code);
    spv_op(&e->b.functions, SpvOpFunctionEnd, NULL, 0);
}

/* ---- helpers ---------------------------------------------------------------------- */

size_t em_spec_key_size(const Func *f) {
    return sizeof(uint32_t) * (SPEC_KEY_PARAM_WORDS * ((size_t)f->nparams + 1) + (size_t)f->textures.len);
}

Spec *em_spec(Emitter *e, Func *f, const uint32_t *key) {
    size_t size = em_spec_key_size(f);
    for (int i = 0; i < e->specs.len; i++) {
        Spec *s = e->specs.items[i];
        if (s->func == f && !memcmp(s->key, key, size)) return s;
    }
    Spec *s = arena_alloc(&e->u->arena, sizeof *s);
    s->func = f;
    s->key = arena_alloc(&e->u->arena, size);
    memcpy(s->key, key, size);
    s->id = spv_new_id(&e->b);
    vec_push(&e->u->arena, &e->specs, s);
    return s;
}

/* The parameters of a helper's copy that parameter i of f becomes: their
 * count, and their types where types is not NULL. */
static int helper_params(Emitter *e, const Spec *spec, int i, uint32_t *types) {
    const uint32_t *words = spec->key + SPEC_KEY_PARAM_WORDS * i;
    if (!words[0]) { /* a value, or an address */
        if (types) types[0] = em_type(e, spec->func->params[i]->type);
        return 1;
    }
    int n = 0;
    if (words[2]) { /* a member or row: the object and the indices */
        n = path_parameter_types(e, words[2], types);
    } else if (!(words[0] >> 8)) { /* the base, unless another parameter has it */
        if (types) types[n] = words[1];
        n++;
    }
    if (types) types[n] = spv_type_int(&e->b, 32, true); /* the offset */
    return n + 1;
}

/* The SPIR-V type a helper returns: a pointer (an address, ptr_storage.c)
 * as its 64 bits, which the call converts back. SPIRV-Tools 2023.1's
 * inliner passes a returned PhysicalStorageBuffer pointer through a
 * Function variable, and its dead-code pass then took a store through the
 * pointer loaded from it (`*at(p, i) = v`) for a store into that local and
 * removed it; a pointer variable holds its address as bits for the same
 * reason (spv_pointer.c). */
uint32_t em_return_type(Emitter *e, const Func *f) {
    return f->ret->kind == TY_PTR ? spv_type_int(&e->b, 64, false) : em_type(e, f->ret);
}

static void emit_helper(Emitter *e, Spec *spec) {
    Func *f = spec->func;
    uint32_t ret = em_return_type(e, f);
    int n = 0;
    for (int i = 0; i < f->nparams; i++) n += helper_params(e, spec, i, NULL);
    uint32_t *params = malloc(sizeof *params * ((size_t)n + 1)), *ids = malloc(sizeof *ids * ((size_t)n + 1));
    if (!params || !ids) unreachable("out of memory");
    for (int i = 0, at = 0; i < f->nparams; i++) at += helper_params(e, spec, i, params + at);
    uint32_t fn_type = spv_type_function(&e->b, ret, params, (size_t)n);
    e->kernel = NULL;
    e->func = f;
    e->exact_fp = f->exact_fp || e->u->opts->fp_exact;
    /* the library's functions stay called unless spv_opt finds them small */
    SpvFunctionControlMask control = f->library ? SpvFunctionControlDontInlineMask : SpvFunctionControlMaskNone;
    begin_function(e, spec->id, ret, fn_type, control);
    uint32_t entry = e->block;
    for (int i = 0; i < n; i++) {
        ids[i] = spv_new_id(&e->b);
        SPV_OP(&e->b.functions, SpvOpFunctionParameter, params[i], ids[i]);
    }
    e->param_ptrs = calloc((size_t)f->nparams + 1, sizeof *e->param_ptrs);
    if (!e->param_ptrs) unreachable("out of memory");
    for (int i = 0, j = 0; i < f->nparams; i++) {
        Var *v = f->params[i];
        Ptr *target = &e->param_ptrs[i];
        const uint32_t *words = spec->key + SPEC_KEY_PARAM_WORDS * i;
        target->storage = SpvStorageClassPhysicalStorageBuffer;
        if (words[0]) {
            uint32_t shared = words[0] >> 8;
            target->storage = (SpvStorageClass)((words[0] & 0xff) >> 1);
            target->base_is_object = words[0] & 1;
            target->base_type = words[1];
            if (words[2]) {
                target->path = path_of_parameters(e, words[2], ids + j, words[1], &target->base);
                j += path_parameter_types(e, words[2], NULL);
            } else if (shared) {
                target->base = e->param_ptrs[shared - 1].base;
                target->path = e->param_ptrs[shared - 1].path;
            } else {
                target->base = ids[j++];
                target->path = (ObjectPath){.object = target->base, .pointer_type = words[1]};
            }
        } else if (v->type->kind == TY_PTR) { /* C pointers may alias, unless declared restrict */
            spv_decorate(&e->b, ids[j], v->type->is_restrict ? SpvDecorationRestrict : SpvDecorationAliased, NULL, 0);
        }
        /* parameters are assignable in C: each lives in a variable */
        em_store_param(e, v, ids[j++]);
    }
    e->texture_args = spec->textures;
    em_stmt(e, f->body);
    /* falling off the end of a non-void function is undefined in C */
    end_function(e, entry, f->ret->kind == TY_VOID ? SpvOpReturn : SpvOpUnreachable);
    free(e->param_ptrs);
    e->param_ptrs = NULL;
    free(params);
    free(ids);
    spv_name(&e->b, spec->id, f->name);
}

/* ---- kernels ---------------------------------------------------------------------- */

/* Whether t holds scalars of `bytes` bytes (which push constants can
 * carry only with the StoragePushConstant8/16 capabilities). */
static bool holds_scalar_of_size(const Type *t, int bytes) {
    switch (t->kind) {
    case TY_BOOL: case TY_INT: case TY_FLOAT: return t->size == bytes;
    case TY_ARRAY: case TY_VECTOR: return holds_scalar_of_size(t->base, bytes);
    case TY_STRUCT:
        if (t->is_union) return em_union_word(t) == bytes;
        for (int i = 0; i < t->nmembers; i++)
            if (holds_scalar_of_size(t->members[i].type, bytes)) return true;
        return false;
    default: return false;
    }
}

/* A view (a captured array) comes as the address of its first element:
 * the array, decayed. */
uint32_t em_view_address_type(Emitter *e, const Var *view) {
    Type decayed = {.kind = TY_PTR, .base = view->type->base, .size = 8, .align = 8};
    return em_type(e, &decayed);
}

/* The captures as members from `first` on of a struct being made: a view's
 * address, a value's type. Pushed 8- and 16-bit scalars need capabilities
 * of their own (in a buffer, their types ask for theirs). */
static void capture_members(Emitter *e, Kernel *k, uint32_t *members, bool pushed) {
    for (int i = 0; i < k->captures.len; i++) {
        Var *v = k->captures.items[i];
        if (v->capture == CAPTURE_VIEW) {
            members[i] = em_view_address_type(e, v);
            continue;
        }
        members[i] = em_type(e, v->type);
        if (pushed && holds_scalar_of_size(v->type, 1)) spv_capability(&e->b, SpvCapabilityStoragePushConstant8);
        if (pushed && holds_scalar_of_size(v->type, 2)) spv_capability(&e->b, SpvCapabilityStoragePushConstant16);
    }
}

/* Their offsets (layout.c's, less `base`) and names in struct `id`. */
static void decorate_captures(Emitter *e, Kernel *k, uint32_t id, uint32_t first, uint32_t base) {
    for (int i = 0; i < k->captures.len; i++) {
        Var *v = k->captures.items[i];
        spv_member_decorate(&e->b, id, first + (uint32_t)i, SpvDecorationOffset, v->push_offset - base);
        uint32_t name_ops[2] = {id, first + (uint32_t)i};
        spv_op_string(&e->b.debug, SpvOpMemberName, name_ops, 2, v->name, NULL, 0);
    }
}

static uint32_t new_struct(Emitter *e, uint32_t *ops, uint32_t n) {
    ops[0] = spv_new_id(&e->b);
    spv_op(&e->b.globals, SpvOpTypeStruct, ops, n + 1);
    return ops[0];
}

/* A kernel's arguments buffer (layout.c): its captures. */
static uint32_t args_block_type(Emitter *e, Kernel *k) {
    uint32_t *ops = malloc(sizeof *ops * ((size_t)k->captures.len + 1));
    if (!ops) unreachable("out of memory");
    capture_members(e, k, ops + 1, false);
    uint32_t id = new_struct(e, ops, (uint32_t)k->captures.len);
    free(ops);
    decorate_captures(e, k, id, 0, k->args_block);
    spv_name(&e->b, id, arena_printf(&e->u->arena, "%s_captures", k->entry));
    return id;
}

uint32_t em_push_report_member(const Kernel *k) {
    return PUSH_HEADER_MEMBERS + (k->args_block ? 1u : (uint32_t)k->captures.len);
}

uint32_t em_args_block_pointer_type(Emitter *e, const Kernel *k) {
    return spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, e->args_struct, k->push_size - k->args_block);
}

/* The push-constant block: the camp_push_header as PUSH_HEADER_MEMBERS
 * 32-bit members, then one member per capture at the offsets layout.c
 * chose (or the address of the arguments buffer that holds them), then
 * the report's. */
static uint32_t push_block_type(Emitter *e, Kernel *k) {
    uint32_t n = em_push_report_member(k);
    /* the header, the captures, the report buffer's two and the view table */
    uint32_t *ops = malloc(sizeof *ops * (n + 4)), *members = ops + 1;
    if (!ops) unreachable("out of memory");
    uint32_t i32 = spv_type_int(&e->b, 32, false);
    for (int i = 0; i < PUSH_HEADER_MEMBERS; i++) members[i] = i32;
    e->args_struct = k->args_block ? args_block_type(e, k) : 0;
    if (e->args_struct) members[PUSH_HEADER_MEMBERS] = em_args_block_pointer_type(e, k);
    else capture_members(e, k, members + PUSH_HEADER_MEMBERS, true);
    uint32_t nreport = (uint32_t)em_report_push_members(e, k, members + n);
    uint32_t id = new_struct(e, ops, n + nreport);
    free(ops);
    spv_decorate(&e->b, id, SpvDecorationBlock, NULL, 0);
    for (uint32_t m = 0; m < PUSH_HEADER_MEMBERS; m++) spv_member_decorate(&e->b, id, m, SpvDecorationOffset, m * 4);
    if (e->args_struct) spv_member_decorate(&e->b, id, PUSH_HEADER_MEMBERS, SpvDecorationOffset, CAMP_PUSH_HEADER_SIZE);
    else decorate_captures(e, k, id, PUSH_HEADER_MEMBERS, 0);
    em_report_push_offsets(e, k, id, n);
    spv_name(&e->b, id, arena_printf(&e->u->arena, "%s_args", k->entry));
    return id;
}

static uint32_t builtin_input(Emitter *e, SpvBuiltIn which, const char *name) {
    uint32_t v3 = spv_type_vector(&e->b, spv_type_int(&e->b, 32, false), 3);
    uint32_t id = spv_new_id(&e->b);
    SPV_OP(&e->b.globals, SpvOpVariable, spv_type_pointer(&e->b, SpvStorageClassInput, v3, 0), id,
           SpvStorageClassInput);
    spv_decorate(&e->b, id, SpvDecorationBuiltIn, (const uint32_t[]){which}, 1);
    spv_name(&e->b, id, name);
    return id;
}

/* The workgroup size of untiled kernels, and whether they check the
 * extent: specialization constants the runtime sets for each pipeline
 * (camp_abi.h's enum camp_spec_id), so the size fits the device and the
 * kernel's rank. The WorkgroupSize
 * built-in they make up applies to every entry point of the module, so the
 * runtime specializes a tiled kernel's pipeline to its tile. Made once per
 * module, on the first untiled kernel. */
static void declare_workgroup_size(Emitter *e) {
    if (e->workgroup_size[0]) return;
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), v3 = spv_type_vector(b, u32, 3);
    static const uint32_t spec_ids[3] = {CAMP_SPEC_LOCAL_SIZE_X, CAMP_SPEC_LOCAL_SIZE_Y, CAMP_SPEC_LOCAL_SIZE_Z};
    for (int d = 0; d < 3; d++) {
        e->workgroup_size[d] = spv_new_id(b);
        SPV_OP(&b->globals, SpvOpSpecConstant, u32, e->workgroup_size[d], 1);
        spv_decorate(b, e->workgroup_size[d], SpvDecorationSpecId, &spec_ids[d], 1);
        spv_name(b, e->workgroup_size[d], (const char *[]){"local_size_x", "local_size_y", "local_size_z"}[d]);
    }
    uint32_t composite = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpSpecConstantComposite, v3, composite, e->workgroup_size[0], e->workgroup_size[1],
           e->workgroup_size[2]);
    spv_decorate(b, composite, SpvDecorationBuiltIn, (const uint32_t[]){SpvBuiltInWorkgroupSize}, 1);
    spv_name(b, composite, "gl_WorkGroupSize");
    e->bounds_check = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpSpecConstantTrue, spv_type_bool(b), e->bounds_check);
    spv_decorate(b, e->bounds_check, SpvDecorationSpecId, (const uint32_t[]){CAMP_SPEC_BOUNDS_CHECK}, 1);
    spv_name(b, e->bounds_check, "bounds_check");
}

/* The kernel's prologue: this thread's index, or return when it lies
 * outside the extent (the grid is rounded up to whole workgroups), unless
 * the runtime specialized the check away for an extent of whole
 * workgroups (a CPU device pays for the divergent return in every lane).
 * Only the rank's dimensions are computed: beyond it the runtime gives the
 * workgroup and the grid a size of 1, so those ids are 0. A rank-4 kernel
 * runs as rank 3 (host_emit.c), the GPU's z covering index components 0
 * and 1 together: z / size1 and z % size1. */
/* extent64(n)'s thread index, in 64 bits: the group (offset by the
 * runtime's split of large grids; fewer than 2^32 groups) times the
 * workgroup size, plus the local index. *outside: whether it is n or more,
 * n being the push header's size[0] and size[1], low and high words. */
static uint32_t wide_index(Emitter *e, uint32_t wg, uint32_t lid, uint32_t *outside) {
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), u64 = spv_type_int(b, 64, false);
    uint32_t w = spv_new_id(b), l = spv_new_id(b);
    SPV_OP(&e->code, SpvOpCompositeExtract, u32, w, wg, 0);
    SPV_OP(&e->code, SpvOpCompositeExtract, u32, l, lid, 0);
    uint32_t group = em_op2(e, SpvOpIAdd, u32, w, em_push_member(e, PUSH_GROUP_OFFSET_MEMBER, u32));
    uint32_t first = em_op2(e, SpvOpIMul, u64, em_op1(e, SpvOpUConvert, u64, group),
                            em_op1(e, SpvOpUConvert, u64, e->workgroup_size[0]));
    uint32_t index = em_op2(e, SpvOpIAdd, u64, first, em_op1(e, SpvOpUConvert, u64, l));
    uint32_t low = em_op1(e, SpvOpUConvert, u64, em_push_member(e, 0, u32));
    uint32_t high = em_op1(e, SpvOpUConvert, u64, em_push_member(e, 1, u32));
    uint32_t n = em_op2(e, SpvOpBitwiseOr, u64, low, em_op2(e, SpvOpShiftLeftLogical, u64, high, spv_const_u32(b, 32)));
    *outside = em_op2(e, SpvOpUGreaterThanEqual, spv_type_bool(b), index, n);
    return em_op1(e, SpvOpBitcast, spv_type_int(b, 64, true), index);
}

static void emit_index(Emitter *e, Kernel *k) {
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), v3 = spv_type_vector(b, u32, 3), bool_t = spv_type_bool(b);
    uint32_t wg = spv_new_id(b), lid = spv_new_id(b);
    SPV_OP(&e->code, SpvOpLoad, v3, wg, e->builtin_workgroup);
    SPV_OP(&e->code, SpvOpLoad, v3, lid, e->builtin_local);
    uint32_t g[4], outside = 0;
    uint32_t gpu_rank = k->rank < 3 ? (uint32_t)k->rank : 3;
    if (k->wide_index) g[0] = wide_index(e, wg, lid, &outside), gpu_rank = 0;
    for (uint32_t d = 0; d < gpu_rank; d++) {
        uint32_t w = spv_new_id(b), l = spv_new_id(b), t0 = spv_new_id(b), t1 = spv_new_id(b), gd = spv_new_id(b);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, w, wg, d);
        SPV_OP(&e->code, SpvOpCompositeExtract, u32, l, lid, d);
        SPV_OP(&e->code, SpvOpIAdd, u32, t0, w, em_push_member(e, PUSH_GROUP_OFFSET_MEMBER + d, u32));
        SPV_OP(&e->code, SpvOpIMul, u32, t1, t0, e->workgroup_size[d]);
        SPV_OP(&e->code, SpvOpIAdd, u32, gd, t1, l);
        /* a vectorized kernel's thread starts at its first element (spv_vector.c) */
        if (d == 0 && k->vector_width) gd = em_op2(e, SpvOpIMul, u32, gd, em_elements_per_thread(e));
        g[d] = gd;
        uint32_t out = spv_new_id(b);
        SPV_OP(&e->code, SpvOpUGreaterThanEqual, bool_t, out, gd, em_push_member(e, d, u32));
        if (outside) {
            uint32_t any = spv_new_id(b);
            SPV_OP(&e->code, SpvOpLogicalOr, bool_t, any, outside, out);
            outside = any;
        } else {
            outside = out;
        }
    }
    uint32_t checked = spv_new_id(b);
    SPV_OP(&e->code, SpvOpLogicalAnd, bool_t, checked, e->bounds_check, outside);
    uint32_t done = em_label(e), inside = em_label(e);
    SPV_OP(&e->code, SpvOpSelectionMerge, inside, SpvSelectionControlMaskNone);
    SPV_OP(&e->code, SpvOpBranchConditional, checked, done, inside);
    e->terminated = true;
    em_begin_block(e, done);
    em_terminate(e, SpvOpReturn);
    em_begin_block(e, inside);

    /* index component 0 is the most significant: rank 2 is (y, x) */
    uint32_t idx_type = em_type(e, k->idx->type), value;
    uint32_t i32 = spv_type_int(b, 32, true);
    if (k->rank == 4) {
        uint32_t size1 = spv_new_id(b), z = g[2];
        SPV_OP(&e->code, SpvOpBitcast, u32, size1, em_capture_value(e, k->folded_extent, i32));
        g[2] = spv_new_id(b);
        g[3] = spv_new_id(b);
        SPV_OP(&e->code, SpvOpUMod, u32, g[2], z, size1);
        SPV_OP(&e->code, SpvOpUDiv, u32, g[3], z, size1);
    }
    for (int d = 0; d < k->rank && !k->wide_index; d++) {
        uint32_t s = spv_new_id(b);
        SPV_OP(&e->code, SpvOpBitcast, i32, s, g[d]);
        g[d] = s;
    }
    if (k->rank == 1) {
        value = g[0];
    } else {
        value = spv_new_id(b);
        if (k->rank == 2) SPV_OP(&e->code, SpvOpCompositeConstruct, idx_type, value, g[1], g[0]);
        else if (k->rank == 3) SPV_OP(&e->code, SpvOpCompositeConstruct, idx_type, value, g[2], g[1], g[0]);
        else SPV_OP(&e->code, SpvOpCompositeConstruct, idx_type, value, g[3], g[2], g[1], g[0]);
    }
    uint32_t idx = em_local(e, k->idx->type, k->idx->name);
    em_map_set(&e->locals, k->idx, idx);
    em_debug_local(e, k->idx, idx, k->idx->type);
    em_store(e, (LValue){.ptr = idx, .storage = SpvStorageClassFunction, .align = 0}, value);
}

static void emit_kernel(Emitter *e, Kernel *k) {
    SpvBuilder *b = &e->b;
    uint32_t block = push_block_type(e, k);
    e->push_var = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpVariable, spv_type_pointer(b, SpvStorageClassPushConstant, block, 0), e->push_var,
           SpvStorageClassPushConstant);
    spv_name(b, e->push_var, "args");

    uint32_t fn = spv_new_id(b), void_t = spv_type_void(b);
    e->kernel = k;
    e->func = NULL;
    e->exact_fp = k->exact_fp || e->u->opts->fp_exact;
    begin_function(e, fn, void_t, spv_type_function(b, void_t, NULL, 0), SpvFunctionControlMaskNone);
    uint32_t entry = e->block;
    if (k->tiled) {
        em_tiled_index(e, k);
    } else {
        declare_workgroup_size(e);
        emit_index(e, k);
    }
    em_report_prologue(e, k);
    if (k->tiled) em_race_prologue(e, k);
    if (k->vector_width) em_vector_body(e, k);
    else em_stmt(e, k->body);
    end_function(e, entry, SpvOpReturn);

    em_map_set(&e->kernel_fns, k, fn);
    em_map_set(&e->kernel_args, k, e->push_var);
    /* an untiled kernel's size is the WorkgroupSize built-in's; SPIR-V still
     * wants the mode, and 1 x 1 x 1 is a size every device takes */
    const uint32_t *size = k->tiled ? k->local_size : (const uint32_t[3]){1, 1, 1};
    SPV_OP(&b->exec_modes, SpvOpExecutionMode, fn, SpvExecutionModeLocalSize, size[0], size[1], size[2]);
    /* float subnormals kept (NVIDIA flushes them otherwise, and the float
     * math functions are exact only with them); the runtime strips this mode
     * on devices without shaderDenormPreserveFloat32 (runtime/spirv_patch.c) */
    spv_capability(b, SpvCapabilityDenormPreserve);
    SPV_OP(&b->exec_modes, SpvOpExecutionMode, fn, SpvExecutionModeDenormPreserve, 32);
    spv_name(b, fn, k->entry);
}

bool spv_emit_module(Unit *u, bool cooperative) {
    Emitter e = {.u = u, .cooperative = cooperative};
    SpvBuilder *b = &e.b;
    spv_capability(b, SpvCapabilityShader);
    spv_capability(b, SpvCapabilityPhysicalStorageBufferAddresses);
    SPV_OP(&b->memory_model, SpvOpMemoryModel, SpvAddressingModelPhysicalStorageBuffer64, SpvMemoryModelGLSL450);
    e.builtin_workgroup = builtin_input(&e, SpvBuiltInWorkgroupId, "gl_WorkGroupID");
    e.builtin_local = builtin_input(&e, SpvBuiltInLocalInvocationId, "gl_LocalInvocationID");

    for (int i = 0; i < u->kernels.len && !e.failed; i++) emit_kernel(&e, u->kernels.items[i]);
    /* the helpers the kernels call, and those they call */
    for (int i = 0; i < e.specs.len && !e.failed; i++) {
        Spec *s = e.specs.items[i];
        if (!s->emitted) emit_helper(&e, s);
        s->emitted = true;
    }
    /* conversions to half round to nearest even, as the host's do (Vulkan
     * leaves the rounding to the device otherwise); spv_split.c keeps the mode
     * in the modules of the kernels that use half */
    if (spv_has_capability(b, SpvCapabilityFloat16)) {
        spv_capability(b, SpvCapabilityRoundingModeRTE);
        for (int i = 0; i < u->kernels.len && !e.failed; i++)
            SPV_OP(&b->exec_modes, SpvOpExecutionMode, em_map_get(&e.kernel_fns, u->kernels.items[i]),
                   SpvExecutionModeRoundingModeRTE, 16);
    }
    /* signed zeros, infinities and NaNs kept through arithmetic, as C keeps
     * them: x * 0.0 is -0.0 for a negative x, inf - inf is NaN (drivers
     * fold them otherwise; no measurable cost on NVIDIA, performance.md);
     * the runtime strips the modes a device lacks (runtime/spirv_patch.c),
     * spv_split.c the 64-bit one from kernels without double */
    if (u->kernels.len) spv_capability(b, SpvCapabilitySignedZeroInfNanPreserve);
    uint32_t widest = spv_has_capability(b, SpvCapabilityFloat64) ? 64 : 32;
    for (int i = 0; i < u->kernels.len && !e.failed; i++)
        for (uint32_t width = 32; width <= widest; width += 32)
            SPV_OP(&b->exec_modes, SpvOpExecutionMode, em_map_get(&e.kernel_fns, u->kernels.items[i]),
                   SpvExecutionModeSignedZeroInfNanPreserve, width);
    /* entry points last: their interfaces list every module variable */
    for (int i = 0; i < u->kernels.len && !e.failed; i++) {
        Kernel *k = u->kernels.items[i];
        size_t n = 3 + (size_t)e.module_vars.len;
        uint32_t *iface = arena_alloc(&u->arena, sizeof *iface * (n + (size_t)k->tile_statics.len +
                                                                  (size_t)k->texture_bindings));
        iface[0] = em_map_get(&e.kernel_args, k);
        iface[1] = e.builtin_workgroup;
        iface[2] = e.builtin_local;
        for (int j = 0; j < e.module_vars.len; j++) iface[3 + j] = e.module_vars.ids[j];
        /* only the tile_static variables it reaches: they count against its shared memory */
        for (int j = 0; j < k->tile_statics.len; j++) iface[n++] = em_tile_static(&e, k->tile_statics.items[j]);
        for (int j = 0; j < k->textures.len; j++) n += (size_t)em_texture_vars(&e, k->textures.items[j], iface + n);
        uint32_t pre[2] = {SpvExecutionModelGLCompute, em_map_get(&e.kernel_fns, k)};
        spv_op_string(&b->entry_points, SpvOpEntryPoint, pre, 2, k->entry, iface, n);
    }

    em_finish_lines(&e);
    u->spirv = spv_finish(b, &u->spirv_words);
    wb_free(&e.vars);
    wb_free(&e.code);
    IdMap *maps[] = {&e.types, &e.globals, &e.locals, &e.literals, &e.kernel_fns, &e.kernel_args, &e.view_caches};
    for (size_t i = 0; i < sizeof maps / sizeof *maps; i++) em_map_free(maps[i]);
    free(e.loops);
    free(e.module_vars.ids);
    free(e.cooperative_types.ids);
    spv_builder_free(b);
    return !e.failed;
}
