/* algorithms: the algorithms library's calls (camp_algorithms.h) beside
 * Thrust's, on the same data at 64 Mi and 256 Mi elements (--size: one
 * size; --quick: 1 Mi). One BENCH line per operation and size:
 *   algo_copy         n floats copied on the device, GB/s of reads and
 *                     writes: the floor of every memory-bound row below
 *   algo_reduce       the sum of n floats, GB/s read
 *   algo_reduce_max   their maximum (the library's built-in reduction), GB/s read
 *   algo_reduce_max_abs  the maximum of their absolute values, an operation
 *                     of the program's own (campcc: CAMP_REDUCE_DEFINE, in
 *                     order; Thrust: transform_reduce), GB/s read
 *   algo_scan         the inclusive prefix sum of n floats, GB/s read + written
 *   algo_sort         n 32-bit unsigned keys, Gkeys/s
 *   algo_sort_pairs   n 32-bit keys with 32-bit values, Gkeys/s
 *   algo_sort_with    n 32-bit keys in the order of a comparison of the
 *                     program's own (campcc: CAMP_SORT_DEFINE's merge sort;
 *                     Thrust: sort with a comparison object, its merge
 *                     sort), Gkeys/s
 *   algo_select       the floats below 8 of n (half of them), Gelem/s read
 *   algo_histogram    n floats counted into 16 uniform bins of [0, 16)
 *                     (campcc: camp_histogram_float; CUB:
 *                     DeviceHistogram::HistogramEven), GB/s read
 *   algo_gather       out[i] = in[map[i]] for n random indices (campcc:
 *                     camp_gather_float; Thrust: gather), GB/s of the map's
 *                     and the output's bytes and the gathered ones
 *   algo_scan_by_key  the inclusive prefix sums of n floats in runs of
 *                     ALGO_BENCH_RUN equal keys (Thrust:
 *                     inclusive_scan_by_key), GB/s of the keys, the floats
 *                     and the sums
 *   algo_unique       the floats that differ from the one before them (about
 *                     15 in 16), Gelem/s read (Thrust: unique_copy)
 *   algo_fill         n floats set to one value, GB/s written
 *   algo_sequence     n floats set to 0, 1, 2, ... (Thrust: sequence), GB/s written
 *   algo_dot          the dot product of the floats with themselves
 *                     (Thrust: inner_product), GB/s read (both operands)
 *   algo_scatter      out[perm[i]] = in[i] for a permutation of n (Thrust:
 *                     scatter), GB/s of the map's, the input's and the
 *                     scattered bytes
 * A measurement is the median of `reps` timed calls, each after an untimed
 * set-up (the unsorted keys copied back in for the sorts) and ending when
 * the device is done. Every result is checked against the host. Plain C
 * that also compiles as C++ (for nvcc). */
#ifndef PROBLEM_ALGORITHMS_H
#define PROBLEM_ALGORITHMS_H
#include "../bench.h"

enum { ALGO_BENCH_QUICK = 1 << 20, ALGO_BENCH_SELECT_BELOW = 8, ALGO_BENCH_BINS = 16, ALGO_BENCH_RUN = 64 };
static const long long algo_bench_sizes[] = {64ll << 20, 256ll << 20};

/* The sizes to run: --size's, --quick's, else both of algo_bench_sizes. */
static inline int algo_bench_size_list(const bench_options *o, long long *sizes) {
    if (o->size) {
        sizes[0] = o->size;
        return 1;
    }
    sizes[0] = algo_bench_sizes[0];
    sizes[1] = algo_bench_sizes[1];
    return 2;
}

/* Floats 0..15: sums and selections the same for every implementation. */
static inline void algo_bench_floats(float *v, long long n) {
    for (long long i = 0; i < n; i++) v[i] = (float)bench_hash((unsigned long long)i, 11, 16);
}

/* 32-bit keys over the whole range. */
static inline void algo_bench_keys(unsigned *k, long long n) {
    for (long long i = 0; i < n; i++)
        k[i] = bench_hash((unsigned long long)i, 13, 1u << 16) << 16 | bench_hash((unsigned long long)i, 14, 1u << 16);
}

/* A gather's map: n indices below n. */
static inline void algo_bench_map(unsigned *map, long long n) {
    for (long long i = 0; i < n; i++) map[i] = bench_hash((unsigned long long)i, 15, (unsigned)n);
}

