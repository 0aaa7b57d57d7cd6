/* select.c — camp_select_TYPE: stream compaction (copy_if) of the elements
 * that compare true with a value, and camp_unique_TYPE, of the elements
 * that differ from the one before them, in their order, in three steps:
 * each subgroup counts the kept elements of its run, an exclusive scan of
 * the counts (scan.c's, one more entry for the total) gives each run its
 * first output place, and each subgroup walks its run again, the kept
 * elements placed by subgroup ballots. The count comes back by a copy (a
 * wait), or for the _async forms goes into the caller's memory. Compiled
 * once per element type (element_type.h), and again with -DALGO_PORTABLE
 * (chunks of tiles, and tile scans in tile_static memory alone) for
 * devices without subgroup ballots or arithmetic. */
#include <camp_algorithms.h>

#include "call_site.h"
#include "element_type.h"
#include "launch_shape.h"

#define ALGO_SCAN_T unsigned /* the counts */
#include "tile_scan.h"

enum { SELECT_ITEMS = 8, SELECT_BLOCK = ALGO_TILE * SELECT_ITEMS };

/* What a selection keeps: a camp_compare against a value, or this. */
enum { SELECT_UNIQUE = CAMP_NOT_EQUAL + 1 };

/* Whether v, element i of the input, is kept: it compares true with
 * `value`, or (SELECT_UNIQUE) it is the first element or differs from
 * `before`, the element before it. */
static int keep(algo_t v, algo_t before, int i, int how, algo_t value) restrict(amp) {
    if (how == SELECT_UNIQUE) return i == 0 || v != before;
    return how == CAMP_LESS            ? v < value
           : how == CAMP_LESS_EQUAL    ? v <= value
           : how == CAMP_GREATER       ? v > value
           : how == CAMP_GREATER_EQUAL ? v >= value
           : how == CAMP_EQUAL         ? v == value
                                       : v != value;
}

/* This lane's SELECT_ITEMS elements at base, base + lanes, ... (0 past
 * `end`), loaded together: their loads in flight at once. (These are
 * functions of their own so that the kernels' loops over items hold no
 * loop: campcc unrolls a constant loop, which keeps its arrays in
 * registers, only where none nest; and each load is a select, not a
 * branch, which would make the loads wait one for another.) */
static void load_items(const algo_t *in, int base, int end, int lanes, algo_t *v) restrict(amp) {
    for (int k = 0; k < SELECT_ITEMS; k++) {
        int i = base + k * lanes;
        v[k] = i < end ? in[i] : (algo_t)0;
    }
}

/* Whether element i, v, is kept (before `end`). */
static int kept_item(const algo_t *in, algo_t v, int i, int end, int how, algo_t value) restrict(amp) {
    algo_t before = how == SELECT_UNIQUE && i > 0 && i < end ? in[i - 1] : v;
    return i < end && keep(v, before, i, how, value);
}

/* The kept elements among this lane's SELECT_ITEMS at base. */
static unsigned kept_of_items(const algo_t *in, int base, int end, int lanes, int how, algo_t value) restrict(amp) {
    algo_t v[SELECT_ITEMS];
    load_items(in, base, end, lanes, v);
    unsigned kept = 0;
    for (int k = 0; k < SELECT_ITEMS; k++) kept += (unsigned)kept_item(in, v[k], base + k * lanes, end, how, value);
    return kept;
}

#ifdef ALGO_PORTABLE
/* Whether in[i] is kept. */
static int keep_at(const algo_t *in, int i, int how, algo_t value) restrict(amp) {
    return keep(in[i], how == SELECT_UNIQUE && i ? in[i - 1] : in[i], i, how, value);
}

/* A tile's chunk: eight blocks or more (on the H200, 64 Mi floats: 0.29
 * ms against 0.30 with at most ALGO_MAX_TILES chunks). */
enum { SELECT_CHUNK_BLOCKS = 8, SELECT_MAX_CHUNKS = 1 << 16 };

/* Queues the kernels (n > 0, arguments checked) that copy the kept
 * elements to out and write their number into total[0] and places[last],
 * `places` made here (*last: its last entry). Each tile counts the kept
 * elements of its chunk; an exclusive scan of the counts gives each its
 * first place; each thread takes SELECT_ITEMS consecutive elements of a
 * block of its tile's, and a tile scan of the threads' counts gives their
 * places. The default build's version is below. */
