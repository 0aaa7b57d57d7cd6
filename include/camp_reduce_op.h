/* camp_reduce_op.h — reductions with an operation of the program's own
 * (docs/algorithms.md, "Reductions with your own operation"). Included by
 * camp_algorithms.h; programs include <camp_algorithms.h>.
 *
 *   CAMP_REDUCE_DEFINE(T, NAME, OP, IDENTITY...)
 *   CAMP_TRANSFORM_REDUCE_DEFINE(T_IN, T, NAME, TRANSFORM, OP, IDENTITY...)
 *
 * used at a file's top level, define
 *
 *   static T NAME_at(const T_IN *data, size_t n, const char *file, unsigned line);
 *   static camp_future *NAME_async_at(const T_IN *data, size_t n, T *result, const char *file, unsigned line);
 *
 * (T_IN is T for CAMP_REDUCE_DEFINE), called as camp_reduce_with(NAME,
 * data, n) and camp_reduce_with_async(NAME, data, n, result): the
 * combination OP(...OP(OP(x0, x1), x2)..., x(n-1)) of x_i = data[i] (or
 * TRANSFORM(data[i])), grouped in another way but kept in order, so OP
 * needs to be associative, not commutative. OP(T, T) and TRANSFORM(T_IN)
 * return T and are restrict(amp) functions (or macros); IDENTITY is an
 * expression amp code can evaluate, OP's identity (OP(IDENTITY, x) ==
 * OP(x, IDENTITY) == x): the result for n == 0, and what lanes past the
 * end contribute; it comes last and may hold commas (a compound literal).
 * T is any type kernels take, a struct too.
 *
 * The kernels are those of the file that uses the macro: campcc compiles
 * them with OP inlined (camp.h's camp_header_kernel_). Each tile folds a
 * contiguous chunk of the input, each of its subgroups a contiguous part of
 * the chunk, 4 consecutive elements per lane at a time, its lanes' values
 * combined in lane order by subgroup shuffles (word by word, so any T
 * moves); a device without relative subgroup shuffles takes the versions
 * that combine each round of the tile in tile_static memory. A second
 * launch, one tile, folds the tiles' results the same way. In the serial
 * reference mode (no campcc) the functions are a loop on the host. */
#ifndef CAMP_REDUCE_OP_H
#define CAMP_REDUCE_OP_H
#include <camp.h>
#include <stddef.h>

/* The calls of a reduction NAME defined below, naming the caller's line in
 * their errors. */
#define camp_reduce_with(NAME, data, n) NAME##_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_with_async(NAME, data, n, result) NAME##_async_at((data), (n), (result), __FILE__, __LINE__)

#define CAMP_REDUCE_DEFINE(T, NAME, OP, ...) \
    CAMP_REDUCE_DEFINE_WITH_(T, T, NAME, fold, CAMP_REDUCE_NOTHING_, CAMP_REDUCE_AS_IS_, OP, (__VA_ARGS__))
#define CAMP_TRANSFORM_REDUCE_DEFINE(T_IN, T, NAME, TRANSFORM, OP, ...) \
    CAMP_REDUCE_DEFINE_WITH_(T_IN, T, NAME, transform, CAMP_REDUCE_PASS_, TRANSFORM, OP, (__VA_ARGS__))

/* ---- What the macros share with the library (runtime/algorithms/reduce_op.c) */

/* Threads per tile (the library's ALGO_TILE), and elements a lane folds
 * from consecutive places before its subgroup combines them. */
enum { CAMP_REDUCE_TILE_ = 256, CAMP_REDUCE_LANE_ELEMENTS_ = 4 };

/* How a call runs: `tiles` tiles each fold `chunk` consecutive elements
 * (the last fewer) into `tiles` partial results, which one tile folds; no
 * tile for n == 0. `subgroups`: the device has relative subgroup
 * shuffles, which the kernels' fast versions use. */
typedef struct camp_reduce_plan_ {
    int tiles, chunk;
    bool subgroups;
} camp_reduce_plan_;

