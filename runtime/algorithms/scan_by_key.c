/* scan_by_key.c — camp_inclusive_scan_by_key_TYPE and
 * camp_exclusive_scan_by_key_TYPE: prefix sums that restart at every
 * segment, a run of equal keys (Thrust's inclusive_scan_by_key and
 * exclusive_scan_by_key, whose segments start from 0). Reduce-then-scan
 * over the chunks of scan.c, with (starts a segment, sum) pairs: the first
 * kernel gives each chunk its tail (the sum from its last segment start,
 * or of all of it) and whether it holds a start; the second carries the
 * tails chunk to chunk in one thread (at most ALGO_MAX_TILES of them, from
 * tile_static memory); the third rescans each chunk block by block: the
 * block's elements and keys are loaded into tile_static memory coalesced
 * (each thread reading SCAN_ITEMS consecutive elements of its own from
 * memory, as this kernel did, read a word of every 32 bytes a load), each
 * thread takes SCAN_ITEMS consecutive elements there, a segmented scan of
 * the threads' pairs (pair_scan) gives each thread what precedes it in its
 * segment, the results go back into tile_static memory and out to memory
 * coalesced, and the block's last pair carries into the next block. Every
 * sum is a sum of one segment's elements, in order by blocks: nothing is
 * subtracted. Compiled once per element type, and again with
 * -DALGO_PORTABLE (the pairs scanned in tile_static memory alone) for
 * devices without subgroup shuffles and arithmetic. */
#include "call_site.h"
#include "element_type.h"
#include "launch_shape.h"

enum { SCAN_ITEMS = 8, SCAN_BLOCK = ALGO_TILE * SCAN_ITEMS };

/* Whether element i starts a segment. */
static int starts(const unsigned *keys, int i) restrict(amp) { return i == 0 || keys[i] != keys[i - 1]; }

#ifdef ALGO_PORTABLE
/* The inclusive segmented scan of the tile's pairs (each thread's `sum`
 * and `open`) into pair_sum and pair_open: in tile_static memory alone,
 * log2(ALGO_TILE) steps of two barriers. */
static void pair_scan(algo_t sum, unsigned open, algo_t *pair_sum, unsigned *pair_open, algo_t *group_sum,
                      unsigned *group_open, int local, tile_barrier barrier) restrict(amp) {
    (void)group_sum;
    (void)group_open;
    pair_sum[local] = sum;
    pair_open[local] = open;
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    for (int d = 1; d < ALGO_TILE; d *= 2) {
        algo_t before_sum = local >= d ? pair_sum[local - d] : 0;
        unsigned before_open = local >= d ? pair_open[local - d] : 0;
        tile_barrier_wait_with_tile_static_memory_fence(barrier);
        if (local >= d && !pair_open[local]) {
            pair_sum[local] = before_sum + pair_sum[local];
            pair_open[local] = before_open;
        }
        tile_barrier_wait_with_tile_static_memory_fence(barrier);
    }
}
#else
/* The same in each subgroup by shuffles, then the subgroups' carries in
 * order (group_sum, group_open: a slot per subgroup): three barriers where
 * the portable version takes sixteen. */
static void pair_scan(algo_t sum, unsigned open, algo_t *pair_sum, unsigned *pair_open, algo_t *group_sum,
                      unsigned *group_open, int local, tile_barrier barrier) restrict(amp) {
    for (unsigned d = 1; d < subgroup_size(); d *= 2) {
        algo_t up_sum = subgroup_shuffle_up(sum, d);
        unsigned up_open = subgroup_shuffle_up(open, d);
        if (subgroup_lane() >= d && !open) {
            sum = up_sum + sum;
            open = up_open;
        }
    }
    if (subgroup_lane() == subgroup_size() - 1) {
        group_sum[subgroup_id()] = sum;
        group_open[subgroup_id()] = open;
    }
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    if (local == 0) {
        algo_t carried = 0;
        unsigned carried_open = 0;
        for (unsigned g = 0; g < ALGO_TILE / subgroup_size(); g++) {
            algo_t g_sum = group_sum[g];
            unsigned g_open = group_open[g];
            group_sum[g] = carried;
            group_open[g] = carried_open;
            carried = g_open ? g_sum : carried + g_sum;
            carried_open |= g_open;
        }
    }
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
    if (!open) {
        sum = group_sum[subgroup_id()] + sum;
        open = group_open[subgroup_id()];
    }
    pair_sum[local] = sum;
    pair_open[local] = open;
    tile_barrier_wait_with_tile_static_memory_fence(barrier);
}
#endif

