/* sort.c — camp_sort_TYPE and camp_sort_by_key_TYPE: a stable least
 * significant digit radix sort of 32-bit keys (unsigned, int, float in
 * their sortable order; compiled with -DALGO_UINT) or of 64-bit ones
 * (unsigned long long, long long, double; -DALGO_UINT64), with optional
 * 32-bit values (8-byte ones through the keys' positions), in passes of 8
 * bits (4 or 8) between the caller's memory and a scratch copy. A pass cuts
 * the keys into chunks of whole blocks, one per tile, and runs three steps:
 * each tile counts its chunk's digits; an exclusive scan of the counts
 * (scan.c's) gives every chunk its first place for each digit; each tile
 * then orders its chunk's blocks one by one in tile_static memory by the
 * digit and stores each key at its digit's place plus its rank among the
 * block's keys of that digit. The block is ordered by ranks from subgroup
 * ballots where the device has them (rank_pass), else by two-bit splits
 * (split_pass), whose tile scans the build with -DALGO_PORTABLE makes in
 * tile_static memory alone, for devices without subgroup arithmetic; the
 * build with -DALGO_KEYS_ONLY makes the pass by ranks of keys without
 * values. */
#include <camp_algorithms.h>

#include "call_site.h"
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

enum { COUNT_ITEMS = 8 };

/* Counts the digits of this thread's COUNT_ITEMS keys at i, i + ALGO_TILE,
 * ... (before `end`) into the tile's histogram, the keys loaded together
 * first: their loads in flight at once, where a load before each atomic
 * waited for the one before. (A function of its own, so that its loops
 * hold no loop: campcc unrolls a constant loop, which keeps the array in
 * registers, only where none nest.) */
static void count_items(const algo_t *keys, int i, int end, int shift, int kind, unsigned *histogram) restrict(amp) {
    algo_t key[COUNT_ITEMS];
    for (int k = 0; k < COUNT_ITEMS; k++) key[k] = i + k * ALGO_TILE < end ? keys[i + k * ALGO_TILE] : 0;
    for (int k = 0; k < COUNT_ITEMS; k++)
        if (i + k * ALGO_TILE < end) camp_atomic_fetch_inc(&histogram[digit_of(key[k], shift, kind)]);
}

/* The digits' counts of one pass: each tile counts its chunk's digits
 * (atomics in tile_static memory) into counts[digit][chunk], which an
 * exclusive scan turns into every chunk's first place for each digit. */
static void count_digits(const algo_t *src_keys, unsigned *counts, int n, int chunk, int chunks, int shift, int kind,
                         const char *file, unsigned line) {
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static unsigned histogram[RADIX_DIGITS];
        histogram[t.local] = 0;
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        int end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n;
        for (int i = t.tile * chunk + t.local; i < end; i += COUNT_ITEMS * ALGO_TILE)
            count_items(src_keys, i, end, shift, kind, histogram);
        tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
        counts[t.local * chunks + t.tile] = histogram[t.local];
    }
    camp_exclusive_scan_uint_at(counts, counts, (size_t)RADIX_DIGITS * (size_t)chunks, file, line);
}

/* A pass by splits: the keys (and values, where `src_values` is not NULL)
 * from src to dst, stably by the digit at `shift`; counts holds
 * RADIX_DIGITS * chunks. Each tile sorts its chunk's blocks (SORT_BLOCK
 * keys) in order in tile_static memory by the digit, in four stable
 * two-bit splits (each a tile scan of tile_scan.h), and stores each key at
 * its digit's place plus its rank among the block's keys of that digit.
 * The portable build exports its version for the default build's calls. */
#ifndef ALGO_KEYS_ONLY
static unsigned field(unsigned packed, unsigned bucket) restrict(amp) {
    return (packed >> (bucket * FIELD_BITS)) & ((1u << FIELD_BITS) - 1);
}

#ifdef ALGO_PORTABLE
#define SPLIT_PASS ALGO_PORTABLE_NAME(radix_pass)
void SPLIT_PASS(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys, unsigned *dst_values,
                unsigned *counts, int n, int chunk, int chunks, int shift, int kind, const char *file, unsigned line);