/* Checks a call's arguments (data: n elements of data_size bytes; result,
 * for an _async form, one writable element of result_size bytes) and plans
 * it; false after reporting an error naming `call` and the caller's line. */
bool camp_reduce_plan_at(const void *data, size_t n, size_t data_size, const void *result, size_t result_size,
                         camp_reduce_plan_ *plan, const char *call, const char *file, unsigned line);
/* What an _async form returns once its kernels are queued. */
camp_future *camp_reduce_queued_(void);

#define CAMP_REDUCE_AS_IS_(x) (x)
#define CAMP_REDUCE_NOTHING_(...)

#ifdef __CAMPCC__
/* ---- The kernels -------------------------------------------------------- */

/* One tile folds its chunk of data[0 .. n-1] into out[t.tile]: each
 * subgroup a contiguous part of the chunk, in rounds of subgroup_size() *
 * CAMP_REDUCE_LANE_ELEMENTS_ elements, each lane 4 consecutive ones, the
 * lanes' values combined in lane order; then the first subgroup combines
 * the subgroups' in order. FUNC is the kernel's function; TERM(x) is what
 * element x contributes. */
#define CAMP_REDUCE_SUBGROUP_KERNEL_(T, NAME, FUNC, TERM, OP, IDENTITY) \
    camp_header_kernel_(FUNC, t, tile(extent(tiles * CAMP_REDUCE_TILE_), CAMP_REDUCE_TILE_)) { \
        tile_static T per_subgroup[CAMP_REDUCE_TILE_]; \
        int size = (int)subgroup_size(), lane = (int)subgroup_lane(), subgroups = CAMP_REDUCE_TILE_ / size; \
        int chunk_begin = t.tile * chunk, chunk_end = n - chunk_begin < chunk ? n : chunk_begin + chunk; \
        int part = (chunk_end - chunk_begin + subgroups - 1) / subgroups; \
        int begin = chunk_begin + (int)subgroup_id() * part; \
        int end = chunk_end - begin < part ? chunk_end : begin + part; \
        T all = IDENTITY; \
        for (int round = begin; round < end; round += size * CAMP_REDUCE_LANE_ELEMENTS_) { \
            int i = round + lane * CAMP_REDUCE_LANE_ELEMENTS_; \
            T mine = IDENTITY; \
            if (i + CAMP_REDUCE_LANE_ELEMENTS_ <= end) { \
                T x0 = TERM(data[i]), x1 = TERM(data[i + 1]), x2 = TERM(data[i + 2]), x3 = TERM(data[i + 3]); \
                mine = OP(OP(x0, x1), OP(x2, x3)); \
            } else { \
                for (int j = i; j < end; j++) mine = OP(mine, TERM(data[j])); \
            } \
            all = OP(all, NAME##_subgroup_fold_(mine, lane, size)); \
        } \
        if (lane == 0) per_subgroup[subgroup_id()] = all; \
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier); \
        if (subgroup_id() == 0) { \
            int each = (subgroups + size - 1) / size; \
            T mine = IDENTITY; \
            for (int s = lane * each; s < (lane + 1) * each && s < subgroups; s++) \
                mine = OP(mine, per_subgroup[s]); \
            mine = NAME##_subgroup_fold_(mine, lane, size); \
            if (lane == 0) out[t.tile] = mine; \
        } \
    }

/* The same without subgroup operations: the tile folds its chunk in rounds
 * of CAMP_REDUCE_TILE_ * CAMP_REDUCE_LANE_ELEMENTS_ elements, each thread 4
 * consecutive ones, the threads' values combined in order by a tree in
 * tile_static memory (log2(CAMP_REDUCE_TILE_) + 2 barriers a round). */
