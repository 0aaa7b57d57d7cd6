/* camp.h — the C AMP dialect (docs/dialect.md) and the libcamp runtime API.
 *
 * A dialect file is valid C for clang once this header is included. Compiled
 * by campcc, each parallel_for_each body becomes a Vulkan compute kernel;
 * compiled by plain clang, non-tiled kernels run serially on the CPU (the
 * reference mode) and tiled kernels stop with a message. */
#ifndef CAMP_H
#define CAMP_H

/* C AMP is C17 with parallel_for_each. Under -std=c99 it works as well:
 * the type-generic macros below choose through C11's _Generic, which clang
 * also takes in C99, and each is marked __extension__ so that -pedantic
 * does not warn at every expansion about the implementation's own code.
 * Before C99 (inline functions, variadic macros) it cannot: the first error
 * says so. */
#if !defined(__cplusplus) && (!defined(__STDC_VERSION__) || __STDC_VERSION__ < 199901L)
#error "C AMP needs C99 or later (it is C17 with parallel_for_each): compile this file with -std=c17 or -std=gnu17"
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

/* libcamp's own sources (built by gcc too) and programs that only call the
 * runtime API define CAMP_RUNTIME_API_ONLY to skip the dialect, which needs
 * clang. */
#ifndef CAMP_RUNTIME_API_ONLY

/* ---- Restriction clauses ------------------------------------------------ */

/* `restrict(amp)` / `restrict(cpu, amp)` after a function's declarator.
 * Plain `restrict` (no parenthesis) stays C's pointer qualifier. */
#if defined(__clang__)
/* the dialect's own use of the keyword's name: not a warning under -pedantic */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wkeyword-macro"
#define restrict(...) __attribute__((annotate("camp_restrict:" #__VA_ARGS__)))
#pragma clang diagnostic pop
#else
#define restrict(...)
#endif

/* `tile_static T name[...];` — memory shared by the threads of one tile. */
#if defined(__clang__)
#define tile_static static __attribute__((annotate("camp_tile_static")))
#else
#define tile_static static
#endif

/* ---- Short vectors (clang ext_vector_type) ------------------------------ */