unsigned *ALGO_PORTABLE_NAME(select_kernels)(const algo_t *in, algo_t *out, int n, int how, algo_t value,
                                             unsigned *total, int *last, const char *file, unsigned line);
unsigned *ALGO_PORTABLE_NAME(select_kernels)(const algo_t *in, algo_t *out, int n, int how, algo_t value,
                                             unsigned *total, int *last, const char *file, unsigned line) {
    algo_chunking cut = algo_chunks_between(n, SELECT_BLOCK, SELECT_CHUNK_BLOCKS, SELECT_MAX_CHUNKS);
    int chunk = cut.chunk, chunks = cut.chunks;
    /* per chunk its count, then its first place; the last entry: the total */
    unsigned *places = array_new_on(camp_current_view(), unsigned, chunks + 1, NULL, CAMP_ACCESS_TYPE_AUTO);
    if (!total) total = places + chunks;
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static unsigned per_subgroup[ALGO_TILE];
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n;
        unsigned own = 0;
        for (int base = t.tile * chunk + t.local; base < end; base += SELECT_BLOCK)
            own += kept_of_items(in, base, end, ALGO_TILE, how, value);
        tile_exclusive_sum(own, per_subgroup, t.local, t.barrier);
        if (t.local == 0) places[t.tile] = tile_scan_total(per_subgroup);
        if (t.tile == 0 && t.local == 0) places[chunks] = 0;
    }
    camp_exclusive_scan_uint_at(places, places, (size_t)chunks + 1, file, line);
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static unsigned per_subgroup[ALGO_TILE];
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n, mine = t.local * SELECT_ITEMS;
        unsigned place = places[t.tile];
        if (t.tile == 0 && t.local == 0) total[0] = places[chunks];
        for (int start = t.tile * chunk; start < end; start += SELECT_BLOCK) {
            int kept_here[SELECT_ITEMS];
            unsigned own = 0;
            for (int k = 0; k < SELECT_ITEMS; k++) {
                int i = start + mine + k;
                kept_here[k] = i < end && keep_at(in, i, how, value);
                own += (unsigned)kept_here[k];
            }
            unsigned at = place + tile_exclusive_sum(own, per_subgroup, t.local, t.barrier);
            for (int k = 0; k < SELECT_ITEMS; k++)
                if (kept_here[k]) out[at++] = in[start + mine + k];
            place += tile_scan_total(per_subgroup);
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        }
    }
    *last = chunks;
    return places;
}
#else
/* A tile's span of elements, cut into one run per subgroup; the counts of
 * a tile's runs take SELECT_SLOTS places (subgroups of 8 lanes, the
 * fewest these kernels take: ALGO_TILE / 8 of them), those of larger
 * subgroups spread over them with zeros between, so that the host sizes
 * them whatever the subgroups the device makes. */
enum { SELECT_SPAN = 16384, SELECT_LEAST_LANES = 8, SELECT_SLOTS = ALGO_TILE / SELECT_LEAST_LANES };

/* The lanes set in a ballot, and those below this lane's. */
static unsigned lanes_in(uint4 ballot) restrict(amp) {
    return (unsigned)(camp_bit_count(ballot.x) + camp_bit_count(ballot.y) + camp_bit_count(ballot.z) +
                      camp_bit_count(ballot.w));
}

/* The bits of a ballot's word `w` (lanes 32w .. 32w + 31) below `lane`. */
static unsigned bits_below(unsigned word, unsigned w, unsigned lane) restrict(amp) {
    unsigned first = 32 * w;
    return lane >= first + 32 ? (unsigned)camp_bit_count(word)
           : lane > first     ? (unsigned)camp_bit_count(word & ((1u << (lane - first)) - 1u))
                              : 0u;
}

/* (No loop and no array: it is called in the kernels' unrolled loops.) */
static unsigned lanes_below(uint4 ballot, unsigned lane) restrict(amp) {
    return bits_below(ballot.x, 0, lane) + bits_below(ballot.y, 1, lane) + bits_below(ballot.z, 2, lane) +
           bits_below(ballot.w, 3, lane);
}