/* Where element i of a block sits in tile_static memory: a word of padding
 * every 32 keeps a thread's SCAN_ITEMS consecutive elements in distinct
 * banks (as scan.c's). */
static int padded(int i) restrict(amp) { return i + (i >> 5); }

/* Whether element `at` of the block in tile_static memory starts a
 * segment (key_before: the key before the block's first element). */
static int starts_in_block(const unsigned *block_keys, int at, unsigned key_before) restrict(amp) {
    return block_keys[padded(at)] != (at ? block_keys[padded(at - 1)] : key_before);
}

/* Queues the three kernels for n > 0 elements. The portable build exports
 * its version for the default build's calls. */
#ifdef ALGO_PORTABLE
#define SCAN_BY_KEY_KERNELS ALGO_PORTABLE_NAME(scan_by_key_kernels)
void SCAN_BY_KEY_KERNELS(const unsigned *keys, const algo_t *in, algo_t *out, int n, int exclusive);
#else
#define SCAN_BY_KEY_KERNELS scan_by_key_kernels
static
#endif
void SCAN_BY_KEY_KERNELS(const unsigned *keys, const algo_t *in, algo_t *out, int n, int exclusive) {
    algo_chunking cut = algo_chunks(n, SCAN_BLOCK);
    int chunk = cut.chunk, chunks = cut.chunks;
    camp_accelerator_view *view = camp_current_view();
    /* per chunk: its tail, then the carry into it; whether it holds a segment start */
    algo_t *carry = array_new_on(view, algo_t, chunks, NULL, CAMP_ACCESS_TYPE_AUTO);
    unsigned *has_start = array_new_on(view, unsigned, chunks, NULL, CAMP_ACCESS_TYPE_AUTO);
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static int last_start;
        tile_static algo_t sums[ALGO_TILE];
        int first = t.tile * chunk, end = n - first > chunk ? first + chunk : n;
        if (t.local == 0) last_start = -1;
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        for (int i = first + t.local; i < end; i += ALGO_TILE)
            if (starts(keys, i)) camp_atomic_fetch_max(&last_start, i);
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        int from = last_start < 0 ? first : last_start;
        algo_t sum = 0;
        for (int i = from + t.local; i < end; i += ALGO_TILE) sum += in[i];
        sums[t.local] = sum;
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        for (int half = ALGO_TILE / 2; half > 0; half /= 2) {
            if (t.local < half) sums[t.local] += sums[t.local + half];
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        }
        if (t.local == 0) {
            carry[t.tile] = sums[0];
            has_start[t.tile] = last_start >= 0;
        }
    }
    parallel_for_each(t, tile(extent(ALGO_TILE), ALGO_TILE)) {
        tile_static algo_t tails[ALGO_MAX_TILES];
        tile_static unsigned opens[ALGO_MAX_TILES];
        for (int g = t.local; g < chunks; g += ALGO_TILE) {
            tails[g] = carry[g];
            opens[g] = has_start[g];
        }
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        if (t.local == 0) {
            algo_t running = 0;
            for (int g = 0; g < chunks; g++) {
                algo_t tail = tails[g];
                tails[g] = running;
                running = opens[g] ? tail : running + tail;
            }
        }
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        for (int g = t.local; g < chunks; g += ALGO_TILE) carry[g] = tails[g];
    }
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static algo_t block[SCAN_BLOCK + SCAN_BLOCK / 32];
        tile_static unsigned block_keys[SCAN_BLOCK + SCAN_BLOCK / 32];
        tile_static unsigned key_before; /* the key before the block's first element */
        tile_static algo_t pair_sum[ALGO_TILE];
        tile_static unsigned pair_open[ALGO_TILE];
        tile_static algo_t group_sum[ALGO_TILE];
        tile_static unsigned group_open[ALGO_TILE];
        int first = t.tile * chunk, end = n - first > chunk ? first + chunk : n, mine = t.local * SCAN_ITEMS;
        algo_t block_carry = carry[t.tile];
        for (int start = first; start < end; start += SCAN_BLOCK) {
            int valid = end - start < SCAN_BLOCK ? end - start : SCAN_BLOCK;
            for (int k = 0; k < SCAN_ITEMS; k++) {
                int at = k * ALGO_TILE + t.local;
                block[padded(at)] = at < valid ? in[start + at] : 0;
                block_keys[padded(at)] = at < valid ? keys[start + at] : 0u;
            }
            /* the element before the block: none before the first (a start) */
            if (t.local == 0) key_before = start > 0 ? keys[start - 1] : ~keys[0];
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            /* this thread's pair: whether its elements start a segment, and
             * their sum from the last start among them */
            algo_t sum = 0;
            unsigned open = 0;
            for (int k = 0; k < SCAN_ITEMS; k++) {
                int at = mine + k;
                if (at < valid && starts_in_block(block_keys, at, key_before)) {
                    open = 1;
                    sum = 0;
                }
                sum += block[padded(at)]; /* 0 past the end */
            }
            pair_scan(sum, open, pair_sum, pair_open, group_sum, group_open, t.local, t.barrier);
            /* what precedes this thread's first element in its segment */
            algo_t running = t.local ? pair_sum[t.local - 1] : 0;
            if (t.local == 0 || !pair_open[t.local - 1]) running = block_carry + running;
            for (int k = 0; k < SCAN_ITEMS; k++) {
                int at = mine + k;
                algo_t x = block[padded(at)];
                int start_here = starts_in_block(block_keys, at, key_before);
                algo_t result = start_here ? (exclusive ? 0 : x) : (exclusive ? running : running + x);
                running = start_here ? x : running + x;
                block[padded(at)] = result;
            }
            block_carry = pair_open[ALGO_TILE - 1] ? pair_sum[ALGO_TILE - 1] : block_carry + pair_sum[ALGO_TILE - 1];
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int k = 0; k < SCAN_ITEMS; k++) {
                int at = k * ALGO_TILE + t.local;
                if (at < valid) out[start + at] = block[padded(at)];
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        }
    }
    array_delete(has_start);
    array_delete(carry);
}

