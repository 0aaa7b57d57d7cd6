/* launch_shape.h — what the algorithms library's files share: the tile
 * size of its kernels, how many tiles a pass over n elements takes, and
 * the checks every call makes before it launches anything. */
#ifndef ALGO_LAUNCH_SHAPE_H
#define ALGO_LAUNCH_SHAPE_H
#include <camp.h>
#include <camp_abi.h> /* enum camp_feature */
#include <camp_math.h> /* camp_uint_as_float, CAMP_INFINITY: the float types' identities */
#include <limits.h>
#include <stddef.h>

/* Threads per tile: a multiple of every subgroup size (4 to 128). */
enum { ALGO_TILE = 256 };
/* Tiles of a pass that strides over its input: enough to fill a large
 * GPU several times over, few enough that one tile adds their results. */
enum { ALGO_MAX_TILES = 1024 };

/* Tiles for n elements when each tile takes at least `per_tile` of them:
 * at least 1, at most ALGO_MAX_TILES. */
static inline int algo_tiles(size_t n, size_t per_tile) {
    size_t tiles = (n + per_tile - 1) / per_tile;
    return tiles < 1 ? 1 : tiles > ALGO_MAX_TILES ? ALGO_MAX_TILES : (int)tiles;
}

/* A pass over n elements cut into chunks, one per tile: chunks of whole
 * blocks of `block` elements, at least `least_blocks` of them, and at
 * most `most_chunks` chunks (the last chunk may be shorter). */
typedef struct algo_chunking {
    int chunk;  /* elements per chunk, a multiple of `block` */
    int chunks; /* at least 1 */
} algo_chunking;

static inline algo_chunking algo_chunks_between(int n, int block, int least_blocks, int most_chunks) {
    int blocks = (n + block - 1) / block, per_chunk = (blocks + most_chunks - 1) / most_chunks;
    int chunk = (per_chunk > least_blocks ? per_chunk : least_blocks) * block;
    algo_chunking c = {chunk, n ? (n + chunk - 1) / chunk : 1};
    return c;
}

/* At most ALGO_MAX_TILES chunks, as small as that allows. */
static inline algo_chunking algo_chunks(int n, int block) { return algo_chunks_between(n, block, 1, ALGO_MAX_TILES); }

/* The most elements a call takes: its kernels index with int, and run a
 * little past n (a chunk's end, a block's or a stride's step: at most
 * ALGO_MAX_TILES * 2048 = 2^21 past it) without overflowing. */
#define ALGO_MAX_COUNT (INT_MAX - (1 << 22))

/* Whether n elements fit the library's kernels; else an error naming the
 * caller's line. */
static inline bool algo_count_fits(size_t n, const char *call, const char *file, unsigned line) {
    if (n <= ALGO_MAX_COUNT) return true;
    camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: %zu elements; at most %d are supported", call,
                         n, ALGO_MAX_COUNT);
    return false;
}

/* Whether the current view's device runs a version of a kernel that needs
 * `features` (enum camp_feature bits), subgroups of `least_lanes` to
 * `most_lanes` lanes and `tile_static_bytes` of tile_static memory. */
static inline bool algo_device_runs(unsigned features, unsigned least_lanes, unsigned most_lanes,
                                    unsigned tile_static_bytes) {
    camp_view_limits limits = camp_view_get_limits(camp_current_view());
    return (limits.features & features) == features && limits.subgroup_size >= least_lanes &&
           limits.subgroup_size <= most_lanes && limits.tile_static_bytes >= tile_static_bytes;
}

/* Whether the current view's device runs the kernels' subgroup versions:
 * subgroup arithmetic in compute shaders, and `extra` (the extended types
 * for 64-bit elements); else the calls take their portable versions. */
static inline bool algo_subgroups(unsigned extra) {
    return camp_view_has_features(camp_current_view(),
                                  CAMP_FEATURE_SUBGROUP_BASIC | CAMP_FEATURE_SUBGROUP_ARITHMETIC | extra);
}

/* What a call's _async form returns: where it queued kernels (`queued`),
 * a future done when the current view's work so far is; else NULL, a
 * future already done (nothing to do, or a reported error). */
static inline camp_future *algo_future(bool queued) {
    return queued ? camp_accelerator_view_create_marker(camp_current_view()) : NULL;
}

/* Whether [a, a + a_bytes) and [b, b + b_bytes) overlap. */
static inline bool algo_overlap(const void *a, size_t a_bytes, const void *b, size_t b_bytes) {
    const char *x = a, *y = b;
    return x < y + b_bytes && y < x + a_bytes;
}
#endif