/* A scatter's map: the permutation i -> (i * a + 1) mod n, a odd and
 * prime to n. */
static inline void algo_bench_permutation(unsigned *perm, long long n) {
    unsigned long long a = 2654435761ull % (unsigned long long)n;
    for (;; a++) {
        unsigned long long x = a, y = (unsigned long long)n;
        while (y) { unsigned long long r = x % y; x = y; y = r; }
        if (x == 1) break;
    }
    for (long long i = 0; i < n; i++) perm[i] = (unsigned)(((unsigned long long)i * a + 1) % (unsigned long long)n);
}

/* Untimed runs before a row's timed ones: for at least this long. The
 * NVIDIA driver lowers a Vulkan program's clocks after seconds of little
 * work (the host checking the row before: an H200's SM clock at 345 MHz
 * rather than 1,980, its copy kernel at 1,500 GB/s rather than 3,870) and
 * raises them only under sustained work; a CUDA program's stay up. Both
 * twins warm up alike (docs/performance.md). */
enum { ALGO_BENCH_WARM_MS = 500 };

/* The median time of `timed` (which returns when the device is done), each
 * run after `setup` (NULL: none), o->reps times after untimed runs of at
 * least ALGO_BENCH_WARM_MS (--quick: one). */
static inline double algo_bench_measure(const bench_options *o, void (*setup)(void *), void (*timed)(void *),
                                        void *context) {
    static double samples[BENCH_MAX_REPS];
    double warm_ms = o->quick ? 0 : ALGO_BENCH_WARM_MS, warm_start = bench_now_ms();
    do { /* at least once; --quick, which checks results, only once */
        if (setup) setup(context);
        timed(context);
    } while (bench_now_ms() - warm_start < warm_ms);
    for (int r = 0; r < o->reps; r++) {
        if (setup) setup(context);
        double start = bench_now_ms();
        timed(context);
        samples[r] = bench_now_ms() - start;
    }
    qsort(samples, (size_t)o->reps, sizeof *samples, bench_by_value);
    return o->reps % 2 ? samples[o->reps / 2] : (samples[o->reps / 2 - 1] + samples[o->reps / 2]) / 2;
}

/* A BENCH line for operation `name` on n elements: `amount` per second. */
static inline void algo_bench_report(const bench_options *o, const char *name, long long n, const char *impl,
                                     double ms, double amount, double scale, const char *unit) {
    bench_options named = *o;
    char size[32];
    named.name = name;
    bench_report(&named, bench_count_token(n, size, sizeof size), impl, ms, amount, scale, unit);
}

/* Float results: the sum of n values 0..15 differs from the exact one by
 * the rounding of its additions, at most about 1e-5 of it in any order a
 * GPU uses (a scan's carries over a chunk add a few hundred roundings). */
static inline void algo_bench_check_float(const bench_options *o, const char *impl, const char *what, double got,
                                          double want) {
    if (!bench_close(got, want, 1e-4 * want + 1)) bench_wrong(o, impl, what, got, want);
}

/* A maximum (of the values or of their absolute values): exact. */
static inline void algo_bench_check_max(const bench_options *o, const char *impl, const float *in, long long n,
                                        bool absolute, float got) {
    float want = 0;
    for (long long i = 0; i < n; i++) {
        float x = absolute && in[i] < 0 ? -in[i] : in[i];
        if (i == 0 || x > want) want = x;
    }
    if (got != want) bench_wrong(o, impl, absolute ? "the largest absolute value" : "the maximum", got, want);
}

static inline void algo_bench_check_sum(const bench_options *o, const char *impl, const float *in, long long n,
                                        float total) {
    double want = 0;
    for (long long i = 0; i < n; i++) want += in[i];
    algo_bench_check_float(o, impl, "the sum", total, want);
}

/* The inclusive scan: every element within the bound. */
static inline void algo_bench_check_scan(const bench_options *o, const char *impl, const float *in, const float *out,
                                         long long n) {
    double want = 0;
    for (long long i = 0; i < n; i++) {
        want += in[i];
        if (!bench_close(out[i], want, 1e-4 * want + 1)) bench_wrong(o, impl, "a prefix sum", out[i], want);
    }
}

