/* subgroup_ops.h — what subgroup_ops.c and tile_subgroup_ops.c share: amp
 * functions that apply every subgroup operation to a thread's value and write
 * the results at out[k * n] (k: the operation), and the host's serial
 * reference that checks them.
 *
 * The reference takes the subgroups from what the threads report: thread i
 * of lane l starts its subgroup at i - l, whose members are the threads
 * after it of lanes 1, 2, ... (fewer than subgroup_size() in a subgroup
 * that the extent or the tile leaves partly filled: the lanes after the
 * last are inactive). A shuffle from an inactive lane is unspecified: the
 * reference skips it. On the host (the serial mode) every subgroup has one
 * thread, and the same reference applies. The includer defines N, the
 * number of threads, before including it. */
#ifndef SUBGROUP_OPS_H
#define SUBGROUP_OPS_H

#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- the subgroups, from subgroup_size() and subgroup_lane() ------------ */

enum { VOTE_RESULTS = 10 };

/* size, lane, any, all, ballot's four words of predicate p, id, and the
 * number of threads that took this thread's side of `if (p)` in its
 * subgroup (100 more on the else side): those the reduction there sees */
static inline void subgroup_votes(int p, unsigned *out, int n) restrict(amp) {
    uint4 ballot = subgroup_ballot(p);
    out[0 * n] = subgroup_size();
    out[1 * n] = subgroup_lane();
    out[2 * n] = (unsigned)subgroup_any(p);
    out[3 * n] = (unsigned)subgroup_all(p);
    out[4 * n] = ballot.x;
    out[5 * n] = ballot.y;
    out[6 * n] = ballot.z;
    out[7 * n] = ballot.w;
    out[8 * n] = subgroup_id();
    if (p) out[9 * n] = subgroup_reduce_add(1u);
    else out[9 * n] = 100 + subgroup_reduce_add(1u);
}

typedef struct subgroups {
    unsigned size;
    int *first, *count; /* per thread: its subgroup's first thread, its number of threads */
} subgroups;

static int failures;

static void fail(const char *what, int i, const char *detail) {
    if (failures++ < 10) printf("%s: thread %d: %s\n", what, i, detail);
}

/* The subgroups the threads' votes report (out[0 * n] and out[1 * n]: size and lane). */
static subgroups subgroups_of(const unsigned *votes, int n) {
    subgroups g = {votes[0], malloc(sizeof(int) * (size_t)n), malloc(sizeof(int) * (size_t)n)};
    if ((g.size & (g.size - 1)) || g.size == 0 || g.size > 128) fail("subgroup_size", 0, "not a power of two up to 128");
    for (int i = 0; i < n; i++) {
        unsigned lane = votes[n + i];
        if (votes[i] != g.size) fail("subgroup_size", i, "differs between threads");
        if (lane >= g.size || (int)lane > i) {
            fail("subgroup_lane", i, "out of range");
            lane = 0;
        }
        g.first[i] = i - (int)lane;
        if (lane && g.first[i - 1] != g.first[i]) fail("subgroup_lane", i, "not one after the previous thread's");
    }
    for (int i = n - 1; i >= 0; i--)
        g.count[i] = i + 1 < n && g.first[i + 1] == g.first[i] ? g.count[i + 1] : i - g.first[i] + 1;
    return g;
}

/* The test's point: some subgroup has inactive lanes (unless every one has a single thread). */
static void expect_partly_filled(const subgroups *g, int n) {
    int partial = 0;
    for (int i = 0; i < n; i++) partial |= g->count[i] < (int)g->size;
    if (g->size > 1 && !partial) fail("subgroups", 0, "none partly filled");
}

/* Each subgroup's threads share its id; in a tiled kernel (tile > 0) the
 * subgroups of a tile have the ids 0, 1, ... each once. */
