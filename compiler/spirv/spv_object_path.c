/* spv_object_path.c — a pointer into a member or row of a local,
 * tile_static or constant object, passed to a function.
 *
 * Such a pointer is an element offset into its part (a row m[i], a member
 * s.x), reached by an access chain from the object's variable. In SPIR-V a
 * function call may pass a pointer to such memory only as a memory object
 * declaration (a variable or a parameter), never an access chain into one,
 * so the call passes the object, the chain's run-time indices (the rows)
 * and the offset; the callee's copy is made for the chain's shape (the
 * object's type, each index's type and its constant members) and rebuilds
 * the part's access chain once, on entry. ptr_storage.c made each such
 * argument a target of its own, so the part is never mixed with another. */
#include "spv_expr.h"

#include <stdlib.h>
#include <string.h>

/* What a copy of a helper is made for: the object's pointer type and, from
 * the object inward, each index's type, or (index_type 0) the constant. */
typedef struct PathShape {
    uint32_t object_type; /* a pointer type */
    int n;
    uint32_t *index, *index_type;
} PathShape;

LValue part_lvalue(Emitter *e, LValue lv, const Type *t, uint32_t index, uint32_t index_type) {
    LValue part = sub_lvalue(e, lv, t, index);
    if (!lv.path.object) return part;
    PathStep *step = arena_alloc(&e->u->arena, sizeof *step);
    *step = (PathStep){.outer = lv.path.last, .index = index, .index_type = index_type};
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

/* The shape's number in the Spec key (1-based), made on first use. */
static uint32_t intern_shape(Emitter *e, const PathShape *shape) {
    size_t bytes = sizeof *shape->index * (size_t)shape->n;
    for (int i = 0; i < e->path_shapes.len; i++) {
        const PathShape *known = e->path_shapes.items[i];
        if (known->object_type == shape->object_type && known->n == shape->n && !memcmp(known->index, shape->index, bytes) &&
            !memcmp(known->index_type, shape->index_type, bytes))
            return (uint32_t)i + 1;
    }
    PathShape *kept = arena_alloc(&e->u->arena, sizeof *kept);
    *kept = *shape;
    kept->index = arena_alloc(&e->u->arena, bytes);
    kept->index_type = arena_alloc(&e->u->arena, bytes);
    memcpy(kept->index, shape->index, bytes);
    memcpy(kept->index_type, shape->index_type, bytes);
    vec_push(&e->u->arena, &e->path_shapes, kept);
    return (uint32_t)e->path_shapes.len;
}

int path_argument_count(const ObjectPath *path) { return 1 + path_length(path); }

uint32_t path_arguments(Emitter *e, const Ptr *p, uint32_t *args, int *nargs) {
    const ObjectPath *path = &p->path;
    int n = path_length(path);
    const PathStep **steps = malloc(sizeof *steps * (size_t)n);
    uint32_t *index = malloc(sizeof *index * 2 * (size_t)n);
    if (!steps || !index) unreachable("out of memory");
    uint32_t *index_type = index + n;
    int i = n;
    for (const PathStep *s = path->last; s; s = s->outer) steps[--i] = s;
    args[(*nargs)++] = path->object;
    for (i = 0; i < n; i++) { /* from the object inward */
        index[i] = steps[i]->index_type ? 0 : steps[i]->index;
        index_type[i] = steps[i]->index_type;
        if (index_type[i]) args[(*nargs)++] = steps[i]->index;
    }
    uint32_t object_type = path->pointer_type ? path->pointer_type : em_pointer_type(e, p->storage, path->type);
    uint32_t shape = intern_shape(e, &(PathShape){object_type, n, index, index_type});
    free(steps);
    free(index);
    return shape;
}

int path_parameter_types(Emitter *e, uint32_t shape, uint32_t *types) {
    const PathShape *s = e->path_shapes.items[shape - 1];
    int n = 0;
    if (types) types[n] = s->object_type;
    n++;
    for (int i = 0; i < s->n; i++) {
        if (!s->index_type[i]) continue;
        if (types) types[n] = s->index_type[i];
        n++;
    }
    return n;
}

ObjectPath path_of_parameters(Emitter *e, uint32_t shape, const uint32_t *ids, uint32_t part_type, uint32_t *part) {
    const PathShape *s = e->path_shapes.items[shape - 1];
    ObjectPath path = {.object = ids[0], .pointer_type = s->object_type};
    uint32_t *ops = malloc(sizeof *ops * (3 + (size_t)s->n));
    if (!ops) unreachable("out of memory");
    ops[0] = part_type;
    ops[1] = *part = spv_new_id(&e->b);
    ops[2] = path.object;
    for (int i = 0, next = 1; i < s->n; i++) {
        PathStep *step = arena_alloc(&e->u->arena, sizeof *step);
        *step = (PathStep){.outer = path.last, .index = s->index_type[i] ? ids[next++] : s->index[i],
                           .index_type = s->index_type[i]};
        path.last = step;
        ops[3 + i] = step->index;
    }
    spv_op(&e->code, SpvOpAccessChain, ops, 3 + (size_t)s->n);
    free(ops);
    return path;
}