#if !defined(__clang__)
#error "camp.h needs clang's ext_vector_type: compile with campcc or clang"
#endif
typedef int int2 __attribute__((ext_vector_type(2)));
typedef int int3 __attribute__((ext_vector_type(3)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef unsigned uint2 __attribute__((ext_vector_type(2)));
typedef unsigned uint3 __attribute__((ext_vector_type(3)));
typedef unsigned uint4 __attribute__((ext_vector_type(4)));
typedef float float2 __attribute__((ext_vector_type(2)));
typedef float float3 __attribute__((ext_vector_type(3)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef double double2 __attribute__((ext_vector_type(2)));
typedef double double3 __attribute__((ext_vector_type(3)));
typedef double double4 __attribute__((ext_vector_type(4)));
/* 8- and 16-bit lanes and half (IEEE binary16): a kernel using them needs the
 * device's 8-bit, 16-bit or half features (docs/dialect.md §3.1). Their
 * arithmetic stays in the lane type (char and short lanes wrap, unlike C's
 * scalars, which promote to int). char lanes are plain char (signed on
 * x86-64), the lane type of comparisons of char and uchar vectors. */
typedef char char2 __attribute__((ext_vector_type(2)));
typedef char char3 __attribute__((ext_vector_type(3)));
typedef char char4 __attribute__((ext_vector_type(4)));
typedef unsigned char uchar2 __attribute__((ext_vector_type(2)));
typedef unsigned char uchar3 __attribute__((ext_vector_type(3)));
typedef unsigned char uchar4 __attribute__((ext_vector_type(4)));
typedef short short2 __attribute__((ext_vector_type(2)));
typedef short short3 __attribute__((ext_vector_type(3)));
typedef short short4 __attribute__((ext_vector_type(4)));
typedef unsigned short ushort2 __attribute__((ext_vector_type(2)));
typedef unsigned short ushort3 __attribute__((ext_vector_type(3)));
typedef unsigned short ushort4 __attribute__((ext_vector_type(4)));
#ifdef __FLT16_MAX__ /* a compiler with _Float16 on this target (clang 15 and later on x86-64) */
typedef _Float16 half;
typedef _Float16 half2 __attribute__((ext_vector_type(2)));
typedef _Float16 half3 __attribute__((ext_vector_type(3)));
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
#endif

/* ---- Extents and indices -------------------------------------------------
 * An extent of rank N has the type of an index of rank N: int, int2, int3.
 * Component 0 is the most significant (row); component N-1 is the GPU's x. */

#define extent(...) \
    CAMP_PICK8_(__VA_ARGS__, camp_extent_rank_over_4_, camp_extent_rank_over_4_, camp_extent_rank_over_4_, \
                camp_extent_rank_over_4_, camp_extent4_, camp_extent3_, camp_extent2_, camp_extent1_, _)(__VA_ARGS__)
#define CAMP_PICK8_(_1, _2, _3, _4, _5, _6, _7, _8, NAME, ...) NAME
/* C++ AMP's extent<N> takes any N; flattening 5 or more dimensions onto the
 * GPU's 3 is left to the program (docs/dialect.md §3). */
#define camp_extent_rank_over_4_(...) \
    ((struct { \
        _Static_assert(0, "extent(...) takes 1 to 4 sizes (ranks above 4: index a flat extent)"); \
        int rank; \
    }){0}.rank)
/* An extent's size as the int that indices are; one of 2^31 or more is an
 * error naming the line (with campcc through libcamp's error handler, and
 * the launch runs nothing; in the serial reference mode a message and
 * abort), not a size silently cut to its low bits. Negative sizes are
 * reported by the launch. */
#ifdef __CAMPCC__
int camp_extent_size_at(long long size, const char *file, unsigned line);
#else
static inline int camp_extent_size_at(long long size, const char *file, unsigned line) {
    if (size <= INT32_MAX) return (int)size;
    fprintf(stderr, "%s:%u: camp error: an extent of %lld does not fit in int: at most %d threads along each "
                    "dimension\n", file, line, size, INT32_MAX);
    abort();
}
#endif
/* The macro of a rank, chosen by the count of arguments. */
#define CAMP_PICK4_(_1, _2, _3, _4, NAME, ...) NAME
#define CAMP_EXTENT_SIZE_(n) camp_extent_size_at((long long)(n), __FILE__, __LINE__)
#define camp_extent1_(n) CAMP_EXTENT_SIZE_(n)
#define camp_extent2_(r, c) ((int2){CAMP_EXTENT_SIZE_(r), CAMP_EXTENT_SIZE_(c)})
#define camp_extent3_(d, r, c) ((int3){CAMP_EXTENT_SIZE_(d), CAMP_EXTENT_SIZE_(r), CAMP_EXTENT_SIZE_(c)})
/* Rank 4, untiled kernels only: an int4 index (campcc runs its two most
 * significant components as one GPU dimension). */
#define camp_extent4_(a, d, r, c) \
    ((int4){CAMP_EXTENT_SIZE_(a), CAMP_EXTENT_SIZE_(d), CAMP_EXTENT_SIZE_(r), CAMP_EXTENT_SIZE_(c)})
/* A rank-1 extent of 2^31 or more threads: its index is a long long (an
 * untiled kernel's only; a negative size is the launch's error). */
#define extent64(n) ((long long)(n))

/* ---- Tiles ---------------------------------------------------------------- */

/* What a tiled extent does with a remainder: none allowed, pad, or truncate. */
enum { CAMP_TILE_EXACT = 0, CAMP_TILE_PAD = 1, CAMP_TILE_TRUNCATE = 2 };

typedef struct tiled_extent1 { int extent; int tile; int mode; } tiled_extent1;
typedef struct tiled_extent2 { int2 extent; int2 tile; int mode; } tiled_extent2;
typedef struct tiled_extent3 { int3 extent; int3 tile; int mode; } tiled_extent3;

/* The barrier of a tile: only meaningful inside a tiled kernel. */
typedef struct tile_barrier { int unused_; } tile_barrier;

typedef struct tiled_index1 {
    int global, local, tile, tile_origin, tile_extent;
    tile_barrier barrier;
} tiled_index1;
typedef struct tiled_index2 {
    int2 global, local, tile, tile_origin, tile_extent;
    tile_barrier barrier;
} tiled_index2;
typedef struct tiled_index3 {
    int3 global, local, tile, tile_origin, tile_extent;
    tile_barrier barrier;
} tiled_index3;

#define tile(...) CAMP_PICK4_(__VA_ARGS__, camp_tile3_, camp_tile2_, camp_tile1_, _)(__VA_ARGS__)
#define camp_tile1_(e, t0) ((tiled_extent1){CAMP_TILE_INT_EXTENT_(e), (t0), CAMP_TILE_EXACT})
/* A tiled kernel's index is int: extent64's 64-bit sizes are for untiled
 * ones, and the bit-field's negative width says so by its name (C99 has
 * no _Static_assert, and glibc's stand-in cannot go in a struct). */
#define CAMP_TILE_INT_EXTENT_(e) \
    ((struct { \
        int tile_takes_an_int_extent_and_extent64_is_for_untiled_kernels : \
            __builtin_types_compatible_p(__typeof__(e), long long) ? -1 : 1; \
    }){0}.tile_takes_an_int_extent_and_extent64_is_for_untiled_kernels + (e))
#define camp_tile2_(e, t0, t1) ((tiled_extent2){(e), (int2){(t0), (t1)}, CAMP_TILE_EXACT})
#define camp_tile3_(e, t0, t1, t2) ((tiled_extent3){(e), (int3){(t0), (t1), (t2)}, CAMP_TILE_EXACT})
#define tile_pad(te) camp_tile_with_mode_((te), CAMP_TILE_PAD)
#define tile_truncate(te) camp_tile_with_mode_((te), CAMP_TILE_TRUNCATE)
#define camp_tile_with_mode_(te, m) \
    (__extension__ _Generic((te), tiled_extent1: camp_tile_mode1_, tiled_extent2: camp_tile_mode2_, \
             tiled_extent3: camp_tile_mode3_))((te), (m))
static inline tiled_extent1 camp_tile_mode1_(tiled_extent1 t, int m) { t.mode = m; return t; }
static inline tiled_extent2 camp_tile_mode2_(tiled_extent2 t, int m) { t.mode = m; return t; }
static inline tiled_extent3 camp_tile_mode3_(tiled_extent3 t, int m) { t.mode = m; return t; }

/* One dimension of a tiled extent as launched: padded up or truncated down
 * to whole tiles, or as it is (the runtime refuses a remainder). */
static inline int camp_tiled_extent_(int e, int t, int mode) {
    if (e <= 0 || e % t == 0 || mode == CAMP_TILE_EXACT) return e;
    return mode == CAMP_TILE_PAD ? (e / t + 1) * t : e / t * t;
}

/* ---- Barriers and fences --------------------------------------------------
 * Inside a tiled kernel (or an amp function it calls), with the index's
 * barrier: `tile_barrier_wait(t.barrier)`. campcc compiles them; they have
 * no meaning on one CPU thread, so the serial reference mode stops. */

static inline void camp_tile_only_(const char *what) {
    fprintf(stderr, "camp: %s needs a tiled kernel compiled by campcc; the serial reference mode runs only "
                    "non-tiled kernels\n", what);
    abort();
}
/* Waits until every thread of the tile arrives; fences all memory (C++ AMP's wait()). */
static inline void tile_barrier_wait(tile_barrier b) { (void)b; camp_tile_only_("tile_barrier_wait"); }
static inline void tile_barrier_wait_with_all_memory_fence(tile_barrier b) {
    (void)b; camp_tile_only_("tile_barrier_wait_with_all_memory_fence");
}
/* Waits for the tile; orders accesses to views and arrays only. */
static inline void tile_barrier_wait_with_global_memory_fence(tile_barrier b) {
    (void)b; camp_tile_only_("tile_barrier_wait_with_global_memory_fence");
}
/* Waits for the tile; orders accesses to tile_static memory only. */
static inline void tile_barrier_wait_with_tile_static_memory_fence(tile_barrier b) {
    (void)b; camp_tile_only_("tile_barrier_wait_with_tile_static_memory_fence");
}
/* Fences without waiting: this thread's earlier accesses are seen by the
 * tile's other threads before its later ones. */
static inline void all_memory_fence(tile_barrier b) { (void)b; camp_tile_only_("all_memory_fence"); }
static inline void global_memory_fence(tile_barrier b) { (void)b; camp_tile_only_("global_memory_fence"); }
static inline void tile_static_memory_fence(tile_barrier b) { (void)b; camp_tile_only_("tile_static_memory_fence"); }
/* In any kernel: this thread's earlier accesses to views and arrays are
 * seen by every thread of the device before its later ones (CUDA's
 * __threadfence()); with atomics, how one tile hands results to another. */
static inline void camp_device_fence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* ---- Atomics ----------------------------------------------------------------
 * On int and unsigned, and on the 64-bit integers (long, long long and
 * their unsigned forms, where the device has 64-bit atomics), in views,
 * arrays and tile_static memory; float (add and exchange, where the device
 * supports it) and double (add and exchange, in views and arrays) too.
 * Each returns the old value. campcc compiles them to the device's
 * atomics; on the host (the serial reference mode, restrict(cpu, amp)
 * code) they are the __atomic builtins. */

/* An atomic on another type: an error at the call that says which types
 * there are (the host compiler's, where the call is compiled; campcc's in
 * amp code). */
#define CAMP_ATOMIC_TYPES_                                                                                    \
    "camp_atomic_* work on int, unsigned, long, long long and their unsigned forms (int64_t, uint64_t); "  \
    "fetch_add, fetch_max, fetch_min, exchange, load and store also on float and double"
int camp_atomic_on_this_type(const volatile void *p, ...) __attribute__((error(CAMP_ATOMIC_TYPES_)));
#define CAMP_ATOMIC_INTEGERS_(op)                                                                        \
    int *: camp_atomic_##op##_int_, unsigned *: camp_atomic_##op##_uint_, long *: camp_atomic_##op##_long_, \
        unsigned long *: camp_atomic_##op##_ulong_, long long *: camp_atomic_##op##_llong_,               \
        unsigned long long *: camp_atomic_##op##_ullong_, default: camp_atomic_on_this_type
#define CAMP_ATOMIC_FLOATS_(op) float *: camp_atomic_##op##_float_, double *: camp_atomic_##op##_double_
#define CAMP_ATOMIC_INT_(op, p, ...) (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(op)))((p), __VA_ARGS__)
#define camp_atomic_fetch_add(p, v) \
    (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(fetch_add), CAMP_ATOMIC_FLOATS_(fetch_add)))((p), (v))
#define camp_atomic_fetch_sub(p, v) CAMP_ATOMIC_INT_(fetch_sub, p, (v))
#define camp_atomic_fetch_inc(p) (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(fetch_inc)))((p))
#define camp_atomic_fetch_dec(p) (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(fetch_dec)))((p))
#define camp_atomic_fetch_max(p, v) \
    (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(fetch_max), CAMP_ATOMIC_FLOATS_(fetch_max)))((p), (v))
#define camp_atomic_fetch_min(p, v) \
    (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(fetch_min), CAMP_ATOMIC_FLOATS_(fetch_min)))((p), (v))
#define camp_atomic_fetch_and(p, v) CAMP_ATOMIC_INT_(fetch_and, p, (v))
#define camp_atomic_fetch_or(p, v) CAMP_ATOMIC_INT_(fetch_or, p, (v))
#define camp_atomic_fetch_xor(p, v) CAMP_ATOMIC_INT_(fetch_xor, p, (v))
#define camp_atomic_exchange(p, v) \
    (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(exchange), CAMP_ATOMIC_FLOATS_(exchange)))((p), (v))
