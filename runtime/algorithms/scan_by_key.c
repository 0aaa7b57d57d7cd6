/* scan_by_key.c — camp_inclusive_scan_by_key_TYPE and
 * camp_exclusive_scan_by_key_TYPE: prefix sums that restart at every
 * segment, a run of equal keys (Thrust's inclusive_scan_by_key and
 * exclusive_scan_by_key, whose segments start from 0). Reduce-then-scan over the chunks of scan.c,
 * with (starts a segment, sum) pairs: the first kernel gives each chunk
 * its tail (the sum from its last segment start, or of all of it) and
 * whether it holds a start; the second carries the tails chunk to chunk in
 * one thread (at most ALGO_MAX_TILES of them, from tile_static memory);
 * the third rescans each chunk block by block: each thread takes
 * SCAN_ITEMS consecutive elements, a segmented scan of the threads' pairs
 * in tile_static memory (log2(ALGO_TILE) steps) gives each thread what
 * precedes it in its segment, and the block's last pair carries into the
 * next block. Every sum is a sum of one segment's elements, in order by
 * blocks: nothing is subtracted. Compiled once per element type. */
#include "element_type.h"
#include "launch_shape.h"

enum { SCAN_ITEMS = 8, SCAN_BLOCK = ALGO_TILE * SCAN_ITEMS };

/* Whether element i starts a segment. */
static int starts(const unsigned *keys, int i) restrict(amp) { return i == 0 || keys[i] != keys[i - 1]; }

static bool scan_by_key(const unsigned *keys, const algo_t *in, algo_t *out, size_t count, bool exclusive,
                        const char *call, const char *file, unsigned line) {
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
    int n = (int)count;
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
    int exclusive_scan = exclusive; /* an int capture: an 8-bit one needs storagePushConstant8 */
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static algo_t pair_sum[ALGO_TILE];
        tile_static unsigned pair_open[ALGO_TILE];
        int first = t.tile * chunk, end = n - first > chunk ? first + chunk : n, mine = t.local * SCAN_ITEMS;
        algo_t block_carry = carry[t.tile];
        for (int start = first; start < end; start += SCAN_BLOCK) {
            /* this thread's pair: whether its elements start a segment, and
             * their sum from the last start among them */
            algo_t sum = 0;
            unsigned open = 0;
            for (int k = 0; k < SCAN_ITEMS; k++) {
                int i = start + mine + k;
                if (i < end) {
                    if (starts(keys, i)) {
                        open = 1;
                        sum = 0;
                    }
                    sum += in[i];
                }
            }
            pair_sum[t.local] = sum;
            pair_open[t.local] = open;
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            /* the inclusive segmented scan of the pairs, in place */
            for (int d = 1; d < ALGO_TILE; d *= 2) {
                algo_t before_sum = t.local >= d ? pair_sum[t.local - d] : 0;
                unsigned before_open = t.local >= d ? pair_open[t.local - d] : 0;
                tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
                if (t.local >= d && !pair_open[t.local]) {
                    pair_sum[t.local] = before_sum + pair_sum[t.local];
                    pair_open[t.local] = before_open;
                }
                tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            }
            /* what precedes this thread's first element in its segment */
            algo_t running = t.local ? pair_sum[t.local - 1] : 0;
            if (t.local == 0 || !pair_open[t.local - 1]) running = block_carry + running;
            for (int k = 0; k < SCAN_ITEMS; k++) {
                int i = start + mine + k;
                if (i < end) { /* in[i] read before out[i] is written: out may be in */
                    algo_t x = in[i];
                    int start_here = starts(keys, i);
                    if (exclusive_scan) out[i] = start_here ? 0 : running;
                    running = start_here ? x : running + x;
                    if (!exclusive_scan) out[i] = running;
                }
            }
            block_carry = pair_open[ALGO_TILE - 1] ? pair_sum[ALGO_TILE - 1] : block_carry + pair_sum[ALGO_TILE - 1];
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        }
    }
    array_delete(has_start);
    array_delete(carry);
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