#else
#define SPLIT_PASS split_pass
static
#endif
void SPLIT_PASS(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys, unsigned *dst_values,
                unsigned *counts, int n, int chunk, int chunks, int shift, int kind, const char *file, unsigned line) {
    count_digits(src_keys, counts, n, chunk, chunks, shift, kind, file, line);
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
#endif

#ifndef ALGO_PORTABLE
/* A pass by ranks, on devices whose subgroups have ballots and shuffles
 * and 8 to 32 lanes (rank_pass_fits): as a pass by splits, in blocks of
 * RANK_BLOCK keys, each ranked at once. Subgroup g holds the block's keys
 * [g * RANK_ITEMS * lanes, (g + 1) * RANK_ITEMS * lanes), lane l key k at
 * k * lanes + l of them (loads and ranks in the keys' order). For each k
 * the subgroup finds the lanes whose keys have the same digit (eight
 * ballots, one per bit), the lowest of them adds their number to the
 * subgroup's count of the digit and passes the old count on (a shuffle):
 * that plus the lanes below in the group is the key's rank in its
 * subgroup. The subgroups' counts, 16 bits each, two digits to a word,
 * add up to every digit's place in the block (a scan over the subgroups
 * of the packed words, whose halves never carry, then a tile scan of the
 * digits' totals). The block goes through tile_static memory in sorted
 * order, so that consecutive threads store consecutive places. Nine
 * barriers a block (two more for values) where the splits take sixteen.
 * Sixteen 32-bit keys a thread (eight 64-bit ones, whose block then needs
 * the same 16 KiB of words): on an H200, 64 Mi key-value pairs sort at
 * 19.3-19.5 Gkeys/s against 15.0-15.3 with eight, keys alone at
 * 24.1-24.8 against 23.8-24.2 (the kernel of keys holds 122 registers
 * instead of 73: two tiles a multiprocessor instead of three). */
enum {
    KEY_WORDS = sizeof(algo_t) / sizeof(unsigned),
    RANK_ITEMS = 16 / KEY_WORDS,
    RANK_BLOCK = ALGO_TILE * RANK_ITEMS,
    RANK_MIN_LANES = 8,
    RANK_MAX_LANES = 32, /* a ballot's first word holds the subgroup */
    /* the subgroups' counts, then the block's keys, word by word, then its values */
    RANK_COUNT_WORDS = ALGO_TILE / RANK_MIN_LANES * RADIX_DIGITS / 2,
    RANK_WORDS = RANK_COUNT_WORDS > KEY_WORDS * RANK_BLOCK ? RANK_COUNT_WORDS : KEY_WORDS * RANK_BLOCK,
    /* the kernel's tile_static memory: the words and three arrays of ALGO_TILE */
    RANK_TILE_STATIC_BYTES = (RANK_WORDS + 3 * ALGO_TILE) * sizeof(unsigned),
};
_Static_assert(RADIX_DIGITS == 256 && RANK_BLOCK < 1 << 16, "a subgroup's count of a digit fits 16 bits");

#ifndef ALGO_KEYS_ONLY
/* Whether the current view's device runs rank_pass. */
static bool rank_pass_fits(void) {
    return algo_device_runs(CAMP_FEATURE_SUBGROUP_BASIC | CAMP_FEATURE_SUBGROUP_BALLOT | CAMP_FEATURE_SUBGROUP_SHUFFLE |
                                CAMP_FEATURE_SUBGROUP_ARITHMETIC,
                            RANK_MIN_LANES, RANK_MAX_LANES, RANK_TILE_STATIC_BYTES);
}
#endif

/* The count of `digit` in a word of two. */
static unsigned half_of(unsigned word, unsigned digit) restrict(amp) { return (word >> 16 * (digit & 1)) & 0xffffu; }

/* The subgroup's lanes (a mask) that are `here` and whose digit is this
 * lane's. (A function of its own, so that the kernel's loops over its
 * keys hold no loop: campcc unrolls a kernel's constant loops, which keeps
 * its arrays in registers, only where none nest.) */
static unsigned lanes_with_digit(unsigned digit, bool here) restrict(amp) {
    unsigned peers = subgroup_ballot(here).x;
    for (int bit = 0; bit < RADIX_BITS; bit++) {
        unsigned set = subgroup_ballot((digit >> bit) & 1u).x;
        peers &= (digit >> bit) & 1u ? set : ~set;
    }
    return peers;
}

/* A key in `words` at `at`: its 32-bit words RANK_BLOCK apart. */
static void put_key(unsigned *words, unsigned at, algo_t key) restrict(amp) {
    words[at] = (unsigned)key;
    if (KEY_WORDS > 1) words[at + RANK_BLOCK] = (unsigned)(key >> 16 >> 16);
}

static algo_t key_at(const unsigned *words, unsigned at) restrict(amp) {
    algo_t key = words[at];
    return KEY_WORDS > 1 ? key | (algo_t)words[at + RANK_BLOCK] << 16 << 16 : key;
}

/* The build with -DALGO_KEYS_ONLY has the pass of keys alone, with no code
 * for values: on an H200 a pass of 64 Mi keys takes 0.54 ms, against 0.73
 * with the code for values (122 registers against 128, and no values'
 * loads, selects and barriers). */
#ifdef ALGO_KEYS_ONLY
#define RANK_PASS ALGO_KEYS_NAME(rank_pass)
#define RANK_VALUES_IN ((const unsigned *)0)
#define RANK_VALUES_OUT ((unsigned *)0)
void RANK_PASS(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys, unsigned *dst_values,
               unsigned *counts, int n, int chunk, int chunks, int shift, int kind, const char *file, unsigned line);
#else
#define RANK_PASS rank_pass
#define RANK_VALUES_IN src_values
#define RANK_VALUES_OUT dst_values
static
#endif
void RANK_PASS(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys, unsigned *dst_values,
                      unsigned *counts, int n, int chunk, int chunks, int shift, int kind, const char *file,
                      unsigned line) {
    (void)src_values;
    (void)dst_values;
    count_digits(src_keys, counts, n, chunk, chunks, shift, kind, file, line);
    parallel_for_each(t, tile(extent(chunks * ALGO_TILE), ALGO_TILE)) {
        tile_static unsigned words[RANK_WORDS];
        tile_static unsigned next_place[RADIX_DIGITS], block_place[RADIX_DIGITS], per_subgroup[ALGO_TILE];
        next_place[t.local] = counts[t.local * chunks + t.tile];
        unsigned lanes = subgroup_size(), lane = subgroup_lane(), group = subgroup_id(), below = (1u << lane) - 1u;
        unsigned group_counts = group * (RADIX_DIGITS / 2), count_words = ALGO_TILE / lanes * (RADIX_DIGITS / 2);
        int begin = t.tile * chunk, end = (t.tile + 1) * chunk < n ? (t.tile + 1) * chunk : n;
        int first = (int)(group * lanes * RANK_ITEMS + lane);
        /* The next block's keys and values, loaded while this one is
         * ranked: a tile waits for memory once, not once a block. */
        algo_t next_keys[RANK_ITEMS];
        unsigned next_values[RANK_ITEMS];
        for (int k = 0; k < RANK_ITEMS; k++) {
            int p = begin + first + k * (int)lanes;
            next_keys[k] = p < end ? src_keys[p] : (algo_t)0;
            next_values[k] = p < end && RANK_VALUES_IN ? RANK_VALUES_IN[p] : 0u;
        }
        for (int start = begin; start < end; start += RANK_BLOCK) {
            int valid = end - start < RANK_BLOCK ? end - start : RANK_BLOCK;
            for (unsigned w = t.local; w < count_words; w += ALGO_TILE) words[w] = 0;
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            algo_t keys[RANK_ITEMS];
            unsigned values[RANK_ITEMS], places[RANK_ITEMS];
            for (int k = 0; k < RANK_ITEMS; k++) {
                int p = first + k * (int)lanes, ahead = start + RANK_BLOCK + p;
                bool here = p < valid;
                keys[k] = next_keys[k];
                values[k] = next_values[k];
                next_keys[k] = ahead < end ? src_keys[ahead] : (algo_t)0;
                next_values[k] = ahead < end && RANK_VALUES_IN ? RANK_VALUES_IN[ahead] : 0u;
                unsigned digit = digit_of(keys[k], shift, kind), peers = lanes_with_digit(digit, here);
                /* (a lane past the keys may have no peers: it shuffles its own 0) */
                unsigned lowest = peers ? (unsigned)camp_find_lsb(peers) : lane, old = 0;
                if (here && lane == lowest)
                    old = camp_atomic_fetch_add(&words[group_counts + digit / 2],
                                                (unsigned)camp_bit_count(peers) << 16 * (digit & 1));
                places[k] = half_of(subgroup_shuffle(old, lowest), digit) + (unsigned)camp_bit_count(peers & below);
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            if (t.local < RADIX_DIGITS / 2) {
                unsigned before = 0;
                for (unsigned w = t.local; w < count_words; w += RADIX_DIGITS / 2) {
                    unsigned c = words[w];
                    words[w] = before;
                    before += c;
                }
                block_place[2 * t.local] = before & 0xffffu;
                block_place[2 * t.local + 1] = before >> 16;
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            unsigned total = block_place[t.local];
            unsigned at = tile_exclusive_sum(total, per_subgroup, t.local, t.barrier);
            block_place[t.local] = at;
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int k = 0; k < RANK_ITEMS; k++) { /* the digit again: an array of them costs registers */
                unsigned digit = digit_of(keys[k], shift, kind);
                places[k] += block_place[digit] + half_of(words[group_counts + digit / 2], digit);
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int k = 0; k < RANK_ITEMS; k++)
                if (first + k * (int)lanes < valid) put_key(words, places[k], keys[k]);
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int k = 0; k < RANK_ITEMS; k++) keys[k] = key_at(words, (unsigned)(k * ALGO_TILE + t.local));
            if (RANK_VALUES_IN) {
                tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
                for (int k = 0; k < RANK_ITEMS; k++)
                    if (first + k * (int)lanes < valid) words[places[k]] = values[k];
                tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
                for (int k = 0; k < RANK_ITEMS; k++) values[k] = words[k * ALGO_TILE + t.local];
            }
            for (int k = 0; k < RANK_ITEMS; k++) {
                int p = k * ALGO_TILE + t.local;
                unsigned digit = digit_of(keys[k], shift, kind), place = next_place[digit] + (unsigned)p - block_place[digit];
                if (p < valid) {
                    dst_keys[place] = keys[k];
                    if (RANK_VALUES_OUT) RANK_VALUES_OUT[place] = values[k];
                }
            }
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            next_place[t.local] += total;
        }
    }
}

#ifndef ALGO_KEYS_ONLY
void ALGO_KEYS_NAME(rank_pass)(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys,
                               unsigned *dst_values, unsigned *counts, int n, int chunk, int chunks, int shift,
                               int kind, const char *file, unsigned line);
void ALGO_PORTABLE_NAME(radix_pass)(const algo_t *src_keys, const unsigned *src_values, algo_t *dst_keys,
                                    unsigned *dst_values, unsigned *counts, int n, int chunk, int chunks, int shift,
                                    int kind, const char *file, unsigned line);

/* A pass's tiles take two blocks each where their counts fit 64 MiB:
 * more tiles than the GPU holds at once, so that it always has blocks
 * whose keys are loaded to rank (64 Mi keys on the H200, blocks of
 * eight keys a thread: 20.5 Gkeys/s, against 19.3 with at most
 * ALGO_MAX_TILES tiles, 18.5 with a block a tile, 20.7 with four; pairs
 * 15.4, 12.0, 16.2, 13.3; of sixteen: keys 24.1-24.8 against 23.0-24.0
 * with a block a tile, pairs the same). */
enum { SORT_CHUNK_BLOCKS = 2, SORT_MAX_CHUNKS = 1 << 16 };

/* Whether a sort's arguments take it: n > 0 keys in memory kernels may
 * write, and for a sort by key n values of value_size bytes, not NULL (as
 * its keys are not) and apart from the keys; false where not, an error
 * reported but for n == 0. */
static bool arguments_ok(algo_t *keys, void *values, size_t value_size, bool by_key, size_t count, const char *call,
                         const char *file, unsigned line) {
    if (count == 0 || !algo_count_fits(count, call, file, line) ||
        !camp_memory_check_at(keys, (long long)count, sizeof *keys, true, "keys", call, file, line) ||
        (by_key && !camp_memory_check_at(values, (long long)count, value_size, true, "values", call, file, line)))
        return false;
    if (by_key && algo_overlap(keys, count * sizeof *keys, values, count * value_size)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: keys and values overlap", call);
        return false;
    }
    return true;
}

/* The passes of the sort of n > 0 keys (and 4-byte values, where not
 * NULL), in the version the current view's device runs. */
static void radix_passes(algo_t *keys, unsigned *values, size_t count, int kind, const char *file, unsigned line) {
    camp_accelerator_view *view = camp_current_view();
    int n = (int)count;
    bool ranks = rank_pass_fits();
    void (*pass)(const algo_t *, const unsigned *, algo_t *, unsigned *, unsigned *, int, int, int, int, int,
                 const char *, unsigned) = ranks               ? (values ? rank_pass : ALGO_KEYS_NAME(rank_pass))
                                           : algo_subgroups(0) ? split_pass
                                                               : ALGO_PORTABLE_NAME(radix_pass);
    algo_chunking cut = algo_chunks_between(n, ranks ? RANK_BLOCK : SORT_BLOCK, SORT_CHUNK_BLOCKS, SORT_MAX_CHUNKS);
    int chunk = cut.chunk, chunks = cut.chunks;
    algo_t *scratch_keys = array_new_on(view, algo_t, count, NULL, CAMP_ACCESS_TYPE_AUTO);
    unsigned *scratch_values = values ? array_new_on(view, unsigned, count, NULL, CAMP_ACCESS_TYPE_AUTO) : NULL;
    unsigned *counts = array_new_on(view, unsigned, RADIX_DIGITS * chunks, NULL, CAMP_ACCESS_TYPE_AUTO);
    for (int shift = 0; shift < KEY_BITS; shift += 2 * RADIX_BITS) {
        pass(keys, values, scratch_keys, scratch_values, counts, n, chunk, chunks, shift, kind, file, line);
        pass(scratch_keys, scratch_values, keys, values, counts, n, chunk, chunks, shift + RADIX_BITS, kind, file,
             line);
    }
    array_delete(counts);
    array_delete(scratch_values);
    array_delete(scratch_keys);
}

/* Whether it queued the passes (not for n == 0 or a reported error). */
static bool radix_sort(algo_t *keys, unsigned *values, bool by_key, size_t count, int kind, const char *call,
                       const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!arguments_ok(keys, values, sizeof *values, by_key, count, call, file, line)) return false;
    radix_passes(keys, values, count, kind, file, line);
    return true;
}

