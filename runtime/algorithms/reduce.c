/* reduce.c — camp_reduce_{sum,min,max}_TYPE: the sum, minimum or maximum
 * of n elements, and camp_dot_TYPE, the sum of their products with a
 * second array's, in two kernels. The first runs up to ALGO_MAX_TILES tiles
 * whose threads stride over the input (eight loads in flight per thread),
 * each tile combining its threads' values subgroup by subgroup
 * (subgroup_reduce_*) and then its subgroups' in its first subgroup; the
 * second combines the tiles' results the same way in one tile and writes
 * the result: into a scratch element the synchronous form copies out, or
 * into the caller's memory for the _async form. Compiled once per element
 * type (element_type.h), and again with -DALGO_PORTABLE: the kernels
 * without subgroup operations (trees in tile_static memory), which the
 * calls launch on devices without subgroup arithmetic. */
#include "call_site.h"
#include "element_type.h"
#include "launch_shape.h"

enum reduce_op { REDUCE_SUM, REDUCE_MIN, REDUCE_MAX };

static algo_t identity(int op) restrict(cpu, amp) {
    return op == REDUCE_SUM ? (algo_t)0 : op == REDUCE_MIN ? ALGO_HIGHEST : ALGO_LOWEST;
}

static algo_t combine(algo_t a, algo_t b, int op) restrict(amp) {
    return op == REDUCE_SUM ? a + b : op == REDUCE_MIN ? (b < a ? b : a) : (b > a ? b : a);
}

#ifdef ALGO_PORTABLE
/* The tile's values v combined (in thread 0): a tree in tile_static
 * memory, `scratch` of ALGO_TILE elements, log2(ALGO_TILE) + 1 barriers. */
static algo_t tile_combine(algo_t v, algo_t *scratch, int local, tile_barrier barrier, int op) restrict(amp) {
    scratch[local] = v;
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    for (int half = ALGO_TILE / 2; half > 0; half /= 2) {
        if (local < half) scratch[local] = combine(scratch[local], scratch[local + half], op);
        tile_barrier_wait_with_tile_static_memory_fence(barrier);
    }
    return scratch[0];
}
#else
static algo_t subgroup_combine(algo_t v, int op) restrict(amp) {
    return op == REDUCE_SUM ? subgroup_reduce_add(v) : op == REDUCE_MIN ? subgroup_reduce_min(v) : subgroup_reduce_max(v);
}

/* The tile's values v combined, in its first subgroup's threads (the
 * identity elsewhere); per_subgroup holds one value per subgroup. */
static algo_t tile_combine(algo_t v, algo_t *per_subgroup, int local, tile_barrier barrier, int op) restrict(amp) {
    (void)local;
    algo_t mine = subgroup_combine(v, op);
    if (subgroup_lane() == 0) per_subgroup[subgroup_id()] = mine;
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    algo_t all = identity(op);
    if (subgroup_id() == 0) {
        for (unsigned i = subgroup_lane(); i < ALGO_TILE / subgroup_size(); i += subgroup_size())
            all = combine(all, per_subgroup[i], op);
        all = subgroup_combine(all, op);
    }
    return all;
}
#endif

/* The i-th term of a reduction: data[i], or for a dot product (weights
 * not NULL) data[i] * weights[i]. */
static algo_t term(const algo_t *data, const algo_t *weights, int i) restrict(amp) {
    return weights ? data[i] * weights[i] : data[i];
}

/* The terms i, i + stride, ... i + 7 * stride combined by pairs: eight
 * loads in flight. (A function of its own, so that the kernel's loop
 * holds no loop: campcc unrolls a constant loop, which keeps values in
 * registers, only where none nest.) */
static algo_t eight_terms(const algo_t *data, const algo_t *weights, int i, int stride, int op) restrict(amp) {
    algo_t t[8];
    for (int k = 0; k < 8; k++) t[k] = term(data, weights, i + k * stride);
    return combine(combine(combine(t[0], t[1], op), combine(t[2], t[3], op), op),
                   combine(combine(t[4], t[5], op), combine(t[6], t[7], op), op), op);
}

/* The first kernel's tiles: eight terms a thread or more. */
static int reduce_tiles(size_t n) { return n ? algo_tiles(n, ALGO_TILE * 8) : 0; }

/* Queues the kernels that write the reduction of the terms 0 .. count-1
 * into result[0] (the identity for count == 0); `partial` holds a value
 * per tile of the first kernel (reduce_scratch). The portable build
 * exports its version for the default build's reduce_into. */
#ifdef ALGO_PORTABLE
#define REDUCE_KERNELS ALGO_PORTABLE_NAME(reduce_into)
void REDUCE_KERNELS(const algo_t *data, const algo_t *weights, int n, int op, algo_t *partial, algo_t *result);
#else
#define REDUCE_KERNELS reduce_kernels
static
#endif
void REDUCE_KERNELS(const algo_t *data, const algo_t *weights, int n, int op, algo_t *partial, algo_t *result) {
    int tiles = reduce_tiles((size_t)n), stride = tiles * ALGO_TILE;
    if (tiles) {
        parallel_for_each(t, tile(extent(tiles * ALGO_TILE), ALGO_TILE)) {
            tile_static algo_t per_subgroup[ALGO_TILE];
            algo_t a = identity(op);
            int i = t.global;
            for (; i + 7 * stride < n; i += 8 * stride) a = combine(a, eight_terms(data, weights, i, stride, op), op);
            for (; i < n; i += stride) a = combine(a, term(data, weights, i), op);
            algo_t all = tile_combine(a, per_subgroup, t.local, t.barrier, op);
            if (t.local == 0) partial[t.tile] = all;
        }
    }
    parallel_for_each(t, tile(extent(ALGO_TILE), ALGO_TILE)) {
        tile_static algo_t per_subgroup[ALGO_TILE];
        algo_t a = identity(op);
        for (int i = t.local; i < tiles; i += ALGO_TILE) a = combine(a, partial[i], op);
        algo_t all = tile_combine(a, per_subgroup, t.local, t.barrier, op);
        if (t.local == 0) result[0] = all;
    }
}