/* If *p equals *expected, stores v and returns 1; else copies *p into *expected and returns 0. */
#define camp_atomic_compare_exchange(p, expected, v) CAMP_ATOMIC_INT_(compare_exchange, p, (expected), (v))
/* *p, read whole (what another tile stored, never a stale copy of it); v stored whole (returns nothing). */
#define camp_atomic_load(p)                                                                                      \
    (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(load), CAMP_ATOMIC_FLOATS_(load),                        \
             const int *: camp_atomic_load_int_, const unsigned *: camp_atomic_load_uint_,                      \
             const long *: camp_atomic_load_long_, const unsigned long *: camp_atomic_load_ulong_,              \
             const long long *: camp_atomic_load_llong_, const unsigned long long *: camp_atomic_load_ullong_,  \
             const float *: camp_atomic_load_float_, const double *: camp_atomic_load_double_))((p))
#define camp_atomic_store(p, v) \
    (__extension__ _Generic((p), CAMP_ATOMIC_INTEGERS_(store), CAMP_ATOMIC_FLOATS_(store)))((p), (v))

#define CAMP_ATOMIC_DEFINE_(T, name)                                                                         \
    static inline T camp_atomic_fetch_add_##name##_(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); } \
    static inline T camp_atomic_fetch_sub_##name##_(T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); } \
    static inline T camp_atomic_fetch_inc_##name##_(T *p) { return __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }      \
    static inline T camp_atomic_fetch_dec_##name##_(T *p) { return __atomic_fetch_sub(p, 1, __ATOMIC_RELAXED); }      \
    static inline T camp_atomic_fetch_and_##name##_(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); } \
    static inline T camp_atomic_fetch_or_##name##_(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }   \
    static inline T camp_atomic_fetch_xor_##name##_(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); } \
    static inline T camp_atomic_exchange_##name##_(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); } \
    static inline T camp_atomic_load_##name##_(const T *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }            \
    static inline void camp_atomic_store_##name##_(T *p, T v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }           \
    static inline T camp_atomic_fetch_max_##name##_(T *p, T v) {                                                    \
        T old = __atomic_load_n(p, __ATOMIC_RELAXED);                                                               \
        while (old < v && !__atomic_compare_exchange_n(p, &old, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}       \
        return old;                                                                                                 \
    }                                                                                                               \
    static inline T camp_atomic_fetch_min_##name##_(T *p, T v) {                                                    \
        T old = __atomic_load_n(p, __ATOMIC_RELAXED);                                                               \
        while (old > v && !__atomic_compare_exchange_n(p, &old, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}       \
        return old;                                                                                                 \
    }                                                                                                               \
    static inline int camp_atomic_compare_exchange_##name##_(T *p, T *expected, T v) {                              \
        return __atomic_compare_exchange_n(p, expected, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);                  \
    }
CAMP_ATOMIC_DEFINE_(int, int)
CAMP_ATOMIC_DEFINE_(unsigned, uint)
CAMP_ATOMIC_DEFINE_(long, long)
CAMP_ATOMIC_DEFINE_(unsigned long, ulong)
CAMP_ATOMIC_DEFINE_(long long, llong)
CAMP_ATOMIC_DEFINE_(unsigned long long, ullong)
#undef CAMP_ATOMIC_DEFINE_

/* fetch_add, and fetch_max and fetch_min (the larger or smaller by <, as
 * fmax and fmin take a number over NaN), by compare-and-swap */
#define CAMP_ATOMIC_FLOAT_CAS_(T, name, op, next)                                            \
    static inline T camp_atomic_##op##_##name##_(T *p, T v) {                                \
        T old, new_;                                                                         \
        __atomic_load(p, &old, __ATOMIC_RELAXED);                                            \
        do new_ = (next);                                                                    \
        while (!__atomic_compare_exchange(p, &old, &new_, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)); \
        return old;                                                                          \
    }
#define CAMP_ATOMIC_FLOAT_DEFINE_(T, name)                                                   \
    CAMP_ATOMIC_FLOAT_CAS_(T, name, fetch_add, old + v)                                      \
    CAMP_ATOMIC_FLOAT_CAS_(T, name, fetch_max, v > old || old != old ? v : old)             \
    CAMP_ATOMIC_FLOAT_CAS_(T, name, fetch_min, v < old || old != old ? v : old)             \
    static inline T camp_atomic_exchange_##name##_(T *p, T v) {                              \
        T old;                                                                               \
        __atomic_exchange(p, &v, &old, __ATOMIC_RELAXED);                                    \
        return old;                                                                          \
    }                                                                                        \
    static inline T camp_atomic_load_##name##_(const T *p) {                                 \
        T v;                                                                                 \
        __atomic_load(p, &v, __ATOMIC_RELAXED);                                              \
        return v;                                                                            \
    }                                                                                        \
    static inline void camp_atomic_store_##name##_(T *p, T v) { __atomic_store(p, &v, __ATOMIC_RELAXED); }
CAMP_ATOMIC_FLOAT_DEFINE_(float, float)
CAMP_ATOMIC_FLOAT_DEFINE_(double, double)
#undef CAMP_ATOMIC_FLOAT_DEFINE_
#undef CAMP_ATOMIC_FLOAT_CAS_

/* ---- Subgroups: threads that exchange values without memory ------------ */

#include "camp_subgroup.h"

/* ---- Matrix fragments: the subgroup's matrix multiply-add units -------- */

#include "camp_fragment.h"

/* ---- parallel_for_each ---------------------------------------------------
 * Expands to a plain serial loop (the reference mode). campcc recognises the
 * expansion by the loop variable camp_pfe_loop_ and outlines the body. */

typedef struct camp_serial_loop {
    long long next, count; /* linear position and number of points */
    int shape[4];          /* extent, most significant first; unused are 1 */
    int index[4];          /* the current point */
    int once;              /* runs the inner one-iteration loop */
} camp_serial_loop;