#ifndef ALGO_PORTABLE
void ALGO_PORTABLE_NAME(scan_by_key_kernels)(const unsigned *keys, const algo_t *in, algo_t *out, int n, int exclusive);

/* Whether it queued the kernels (not for n == 0 or a reported error): the
 * version the current view's device runs. */
static bool scan_by_key(const unsigned *keys, const algo_t *in, algo_t *out, size_t count, bool exclusive,
                        const char *call, const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (count == 0 || !algo_count_fits(count, call, file, line) ||
        !camp_memory_check_at(keys, (long long)count, sizeof *keys, false, "keys", call, file, line) ||
        !camp_memory_check_at(in, (long long)count, sizeof *in, false, "in", call, file, line) ||
        !camp_memory_check_at(out, (long long)count, sizeof *out, true, "out", call, file, line))
        return false;
    if ((in != out && algo_overlap(in, count * sizeof *in, out, count * sizeof *out)) ||
        algo_overlap(keys, count * sizeof *keys, out, count * sizeof *out)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line,
                             "%s: out overlaps keys, or in without being in (in place: the same pointer)", call);
        return false;
    }
    if (algo_subgroups(CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE)) scan_by_key_kernels(keys, in, out, (int)count, exclusive);
    else ALGO_PORTABLE_NAME(scan_by_key_kernels)(keys, in, out, (int)count, exclusive);
    return true;
}

void ALGO_NAME(camp_inclusive_scan_by_key)(const unsigned *keys, const algo_t *in, algo_t *out, size_t n,
                                           const char *file, unsigned line) {
    scan_by_key(keys, in, out, n, false, ALGO_CALL(camp_inclusive_scan_by_key), file, line);
}

void ALGO_NAME(camp_exclusive_scan_by_key)(const unsigned *keys, const algo_t *in, algo_t *out, size_t n,
                                           const char *file, unsigned line) {
    scan_by_key(keys, in, out, n, true, ALGO_CALL(camp_exclusive_scan_by_key), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_inclusive_scan_by_key)(const unsigned *keys, const algo_t *in, algo_t *out, size_t n,
                                                         const char *file, unsigned line) {
    return algo_future(scan_by_key(keys, in, out, n, false, ALGO_ASYNC_CALL(camp_inclusive_scan_by_key), file, line));
}

camp_future *ALGO_ASYNC_NAME(camp_exclusive_scan_by_key)(const unsigned *keys, const algo_t *in, algo_t *out, size_t n,
                                                         const char *file, unsigned line) {
    return algo_future(scan_by_key(keys, in, out, n, true, ALGO_ASYNC_CALL(camp_exclusive_scan_by_key), file, line));
}
#endif
