/* spv_object_path.c — a pointer into a member or row of a local,
 * tile_static or constant object, passed to a function or held in a
 * pointer variable declared with it.
 *
 * Such a pointer is an element offset into its part (a row m[i], a member
 * s.x), reached by an access chain from the object's variable. In SPIR-V a
 * function call may pass a pointer to such memory only as a memory object
 * declaration (a variable or a parameter), never an access chain into one,
 * so the call passes the object, the chain's run-time indices (the rows)
 * and the offset; the callee's copy is made for the chain's shape (the
 * object's type and the chain's constant members) and rebuilds the part's
 * access chain once, on entry. A pointer variable declared with a part
 * keeps the chain's run-time indices in variables of its own beside the
 * offset, and each read of it rebuilds the chain. ptr_storage.c made each
 * argument and each such variable a target of its own, so a part is never
 * mixed with another. */
#include "spv_expr.h"

#include <stdlib.h>
#include <string.h>

/* What a copy of a helper is made for: the object's pointer type and, from
 * the object inward, each index: a struct's member (the constant), or 0 for
 * a run-time index (a parameter of the copy). */
typedef struct PathShape {
    uint32_t object_type;
    int n;
    uint32_t *member;
} PathShape;

/* A pointer variable declared with a member or row, in the function being
 * emitted: what it points into, with each run-time index of the path the
 * Function variable that keeps it. */
typedef struct HeldPart {
    const Var *var;
    Ptr at;
} HeldPart;

LValue part_lvalue(Emitter *e, LValue lv, const Type *t, uint32_t index, bool member) {
    LValue part = sub_lvalue(e, lv, t, index);
    if (!lv.path.object) return part;
    PathStep *step = arena_alloc(&e->u->arena, sizeof *step);
    *step = (PathStep){.outer = lv.path.last, .index = index, .member = member};
    part.path = lv.path;
    part.path.last = step;
    return part;
}

ObjectPath object_path(uint32_t object, const Type *t) { return (ObjectPath){.object = object, .type = t}; }

static int path_length(const ObjectPath *path) {
    int n = 0;
    for (const PathStep *s = path->last; s; s = s->outer) n++;
    return n;
}

/* The path's steps from the object inward (malloc'd). */
static const PathStep **path_steps(const ObjectPath *path, int *n) {
    *n = path_length(path);
    const PathStep **steps = malloc(sizeof *steps * ((size_t)*n + 1));
    if (!steps) unreachable("out of memory");
    int i = *n;
    for (const PathStep *s = path->last; s; s = s->outer) steps[--i] = s;
    return steps;
}

/* The path's object as a SPIR-V pointer. */
static uint32_t object_type(Emitter *e, const Ptr *p) {
    return p->path.pointer_type ? p->path.pointer_type : em_pointer_type(e, p->storage, p->path.type);
}

/* The access chain from the path's object to its part, of part_type. */
static uint32_t chain(Emitter *e, const ObjectPath *path, uint32_t part_type) {
    int n;
    const PathStep **steps = path_steps(path, &n);
    uint32_t *ops = malloc(sizeof *ops * (3 + (size_t)n));
    if (!ops) unreachable("out of memory");
    ops[0] = part_type;
    ops[1] = spv_new_id(&e->b);
    ops[2] = path->object;
    for (int i = 0; i < n; i++) ops[3 + i] = steps[i]->index;
    spv_op(&e->code, SpvOpAccessChain, ops, 3 + (size_t)n);
    uint32_t id = ops[1];
    free(ops);
    free(steps);
    return id;
}

/* The shape's number in the Spec key (1-based), made on first use. */
static uint32_t intern_shape(Emitter *e, const PathShape *shape) {
    size_t bytes = sizeof *shape->member * (size_t)shape->n;
    for (int i = 0; i < e->path_shapes.len; i++) {
        const PathShape *known = e->path_shapes.items[i];
        if (known->object_type == shape->object_type && known->n == shape->n && !memcmp(known->member, shape->member, bytes))
            return (uint32_t)i + 1;
    }
    PathShape *kept = arena_alloc(&e->u->arena, sizeof *kept);
    *kept = *shape;
    kept->member = arena_alloc(&e->u->arena, bytes);
    memcpy(kept->member, shape->member, bytes);
    vec_push(&e->u->arena, &e->path_shapes, kept);
    return (uint32_t)e->path_shapes.len;
}

int path_argument_count(const ObjectPath *path) { return 1 + path_length(path); }