/* Stores the kept elements of the subgroup's SELECT_ITEMS steps at base
 * (this lane's first element) from out[place] on, side by side; returns
 * the place after them. */
static unsigned store_kept_items(const algo_t *in, algo_t *out, int base, int end, unsigned lanes, unsigned lane,
                                 int how, algo_t value, unsigned place) restrict(amp) {
    algo_t v[SELECT_ITEMS];
    load_items(in, base, end, (int)lanes, v);
    for (int k = 0; k < SELECT_ITEMS; k++) {
        int kept = kept_item(in, v[k], base + k * (int)lanes, end, how, value);
        uint4 ballot = subgroup_ballot(kept);
        if (kept) out[place + lanes_below(ballot, lane)] = v[k];
        place += lanes_in(ballot);
    }
    return place;
}

/* This subgroup's run of its tile's span, [begin, end), the first of the
 * slots its count takes, and how many (the kernels must agree on them). */
typedef struct select_run {
    int begin, end, slot;
    unsigned slots;
} select_run;

static select_run run_of_subgroup(int tile, int n) restrict(amp) {
    unsigned groups = ALGO_TILE / subgroup_size(), group = subgroup_id(), length = SELECT_SPAN / groups;
    select_run r;
    r.begin = tile * SELECT_SPAN + (int)(group * length);
    r.end = r.begin + (int)length < n ? r.begin + (int)length : n;
    r.slots = SELECT_SLOTS / groups;
    r.slot = tile * SELECT_SLOTS + (int)(group * r.slots);
    return r;
}

/* The default build's select_kernels (as the portable one's above): each
 * subgroup counts the kept elements of its run, an exclusive scan of the
 * counts gives each run its first place, and each subgroup walks its run
 * SELECT_ITEMS steps of a lane an element at a time, a ballot placing each
 * step's kept elements side by side; no barriers (the subgroups' places
 * are the scan's), SELECT_ITEMS loads in flight. 64 Mi floats on the
 * H200: 0.25 ms a call, 0.97x Thrust's (0.36 where tiles walked chunks
 * block by block, ranks by ballots and a tile scan of the subgroups'
 * counts placing them: five barriers a block of 2,048). */
static unsigned *select_kernels(const algo_t *in, algo_t *out, int n, int how, algo_t value, unsigned *total,
                                int *last, const char *file, unsigned line) {
    int tiles = (n + SELECT_SPAN - 1) / SELECT_SPAN, slots = tiles * SELECT_SLOTS;
    unsigned *places = array_new_on(camp_current_view(), unsigned, slots + 1, NULL, CAMP_ACCESS_TYPE_AUTO);
    if (!total) total = places + slots;
    parallel_for_each(t, tile(extent(tiles * ALGO_TILE), ALGO_TILE)) {
        unsigned lanes = subgroup_size(), lane = subgroup_lane();
        select_run run = run_of_subgroup(t.tile, n);
        unsigned own = 0;
        for (int base = run.begin + (int)lane; base < run.end; base += SELECT_ITEMS * (int)lanes)
            own += kept_of_items(in, base, run.end, (int)lanes, how, value);
        unsigned kept = subgroup_reduce_add(own);
        if (lane < run.slots) places[run.slot + (int)lane] = lane == 0 ? kept : 0u;
        if (t.tile == 0 && t.local == 0) places[slots] = 0;
    }
    camp_exclusive_scan_uint_at(places, places, (size_t)slots + 1, file, line);
    parallel_for_each(t, tile(extent(tiles * ALGO_TILE), ALGO_TILE)) {
        unsigned lanes = subgroup_size(), lane = subgroup_lane();
        select_run run = run_of_subgroup(t.tile, n);
        unsigned place = places[run.slot];
        if (t.tile == 0 && t.local == 0) total[0] = places[slots];
        for (int base = run.begin + (int)lane; base - (int)lane < run.end; base += SELECT_ITEMS * (int)lanes)
            place = store_kept_items(in, out, base, run.end, lanes, lane, how, value, place);
    }
    *last = slots;
    return places;
}
#endif

