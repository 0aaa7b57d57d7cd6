/* scan.c — camp_inclusive_scan_TYPE and camp_exclusive_scan_TYPE: prefix
 * sums by reduce-then-scan, three kernels. The input is cut into at most
 * ALGO_MAX_TILES chunks of whole blocks (SCAN_BLOCK elements); the first
 * kernel sums each chunk, the second turns the chunks' sums into their
 * exclusive prefixes in one tile, the third rescans each chunk block by
 * block from its prefix: a block is loaded into tile_static memory
 * (coalesced; the next block's loads in flight meanwhile), each thread
 * sums SCAN_ITEMS consecutive elements, the tile scans the threads' sums
 * (tile_scan.h) and each thread writes its elements' prefixes back, stored
 * coalesced. Reads the input twice, writes the output once. Compiled once per element type (element_type.h), and
 * again with -DALGO_PORTABLE (tile scans in tile_static memory alone) for
 * devices without subgroup arithmetic. */
#include "call_site.h"
#include "tile_scan.h"

/* A block: SCAN_ITEMS consecutive elements a thread, 8 KiB of tile_static
 * memory and its padding whatever the element's size: within the 16 KiB
 * every device has. */
enum { SCAN_ITEMS = 32 / sizeof(algo_t), SCAN_BLOCK = ALGO_TILE * SCAN_ITEMS };
/* Partials per thread of the second kernel. */
enum { SCAN_PARTIALS_PER_THREAD = ALGO_MAX_TILES / ALGO_TILE };

/* Where element i of a block sits in tile_static memory: a word of padding
 * every 32 keeps a thread's SCAN_ITEMS consecutive elements in distinct banks. */
static int padded(int i) restrict(amp) { return i + (i >> 5); }

/* This thread's SCAN_ITEMS elements of the block at `start`, at start +
 * local, start + local + ALGO_TILE, ... (0 from `end` on), into `v`: their
 * loads in flight together. (A function of its own, as sort.c's
 * count_items, so that its loops hold no loop and unroll.) */
static void load_block(const algo_t *in, int start, int end, int local, algo_t *v) restrict(amp) {
    for (int k = 0; k < SCAN_ITEMS; k++) {
        int i = start + k * ALGO_TILE + local;
        v[k] = i < end ? in[i] : 0;
    }
}

/* The sum of this thread's elements of a chunk [begin, end). */
static algo_t chunk_sum(const algo_t *in, int begin, int end, int local) restrict(amp) {
    algo_t sum = 0, v[SCAN_ITEMS];
    for (int start = begin; start < end; start += SCAN_BLOCK) {
        load_block(in, start, end, local, v);
        for (int k = 0; k < SCAN_ITEMS; k++) sum += v[k];
    }
    return sum;
}

/* Queues the three kernels for n > 0 elements. The portable build exports
 * its version for the default build's scan. */
