/* select.c — camp_select_TYPE: stream compaction (copy_if) of the elements
 * that compare true with a value, in their order, in three steps: each tile
 * counts the kept elements of its chunk, an exclusive scan of the counts
 * (scan.c's, one more entry for the total) gives each chunk its first
 * output place, and each tile walks its chunk block by block, each thread
 * taking SELECT_ITEMS consecutive elements and a tile scan of the threads'
 * counts (tile_scan.h, on unsigned counts) giving its places. Compiled once
 * per element type (algo_type.h). */
#include <camp_algorithms.h>

#include "element_type.h"
#include "launch_shape.h"

#define ALGO_SCAN_T unsigned /* the counts */
#include "tile_scan.h"

enum { SELECT_ITEMS = 8, SELECT_BLOCK = ALGO_TILE * SELECT_ITEMS };

static int keep(algo_t v, int compare, algo_t value) restrict(amp) {
    return compare == CAMP_LESS            ? v < value
           : compare == CAMP_LESS_EQUAL    ? v <= value
           : compare == CAMP_GREATER       ? v > value
           : compare == CAMP_GREATER_EQUAL ? v >= value
           : compare == CAMP_EQUAL         ? v == value
                                           : v != value;
}

static size_t select_if(const algo_t *in, algo_t *out, size_t count, camp_compare compare, algo_t value,
                        const char *call, const char *file, unsigned line) {
    if (count == 0 || !algo_count_fits(count, call, file, line) ||
        !camp_memory_check_at(in, (long long)count, sizeof *in, false, "in", call, file, line) ||
        !camp_memory_check_at(out, (long long)count, sizeof *out, true, "out", call, file, line))
        return 0;
    if (algo_overlap(in, count * sizeof *in, out, count * sizeof *out)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: out overlaps in", call);
        return 0;
    }
    if ((unsigned)compare > CAMP_NOT_EQUAL) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: %d is no camp_compare", call,
                             (int)compare);
        return 0;
    }
    int n = (int)count, how = (int)compare;
    algo_chunking cut = algo_chunks(n, SELECT_BLOCK);
    int chunk = cut.chunk, chunks = cut.chunks;
    /* per chunk its count, then its first place; the last entry: the total */
    unsigned *places = array_new_on(camp_current_view(), unsigned, chunks + 1, NULL, CAMP_ACCESS_TYPE_AUTO);
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static unsigned per_subgroup[ALGO_TILE];
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n;
        unsigned kept = 0;
        for (int i = t.tile * chunk + t.local; i < end; i += ALGO_TILE) kept += (unsigned)keep(in[i], how, value);
        tile_exclusive_sum(kept, per_subgroup, t.local, t.barrier);
        if (t.local == 0) places[t.tile] = tile_scan_total(per_subgroup);
        if (t.tile == 0 && t.local == 0) places[chunks] = 0;
    }
    camp_exclusive_scan_uint_at(places, places, (size_t)chunks + 1, file, line);
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static unsigned per_subgroup[ALGO_TILE];
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n, mine = t.local * SELECT_ITEMS;
        unsigned place = places[t.tile];
        for (int start = t.tile * chunk; start < end; start += SELECT_BLOCK) {
            algo_t v[SELECT_ITEMS];
            unsigned kept = 0;
            for (int k = 0; k < SELECT_ITEMS; k++) {
                int i = start + mine + k;
                v[k] = i < end ? in[i] : value;
                kept += (unsigned)(i < end && keep(v[k], how, value));
            }
            unsigned at = place + tile_exclusive_sum(kept, per_subgroup, t.local, t.barrier);
            for (int k = 0; k < SELECT_ITEMS; k++) {
                int i = start + mine + k;
                if (i < end && keep(v[k], how, value)) out[at++] = v[k];
            }
            place += tile_scan_total(per_subgroup);
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        }
    }
    unsigned total = 0;
    array_copy_out(&total, places + chunks, 1);
    array_delete(places);
    return total;
}

size_t ALGO_NAME(camp_select)(const algo_t *in, algo_t *out, size_t n, camp_compare compare, algo_t value,
                              const char *file, unsigned line) {
    return select_if(in, out, n, compare, value, ALGO_CALL(camp_select), file, line);
}