static inline camp_serial_loop camp_serial_begin4_(int a, int d, int r, int c) {
    camp_serial_loop l = {0, 0, {a, d, r, c}, {0, 0, 0, 0}, 0};
    l.count = (a > 0 && d > 0 && r > 0 && c > 0) ? (long long)a * d * r * c : 0;
    return l;
}
static inline camp_serial_loop camp_serial_begin1_(int e) { return camp_serial_begin4_(1, 1, 1, e); }
static inline camp_serial_loop camp_serial_begin64_(long long e) {
    camp_serial_loop l = {0, e > 0 ? e : 0, {1, 1, 1, 1}, {0, 0, 0, 0}, 0};
    return l;
}
static inline camp_serial_loop camp_serial_begin2_(int2 e) { return camp_serial_begin4_(1, 1, e.x, e.y); }
static inline camp_serial_loop camp_serial_begin3v_(int3 e) { return camp_serial_begin4_(1, e.x, e.y, e.z); }
static inline camp_serial_loop camp_serial_begin4v_(int4 e) { return camp_serial_begin4_(e.x, e.y, e.z, e.w); }
static inline camp_serial_loop camp_serial_tiled_(void) {
    fprintf(stderr, "camp: tiled parallel_for_each needs campcc; the serial reference mode "
                    "runs only non-tiled kernels\n");
    abort();
}
static inline camp_serial_loop camp_serial_tiled1_(tiled_extent1 t) { (void)t; return camp_serial_tiled_(); }
static inline camp_serial_loop camp_serial_tiled2_(tiled_extent2 t) { (void)t; return camp_serial_tiled_(); }
static inline camp_serial_loop camp_serial_tiled3_(tiled_extent3 t) { (void)t; return camp_serial_tiled_(); }

static inline int camp_serial_next_(camp_serial_loop *l) {
    long long i;
    if (l->next >= l->count) return 0;
    i = l->next++;
    for (int d = 3; d > 0; d--) {
        l->index[d] = (int)(i % l->shape[d]);
        i /= l->shape[d];
    }
    l->index[0] = (int)i;
    l->once = 1;
    return 1;
}

#define CAMP_SERIAL_BEGIN_(D) \
    (__extension__ _Generic((D), int: camp_serial_begin1_, long: camp_serial_begin64_, long long: camp_serial_begin64_, \
             int2: camp_serial_begin2_, int3: camp_serial_begin3v_, \
             int4: camp_serial_begin4v_, \
             tiled_extent1: camp_serial_tiled1_, tiled_extent2: camp_serial_tiled2_, \
             tiled_extent3: camp_serial_tiled3_))(D)
#define CAMP_SERIAL_INDEX_(D, L) \
    (__extension__ _Generic((D), int: (L).index[3], long: (long)((L).next - 1), long long: (L).next - 1, \
             int2: (int2){(L).index[2], (L).index[3]}, \
             int3: (int3){(L).index[1], (L).index[2], (L).index[3]}, \
             int4: (int4){(L).index[0], (L).index[1], (L).index[2], (L).index[3]}, \
             tiled_extent1: (tiled_index1){.global = 0}, tiled_extent2: (tiled_index2){.global = {0}}, \
             tiled_extent3: (tiled_index3){.global = {0}}))

/* The index is marked unused: a kernel of one thread need not read it. */
#define CAMP_SERIAL_PFE_(IDX, DOMAIN) \
    for (camp_serial_loop camp_pfe_loop_ = CAMP_SERIAL_BEGIN_(DOMAIN); camp_serial_next_(&camp_pfe_loop_);) \
        for (__typeof__(CAMP_SERIAL_INDEX_(DOMAIN, camp_pfe_loop_)) IDX __attribute__((unused)) = \
                 CAMP_SERIAL_INDEX_(DOMAIN, camp_pfe_loop_); \
             camp_pfe_loop_.once; camp_pfe_loop_.once = 0)

#ifdef __CAMPCC_HOST_COMPILE__
/* campcc's host compile of a file whose kernels it has outlined: a
 * parallel_for_each that still expands was written where campcc does not
 * look for kernels (a header), and would run serially on the CPU. */
#define parallel_for_each(IDX, DOMAIN) \
    if (1) { \
        _Static_assert(0, "parallel_for_each in a header: campcc compiles the kernels written in the .c " \
                          "file itself; move this kernel there"); \
    } else CAMP_SERIAL_PFE_(IDX, DOMAIN)
#else
#define parallel_for_each(IDX, DOMAIN) CAMP_SERIAL_PFE_(IDX, DOMAIN)
#endif

/* A kernel written in a macro of the dialect's headers (camp_algorithms.h's
 * CAMP_REDUCE_DEFINE), in the function FUNC, which holds no other kernel:
 * campcc outlines it as a parallel_for_each of the file where the macro is
 * used, and its host compile launches it through camp_launch_FUNC_, which
 * campcc defines at the top of the host C (the body stays, never run). */
#ifdef __CAMPCC_HOST_COMPILE__
/* 1 where campcc outlined such kernels (and defined their launches) */
#ifndef CAMP_HEADER_KERNELS_OUTLINED_
#define CAMP_HEADER_KERNELS_OUTLINED_ 0
#endif
#define camp_header_kernel_(FUNC, IDX, DOMAIN) \
    if (1) { \
        _Static_assert(CAMP_HEADER_KERNELS_OUTLINED_, "campcc compiles the kernels of the .c file itself: use this " \
                                                      "macro there, not in a header"); \
        const __typeof__(DOMAIN) camp_domain_ = (DOMAIN); \
        camp_launch_##FUNC##_ \
    } else CAMP_SERIAL_PFE_(IDX, DOMAIN)
#else
#define camp_header_kernel_(FUNC, IDX, DOMAIN) parallel_for_each(IDX, DOMAIN)
#endif

/* ---- Math: <math.h> with C99 precision in amp code, and fast_math ------- */

#ifndef CAMP_WITHOUT_MATH_LIBRARY_
#include "camp_math.h"
#else
#include <math.h> /* campcc's host C of a file that uses nothing of the library */
#endif

/* ---- clang's bit builtins (popcount, clz, ctz, ffs, parity) in amp code -- */

#include "camp_bits.h"

#endif /* CAMP_RUNTIME_API_ONLY */

/* ---- Runtime API (libcamp) ----------------------------------------------
 * Every call may be made from any thread: one lock serializes them (safe,
 * not concurrent). The current accelerator view is per thread. Details:
 * docs/data-model.md. */

/* What went wrong, for an error handler. */
typedef enum camp_status {
    CAMP_OK = 0,
    CAMP_ERROR_NO_DEVICE,        /* no Vulkan device could be used */
    CAMP_ERROR_OUT_OF_MEMORY,    /* host or device memory exhausted */
    CAMP_ERROR_DEVICE_LOST,      /* the device stopped responding */
    CAMP_ERROR_UNSUPPORTED,      /* the device lacks a feature the kernel needs */
    CAMP_ERROR_INVALID_ARGUMENT, /* a bad extent, view or call */
    CAMP_ERROR_ABI_MISMATCH,     /* code generated for another libcamp */
    CAMP_ERROR_VULKAN,           /* any other Vulkan failure */
    CAMP_ERROR_ASSERTION,        /* an assert in a kernel failed (file and line: the assert's) */
    CAMP_ERROR_OUT_OF_BOUNDS,    /* campcc -fcamp-check: a kernel indexed an array out of its bounds */
    CAMP_ERROR_DATA_RACE,        /* campcc -fcamp-check: two threads of a tile raced on tile_static memory */
    CAMP_ERROR_DIVISION_BY_ZERO, /* campcc -fcamp-check: a kernel divided an integer by zero */
} camp_status;

/* A run-time error: its kind, a message, and the kernel's source location. */
typedef struct camp_error {
    camp_status status;
    const char *message; /* the whole message, as printed by default */
    const char *file;    /* source file of the kernel, or NULL */
    unsigned line;       /* its line, or 0 */
} camp_error;

/* Called on a run-time error instead of printing it and calling abort(). */
typedef void (*camp_error_handler)(const camp_error *error, void *user);

/* Installs `handler` (NULL restores print-and-abort); returns the previous one. */
camp_error_handler camp_set_error_handler(camp_error_handler handler, void *user);