#ifdef ALGO_PORTABLE
#define SCAN_KERNELS ALGO_PORTABLE_NAME(scan_kernels)
void SCAN_KERNELS(const algo_t *in, algo_t *out, int n, int exclusive);
#else
#define SCAN_KERNELS scan_kernels
static
#endif
void SCAN_KERNELS(const algo_t *in, algo_t *out, int n, int exclusive) {
    algo_chunking cut = algo_chunks(n, SCAN_BLOCK);
    int chunk = cut.chunk, chunks = cut.chunks;
    algo_t *partial = array_new_on(camp_current_view(), algo_t, chunks, NULL, CAMP_ACCESS_TYPE_AUTO);
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static algo_t per_subgroup[ALGO_TILE];
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n;
        tile_exclusive_sum(chunk_sum(in, t.tile * chunk, end, t.local), per_subgroup, t.local, t.barrier);
        if (t.local == 0) partial[t.tile] = tile_scan_total(per_subgroup);
    }
    parallel_for_each(t, tile(extent(ALGO_TILE), ALGO_TILE)) {
        tile_static algo_t per_subgroup[ALGO_TILE];
        int first = t.local * SCAN_PARTIALS_PER_THREAD;
        algo_t sum = 0;
        for (int k = 0; k < SCAN_PARTIALS_PER_THREAD; k++)
            if (first + k < chunks) sum += partial[first + k];
        algo_t prefix = tile_exclusive_sum(sum, per_subgroup, t.local, t.barrier);
        for (int k = 0; k < SCAN_PARTIALS_PER_THREAD; k++) {
            if (first + k < chunks) {
                algo_t own = partial[first + k];
                partial[first + k] = prefix;
                prefix += own;
            }
        }
    }
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static algo_t block[SCAN_BLOCK + SCAN_BLOCK / 32];
        tile_static algo_t per_subgroup[ALGO_TILE];
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n, mine = t.local * SCAN_ITEMS;
        algo_t carry = partial[t.tile], next[SCAN_ITEMS];
        /* the next block's elements, loaded while this one is scanned and stored */
        load_block(in, t.tile * chunk, end, t.local, next);
        for (int start = t.tile * chunk; start < end; start += SCAN_BLOCK) {
            for (int k = 0; k < SCAN_ITEMS; k++) block[padded(k * ALGO_TILE + t.local)] = next[k];
            load_block(in, start + SCAN_BLOCK, end, t.local, next);
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            algo_t sum = 0;
            for (int k = 0; k < SCAN_ITEMS; k++) sum += block[padded(mine + k)];
            algo_t running = carry + tile_exclusive_sum(sum, per_subgroup, t.local, t.barrier);
            for (int k = 0; k < SCAN_ITEMS; k++) {
                algo_t v = block[padded(mine + k)];
                block[padded(mine + k)] = exclusive ? running : running + v;
                running += v;
            }
            carry += tile_scan_total(per_subgroup);
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int k = 0; k < SCAN_ITEMS; k++) {
                int i = start + k * ALGO_TILE + t.local;
                if (i < end) out[i] = block[padded(k * ALGO_TILE + t.local)];
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        }
    }
    array_delete(partial);
}

#ifndef ALGO_PORTABLE
void ALGO_PORTABLE_NAME(scan_kernels)(const algo_t *in, algo_t *out, int n, int exclusive);

/* Whether it queued the kernels (not for n == 0 or a reported error): the
 * version the current view's device runs. */
static bool scan(const algo_t *in, algo_t *out, size_t count, int exclusive, const char *call, const char *file,
                 unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (count == 0 || !algo_count_fits(count, call, file, line) ||
        !camp_memory_check_at(in, (long long)count, sizeof *in, false, "in", call, file, line) ||
        !camp_memory_check_at(out, (long long)count, sizeof *out, true, "out", call, file, line))
        return false;
    if (in != out && algo_overlap(in, count * sizeof *in, out, count * sizeof *out)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line,
                             "%s: out overlaps in without being in (in-place scans pass the same pointer)", call);
        return false;
    }
    if (algo_subgroups(sizeof(algo_t) == 8 ? CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES : 0))
        scan_kernels(in, out, (int)count, exclusive);
    else ALGO_PORTABLE_NAME(scan_kernels)(in, out, (int)count, exclusive);
    return true;
}

void ALGO_NAME(camp_inclusive_scan)(const algo_t *in, algo_t *out, size_t n, const char *file, unsigned line) {
    scan(in, out, n, 0, ALGO_CALL(camp_inclusive_scan), file, line);
}

void ALGO_NAME(camp_exclusive_scan)(const algo_t *in, algo_t *out, size_t n, const char *file, unsigned line) {
    scan(in, out, n, 1, ALGO_CALL(camp_exclusive_scan), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_inclusive_scan)(const algo_t *in, algo_t *out, size_t n, const char *file,
                                                  unsigned line) {
    return algo_future(scan(in, out, n, 0, ALGO_ASYNC_CALL(camp_inclusive_scan), file, line));
}

camp_future *ALGO_ASYNC_NAME(camp_exclusive_scan)(const algo_t *in, algo_t *out, size_t n, const char *file,
                                                  unsigned line) {
    return algo_future(scan(in, out, n, 1, ALGO_ASYNC_CALL(camp_exclusive_scan), file, line));
}
#endif
