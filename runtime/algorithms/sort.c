/* sort.c — camp_sort_TYPE and camp_sort_by_key_TYPE: a stable least
 * significant digit radix sort of 32-bit keys (unsigned, int, float in
 * their sortable order; compiled with -DALGO_UINT) or of 64-bit ones
 * (unsigned long long, long long, double; -DALGO_UINT64), with optional
 * 32-bit values, in passes of 8 bits (4 or 8) between the caller's memory
 * and a scratch copy. A pass cuts the keys into at most ALGO_MAX_TILES
 * chunks of whole blocks (SORT_BLOCK keys) and runs three steps: each tile
 * counts its chunk's digits (atomics in tile_static memory) into
 * counts[digit][chunk]; an exclusive scan of the counts (scan.c's) gives
 * every chunk its first place for each digit; each tile then sorts its
 * chunk's blocks in order in tile_static memory by the digit (four stable
 * two-bit splits, each a tile scan of tile_scan.h) and stores each key at
 * its digit's place plus its rank among the block's keys of that digit.
 * Compiled again with -DALGO_PORTABLE (tile scans in tile_static memory
 * alone) for devices without subgroup arithmetic. */
#include <camp_algorithms.h>

#include "element_type.h"
#define ALGO_SCAN_T unsigned /* the tile scans count keys */
#include "tile_scan.h"

/* The keys' bits: algo_t, unsigned or unsigned long long. */
enum { RADIX_BITS = 8, RADIX_DIGITS = 1 << RADIX_BITS, KEY_BITS = 8 * sizeof(algo_t) };
_Static_assert(RADIX_DIGITS == ALGO_TILE, "each thread of a tile owns one digit's count");
_Static_assert(KEY_BITS % (2 * RADIX_BITS) == 0, "an even number of passes leaves the keys in place");
/* A block: SORT_ITEMS consecutive keys per thread. A split sorts it by
 * SPLIT_BITS bits of the digit: the counts of its first three buckets,
 * FIELD_BITS each, share one word of the tile scan (at most SORT_BLOCK =
 * 768 < 2^10 in a field); the fourth's follow from the positions. */
enum { SORT_ITEMS = 3, SORT_BLOCK = ALGO_TILE * SORT_ITEMS, SPLIT_BITS = 2, FIELD_BITS = 10 };
_Static_assert(SORT_BLOCK < 1 << FIELD_BITS, "a bucket's count fits its field");

/* How a key's bits order: as unsigned, as a two's complement integer, as
 * an IEEE float (negative numbers below positive, -0 below +0, NaNs at the
 * ends by their sign). */
enum key_kind { KEYS_UNSIGNED, KEYS_SIGNED, KEYS_FLOAT };

/* The key's bits turned so that unsigned order is the kind's order. */
static algo_t sortable(algo_t bits, int kind) restrict(amp) {
    algo_t sign = (algo_t)1 << (KEY_BITS - 1);
    if (kind == KEYS_SIGNED) return bits ^ sign;
    if (kind == KEYS_FLOAT) return bits & sign ? ~bits : bits | sign;
    return bits;
}

static unsigned digit_of(algo_t key, int shift, int kind) restrict(amp) {
    return (unsigned)(sortable(key, kind) >> shift) & (RADIX_DIGITS - 1);
}

static unsigned field(unsigned packed, unsigned bucket) restrict(amp) {
    return (packed >> (bucket * FIELD_BITS)) & ((1u << FIELD_BITS) - 1);
}

/* One pass: the keys (and values, where `src_values` is not NULL) from src
 * to dst, stably by the digit at `shift`; counts holds RADIX_DIGITS * chunks.
 * The portable build exports its version for the default build's passes. */
#ifdef ALGO_PORTABLE
#define RADIX_PASS ALGO_PORTABLE_NAME(radix_pass)
void RADIX_PASS(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys, unsigned *dst_values,
                unsigned *counts, int n, int chunk, int chunks, int shift, int kind, const char *file, unsigned line);