#define CAMP_REDUCE_PORTABLE_KERNEL_(T, NAME, FUNC, TERM, OP, IDENTITY) \
    camp_header_kernel_(FUNC, t, tile(extent(tiles * CAMP_REDUCE_TILE_), CAMP_REDUCE_TILE_)) { \
        tile_static T values[CAMP_REDUCE_TILE_]; \
        int begin = t.tile * chunk, end = n - begin < chunk ? n : begin + chunk; \
        T all = IDENTITY; \
        for (int round = begin; round < end; round += CAMP_REDUCE_TILE_ * CAMP_REDUCE_LANE_ELEMENTS_) { \
            int i = round + t.local * CAMP_REDUCE_LANE_ELEMENTS_; \
            T mine = IDENTITY; \
            for (int j = i; j < i + CAMP_REDUCE_LANE_ELEMENTS_ && j < end; j++) mine = OP(mine, TERM(data[j])); \
            values[t.local] = mine; \
            for (int step = 1; step < CAMP_REDUCE_TILE_; step *= 2) { \
                tile_barrier_wait_with_tile_static_memory_fence(t.barrier); \
                if (t.local % (2 * step) == 0) values[t.local] = OP(values[t.local], values[t.local + step]); \
            } \
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier); \
            all = OP(all, values[0]); \
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier); \
        } \
        if (t.local == 0) out[t.tile] = all; \
    }

/* A pass's kernels over elements of T_IN, each contributing TERM(x):
 * NAME_PASS_subgroups_ and NAME_PASS_portable_, which fold `tiles` chunks
 * of `chunk` elements of data[0 .. n-1] into out[0 .. tiles-1]. */
#define CAMP_REDUCE_PASS_(T_IN, T, NAME, PASS, TERM, OP, IDENTITY) \
    static void NAME##_##PASS##_subgroups_(const T_IN *data, int n, int chunk, int tiles, T *out) { \
        CAMP_REDUCE_SUBGROUP_KERNEL_(T, NAME, NAME##_##PASS##_subgroups_, TERM, OP, IDENTITY) \
    } \
    static void NAME##_##PASS##_portable_(const T_IN *data, int n, int chunk, int tiles, T *out) { \
        CAMP_REDUCE_PORTABLE_KERNEL_(T, NAME, NAME##_##PASS##_portable_, TERM, OP, IDENTITY) \
    }

/* What the kernels call: x of the lane `delta` above, word by word (any
 * T; its own x past the subgroup's end), and OP over the subgroup's
 * lanes' values in lane order, in lane 0 (a tree of pairs of neighbours,
 * then of neighbouring pairs, ...). */
#define CAMP_REDUCE_SUBGROUP_HELPERS_(T, NAME, OP) \
    static T NAME##_shuffle_down_(T x, int delta) restrict(amp) { \
        union { \
            T value; \
            unsigned words[(sizeof(T) + 3) / 4]; \
        } u; \
        u.value = x; \
        for (int w = 0; w < (int)((sizeof(T) + 3) / 4); w++) \
            u.words[w] = subgroup_shuffle_down(u.words[w], (unsigned)delta); \
        return u.value; \
    } \
    static T NAME##_subgroup_fold_(T x, int lane, int size) restrict(amp) { \
        for (int step = 1; step < size; step *= 2) { \
            T above = NAME##_shuffle_down_(x, step); \
            if ((lane & (2 * step - 1)) == 0) x = OP(x, above); \
        } \
        return x; \
    }

/* The kernels (FIRST: the first pass's, defined by DEFINE_FIRST unless it
 * is `fold`, the pass over T that also folds the tiles' results) and the
 * calls. */