#ifndef ALGO_PORTABLE
unsigned *ALGO_PORTABLE_NAME(select_kernels)(const algo_t *in, algo_t *out, int n, int how, algo_t value,
                                             unsigned *total, int *last, const char *file, unsigned line);

/* The selection into out and count[0] (an array's or view's element), or
 * where count is NULL *kept after a wait, by the kernels' version the
 * current view's device runs; false after a reported error. */
static bool select_if(const algo_t *in, algo_t *out, size_t n_elements, int how, algo_t value, unsigned *count,
                      size_t *kept, const char *call, const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!algo_count_fits(n_elements, call, file, line)) return false;
    if (count && !camp_memory_check_at(count, 1, sizeof *count, true, "count", call, file, line)) return false;
    if (n_elements == 0) {
        if (count) camp_fill_uint_at(count, 1, 0u, file, line);
        return true;
    }
    if (!camp_memory_check_at(in, (long long)n_elements, sizeof *in, false, "in", call, file, line) ||
        !camp_memory_check_at(out, (long long)n_elements, sizeof *out, true, "out", call, file, line))
        return false;
    if (algo_overlap(in, n_elements * sizeof *in, out, n_elements * sizeof *out)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: out overlaps in", call);
        return false;
    }
    /* the default build's kernels: subgroup ballots and arithmetic, and
     * subgroups of SELECT_LEAST_LANES lanes to 128 (a ballot's four words) */
    unsigned needs = CAMP_FEATURE_SUBGROUP_BASIC | CAMP_FEATURE_SUBGROUP_BALLOT | CAMP_FEATURE_SUBGROUP_ARITHMETIC;
    int n = (int)n_elements, last = 0;
    unsigned *places = algo_device_runs(needs, SELECT_LEAST_LANES, 128, 0)
                           ? select_kernels(in, out, n, how, value, count, &last, file, line)
                           : ALGO_PORTABLE_NAME(select_kernels)(in, out, n, how, value, count, &last, file, line);
    if (!count) {
        unsigned total_kept = 0;
        array_copy_out(&total_kept, places + last, 1);
        *kept = total_kept;
    }
    array_delete(places);
    return true;
}

/* Whether `compare` is a camp_compare; else an error. */
static bool known_compare(camp_compare compare, const char *call, const char *file, unsigned line) {
    if ((unsigned)compare <= CAMP_NOT_EQUAL) return true;
    camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: %d is no camp_compare", call, (int)compare);
    return false;
}

/* Whether the _async form's count is there; else an error. */
static bool count_given(const unsigned *count, const char *call, const char *file, unsigned line) {
    if (count) return true;
    camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: count is a null pointer", call);
    return false;
}

size_t ALGO_NAME(camp_select)(const algo_t *in, algo_t *out, size_t n, camp_compare compare, algo_t value,
                              const char *file, unsigned line) {
    size_t kept = 0;
    if (known_compare(compare, ALGO_CALL(camp_select), file, line))
        select_if(in, out, n, (int)compare, value, NULL, &kept, ALGO_CALL(camp_select), file, line);
    return kept;
}

camp_future *ALGO_ASYNC_NAME(camp_select)(const algo_t *in, algo_t *out, size_t n, camp_compare compare,
                                          algo_t value, unsigned *count, const char *file, unsigned line) {
    const char *call = ALGO_ASYNC_CALL(camp_select);
    return algo_future(known_compare(compare, call, file, line) && count_given(count, call, file, line) &&
                       select_if(in, out, n, (int)compare, value, count, NULL, call, file, line));
}

size_t ALGO_NAME(camp_unique)(const algo_t *in, algo_t *out, size_t n, const char *file, unsigned line) {
    size_t kept = 0;
    select_if(in, out, n, SELECT_UNIQUE, (algo_t)0, NULL, &kept, ALGO_CALL(camp_unique), file, line);
    return kept;
}

camp_future *ALGO_ASYNC_NAME(camp_unique)(const algo_t *in, algo_t *out, size_t n, unsigned *count, const char *file,
                                          unsigned line) {
    const char *call = ALGO_ASYNC_CALL(camp_unique);
    return algo_future(count_given(count, call, file, line) &&
                       select_if(in, out, n, SELECT_UNIQUE, (algo_t)0, count, NULL, call, file, line));
}
#endif