#ifndef ALGO_PORTABLE
void ALGO_PORTABLE_NAME(reduce_into)(const algo_t *data, const algo_t *weights, int n, int op, algo_t *partial,
                                     algo_t *result);

/* The kernels' version the current view's device runs. */
static void reduce_into(const algo_t *data, const algo_t *weights, int n, int op, algo_t *partial, algo_t *result) {
    if (algo_subgroups(sizeof(algo_t) == 8 ? CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES : 0))
        reduce_kernels(data, weights, n, op, partial, result);
    else ALGO_PORTABLE_NAME(reduce_into)(data, weights, n, op, partial, result);
}

/* The tiles of reduce_into's first kernel, and one more element: the
 * result of the synchronous form. */
static algo_t *reduce_scratch(size_t count) {
    int tiles = reduce_tiles(count);
    return array_new_on(camp_current_view(), algo_t, tiles + 1, NULL, CAMP_ACCESS_TYPE_AUTO);
}

/* A dot product's weights are its second operand, b: refused where
 * NULL, as a is (a plain reduction has none). */
static bool readable(const algo_t *data, const algo_t *weights, bool dot, size_t count, const char *call,
                     const char *file, unsigned line) {
    return algo_count_fits(count, call, file, line) &&
           (count == 0 || (camp_memory_check_at(data, (long long)count, sizeof *data, false, dot ? "a" : "data",
                                                call, file, line) &&
                           (!dot || camp_memory_check_at(weights, (long long)count, sizeof *weights, false, "b",
                                                         call, file, line))));
}

/* The reduction of data (the dot product with weights where `dot`). */
static algo_t reduce(const algo_t *data, const algo_t *weights, bool dot, size_t count, int op, const char *call,
                     const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    algo_t result = identity(op);
    if (count == 0 || !readable(data, weights, dot, count, call, file, line)) return result;
    algo_t *scratch = reduce_scratch(count);
    int tiles = reduce_tiles(count);
    reduce_into(data, weights, (int)count, op, scratch, scratch + tiles);
    array_copy_out(&result, scratch + tiles, 1);
    array_delete(scratch);
    return result;
}

static camp_future *reduce_async(const algo_t *data, const algo_t *weights, bool dot, size_t count, algo_t *result,
                                 int op, const char *call, const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!readable(data, weights, dot, count, call, file, line) ||
        !camp_memory_check_at(result, 1, sizeof *result, true, "result", call, file, line))
        return NULL;
    algo_t *scratch = reduce_scratch(count);
    reduce_into(data, weights, (int)count, op, scratch, result);
    array_delete(scratch);
    return algo_future(true);
}

algo_t ALGO_NAME(camp_reduce_sum)(const algo_t *data, size_t n, const char *file, unsigned line) {
    return reduce(data, NULL, false, n, REDUCE_SUM, ALGO_CALL(camp_reduce_sum), file, line);
}

algo_t ALGO_NAME(camp_reduce_min)(const algo_t *data, size_t n, const char *file, unsigned line) {
    return reduce(data, NULL, false, n, REDUCE_MIN, ALGO_CALL(camp_reduce_min), file, line);
}

algo_t ALGO_NAME(camp_reduce_max)(const algo_t *data, size_t n, const char *file, unsigned line) {
    return reduce(data, NULL, false, n, REDUCE_MAX, ALGO_CALL(camp_reduce_max), file, line);
}

algo_t ALGO_NAME(camp_dot)(const algo_t *a, const algo_t *b, size_t n, const char *file, unsigned line) {
    return reduce(a, b, true, n, REDUCE_SUM, ALGO_CALL(camp_dot), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_reduce_sum)(const algo_t *data, size_t n, algo_t *result, const char *file,
                                              unsigned line) {
    return reduce_async(data, NULL, false, n, result, REDUCE_SUM, ALGO_ASYNC_CALL(camp_reduce_sum), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_reduce_min)(const algo_t *data, size_t n, algo_t *result, const char *file,
                                              unsigned line) {
    return reduce_async(data, NULL, false, n, result, REDUCE_MIN, ALGO_ASYNC_CALL(camp_reduce_min), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_reduce_max)(const algo_t *data, size_t n, algo_t *result, const char *file,
                                              unsigned line) {
    return reduce_async(data, NULL, false, n, result, REDUCE_MAX, ALGO_ASYNC_CALL(camp_reduce_max), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_dot)(const algo_t *a, const algo_t *b, size_t n, algo_t *result, const char *file,
                                       unsigned line) {
    return reduce_async(a, b, true, n, result, REDUCE_SUM, ALGO_ASYNC_CALL(camp_dot), file, line);
}
#endif