#else
#define RADIX_PASS radix_pass
static
#endif
void RADIX_PASS(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys, unsigned *dst_values,
                unsigned *counts, int n, int chunk, int chunks, int shift, int kind, const char *file, unsigned line) {
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static unsigned histogram[RADIX_DIGITS];
        histogram[t.local] = 0;
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n;
        for (int i = t.tile * chunk + t.local; i < end; i += ALGO_TILE)
            camp_atomic_fetch_inc(&histogram[digit_of(src_keys[i], shift, kind)]);
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        counts[t.local * chunks + t.tile] = histogram[t.local];
    }
    camp_exclusive_scan_uint_at(counts, counts, (size_t)RADIX_DIGITS * (size_t)chunks, file, line);
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static unsigned next_place[RADIX_DIGITS], run_start[RADIX_DIGITS];
        tile_static algo_t block_keys[SORT_BLOCK];
        tile_static unsigned block_values[SORT_BLOCK];
        tile_static unsigned per_subgroup[ALGO_TILE];
        next_place[t.local] = counts[t.local * chunks + t.tile];
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n, mine = t.local * SORT_ITEMS;
        for (int start = t.tile * chunk; start < end; start += SORT_BLOCK) {
            /* Past `valid` lies padding, in the last bucket of every split:
             * it stays after the block's keys. */
            int valid = end - start < SORT_BLOCK ? end - start : SORT_BLOCK;
            for (int k = 0; k < SORT_ITEMS; k++) {
                int p = k * ALGO_TILE + t.local;
                block_keys[p] = p < valid ? src_keys[start + p] : (algo_t)0;
                block_values[p] = p < valid && src_values ? src_values[start + p] : 0u;
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            algo_t keys[SORT_ITEMS];
            unsigned values[SORT_ITEMS];
            for (int k = 0; k < SORT_ITEMS; k++) {
                keys[k] = block_keys[mine + k];
                values[k] = block_values[mine + k];
            }
            for (int bit = 0; bit < RADIX_BITS; bit += SPLIT_BITS) {
                unsigned buckets[SORT_ITEMS], own = 0;
                for (int k = 0; k < SORT_ITEMS; k++) {
                    buckets[k] = mine + k < valid ? (digit_of(keys[k], shift, kind) >> bit) & 3u : 3u;
                    if (buckets[k] < 3) own += 1u << (buckets[k] * FIELD_BITS);
                }
                unsigned before = tile_exclusive_sum(own, per_subgroup, t.local, t.barrier);
                unsigned total = tile_scan_total(per_subgroup);
                unsigned first1 = field(total, 0), first2 = first1 + field(total, 1), first3 = first2 + field(total, 2);
                unsigned at0 = field(before, 0), at1 = first1 + field(before, 1), at2 = first2 + field(before, 2);
                unsigned at3 = first3 + (unsigned)mine - field(before, 0) - field(before, 1) - field(before, 2);
                for (int k = 0; k < SORT_ITEMS; k++) {
                    unsigned place = buckets[k] == 0 ? at0++ : buckets[k] == 1 ? at1++ : buckets[k] == 2 ? at2++ : at3++;
                    block_keys[place] = keys[k];
                    block_values[place] = values[k];
                }
                tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
                for (int k = 0; k < SORT_ITEMS; k++) {
                    keys[k] = block_keys[mine + k];
                    values[k] = block_values[mine + k];
                }
            }
            for (int k = 0; k < SORT_ITEMS; k++) {
                int p = mine + k;
                unsigned digit = digit_of(keys[k], shift, kind);
                if (p < valid && (p == 0 || digit_of(block_keys[p - 1], shift, kind) != digit))
                    run_start[digit] = (unsigned)p;
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int k = 0; k < SORT_ITEMS; k++) {
                int p = mine + k;
                unsigned digit = digit_of(keys[k], shift, kind), place = next_place[digit] + (unsigned)p - run_start[digit];
                if (p < valid) {
                    dst_keys[place] = keys[k];
                    if (dst_values) dst_values[place] = values[k];
                }
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int k = 0; k < SORT_ITEMS; k++) {
                int p = mine + k;
                unsigned digit = digit_of(keys[k], shift, kind);
                if (p < valid && (p == valid - 1 || digit_of(block_keys[p + 1], shift, kind) != digit))
                    next_place[digit] += (unsigned)p - run_start[digit] + 1;
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        }
    }
}

