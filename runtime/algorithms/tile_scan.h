/* tile_scan.h — the exclusive prefix sum of one value per thread over a
 * tile, in t.local order, with subgroup scans: each subgroup scans its
 * lanes (subgroup_exclusive_add), its last lane leaves the subgroup's
 * total in tile_static memory, one thread adds those up in order (at most
 * ALGO_TILE / subgroup_size() of them: 8 on a warp), and each thread adds
 * the totals of the subgroups before its own. Two barriers. Compiled with
 * -DALGO_PORTABLE, for devices without subgroup arithmetic, it scans in
 * tile_static memory instead. */
#ifndef ALGO_TILE_SCAN_H
#define ALGO_TILE_SCAN_H
#include "element_type.h"
#include "launch_shape.h"

/* What is scanned: the file's element type unless it says otherwise (the
 * counts of select.c are unsigned whatever it selects). */
#ifndef ALGO_SCAN_T
#define ALGO_SCAN_T algo_t
#endif
typedef ALGO_SCAN_T scan_t;

#ifdef ALGO_PORTABLE
/* The portable version: a Hillis-Steele scan in the array (ALGO_TILE
 * elements), 2 log2(ALGO_TILE) + 1 barriers; afterwards its last element
 * holds the tile's total. */
static inline scan_t tile_exclusive_sum(scan_t v, scan_t *scratch, int local, tile_barrier barrier) restrict(amp) {
    scratch[local] = v;
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    for (int d = 1; d < ALGO_TILE; d *= 2) {
        scan_t before = local >= d ? scratch[local - d] : 0;
        tile_barrier_wait_with_tile_static_memory_fence(barrier);
        scratch[local] += before;
        tile_barrier_wait_with_tile_static_memory_fence(barrier);
    }
    return local ? scratch[local - 1] : 0;
}

static inline scan_t tile_scan_total(const scan_t *scratch) restrict(amp) { return scratch[ALGO_TILE - 1]; }
#else
/* v's exclusive prefix over the tile; afterwards per_subgroup[ALGO_TILE /
 * subgroup_size() - 1] holds the tile's total until the next call (whose
 * first write comes after a barrier of the caller's). */
static inline scan_t tile_exclusive_sum(scan_t v, scan_t *per_subgroup, int local, tile_barrier barrier) restrict(amp) {
    scan_t before_in_subgroup = subgroup_exclusive_add(v);
    if (subgroup_lane() == subgroup_size() - 1) per_subgroup[subgroup_id()] = before_in_subgroup + v;
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    if (local == 0)
        for (unsigned i = 1; i < ALGO_TILE / subgroup_size(); i++) per_subgroup[i] += per_subgroup[i - 1];
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    return subgroup_id() ? per_subgroup[subgroup_id() - 1] + before_in_subgroup : before_in_subgroup;
}

/* The tile's total after tile_exclusive_sum. */
static inline scan_t tile_scan_total(const scan_t *per_subgroup) restrict(amp) {
    return per_subgroup[ALGO_TILE / subgroup_size() - 1];
}
#endif
#endif