/* Sorted keys: ascending, the same multiset as the input (their count of
 * each value of the low 16 bits and their sum); with values, each value
 * names the key's first position and appears once. */
static inline void algo_bench_check_sort(const bench_options *o, const char *impl, const unsigned *original,
                                         const unsigned *keys, const unsigned *values, long long n) {
    unsigned long long sum_in = 0, sum_out = 0;
    unsigned char *seen = values ? (unsigned char *)calloc((size_t)n, 1) : NULL;
    for (long long i = 0; i < n; i++) {
        sum_in += original[i];
        sum_out += keys[i];
        if (i && keys[i - 1] > keys[i]) bench_wrong(o, impl, "the key order", keys[i], keys[i - 1]);
        if (values) {
            if (values[i] >= (unsigned long long)n || seen[values[i]]++)
                bench_wrong(o, impl, "a value (not a permutation)", values[i], (double)i);
            if (original[values[i]] != keys[i]) bench_wrong(o, impl, "a key's value", values[i], keys[i]);
            if (i && keys[i - 1] == keys[i] && values[i - 1] > values[i])
                bench_wrong(o, impl, "the order of equal keys (not stable)", values[i], values[i - 1]);
        }
    }
    free(seen);
    if (sum_in != sum_out) bench_wrong(o, impl, "the keys' sum", (double)sum_out, (double)sum_in);
}

/* Selection: the count and every kept element in order. */
static inline void algo_bench_check_select(const bench_options *o, const char *impl, const float *in,
                                           const float *out, long long n, long long count) {
    long long kept = 0;
    for (long long i = 0; i < n; i++) {
        if (!(in[i] < ALGO_BENCH_SELECT_BELOW)) continue;
        if (kept < count && out[kept] != in[i]) bench_wrong(o, impl, "a selected element", out[kept], in[i]);
        kept++;
    }
    if (kept != count) bench_wrong(o, impl, "the selected count", (double)count, (double)kept);
}
/* The histogram: each bin's count, exact. */
static inline void algo_bench_check_histogram(const bench_options *o, const char *impl, const float *in, long long n,
                                              const unsigned *bins) {
    long long want[ALGO_BENCH_BINS] = {0};
    for (long long i = 0; i < n; i++) want[(int)in[i]]++; /* the floats are 0..15: bin = value */
    for (int b = 0; b < ALGO_BENCH_BINS; b++)
        if (bins[b] != (unsigned long long)want[b]) bench_wrong(o, impl, "a bin's count", bins[b], (double)want[b]);
}

/* The gather: every element. */
static inline void algo_bench_check_gather(const bench_options *o, const char *impl, const float *in,
                                           const unsigned *map, const float *out, long long n) {
    for (long long i = 0; i < n; i++)
        if (out[i] != in[map[i]]) bench_wrong(o, impl, "a gathered element", out[i], in[map[i]]);
}

/* The segmented scan: runs of ALGO_BENCH_RUN (keys i / ALGO_BENCH_RUN). */
static inline void algo_bench_check_scan_by_key(const bench_options *o, const char *impl, const float *in,
                                                const float *out, long long n) {
    double want = 0;
    for (long long i = 0; i < n; i++) {
        want = i % ALGO_BENCH_RUN ? want + in[i] : in[i];
        if (!bench_close(out[i], want, 1e-4 * want + 1)) bench_wrong(o, impl, "a segment's prefix sum", out[i], want);
    }
}

/* unique: the count and every element kept, in order. */
static inline void algo_bench_check_unique(const bench_options *o, const char *impl, const float *in,
                                           const float *out, long long n, long long count) {
    long long kept = 0;
    for (long long i = 0; i < n; i++) {
        if (i && in[i] == in[i - 1]) continue;
        if (kept < count && out[kept] != in[i]) bench_wrong(o, impl, "a unique element", out[kept], in[i]);
        kept++;
    }
    if (kept != count) bench_wrong(o, impl, "the unique count", (double)count, (double)kept);
}