/* A sort by key of 8-byte values (any type of 8 bytes, moved as two
 * words: no 64-bit arithmetic asked of the device): the keys sorted with
 * their positions as 32-bit values, then the values gathered by those
 * positions into a scratch copy and copied back. As stable as the sort of
 * the keys; 8n bytes more traffic than 4-byte values, twice. */
typedef struct wide_value {
    unsigned words[2];
} wide_value;

static bool radix_sort_wide(algo_t *keys, wide_value *values, size_t count, int kind, const char *call,
                            const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!arguments_ok(keys, values, sizeof *values, true, count, call, file, line)) return false;
    camp_accelerator_view *view = camp_current_view();
    int n = (int)count;
    unsigned *positions = array_new_on(view, unsigned, count, NULL, CAMP_ACCESS_TYPE_AUTO);
    wide_value *moved = array_new_on(view, wide_value, count, NULL, CAMP_ACCESS_TYPE_AUTO);
    parallel_for_each(i, extent(n)) { positions[i] = (unsigned)i; }
    radix_passes(keys, positions, count, kind, file, line);
    parallel_for_each(i, extent(n)) { moved[i] = values[positions[i]]; }
    parallel_for_each(i, extent(n)) { values[i] = moved[i]; }
    array_delete(moved);
    array_delete(positions);
    return true;
}