/* For libraries built on libcamp (camp_algorithms.h): whether the `count`
 * objects of `element_size` bytes at `p` lie in one explicit view or array
 * (writable where `written`), or get a view of their own (a global or
 * static array's range; any memory in a synchronous library call, between
 * the two calls below, until it ends); else an error through the handler,
 * "`call`: `what` ...", naming `file`:`line` (the library's caller), and
 * false. */
bool camp_memory_check_at(const void *p, long long count, size_t element_size, bool written, const char *what,
                          const char *call, const char *file, unsigned line);
/* For libraries built on libcamp: until the matching end, errors of the
 * kernels this thread launches name `file`:`line` (the library's caller)
 * and `call`, not the library's own source, and memory the call's checks
 * gave views of their own is brought back (a `call` whose name ends in
 * "_async" gets none); calls nest (the outermost one is named). */
void camp_library_call_begin(const char *call, const char *file, unsigned line);
void camp_library_call_end(void);
/* Reports an error through the handler (or prints it and aborts), naming `file`:`line`. */
void camp_report_error_at(camp_status status, const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Name of the accelerator kernels run on (initialises the runtime). */
const char *camp_default_accelerator_name(void);

/* Waits for all submitted work, then ends every explicit view (kernel
 * writes not yet synchronized are lost), frees every array and every other
 * runtime resource. Runs at exit; later calls start the runtime again. */
void camp_shutdown(void);

/* ---- Profiling and markers (docs/profiling.md) ------------------------------
 * CAMP_PROFILE=1 (or csv) prints a table of kernel, copy and wait times at
 * exit; CAMP_TRACE=path.json writes a trace for Perfetto. Markers cost a
 * lock when neither is on. */

/* Prints the CAMP_PROFILE table now (kernels whose batches are done). */
void camp_profile_print(void);
/* Begins a named range on the calling thread's trace track (and a label in the device's commands). */
void camp_marker_begin(const char *name);
/* Ends the thread's innermost range begun by camp_marker_begin. */
void camp_marker_end(void);
/* A one-shot named event on the thread's trace track (and a label in the device's commands). */
void camp_marker(const char *name);

/* ---- Accelerators (C++ AMP's accelerator) ---------------------------------
 * Every Vulkan device, in the Vulkan loader's order. parallel_for_each runs
 * on the default one: CAMP_DEVICE (an index or a name substring), else the
 * first discrete GPU, else integrated, virtual, CPU; parallel_for_each_on a
 * view of another accelerator runs there. */

/* What the host may do with an array's memory (C++ AMP's access_type). */
typedef enum camp_access_type {
    CAMP_ACCESS_TYPE_NONE = 0,       /* device only: the host copies in and out */
    CAMP_ACCESS_TYPE_READ = 1,       /* the host reads it (cached memory) */
    CAMP_ACCESS_TYPE_WRITE = 2,      /* the host writes it (write-combined memory) */
    CAMP_ACCESS_TYPE_READ_WRITE = 3, /* both */
    CAMP_ACCESS_TYPE_AUTO = 4,       /* the accelerator's default_cpu_access_type */
} camp_access_type;

typedef struct camp_accelerator {
    unsigned index;                /* CAMP_DEVICE=index selects it */
    char description[256];         /* the device's name */
    char device_path[80];          /* "vulkan/INDEX/UUID": unique and stable */
    char device_type[16];          /* "discrete GPU", "integrated GPU", "virtual GPU", "CPU" */
    unsigned long long dedicated_memory; /* KiB of memory of its own (0: it uses the host's) */
    bool supports_double_precision;         /* double in kernels (shaderFloat64) */
    bool supports_limited_double_precision; /* double +, -, *, comparisons: as above on Vulkan */
    bool supports_int64;             /* 64-bit integers in kernels (shaderInt64); a view's addresses are
                                        64-bit, so almost every kernel needs them; not C++ AMP's */
    bool preserves_float_subnormals; /* float arithmetic keeps subnormals (shaderDenormPreserveFloat32) */
    bool supports_cpu_shared_memory; /* arrays may live in memory the host reads and writes */
    bool is_emulated;                /* a software device (a CPU driver such as lavapipe) */
    unsigned max_loop_iterations;    /* a kernel thread's loop iterations, all loops together, past which
                                        the device leaves them: a launch's error (65,535 on lavapipe
                                        before Mesa 25.0); 0: no limit */
    bool is_usable;                  /* it has what campcc kernels need (Vulkan 1.2, ...) */
    bool is_default;                 /* kernels run on it */
    camp_access_type default_cpu_access_type; /* READ_WRITE with shared memory, else NONE */
} camp_accelerator;

/* C++ AMP's set_default_cpu_access_type: what CAMP_ACCESS_TYPE_AUTO means
 * for arrays made on `accelerator` from now on (AUTO: its own default
 * again); false after a reported error (a host access type on an
 * accelerator without supports_cpu_shared_memory). */
bool camp_accelerator_set_default_cpu_access_type(const camp_accelerator *accelerator, camp_access_type type);
/* Fills up to `capacity` entries of `list` (may be NULL when 0) and returns
 * how many accelerators there are. Does not open a device. */
int camp_get_accelerators(camp_accelerator *list, int capacity);
/* The default accelerator (opens it). */
camp_accelerator camp_get_default_accelerator(void);
/* How copies between host memory and the accelerator go: "map" (a memcpy
 * through memory both sides see: integrated GPUs, CPU devices), "import"
 * (the DMA engine reads and writes the program's own pages:
 * VK_EXT_external_memory_host), "staging" (through staging memory, in
 * pipelined chunks) or "bar" (copies in written through the mapping of
 * device memory: CAMP_COPY_PATH=bar). CAMP_COPY_PATH=map|import|staging|bar
 * chooses one the device allows (asking for one it does not allow is an
 * error); NULL after an error. Does not open a device. */
const char *camp_accelerator_copy_path(const camp_accelerator *accelerator);

/* ---- Accelerator views (queues) --------------------------------------------
 * A view orders the kernels and copies given to it. AUTOMATIC (the default)
 * records them into a command buffer, with exactly the barriers their data
 * needs, and submits it when the host must wait for a result (a copy out,
 * array_view_synchronize, an implicit view written by a kernel,
 * camp_accelerator_view_flush/wait), or every 1024 commands. IMMEDIATE
 * submits each command at once (without waiting for it). */

typedef enum camp_queuing_mode {
    CAMP_QUEUING_MODE_AUTOMATIC = 0,
    CAMP_QUEUING_MODE_IMMEDIATE = 1,
} camp_queuing_mode;

typedef struct camp_accelerator_view camp_accelerator_view;

/* The default accelerator's default view (automatic mode); never destroyed. */
camp_accelerator_view *camp_default_view(void);
/* A new view on `accelerator` (NULL: the default one), opening it if needed. */
camp_accelerator_view *camp_accelerator_create_view(const camp_accelerator *accelerator,
                                                    camp_queuing_mode mode);
/* Waits for the view's work, then frees it (the default view, or NULL, is kept). */
void camp_accelerator_view_destroy(camp_accelerator_view *view);
camp_queuing_mode camp_accelerator_view_queuing_mode(const camp_accelerator_view *view);
/* Submits what the view has recorded, without waiting (NULL: the current view). */
void camp_accelerator_view_flush(camp_accelerator_view *view);
/* Submits what the view has recorded and waits until all of it is done (NULL: the current view). */
void camp_accelerator_view_wait(camp_accelerator_view *view);
/* The calling thread's current view, where its parallel_for_each run
 * (NULL: the default view); returns the previous one. */
camp_accelerator_view *camp_set_current_view(camp_accelerator_view *view);
camp_accelerator_view *camp_current_view(void); /* NULL while the default view is current */
/* For libraries, which pick the version of a kernel a device runs: what
 * the device of `view` (NULL: the default view) offers kernels; all 0
 * after a reported error. */
typedef struct camp_view_limits {
    unsigned features;          /* enum camp_feature bits of camp_abi.h */
    unsigned subgroup_size;     /* its subgroup size (subgroupSize; where sizes vary, kernels may see others) */
    unsigned tile_static_bytes; /* the tile_static memory one tile may use */
} camp_view_limits;
camp_view_limits camp_view_get_limits(camp_accelerator_view *view);
/* Whether the device of `view` has every feature of `features`. */
bool camp_view_has_features(camp_accelerator_view *view, unsigned features);

/* ---- Explicit views and arrays: the runtime calls behind the macros below
 * The calls that end or free (release, delete) take NULL and do nothing, as
 * free() does. */

void camp_array_view_create(void *host, size_t bytes, const char *name);
void camp_array_view_synchronize(const void *host);
void camp_array_view_refresh(const void *host);
void camp_array_view_discard_data(const void *host);
void camp_array_view_release(const void *host);
void *camp_array_new(camp_accelerator_view *view, size_t bytes, const void *src, camp_access_type access);
void camp_array_copy_in(void *array, const void *src, size_t bytes);
void camp_array_copy_out(void *dst, const void *array, size_t bytes);
void camp_array_delete(void *array);

/* The calls the macros below make: element counts apart from element sizes,
 * so that libcamp checks their product (a negative count, or one whose
 * bytes overflow, is an error instead of a wrapped size), and the caller's
 * source location, which a run-time error of the call names (camp_error's
 * file and line). `file` may be NULL. */
void camp_array_view_create_at(void *host, long long count, size_t element_size, const char *name,
                               const char *file, unsigned line);
/* A read-only view (array_view of a pointer to const): kernels may not write it. */
void camp_array_view_create_read_only_at(const void *host, long long count, size_t element_size, const char *name,
                                         const char *file, unsigned line);
void camp_array_view_synchronize_at(const void *host, const char *file, unsigned line);
void camp_array_view_refresh_at(const void *host, const char *file, unsigned line);
void camp_array_view_discard_data_at(const void *host, const char *file, unsigned line);
void camp_array_view_release_at(const void *host, const char *file, unsigned line);
void *camp_array_view_new_at(long long count, size_t element_size, const char *name, const char *file,
                             unsigned line);
void camp_array_view_delete_at(const void *host, const char *file, unsigned line);
/* A section of the view holding `host`: `rank` dimensions of origin[d] and
 * extent[d] elements, stride[d] bytes apart (most significant first); its
 * first element's address, which names it in the calls after it. */
void *camp_array_view_section_at(const void *host, unsigned rank, const long long *origin, const long long *extent,
                                 const size_t *stride, const char *name, const char *file, unsigned line);
void camp_array_view_section_synchronize_at(const void *section, const char *file, unsigned line);
void camp_array_view_section_refresh_at(const void *section, const char *file, unsigned line);
void camp_array_view_section_discard_data_at(const void *section, const char *file, unsigned line);
void camp_array_view_section_release_at(const void *section, const char *file, unsigned line);
/* `host`, once `count` elements of `element_size` bytes fit in its view (or
 * array) from there on; NULL after a reported error. */
void *camp_array_view_view_as_at(const void *host, long long count, size_t element_size, const char *name,
                                 const char *file, unsigned line);
/* `host`, once the bytes from there to its view's (or array's) end are a
 * whole number of `element_size` and `host` is aligned to `alignment`. */
void *camp_array_view_reinterpret_as_at(const void *host, size_t element_size, size_t alignment, const char *name,
                                        const char *file, unsigned line);
void *camp_array_new_at(camp_accelerator_view *view, long long count, size_t element_size, const void *src,
                        camp_access_type access, const char *file, unsigned line);
void camp_array_copy_in_at(void *array, const void *src, long long count, size_t element_size, const char *file,
                           unsigned line);
void camp_array_copy_out_at(void *dst, const void *array, long long count, size_t element_size,
                            const char *file, unsigned line);
void camp_array_delete_at(void *array, const char *file, unsigned line);
/* A staging array (C++ AMP's array(extent, cpu_av, gpu_av)): host-visible
 * memory of the accelerator of `view` (NULL: the default one), which the
 * host uses in place and array_copy moves to and from its arrays by DMA;
 * kernels do not use it. Ended by array_delete. */
void *camp_array_new_staging_at(camp_accelerator_view *view, long long count, size_t element_size, const void *src,
                                const char *file, unsigned line);
/* Copies count elements between two arrays of one accelerator (C++ AMP's
 * copy(array, array)); with a staging array, returns once the copy is done. */
void camp_array_copy_at(void *dst, const void *src, long long count, size_t element_size, const char *file,
                        unsigned line);

/* ---- Asynchronous copies (C++ AMP's copy_async, synchronize_async and
 * completion_future) ----------------------------------------------------------
 * Each returns at once with a future (NULL after a reported error); the
 * copy runs on the accelerator's copy view, beside kernels on the other
 * views. A copy in has read its source when the call returns; a copy out's
 * destination (and a synchronized view's memory) holds the bytes once
 * camp_future_wait returns or camp_future_poll says true. Every future
 * must be waited exactly once: camp_future_wait frees it. A NULL future is
 * done: waiting for it does nothing, polling it says true. */
typedef struct camp_future camp_future;
camp_future *camp_array_copy_in_async_at(void *array, const void *src, long long count, size_t element_size,
                                         const char *file, unsigned line);
camp_future *camp_array_copy_out_async_at(void *dst, const void *array, long long count, size_t element_size,
                                          const char *file, unsigned line);
camp_future *camp_array_view_synchronize_async_at(const void *host, const char *file, unsigned line);
/* C++ AMP's accelerator_view::create_marker: a future done when all the
 * work given to `view` (NULL: the calling thread's current view) before
 * the call is; what the view has recorded is submitted now (as by
 * camp_accelerator_view_flush). */
camp_future *camp_accelerator_view_create_marker(camp_accelerator_view *view);
/* Waits until the copy (or the marker's work) is done, then frees the future. */
void camp_future_wait(camp_future *future);
/* Whether the copy is done, without waiting (the future stays valid). */
bool camp_future_poll(camp_future *future);
/* The same, an error naming the caller's line (future_wait, future_poll). */
void camp_future_wait_at(camp_future *future, const char *file, unsigned line);
bool camp_future_poll_at(camp_future *future, const char *file, unsigned line);

/* ---- Data model: explicit views, arrays, accelerator views ----------------
 * campcc defines __CAMPCC__ for the programs it compiles. Without it (the
 * serial reference mode) host memory is the only memory: views do nothing,
 * arrays are malloc'd and every parallel_for_each runs on the host. */
#ifndef CAMP_RUNTIME_API_ONLY
#ifdef __CAMPCC__

/* `array_view(p, n)`: the n objects at p are available to kernels, lazily
 * copied (docs/dialect.md §4); the other calls take any pointer into the view.
 * Over a pointer to const it is read-only (C++ AMP's array_view<const T>):
 * never copied back, and a kernel that writes it through another pointer
 * fails. Const-ness is seen by adding const to the pointee's type. */
#define CAMP_POINTS_TO_CONST_(p) __builtin_types_compatible_p(__typeof__(*(p)) *, const __typeof__(*(p)) *)
#define array_view(p, n) \
    (CAMP_POINTS_TO_CONST_(p) \
         ? camp_array_view_create_read_only_at((const void *)(p), (long long)(n), sizeof *(p), #p, __FILE__, __LINE__) \
         : camp_array_view_create_at((void *)(p), (long long)(n), sizeof *(p), #p, __FILE__, __LINE__))
#define array_view_synchronize(p) camp_array_view_synchronize_at((p), __FILE__, __LINE__)
#define array_view_refresh(p) camp_array_view_refresh_at((p), __FILE__, __LINE__)
#define array_view_discard_data(p) camp_array_view_discard_data_at((p), __FILE__, __LINE__)
#define array_view_release(p) camp_array_view_release_at((p), __FILE__, __LINE__)
/* `T *p = array_view_new(T, n)`: a view of n objects with no data of the
 * program's (C++ AMP's array_view<T, N>(extent)): libcamp's host memory,
 * nothing copied in, kernels' writes there at array_view_synchronize;
 * `array_view_delete(p)` ends it and frees the memory. T may be an array
 * type: `float (*m)[cols] = array_view_new(float[cols], rows)`. */
#define array_view_new(T, n) \
    ((__typeof__(T) *)camp_array_view_new_at((long long)(n), sizeof(T), "array_view_new(" #T ", " #n ")", \
                                             __FILE__, __LINE__))
#define array_view_delete(p) camp_array_view_delete_at((p), __FILE__, __LINE__)

/* `T *p = array_new(T, n, src)`: n objects of type T on the default view's
 * accelerator, copied from src unless it is NULL. T may be an array type:
 * `float (*a)[cols] = array_new(float[cols], rows, src)`. */
#define array_new(T, n, src) array_new_on(NULL, T, n, src, CAMP_ACCESS_TYPE_AUTO)
#define array_new_on(view, T, n, src, access) \
    ((__typeof__(T) *)camp_array_new_at((view), (long long)(n), sizeof(T), (src), (access), __FILE__, __LINE__))
#define array_copy_in(p, src, n) \
    camp_array_copy_in_at((p), (src), (long long)(n), sizeof *(p), __FILE__, __LINE__)
#define array_copy_out(dst, p, n) \
    camp_array_copy_out_at((dst), (p), (long long)(n), sizeof *(p), __FILE__, __LINE__)
#define array_delete(p) camp_array_delete_at((p), __FILE__, __LINE__)
/* `T *s = array_new_staging(view, T, n, src)`: a staging array for copies
 * to and from arrays of view's accelerator; `array_copy(dst, src, n)`
 * copies between two arrays of one accelerator. */
#define array_new_staging(view, T, n, src) \
    ((__typeof__(T) *)camp_array_new_staging_at((view), (long long)(n), sizeof(T), (src), __FILE__, __LINE__))
#define array_copy(dst, src, n) camp_array_copy_at((dst), (src), (long long)(n), sizeof *(dst), __FILE__, __LINE__)
#define array_copy_in_async(p, src, n) \
    camp_array_copy_in_async_at((p), (src), (long long)(n), sizeof *(p), __FILE__, __LINE__)
#define array_copy_out_async(dst, p, n) \
    camp_array_copy_out_async_at((dst), (p), (long long)(n), sizeof *(p), __FILE__, __LINE__)
#define array_view_synchronize_async(p) camp_array_view_synchronize_async_at((p), __FILE__, __LINE__)
#define future_wait(f) camp_future_wait_at((f), __FILE__, __LINE__)
#define future_poll(f) camp_future_poll_at((f), __FILE__, __LINE__)

/* The hooks of the sections, view_as and reinterpret_as below. */
#define CAMP_SECTION_(p, rank, origin, extent, stride, first) \
    ((__typeof__(&*(p)))camp_array_view_section_at((p), rank, (const long long[])origin, (const long long[])extent, \
                                                   (const size_t[])stride, "array_view_section(" #p ", ...)", \
                                                   __FILE__, __LINE__))
#define array_view_section_synchronize(s) camp_array_view_section_synchronize_at((s), __FILE__, __LINE__)
#define array_view_section_refresh(s) camp_array_view_section_refresh_at((s), __FILE__, __LINE__)
#define array_view_section_discard_data(s) camp_array_view_section_discard_data_at((s), __FILE__, __LINE__)
#define array_view_section_release(s) camp_array_view_section_release_at((s), __FILE__, __LINE__)
#define CAMP_VIEW_AS_(T, p, count, text) \
    ((T)camp_array_view_view_as_at((p), (long long)(count), sizeof *(p), "array_view_view_as(" text ")", __FILE__, \
                                   __LINE__))
#define array_view_reinterpret_as(p, T) \
    ((__typeof__(T) *)camp_array_view_reinterpret_as_at((p), sizeof(T), _Alignof(T), \
                                                        "array_view_reinterpret_as(" #p ", " #T ")", __FILE__, \
                                                        __LINE__))

#else /* the serial reference mode */

#define array_view(p, n) ((void)(p), (void)(n))
#define array_view_synchronize(p) ((void)(p))
#define array_view_refresh(p) ((void)(p))
#define array_view_discard_data(p) ((void)(p))
#define array_view_release(p) ((void)(p))
static inline void *camp_reference_zeroed_(size_t bytes) {
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "camp: out of host memory\n");
        abort();
    }
    return p;
}
#define array_view_new(T, n) ((__typeof__(T) *)camp_reference_zeroed_((size_t)(n) * sizeof(T)))
#define array_view_delete(p) free((void *)(p))
/* An empty array is refused as libcamp refuses it, at the same line. */
static inline void *camp_reference_array_new_(size_t bytes, const void *src, const char *file, int line) {
    void *p = bytes ? malloc(bytes) : NULL;
    if (!bytes) {
        fprintf(stderr, "%s:%d: camp error: array_new: an empty array\n", file, line);
        abort();
    }
    if (!p) {
        fprintf(stderr, "camp: out of host memory\n");
        abort();
    }
    if (src) memcpy(p, src, bytes);
    return p;
}
#define array_new(T, n, src) \
    ((__typeof__(T) *)camp_reference_array_new_((size_t)(n) * sizeof(T), (src), __FILE__, __LINE__))
#define array_new_on(view, T, n, src, access) ((void)(view), (void)(access), array_new(T, n, src))
#define array_copy_in(p, src, n) ((void)memcpy((p), (src), (size_t)(n) * sizeof *(p)))
#define array_copy_out(dst, p, n) ((void)memcpy((dst), (p), (size_t)(n) * sizeof *(p)))
#define array_delete(p) free(p)
#define array_new_staging(view, T, n, src) ((void)(view), array_new(T, n, src))
#define array_copy(dst, src, n) ((void)memmove((dst), (src), (size_t)(n) * sizeof *(dst)))
/* Copies are done when made: futures are NULL. */
#define array_copy_in_async(p, src, n) (array_copy_in(p, src, n), (camp_future *)NULL)
#define array_copy_out_async(dst, p, n) (array_copy_out(dst, p, n), (camp_future *)NULL)
#define array_view_synchronize_async(p) ((void)(p), (camp_future *)NULL)
#define future_wait(f) ((void)(f))
#define future_poll(f) ((void)(f), true)

/* Sections, view_as and reinterpret_as are the pointers they give. */
#define CAMP_SECTION_(p, rank, origin, extent, stride, first) ((__typeof__(&*(p)))(first))
#define array_view_section_synchronize(s) ((void)(s))
#define array_view_section_refresh(s) ((void)(s))
#define array_view_section_discard_data(s) ((void)(s))
#define array_view_section_release(s) ((void)(s))
#define CAMP_VIEW_AS_(T, p, count, text) ((void)(count), (T)(p))
#define array_view_reinterpret_as(p, T) ((__typeof__(T) *)(p))

#endif /* __CAMPCC__ */

/* Sections (C++ AMP's array_view::section): the block of the view at p
 * from an origin, of an extent, as a pointer of p's type to its first
 * element, which kernels index relative to it. The rank goes by the count
 * of numbers, as extent(...)'s does: (p, i, n); (m, row, col, rows, cols);
 * (g, plane, row, col, planes, rows, cols). The section calls copy only the
 * section's bytes; release ends it (after synchronizing it). */
#define array_view_section(...) \
    CAMP_PICK_SECTION_(__VA_ARGS__, camp_section_arity_, camp_section_arity_, camp_section_arity_, camp_section3_, \
                       camp_section_arity_, camp_section2_, camp_section_arity_, camp_section1_, camp_section_arity_, \
                       camp_section_arity_)(__VA_ARGS__)
#define camp_section_arity_(...) \
    ((struct { \
        _Static_assert(0, "array_view_section takes (p, i, n), (m, row, col, rows, cols) or " \
                          "(g, plane, row, col, planes, rows, cols)"); \
        int rank; \
    }){0}.rank)
#define CAMP_PICK_SECTION_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, NAME, ...) NAME
#define CAMP_ARGS_(...) {__VA_ARGS__}
#define camp_section1_(p, i, n) \
    CAMP_SECTION_(p, 1, CAMP_ARGS_(i), CAMP_ARGS_(n), CAMP_ARGS_(sizeof *(p)), &*(p) + (i))
#define camp_section2_(p, r, c, rows, cols) \
    CAMP_SECTION_(p, 2, CAMP_ARGS_(r, c), CAMP_ARGS_(rows, cols), CAMP_ARGS_(sizeof *(p), sizeof **(p)), &(p)[r][c])
#define camp_section3_(p, d, r, c, planes, rows, cols) \
    CAMP_SECTION_(p, 3, CAMP_ARGS_(d, r, c), CAMP_ARGS_(planes, rows, cols), \
                  CAMP_ARGS_(sizeof *(p), sizeof **(p), sizeof ***(p)), &(p)[d][r][c])
/* view_as (reshape) of a rank-1 view from p: (p, n), (p, rows, cols) as a
 * pointer to rows of cols, (p, planes, rows, cols); an error if the view
 * has fewer elements from p on. reinterpret_as(p, T): p as a pointer to T;
 * an error unless the view's bytes from p on are a whole number of T. */
#define array_view_view_as(...) \
    CAMP_PICK4_(__VA_ARGS__, camp_view_as3_, camp_view_as2_, camp_view_as1_, _)(__VA_ARGS__)
#define camp_view_as1_(p, n) CAMP_VIEW_AS_(__typeof__(&*(p)), p, (n), #p ", " #n)
#define camp_view_as2_(p, rows, cols) \
    CAMP_VIEW_AS_(__typeof__(*(p)) (*)[cols], p, (long long)(rows) * (cols), #p ", " #rows ", " #cols)
#define camp_view_as3_(p, planes, rows, cols) \
    CAMP_VIEW_AS_(__typeof__(*(p)) (*)[rows][cols], p, (long long)(planes) * (rows) * (cols), \
                  #p ", " #planes ", " #rows ", " #cols)

/* `parallel_for_each_on(view, idx, domain) body`: parallel_for_each on that
 * accelerator view (a camp_accelerator_view *). campcc replaces the whole
 * statement with a launch on VIEW; the serial reference mode evaluates VIEW
 * and runs the loop. */
#define parallel_for_each_on(VIEW, IDX, DOMAIN) \
    for (int camp_on_once_ = ((void)(VIEW), 1); camp_on_once_; camp_on_once_ = 0) \
        parallel_for_each(IDX, DOMAIN)
#endif /* CAMP_RUNTIME_API_ONLY */

/* The graphics library: norm, unorm, textures (docs/graphics.md). A
 * program that has names of its own among them (a function `norm`)
 * defines CAMP_NO_GRAPHICS before including camp.h. */
#ifndef CAMP_NO_GRAPHICS
#include "camp_texture.h"
#endif

#ifdef __cplusplus
}
#endif
#endif /* CAMP_H */

/* ---- Vulkan interoperability (docs/algorithms.md, "VkFFT and other Vulkan
 * libraries") -------------------------------------------------------------------
 * Other Vulkan code (VkFFT, a renderer) working on campcc's memory, on the
 * device and queue of an accelerator view (NULL: the default view).
 * Declared once <vulkan/vulkan.h> is included: before camp.h, or with
 * camp.h included again after it (this part has a guard of its own). Order: ask
 * for the buffers, acquire the view's queue, submit the other code's work
 * to it, release it; then campcc's work on the view and the host's
 * accesses to the memory come after that work (implicit synchronization
 * brings a view back as after a kernel). Errors name the caller's line. */
#if defined(VK_VERSION_1_0) && !defined(CAMP_VULKAN_INTEROP_)
#define CAMP_VULKAN_INTEROP_
#ifdef __cplusplus
extern "C" {
#endif
/* declared here too: camp.h may be on its way (a nested include) */
struct camp_accelerator_view;
/* The Vulkan objects behind an accelerator view. */
typedef struct camp_vulkan_context {
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    VkQueue queue;         /* the view's: submit to it between camp_vulkan_queue_acquire and _release only */
    uint32_t queue_family; /* its family, for the other code's command pools */
} camp_vulkan_context;
/* The device memory behind part of an array or a view: `size` bytes at `offset` of `buffer`. */
typedef struct camp_vulkan_buffer {
    VkBuffer buffer;
    VkDeviceSize offset, size;
} camp_vulkan_buffer;
camp_vulkan_context camp_vulkan_context_at(struct camp_accelerator_view *view, const char *file, unsigned line);
/* The buffer behind `count` objects of `element_size` bytes at `p`, which
 * lie in one array (of the view's accelerator) or one view (a section's
 * pointer included): a view's device copy is made current first, and
 * counts as written by the other code (unless the view is read-only: then
 * the other code may only read it). */
camp_vulkan_buffer camp_vulkan_buffer_at(struct camp_accelerator_view *view, const void *p, long long count,
                                         size_t element_size, const char *file, unsigned line);
/* Lends the view's queue to the calling thread: the work given to the view
 * so far is submitted, ordered before what the thread submits to the
 * queue; libcamp submits nothing to the queue until the release, and the
 * thread makes no other libcamp call until then (another thread's call
 * may be waiting for the queue, holding libcamp's lock). */
void camp_vulkan_queue_acquire_at(struct camp_accelerator_view *view, const char *file, unsigned line);
/* Gives the queue back: campcc's later work on the view, and every use of
 * the memory camp_vulkan_buffer handed out for it, come after everything
 * submitted to the queue meanwhile. */
void camp_vulkan_queue_release_at(struct camp_accelerator_view *view, const char *file, unsigned line);
#define camp_vulkan_context_of(view) camp_vulkan_context_at((view), __FILE__, __LINE__)
#define camp_vulkan_buffer_of(view, p, n) \
    camp_vulkan_buffer_at((view), (p), (long long)(n), sizeof *(p), __FILE__, __LINE__)
#define camp_vulkan_queue_acquire(view) camp_vulkan_queue_acquire_at((view), __FILE__, __LINE__)
#define camp_vulkan_queue_release(view) camp_vulkan_queue_release_at((view), __FILE__, __LINE__)
#ifdef __cplusplus
}
#endif
#endif /* VK_VERSION_1_0 */