uint32_t path_arguments(Emitter *e, const Ptr *p, uint32_t *args, int *nargs) {
    int n;
    const PathStep **steps = path_steps(&p->path, &n);
    uint32_t *member = malloc(sizeof *member * ((size_t)n + 1));
    if (!member) unreachable("out of memory");
    args[(*nargs)++] = p->path.object;
    for (int i = 0; i < n; i++) {
        member[i] = steps[i]->member ? steps[i]->index : 0;
        if (!steps[i]->member) args[(*nargs)++] = steps[i]->index;
    }
    uint32_t shape = intern_shape(e, &(PathShape){object_type(e, p), n, member});
    free(steps);
    free(member);
    return shape;
}

int path_parameter_types(Emitter *e, uint32_t shape, uint32_t *types) {
    const PathShape *s = e->path_shapes.items[shape - 1];
    int n = 0;
    if (types) types[n] = s->object_type;
    n++;
    for (int i = 0; i < s->n; i++) {
        if (s->member[i]) continue;
        if (types) types[n] = em_type(e, type_int(4, true));
        n++;
    }
    return n;
}

ObjectPath path_of_parameters(Emitter *e, uint32_t shape, const uint32_t *ids, uint32_t part_type, uint32_t *part) {
    const PathShape *s = e->path_shapes.items[shape - 1];
    ObjectPath path = {.object = ids[0], .pointer_type = s->object_type};
    for (int i = 0, next = 1; i < s->n; i++) {
        PathStep *step = arena_alloc(&e->u->arena, sizeof *step);
        *step = (PathStep){.outer = path.last, .index = s->member[i] ? s->member[i] : ids[next++], .member = s->member[i] != 0};
        path.last = step;
    }
    *part = chain(e, &path, part_type);
    return path;
}

/* ---- pointer variables declared with a member or row ---------------------------- */

static HeldPart *find_held(Emitter *e, const Var *v) {
    for (int i = 0; i < e->held_parts.len; i++) {
        HeldPart *h = e->held_parts.items[i];
        if (h->var == v) return h;
    }
    return NULL;
}

/* Its record, made at the first store: the same path, each run-time index
 * replaced by a Function variable. */
static HeldPart *new_held(Emitter *e, const Var *v, const Ptr *p) {
    HeldPart *h = arena_alloc(&e->u->arena, sizeof *h);
    h->var = v;
    h->at = *p;
    h->at.path.pointer_type = object_type(e, p);
    h->at.path.last = NULL;
    int n;
    const PathStep **steps = path_steps(&p->path, &n);
    for (int i = 0; i < n; i++) {
        PathStep *step = arena_alloc(&e->u->arena, sizeof *step);
        *step = (PathStep){.outer = h->at.path.last, .index = steps[i]->index, .member = steps[i]->member};
        if (!step->member) step->index = em_local(e, type_int(4, true), NULL);
        h->at.path.last = step;
    }
    free(steps);
    vec_push(&e->u->arena, &e->held_parts, h);
    return h;
}

void hold_part(Emitter *e, const Var *v, const Ptr *p) {
    if (!p->path.object || !p->path.last) {
        em_internal(e, v->loc, "a pointer variable's member or row without its path");
        return;
    }
    HeldPart *h = find_held(e, v);
    if (!h) h = new_held(e, v, p);
    const PathStep *kept = h->at.path.last;
    for (const PathStep *s = p->path.last; s && kept; s = s->outer, kept = kept->outer)
        if (!s->member) em_store(e, (LValue){.ptr = kept->index, .storage = SpvStorageClassFunction}, s->index);
}

Ptr held_part(Emitter *e, const Var *v) {
    const HeldPart *h = find_held(e, v->points_into.holder);
    if (!h) {
        em_internal(e, v->loc, "a pointer variable's member or row before its declaration");
        return (Ptr){.storage = SpvStorageClassFunction};
    }
    Ptr p = h->at;
    int n;
    const PathStep **steps = path_steps(&h->at.path, &n);
    p.path.last = NULL;
    for (int i = 0; i < n; i++) {
        PathStep *step = arena_alloc(&e->u->arena, sizeof *step);
        *step = *steps[i];
        step->outer = p.path.last;
        if (!step->member) step->index = em_load(e, type_int(4, true), (LValue){.ptr = steps[i]->index, .storage = SpvStorageClassFunction});
        p.path.last = step;
    }
    free(steps);
    p.base = chain(e, &p.path, p.base_type);
    return p;
}

/* ---- Rows of arrays of arrays ------------------------------------------------ */

