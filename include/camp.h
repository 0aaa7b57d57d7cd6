/* camp.h — the C AMP dialect (DIALECT.md) and the libcamp runtime API.
 *
 * A dialect file is valid C for clang once this header is included. Compiled
 * by campcc, each parallel_for_each body becomes a Vulkan compute kernel;
 * compiled by plain clang, non-tiled kernels run serially on the CPU (the
 * reference mode) and tiled kernels stop with a message. */
#ifndef CAMP_H
#define CAMP_H

#include <stddef.h>
#include <stdint.h>
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
#define restrict(...) __attribute__((annotate("camp_restrict:" #__VA_ARGS__)))
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

/* ---- Extents and indices -------------------------------------------------
 * An extent of rank N has the type of an index of rank N: int, int2, int3.
 * Component 0 is the most significant (row); component N-1 is the GPU's x. */

#define CAMP_PICK3_(_1, _2, _3, NAME, ...) NAME
#define extent(...) CAMP_PICK3_(__VA_ARGS__, camp_extent3_, camp_extent2_, camp_extent1_, _)(__VA_ARGS__)
#define camp_extent1_(n) ((int)(n))
#define camp_extent2_(r, c) ((int2){(int)(r), (int)(c)})
#define camp_extent3_(d, r, c) ((int3){(int)(d), (int)(r), (int)(c)})

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
#define CAMP_PICK4_(_1, _2, _3, _4, NAME, ...) NAME
#define camp_tile1_(e, t0) ((tiled_extent1){(e), (t0), CAMP_TILE_EXACT})
#define camp_tile2_(e, t0, t1) ((tiled_extent2){(e), (int2){(t0), (t1)}, CAMP_TILE_EXACT})
#define camp_tile3_(e, t0, t1, t2) ((tiled_extent3){(e), (int3){(t0), (t1), (t2)}, CAMP_TILE_EXACT})
#define tile_pad(te) camp_tile_with_mode_((te), CAMP_TILE_PAD)
#define tile_truncate(te) camp_tile_with_mode_((te), CAMP_TILE_TRUNCATE)
#define camp_tile_with_mode_(te, m) \
    _Generic((te), tiled_extent1: camp_tile_mode1_, tiled_extent2: camp_tile_mode2_, \
             tiled_extent3: camp_tile_mode3_)((te), (m))
static inline tiled_extent1 camp_tile_mode1_(tiled_extent1 t, int m) { t.mode = m; return t; }
static inline tiled_extent2 camp_tile_mode2_(tiled_extent2 t, int m) { t.mode = m; return t; }
static inline tiled_extent3 camp_tile_mode3_(tiled_extent3 t, int m) { t.mode = m; return t; }

/* ---- parallel_for_each ---------------------------------------------------
 * Expands to a plain serial loop (the reference mode). campcc recognises the
 * expansion by the loop variable camp_pfe_loop_ and outlines the body. */

typedef struct camp_serial_loop {
    long long next, count; /* linear position and number of points */
    int shape[3];          /* extent, most significant first; unused are 1 */
    int index[3];          /* the current point */
    int once;              /* runs the inner one-iteration loop */
} camp_serial_loop;

static inline camp_serial_loop camp_serial_begin3_(int d, int r, int c) {
    camp_serial_loop l = {0, 0, {d, r, c}, {0, 0, 0}, 0};
    l.count = (d > 0 && r > 0 && c > 0) ? (long long)d * r * c : 0;
    return l;
}
static inline camp_serial_loop camp_serial_begin1_(int e) { return camp_serial_begin3_(1, 1, e); }
static inline camp_serial_loop camp_serial_begin2_(int2 e) { return camp_serial_begin3_(1, e.x, e.y); }
static inline camp_serial_loop camp_serial_begin3v_(int3 e) { return camp_serial_begin3_(e.x, e.y, e.z); }
static inline camp_serial_loop camp_serial_tiled_(void) {
    fprintf(stderr, "camp: tiled parallel_for_each needs campcc; the serial reference mode "
                    "runs only non-tiled kernels\n");
    abort();
}
static inline camp_serial_loop camp_serial_tiled1_(tiled_extent1 t) { (void)t; return camp_serial_tiled_(); }
static inline camp_serial_loop camp_serial_tiled2_(tiled_extent2 t) { (void)t; return camp_serial_tiled_(); }
static inline camp_serial_loop camp_serial_tiled3_(tiled_extent3 t) { (void)t; return camp_serial_tiled_(); }

static inline int camp_serial_next_(camp_serial_loop *l) {
    if (l->next >= l->count) return 0;
    long long i = l->next++;
    l->index[2] = (int)(i % l->shape[2]);
    l->index[1] = (int)(i / l->shape[2] % l->shape[1]);
    l->index[0] = (int)(i / ((long long)l->shape[2] * l->shape[1]));
    l->once = 1;
    return 1;
}

#define CAMP_SERIAL_BEGIN_(D) \
    _Generic((D), int: camp_serial_begin1_, int2: camp_serial_begin2_, int3: camp_serial_begin3v_, \
             tiled_extent1: camp_serial_tiled1_, tiled_extent2: camp_serial_tiled2_, \
             tiled_extent3: camp_serial_tiled3_)(D)
#define CAMP_SERIAL_INDEX_(D, L) \
    _Generic((D), int: (L).index[2], int2: (int2){(L).index[1], (L).index[2]}, \
             int3: (int3){(L).index[0], (L).index[1], (L).index[2]}, \
             tiled_extent1: (tiled_index1){.global = 0}, tiled_extent2: (tiled_index2){.global = {0}}, \
             tiled_extent3: (tiled_index3){.global = {0}})

#define parallel_for_each(IDX, DOMAIN) \
    for (camp_serial_loop camp_pfe_loop_ = CAMP_SERIAL_BEGIN_(DOMAIN); camp_serial_next_(&camp_pfe_loop_);) \
        for (__typeof__(CAMP_SERIAL_INDEX_(DOMAIN, camp_pfe_loop_)) IDX = \
                 CAMP_SERIAL_INDEX_(DOMAIN, camp_pfe_loop_); \
             camp_pfe_loop_.once; camp_pfe_loop_.once = 0)

/* ---- Math: <math.h> with C99 precision in amp code, and fast_math ------- */

#include "camp_math.h"

#endif /* CAMP_RUNTIME_API_ONLY */

/* ---- Runtime API (libcamp) ---------------------------------------------- */

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

/* Name of the accelerator kernels run on (initialises the runtime). */
const char *camp_default_accelerator_name(void);

/* Waits for all submitted work and frees every runtime resource. */
void camp_shutdown(void);

#ifdef __cplusplus
}
#endif
#endif /* CAMP_H */