static void check_ids(const subgroups *g, const unsigned *votes, int n, int tile) {
    const unsigned *id = votes + 8 * n;
    for (int i = 0; i < n; i++) {
        if (id[i] != id[g->first[i]]) fail("subgroup_id", i, "not its subgroup's");
        if (tile <= 0) continue;
        int tile_first = i - i % tile, subgroups = 0;
        for (int j = tile_first; j < tile_first + tile; j++) {
            subgroups += g->first[j] == j;
            if (g->first[j] == j && j != g->first[i] && id[j] == id[i]) fail("subgroup_id", i, "another subgroup's too");
        }
        if (id[i] >= (unsigned)subgroups) fail("subgroup_id", i, "not below the number of the tile's subgroups");
    }
}

static void check_votes(const subgroups *g, const int *p, const unsigned *votes, int n) {
    for (int i = 0; i < n; i++) {
        int first = g->first[i], count = g->count[i], any = 0, all = 1;
        unsigned ballot[4] = {0, 0, 0, 0};
        for (int l = 0; l < count; l++) {
            any |= p[first + l] != 0, all &= p[first + l] != 0;
            if (p[first + l]) ballot[l / 32] |= 1u << (l % 32);
        }
        if (votes[2 * n + i] != (unsigned)any) fail("subgroup_any", i, "wrong");
        if (votes[3 * n + i] != (unsigned)all) fail("subgroup_all", i, "wrong");
        for (int w = 0; w < 4; w++)
            if (votes[(4 + w) * n + i] != ballot[w]) fail("subgroup_ballot", i, "wrong");
        unsigned same_side = 0;
        for (int l = 0; l < count; l++) same_side += (p[first + l] != 0) == (p[i] != 0);
        if (votes[9 * n + i] != same_side + (p[i] ? 0 : 100)) fail("subgroup_reduce_add in a branch", i, "wrong");
    }
}

/* ---- every operation on one type ---------------------------------------- */

enum { TYPED_RESULTS = 18, BITWISE_RESULTS = 9 };

/* The lane operation k's thread of lane `lane` reads: -1 for its own value,
 * size or more for a lane outside (broadcast: unspecified). */
static int source_lane(int k, int lane, int size) {
    int s;
    switch (k) {
    case 0: return 0;
    case 1: return 3;
    case 2: return (lane * 3 + 1) & (size - 1);
    case 3: return lane >= 1 ? lane - 1 : -1;
    case 4: return lane >= 3 ? lane - 3 : -1;
    case 5: s = lane + 1; break;
    case 6: s = lane + 5; break;
    case 7: s = lane ^ 1; break;
    default: s = lane ^ 6; break;
    }
    return s < size ? s : -1;
}

/* The amp function of type T writes TYPED_RESULTS results (its bitwise
 * one, BITWISE_RESULTS); the reference computes each thread's in T. */