#ifndef ALGO_PORTABLE
void ALGO_PORTABLE_NAME(radix_pass)(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys,
                                    unsigned *dst_values, unsigned *counts, int n, int chunk, int chunks, int shift,
                                    int kind, const char *file, unsigned line);

/* Whether it queued the passes (not for n == 0 or a reported error), in
 * the version the current view's device runs. */
static bool radix_sort(algo_t *keys, unsigned *values, size_t count, int kind, const char *call, const char *file,
                       unsigned line) {
    if (count == 0 || !algo_count_fits(count, call, file, line) ||
        !camp_memory_check_at(keys, (long long)count, sizeof *keys, true, "keys", call, file, line) ||
        (values && !camp_memory_check_at(values, (long long)count, sizeof *values, true, "values", call, file, line)))
        return false;
    if (values && algo_overlap(keys, count * sizeof *keys, values, count * sizeof *values)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: keys and values overlap", call);
        return false;
    }
    camp_accelerator_view *view = camp_current_view();
    int n = (int)count;
    algo_chunking cut = algo_chunks(n, SORT_BLOCK);
    int chunk = cut.chunk, chunks = cut.chunks;
    algo_t *scratch_keys = array_new_on(view, algo_t, count, NULL, CAMP_ACCESS_TYPE_AUTO);
    unsigned *scratch_values = values ? array_new_on(view, unsigned, count, NULL, CAMP_ACCESS_TYPE_AUTO) : NULL;
    unsigned *counts = array_new_on(view, unsigned, RADIX_DIGITS * chunks, NULL, CAMP_ACCESS_TYPE_AUTO);
    void (*pass)(const algo_t *, const unsigned *, algo_t *, unsigned *, unsigned *, int, int, int, int, int,
                 const char *, unsigned) = algo_subgroups(0) ? radix_pass : ALGO_PORTABLE_NAME(radix_pass);
    for (int shift = 0; shift < KEY_BITS; shift += 2 * RADIX_BITS) {
        pass(keys, values, scratch_keys, scratch_values, counts, n, chunk, chunks, shift, kind, file, line);
        pass(scratch_keys, scratch_values, keys, values, counts, n, chunk, chunks, shift + RADIX_BITS, kind, file,
             line);
    }
    array_delete(counts);
    array_delete(scratch_values);
    array_delete(scratch_keys);
    return true;
}

/* Each key type's calls, plain and _async. */
#define SORT_CALLS(T, name, kind)                                                                                \
    void camp_sort_##name##_at(T *keys, size_t n, const char *file, unsigned line) {                            \
        radix_sort((algo_t *)keys, NULL, n, kind, "camp_sort_" #name, file, line);                            \
    }                                                                                                            \
    void camp_sort_by_key_##name##_at(T *keys, void *values, size_t n, const char *file, unsigned line) {       \
        radix_sort((algo_t *)keys, values, n, kind, "camp_sort_by_key_" #name, file, line);                   \
    }                                                                                                            \
    camp_future *camp_sort_##name##_async_at(T *keys, size_t n, const char *file, unsigned line) {              \
        return algo_future(radix_sort((algo_t *)keys, NULL, n, kind, "camp_sort_" #name "_async", file, line)); \
    }                                                                                                            \
    camp_future *camp_sort_by_key_##name##_async_at(T *keys, void *values, size_t n, const char *file,          \
                                                    unsigned line) {                                             \
        return algo_future(                                                                                      \
            radix_sort((algo_t *)keys, values, n, kind, "camp_sort_by_key_" #name "_async", file, line));      \
    }
#if defined(ALGO_UINT)
SORT_CALLS(unsigned, uint, KEYS_UNSIGNED)
SORT_CALLS(int, int, KEYS_SIGNED)
SORT_CALLS(float, float, KEYS_FLOAT)
#else
SORT_CALLS(unsigned long long, uint64, KEYS_UNSIGNED)
SORT_CALLS(long long, int64, KEYS_SIGNED)
SORT_CALLS(double, double, KEYS_FLOAT)
#endif
#endif