/* Each key type's calls, plain and _async. */
#define SORT_CALLS(T, name, kind)                                                                                \
    void camp_sort_##name##_at(T *keys, size_t n, const char *file, unsigned line) {                            \
        radix_sort((algo_t *)keys, NULL, false, n, kind, "camp_sort_" #name, file, line);                     \
    }                                                                                                            \
    void camp_sort_by_key_##name##_at(T *keys, void *values, size_t n, const char *file, unsigned line) {       \
        radix_sort((algo_t *)keys, values, true, n, kind, "camp_sort_by_key_" #name, file, line);             \
    }                                                                                                            \
    camp_future *camp_sort_##name##_async_at(T *keys, size_t n, const char *file, unsigned line) {              \
        return algo_future(                                                                                      \
            radix_sort((algo_t *)keys, NULL, false, n, kind, "camp_sort_" #name "_async", file, line));        \
    }                                                                                                            \
    camp_future *camp_sort_by_key_##name##_async_at(T *keys, void *values, size_t n, const char *file,          \
                                                    unsigned line) {                                             \
        return algo_future(                                                                                      \
            radix_sort((algo_t *)keys, values, true, n, kind, "camp_sort_by_key_" #name "_async", file, line)); \
    }                                                                                                            \
    void camp_sort_by_key_##name##_wide_at(T *keys, void *values, size_t n, const char *file, unsigned line) {  \
        radix_sort_wide((algo_t *)keys, values, n, kind, "camp_sort_by_key_" #name "_wide", file, line);      \
    }                                                                                                            \
    camp_future *camp_sort_by_key_##name##_wide_async_at(T *keys, void *values, size_t n, const char *file,     \
                                                         unsigned line) {                                        \
        return algo_future(radix_sort_wide((algo_t *)keys, values, n, kind, "camp_sort_by_key_" #name            \
                                           "_wide_async", file, line));                                          \
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
#endif /* !ALGO_KEYS_ONLY */
#endif /* !ALGO_PORTABLE */