/* The device memory of one size, as each implementation allocates it. */
typedef struct algo_bench_data {
    long long n;
    float *in, *out, total;                         /* the floats, scan/select/gather output, a reduction */
    unsigned *original, *keys, *values, *positions; /* unsorted keys, the keys sorted in place, values, 0..n-1 */
    unsigned *map, *bins;                           /* a gather's indices, a histogram's ALGO_BENCH_BINS counts */
    unsigned *segments;                             /* a segmented scan's keys: i / ALGO_BENCH_RUN */
    unsigned *perm;                                 /* a scatter's map: a permutation of 0..n-1 */
    size_t selected;                                /* a selection's count */
    void *scratch;                                  /* the implementation's own, or NULL */
    size_t scratch_bytes;
} algo_bench_data;

/* One implementation: its rows' impl= names and its calls, each on a
 * algo_bench_data and returning when the device is done. */
typedef void (*algo_bench_call)(void *data);
typedef struct algo_bench_impl {
    const char *name;                 /* impl= of the algorithms' rows */
    const char *copy_names[2];        /* impl= of the two algo_copy rows */
    algo_bench_call copies[2];        /* in to out */
    algo_bench_call reduce, reduce_max, reduce_max_abs, scan, unsort, sort, sort_pairs, sort_with, select_below,
        histogram, gather, scan_by_key, unique, fill, sequence, dot, scatter;
    /* in, original, map and perm filled from the host, the rest allocated; positions 0..n-1,
     * segments i / ALGO_BENCH_RUN */
    void (*allocate)(algo_bench_data *d, const float *in, const unsigned *keys, const unsigned *map,
                     const unsigned *perm);
    void (*read)(void *host, const void *device, size_t bytes);
    void (*release)(algo_bench_data *d);
} algo_bench_impl;