#define CAMP_REDUCE_DEFINE_WITH_(T_IN, T, NAME, FIRST, DEFINE_FIRST, TRANSFORM, OP, IDENTITY) \
    CAMP_REDUCE_SUBGROUP_HELPERS_(T, NAME, OP) \
    CAMP_REDUCE_PASS_(T, T, NAME, fold, CAMP_REDUCE_AS_IS_, OP, IDENTITY) \
    DEFINE_FIRST(T_IN, T, NAME, FIRST, TRANSFORM, OP, IDENTITY) \
    /* the kernels for plan: the partial results of the tiles, then result[0] */ \
    static void NAME##_kernels_(const T_IN *data, int n, camp_reduce_plan_ plan, T *partial, T *result) { \
        if (plan.tiles && plan.subgroups) NAME##_##FIRST##_subgroups_(data, n, plan.chunk, plan.tiles, partial); \
        if (plan.tiles && !plan.subgroups) NAME##_##FIRST##_portable_(data, n, plan.chunk, plan.tiles, partial); \
        if (plan.subgroups) NAME##_fold_subgroups_(partial, plan.tiles, plan.tiles, 1, result); \
        else NAME##_fold_portable_(partial, plan.tiles, plan.tiles, 1, result); \
    } \
    /* each a library call (camp_library_call_begin): its kernels' errors \
     * name the caller's line, and memory with no view gets one for the \
     * synchronous call */ \
    static __attribute__((unused)) T NAME##_at(const T_IN *camp_data_, size_t camp_n_, const char *camp_file_, \
                                               unsigned camp_line_) { \
        T camp_result_ = IDENTITY, *camp_scratch_; \
        camp_reduce_plan_ camp_plan_; \
        camp_library_call_begin(#NAME, camp_file_, camp_line_); \
        if (camp_n_ != 0 && camp_reduce_plan_at(camp_data_, camp_n_, sizeof *camp_data_, NULL, 0, &camp_plan_, \
                                                #NAME, camp_file_, camp_line_)) { \
            camp_scratch_ = array_new_on(camp_current_view(), T, camp_plan_.tiles + 1, NULL, CAMP_ACCESS_TYPE_AUTO); \
            NAME##_kernels_(camp_data_, (int)camp_n_, camp_plan_, camp_scratch_, camp_scratch_ + camp_plan_.tiles); \
            array_copy_out(&camp_result_, camp_scratch_ + camp_plan_.tiles, 1); \
            array_delete(camp_scratch_); \
        } \
        camp_library_call_end(); \
        return camp_result_; \
    } \
    static __attribute__((unused)) camp_future *NAME##_async_at(const T_IN *camp_data_, size_t camp_n_, \
                                                                T *camp_result_, const char *camp_file_, \
                                                                unsigned camp_line_) { \
        T *camp_partial_; \
        camp_reduce_plan_ camp_plan_; \
        bool camp_queued_; \
        camp_library_call_begin(#NAME "_async", camp_file_, camp_line_); \
        camp_queued_ = camp_reduce_plan_at(camp_data_, camp_n_, sizeof *camp_data_, camp_result_, \
                                           sizeof *camp_result_, &camp_plan_, #NAME "_async", camp_file_, camp_line_); \
        if (camp_queued_) { \
            camp_partial_ = array_new_on(camp_current_view(), T, camp_plan_.tiles + 1, NULL, CAMP_ACCESS_TYPE_AUTO); \
            NAME##_kernels_(camp_data_, (int)camp_n_, camp_plan_, camp_partial_, camp_result_); \
            array_delete(camp_partial_); \
        } \
        camp_library_call_end(); \
        return camp_queued_ ? camp_reduce_queued_() : NULL; \
    }

#else
/* ---- The serial reference mode: a loop on the host ---------------------- */
#define CAMP_REDUCE_DEFINE_WITH_(T_IN, T, NAME, FIRST, DEFINE_FIRST, TRANSFORM, OP, IDENTITY) \
    static __attribute__((unused)) T NAME##_at(const T_IN *camp_data_, size_t camp_n_, const char *camp_file_, \
                                               unsigned camp_line_) { \
        T camp_all_ = IDENTITY; \
        size_t camp_i_; \
        (void)camp_file_, (void)camp_line_; \
        for (camp_i_ = 0; camp_i_ < camp_n_; camp_i_++) camp_all_ = OP(camp_all_, TRANSFORM(camp_data_[camp_i_])); \
        return camp_all_; \
    } \
    static __attribute__((unused)) camp_future *NAME##_async_at(const T_IN *camp_data_, size_t camp_n_, \
                                                                T *camp_result_, const char *camp_file_, \
                                                                unsigned camp_line_) { \
        *camp_result_ = NAME##_at(camp_data_, camp_n_, camp_file_, camp_line_); \
        return NULL; \
    }
#endif
#endif /* CAMP_REDUCE_OP_H */