#define SUBGROUP_TYPE_TEST(T, name)                                                                            \
    static inline void subgroup_ops_##name(T x, T *out, int n) restrict(amp) {                                \
        unsigned lane = subgroup_lane();                                                                       \
        out[0 * n] = subgroup_broadcast(x, 0);                                                                 \
        out[1 * n] = subgroup_broadcast(x, 3);                                                                 \
        out[2 * n] = subgroup_shuffle(x, lane * 3 + 1);                                                        \
        out[3 * n] = subgroup_shuffle_up(x, 1);                                                                \
        out[4 * n] = subgroup_shuffle_up(x, 3);                                                                \
        out[5 * n] = subgroup_shuffle_down(x, 1);                                                              \
        out[6 * n] = subgroup_shuffle_down(x, 5);                                                              \
        out[7 * n] = subgroup_shuffle_xor(x, 1);                                                               \
        out[8 * n] = subgroup_shuffle_xor(x, 6);                                                               \
        out[9 * n] = subgroup_reduce_add(x);                                                                   \
        out[10 * n] = subgroup_reduce_min(x);                                                                  \
        out[11 * n] = subgroup_reduce_max(x);                                                                  \
        out[12 * n] = subgroup_inclusive_add(x);                                                               \
        out[13 * n] = subgroup_inclusive_min(x);                                                               \
        out[14 * n] = subgroup_inclusive_max(x);                                                               \
        out[15 * n] = subgroup_exclusive_add(x);                                                               \
        out[16 * n] = subgroup_exclusive_min(x);                                                               \
        out[17 * n] = subgroup_exclusive_max(x);                                                               \
    }                                                                                                          \
    /* the add, min or max (c 0, 1, 2) of lanes [from, to) of the subgroup at x, or `none` */                 \
    static T combine_##name(const T *x, int from, int to, int c, T none) {                                    \
        T r = none;                                                                                            \
        for (int l = from; l < to; l++)                                                                        \
            r = l == from ? x[l] : c == 0 ? (T)(r + x[l]) : c == 1 ? (x[l] < r ? x[l] : r) : (x[l] > r ? x[l] : r); \
        return r;                                                                                              \
    }                                                                                                          \
    static void check_##name(const subgroups *g, const T *in, const T *res, int n, T lowest, T highest) {     \
        for (int i = 0; i < n; i++) {                                                                          \
            int lane = i - g->first[i], count = g->count[i];                                                   \
            const T *x = in + g->first[i];                                                                     \
            for (int k = 0; k < 9; k++) {                                                                      \
                int s = source_lane(k, lane, (int)g->size);                                                    \
                if (s >= count) continue; /* outside or inactive: unspecified */                              \
                if (res[k * n + i] != (s < 0 ? x[lane] : x[s])) fail(#name " shuffle or broadcast", i, "wrong"); \
            }                                                                                                  \
            const T none[3] = {0, highest, lowest};                                                            \
            for (int c = 0; c < 3; c++) {                                                                      \
                if (res[(9 + c) * n + i] != combine_##name(x, 0, count, c, none[c]))                           \
                    fail(#name " reduction", i, "wrong");                                                      \
                if (res[(12 + c) * n + i] != combine_##name(x, 0, lane + 1, c, none[c]))                       \
                    fail(#name " inclusive scan", i, "wrong");                                                 \
                if (res[(15 + c) * n + i] != combine_##name(x, 0, lane, c, none[c]))                           \
                    fail(#name " exclusive scan", i, "wrong");                                                 \
            }                                                                                                  \
        }                                                                                                      \
    }

#define SUBGROUP_BITWISE_TEST(T, name)                                                                         \
    static inline void subgroup_bitwise_##name(T x, T *out, int n) restrict(amp) {                            \
        out[0 * n] = subgroup_reduce_and(x);                                                                   \
        out[1 * n] = subgroup_reduce_or(x);                                                                    \
        out[2 * n] = subgroup_reduce_xor(x);                                                                   \
        out[3 * n] = subgroup_inclusive_and(x);                                                                \
        out[4 * n] = subgroup_inclusive_or(x);                                                                 \
        out[5 * n] = subgroup_inclusive_xor(x);                                                                \
        out[6 * n] = subgroup_exclusive_and(x);                                                                \
        out[7 * n] = subgroup_exclusive_or(x);                                                                 \
        out[8 * n] = subgroup_exclusive_xor(x);                                                                \
    }                                                                                                          \
    /* the and, or or xor (c 0, 1, 2) of lanes [0, to) of the subgroup at x */                                \
    static T bitwise_of_##name(const T *x, int to, int c) {                                                         \
        T r = c == 0 ? (T)~(T)0 : 0;                                                                             \
        for (int l = 0; l < to; l++) r = c == 0 ? r & x[l] : c == 1 ? r | x[l] : r ^ x[l];                   \
        return r;                                                                                              \
    }                                                                                                          \
    static void check_bitwise_##name(const subgroups *g, const T *in, const T *res, int n) {                  \
        for (int i = 0; i < n; i++) {                                                                          \
            int lane = i - g->first[i];                                                                        \
            const T *x = in + g->first[i];                                                                     \
            for (int c = 0; c < 3; c++) {                                                                      \
                if (res[c * n + i] != bitwise_of_##name(x, g->count[i], c)) fail(#name " bitwise reduction", i, "wrong"); \
                if (res[(3 + c) * n + i] != bitwise_of_##name(x, lane + 1, c)) fail(#name " bitwise inclusive", i, "wrong"); \
                if (res[(6 + c) * n + i] != bitwise_of_##name(x, lane, c)) fail(#name " bitwise exclusive", i, "wrong"); \
            }                                                                                                  \
        }                                                                                                      \
    }

SUBGROUP_TYPE_TEST(int, int)
SUBGROUP_TYPE_TEST(unsigned, uint)
SUBGROUP_TYPE_TEST(long long, llong)
SUBGROUP_TYPE_TEST(unsigned long long, ullong)
SUBGROUP_TYPE_TEST(float, float)
SUBGROUP_TYPE_TEST(double, double)
SUBGROUP_TYPE_TEST(half, half)
SUBGROUP_BITWISE_TEST(int, int)
SUBGROUP_BITWISE_TEST(unsigned, uint)
SUBGROUP_BITWISE_TEST(long long, llong)
SUBGROUP_BITWISE_TEST(unsigned long long, ullong)

/* ---- the programs' data: N threads (the includer's enum) ----------------- */

static int in_int[N], predicates[N], res_int[TYPED_RESULTS * N], bits_int[BITWISE_RESULTS * N];
static unsigned in_uint[N], res_uint[TYPED_RESULTS * N], bits_uint[BITWISE_RESULTS * N], votes[VOTE_RESULTS * N];
static long long in_llong[N], res_llong[TYPED_RESULTS * N], bits_llong[BITWISE_RESULTS * N];
static unsigned long long in_ullong[N], res_ullong[TYPED_RESULTS * N], bits_ullong[BITWISE_RESULTS * N];
static float in_float[N], res_float[TYPED_RESULTS * N];
static double in_double[N], res_double[TYPED_RESULTS * N];
static half in_half[N], res_half[TYPED_RESULTS * N];

static int small_value(int i) { return (i * 37) % 17 - 8; }

/* Inputs whose sums are exact in every type (small integers; unsigned over
 * its whole range, wrapping as the device's does), and predicates that hold
 * in whole subgroups, in none and in some lanes. */
static void set_inputs(void) {
    for (int i = 0; i < N; i++) {
        in_int[i] = small_value(i);
        in_uint[i] = (unsigned)i * 2654435761u;
        in_llong[i] = small_value(i + 7) * 8589934592ll + small_value(i + 1); /* beyond 32 bits */
        in_ullong[i] = (unsigned long long)i * 0x9e3779b97f4a7c15ull;
        in_float[i] = (float)small_value(i + 5);
        in_double[i] = small_value(i + 11) * 0.5;
        in_half[i] = (half)small_value(i + 3);
        predicates[i] = (i / 16) % 3 == 0 || ((i / 16) % 3 == 1 && i % 3 == 0);
    }
}

/* Checks every result (tile: the tiled kernels' tile size, 0 for untiled
 * ones) and prints the verdict; the program's exit status. */
static int check_results(const char *what, int tile) {
    subgroups g = subgroups_of(votes, N);
    expect_partly_filled(&g, N);
    check_votes(&g, predicates, votes, N);
    check_ids(&g, votes, N, tile);
    check_int(&g, in_int, res_int, N, -__INT_MAX__ - 1, __INT_MAX__);
    check_bitwise_int(&g, in_int, bits_int, N);
    check_uint(&g, in_uint, res_uint, N, 0, ~0u);
    check_bitwise_uint(&g, in_uint, bits_uint, N);
    check_llong(&g, in_llong, res_llong, N, -__LONG_LONG_MAX__ - 1, __LONG_LONG_MAX__);
    check_bitwise_llong(&g, in_llong, bits_llong, N);
    check_ullong(&g, in_ullong, res_ullong, N, 0, ~0ull);
    check_bitwise_ullong(&g, in_ullong, bits_ullong, N);
    check_float(&g, in_float, res_float, N, -__builtin_inff(), __builtin_inff());
    check_double(&g, in_double, res_double, N, -__builtin_inf(), __builtin_inf());
    check_half(&g, in_half, res_half, N, (half)-__builtin_inff(), (half)__builtin_inff());
    printf("subgroup operations %s: %s\n", what, failures ? "FAILED" : "ok");
    free(g.first), free(g.count);
    return failures != 0;
}

#endif