/* Every row of one size: measured, checked, reported. */
static inline void algo_bench_size(const bench_options *o, long long size, const algo_bench_impl *impl) {
    size_t n = (size_t)size;
    float *in = (float *)bench_alloc(o, n * sizeof(float)), *out = (float *)bench_alloc(o, n * sizeof(float));
    unsigned *keys = (unsigned *)bench_alloc(o, n * sizeof(unsigned));
    unsigned *sorted = (unsigned *)bench_alloc(o, n * sizeof(unsigned));
    unsigned *values = (unsigned *)bench_alloc(o, n * sizeof(unsigned));
    unsigned *map = (unsigned *)bench_alloc(o, n * sizeof(unsigned));
    unsigned *perm = (unsigned *)bench_alloc(o, n * sizeof(unsigned));
    algo_bench_floats(in, size);
    algo_bench_keys(keys, size);
    algo_bench_map(map, size);
    algo_bench_permutation(perm, size);
    algo_bench_data d;
    d.n = size;
    impl->allocate(&d, in, keys, map, perm);
    for (int c = 0; c < 2; c++) {
        double ms = algo_bench_measure(o, NULL, impl->copies[c], &d);
        impl->read(out, d.out, n * sizeof(float));
        if (memcmp(out, in, n * sizeof(float))) bench_wrong(o, impl->copy_names[c], "the copy", 0, 0);
        algo_bench_report(o, "algo_copy", size, impl->copy_names[c], ms, 8.0 * (double)size, 1e9, "GB/s");
    }
    double ms = algo_bench_measure(o, NULL, impl->reduce, &d);
    algo_bench_check_sum(o, impl->name, in, size, d.total);
    algo_bench_report(o, "algo_reduce", size, impl->name, ms, 4.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->reduce_max, &d);
    algo_bench_check_max(o, impl->name, in, size, false, d.total);
    algo_bench_report(o, "algo_reduce_max", size, impl->name, ms, 4.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->reduce_max_abs, &d);
    algo_bench_check_max(o, impl->name, in, size, true, d.total);
    algo_bench_report(o, "algo_reduce_max_abs", size, impl->name, ms, 4.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->scan, &d);
    impl->read(out, d.out, n * sizeof(float));
    algo_bench_check_scan(o, impl->name, in, out, size);
    algo_bench_report(o, "algo_scan", size, impl->name, ms, 8.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, impl->unsort, impl->sort, &d);
    impl->read(sorted, d.keys, n * sizeof(unsigned));
    algo_bench_check_sort(o, impl->name, keys, sorted, NULL, size);
    algo_bench_report(o, "algo_sort", size, impl->name, ms, (double)size, 1e9, "Gkeys/s");

    ms = algo_bench_measure(o, impl->unsort, impl->sort_pairs, &d);
    impl->read(sorted, d.keys, n * sizeof(unsigned));
    impl->read(values, d.values, n * sizeof(unsigned));
    algo_bench_check_sort(o, impl->name, keys, sorted, values, size);
    algo_bench_report(o, "algo_sort_pairs", size, impl->name, ms, (double)size, 1e9, "Gkeys/s");

    ms = algo_bench_measure(o, impl->unsort, impl->sort_with, &d);
    impl->read(sorted, d.keys, n * sizeof(unsigned));
    algo_bench_check_sort(o, impl->name, keys, sorted, NULL, size);
    algo_bench_report(o, "algo_sort_with", size, impl->name, ms, (double)size, 1e9, "Gkeys/s");

    ms = algo_bench_measure(o, NULL, impl->select_below, &d);
    impl->read(out, d.out, d.selected * sizeof(float));
    algo_bench_check_select(o, impl->name, in, out, size, (long long)d.selected);
    algo_bench_report(o, "algo_select", size, impl->name, ms, (double)size, 1e9, "Gelem/s");

    ms = algo_bench_measure(o, NULL, impl->histogram, &d);
    unsigned bins[ALGO_BENCH_BINS];
    impl->read(bins, d.bins, sizeof bins);
    algo_bench_check_histogram(o, impl->name, in, size, bins);
    algo_bench_report(o, "algo_histogram", size, impl->name, ms, 4.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->gather, &d);
    impl->read(out, d.out, n * sizeof(float));
    algo_bench_check_gather(o, impl->name, in, map, out, size);
    algo_bench_report(o, "algo_gather", size, impl->name, ms, 12.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->scan_by_key, &d);
    impl->read(out, d.out, n * sizeof(float));
    algo_bench_check_scan_by_key(o, impl->name, in, out, size);
    algo_bench_report(o, "algo_scan_by_key", size, impl->name, ms, 12.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->unique, &d);
    impl->read(out, d.out, d.selected * sizeof(float));
    algo_bench_check_unique(o, impl->name, in, out, size, (long long)d.selected);
    algo_bench_report(o, "algo_unique", size, impl->name, ms, (double)size, 1e9, "Gelem/s");

    ms = algo_bench_measure(o, NULL, impl->fill, &d);
    impl->read(out, d.out, n * sizeof(float));
    for (size_t i = 0; i < n; i++)
        if (out[i] != 1.0f) bench_wrong(o, impl->name, "a filled element", out[i], 1.0);
    algo_bench_report(o, "algo_fill", size, impl->name, ms, 4.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->sequence, &d);
    impl->read(out, d.out, n * sizeof(float));
    for (size_t i = 0; i < n; i++)
        if (out[i] != (float)i) bench_wrong(o, impl->name, "a sequence element", out[i], (double)(float)i);
    algo_bench_report(o, "algo_sequence", size, impl->name, ms, 4.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->dot, &d);
    double squares = 0;
    for (size_t i = 0; i < n; i++) squares += (double)in[i] * in[i];
    algo_bench_check_float(o, impl->name, "the dot product", d.total, squares);
    algo_bench_report(o, "algo_dot", size, impl->name, ms, 8.0 * (double)size, 1e9, "GB/s");

    ms = algo_bench_measure(o, NULL, impl->scatter, &d);
    impl->read(out, d.out, n * sizeof(float));
    for (size_t i = 0; i < n; i++)
        if (out[perm[i]] != in[i]) bench_wrong(o, impl->name, "a scattered element", out[perm[i]], in[i]);
    algo_bench_report(o, "algo_scatter", size, impl->name, ms, 12.0 * (double)size, 1e9, "GB/s");

    impl->release(&d);
    free(in);
    free(out);
    free(keys);
    free(sorted);
    free(values);
    free(map);
    free(perm);
}

/* A main's work: every size of algo_bench_size_list. */
static inline int algo_bench_main(int argc, char **argv, const char *name, const algo_bench_impl *impl,
                                  void (*require)(const bench_options *o, long long size)) {
    bench_options o = bench_parse(argc, argv, name, 0, ALGO_BENCH_QUICK, 1);
    long long sizes[2];
    int count = algo_bench_size_list(&o, sizes);
    for (int s = 0; s < count; s++) {
        require(&o, sizes[s]);
        algo_bench_size(&o, sizes[s], impl);
    }
    return 0;
}
#endif