/* A pointer into a row of an array of arrays (`&m[0][c]`, a row `m[i]`
 * given to a helper) steps out of its row as C compilers lay the rows out,
 * one after the other: p[4] of a row of four is the next row's first
 * element (column passes over a local block, `col(&m[0][c], 4)`). The
 * access chain names each index, so such an access is one offset over the
 * whole object, divided again into indices; an offset known to stay in the
 * row keeps the row's access chain. */
typedef struct RowOfRows {
    int n;                  /* indices from the object to the row */
    const PathStep **steps; /* malloc'd */
    uint32_t lengths[FLAT_ROW_DEPTH + 1]; /* each array's, from the object's to the row's */
} RowOfRows;

/* Whether `access` (p[i] or *p) goes through a pointer p into such a row,
 * of elements of its type, with an offset not known to stay in the row;
 * then r is filled. An index into an array itself (m[i][j]) stays in it:
 * C has it so, and its access chain is the array's. */
static bool row_of_rows(Emitter *e, const Expr *access, const Ptr *p, RowOfRows *r) {
    uint32_t known, type;
    if (access->lhs->kind == EX_DECAY || !p->path.object || !p->path.last || p->base_is_object || p->stride[0])
        return false;
    if (spv_const_u32_bits(&e->b, p->value, &known) && known < spv_pointee_array_length(&e->b, p->base_type))
        return false;
    r->steps = path_steps(&p->path, &r->n);
    type = spv_pointee_type(&e->b, object_type(e, p));
    bool ok = r->n < FLAT_ROW_DEPTH;
    for (int i = 0; ok && i <= r->n; i++)
        ok = (i == r->n || !r->steps[i]->member) && spv_array_type_parts(&e->b, type, &type, &r->lengths[i]);
    if (ok && type == em_type(e, access->type)) return true;
    free(r->steps);
    return false;
}

/* The offset over the object: ((s0 * l1 + s1) * l2 + ...) * ln + offset. */
static uint32_t flat_offset(Emitter *e, const RowOfRows *r, uint32_t offset) {
    uint32_t i32 = em_type(e, type_int(4, true)), flat = r->steps[0]->index;
    for (int i = 1; i <= r->n; i++) {
        uint32_t scaled = em_op2(e, SpvOpIMul, i32, flat, spv_const_bits(&e->b, i32, r->lengths[i], 32));
        flat = em_op2(e, SpvOpIAdd, i32, scaled, i < r->n ? r->steps[i]->index : offset);
    }
    return flat;
}

bool flat_row_element(Emitter *e, const Expr *access, Ptr p, LValue *out) {
    RowOfRows r;
    if (!row_of_rows(e, access, &p, &r)) return false;
    uint32_t u32 = em_type(e, type_int(4, false)), i32 = em_type(e, type_int(4, true));
    uint32_t at = em_op1(e, SpvOpBitcast, u32, flat_offset(e, &r, p.value));
    uint32_t ops[3 + FLAT_ROW_DEPTH + 1];
    ops[0] = em_pointer_type(e, p.storage, access->type);
    ops[1] = spv_new_id(&e->b);
    ops[2] = p.path.object;
    for (int i = r.n; i >= 0; i--) { /* in bounds, the offset is not negative */
        uint32_t length = spv_const_u32(&e->b, r.lengths[i]);
        ops[3 + i] = em_op1(e, SpvOpBitcast, i32, i ? em_op2(e, SpvOpUMod, u32, at, length) : at);
        if (i) at = em_op2(e, SpvOpUDiv, u32, at, length);
    }
    spv_op(&e->code, SpvOpAccessChain, ops, 4 + (size_t)r.n);
    ObjectPath path = p.path;
    path.last = NULL;
    for (int i = 0; i <= r.n; i++) {
        PathStep *step = arena_alloc(&e->u->arena, sizeof *step);
        *step = (PathStep){.outer = path.last, .index = ops[3 + i]};
        path.last = step;
    }
    *out = (LValue){.ptr = ops[1], .storage = p.storage, .path = path};
    free(r.steps);
    return true;
}

uint32_t flat_row_offset(Emitter *e, const Expr *access, Ptr p, uint32_t *length) {
    RowOfRows r;
    if (!row_of_rows(e, access, &p, &r)) return 0;
    *length = 1;
    for (int i = 0; i <= r.n; i++) *length *= r.lengths[i];
    uint32_t flat = flat_offset(e, &r, p.value);
    free(r.steps);
    return flat;
}
