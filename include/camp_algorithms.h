/* camp_algorithms.h — the parallel algorithms library: reduce, scan, sort
 * and the everyday calls beside them, on memory kernels can use: an array
 * (array_new) or an explicit view (array_view, array_view_new). Each call
 * runs its kernels on the calling thread's current accelerator view
 * (camp_set_current_view), in order with the program's own kernels, and
 * returns when its result is there (a reduction's value) or queued (what
 * it writes into an array or view, which the program reads as it reads a
 * kernel's results). Bad arguments (a null pointer, memory in no array or
 * view, n past its end, overlapping input and output) are errors through
 * the runtime's error handler naming the caller's line; the call then
 * writes nothing. docs/algorithms.md describes every call: its cost, what
 * it allocates, and how its float sums may differ from a serial sum.
 *
 * campcc links the library (libcamp_algorithms.a) with every program that
 * uses libcamp. Its kernels use subgroup operations where the device has
 * them, and tile_static memory alone where it does not. */
#ifndef CAMP_ALGORITHMS_H
#define CAMP_ALGORITHMS_H
#include <camp.h>
#include <stddef.h>

/* Reductions with an operation of the program's own: CAMP_REDUCE_DEFINE,
 * CAMP_TRANSFORM_REDUCE_DEFINE. */
#include "camp_reduce_op.h"
/* Sorts with a comparison of the program's own: CAMP_SORT_DEFINE. */
#include "camp_sort_op.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The element types, by the suffix of each typed call. */
#define CAMP_ALGO_TYPES_(X) \
    X(int, int) X(unsigned, uint) X(long long, int64) X(unsigned long long, uint64) X(float, float) X(double, double)
/* The types segmented scans and histograms take. */
#define CAMP_ALGO_SCAN_TYPES_(X) X(int, int) X(unsigned, uint) X(float, float)

/* ---- Reductions: the sum (wrapping for integers), minimum or maximum of
 * data[0 .. n-1]; for n == 0, 0, the type's largest value, its smallest
 * (+-infinity for floats). camp_dot_TYPE: the sum of a[i] * b[i]. O(n)
 * work, two kernels, one wait. */
#define CAMP_ALGO_DECLARE_REDUCE_(T, name) \
    T camp_reduce_sum_##name##_at(const T *data, size_t n, const char *file, unsigned line); \
    T camp_reduce_min_##name##_at(const T *data, size_t n, const char *file, unsigned line); \
    T camp_reduce_max_##name##_at(const T *data, size_t n, const char *file, unsigned line); \
    camp_future *camp_reduce_sum_##name##_async_at(const T *data, size_t n, T *result, const char *file, \
                                                   unsigned line); \
    camp_future *camp_reduce_min_##name##_async_at(const T *data, size_t n, T *result, const char *file, \
                                                   unsigned line); \
    camp_future *camp_reduce_max_##name##_async_at(const T *data, size_t n, T *result, const char *file, \
                                                   unsigned line); \
    T camp_dot_##name##_at(const T *a, const T *b, size_t n, const char *file, unsigned line); \
    camp_future *camp_dot_##name##_async_at(const T *a, const T *b, size_t n, T *result, const char *file, \
                                            unsigned line);
CAMP_ALGO_TYPES_(CAMP_ALGO_DECLARE_REDUCE_)

/* ---- Scans: out[i] = in[0] + ... + in[i] (inclusive) or + in[i-1]
 * (exclusive, out[0] = 0); out may be in (in place), not overlap it
 * otherwise. O(n) work, three kernels, no wait. */
#define CAMP_ALGO_DECLARE_SCAN_(T, name) \
    void camp_inclusive_scan_##name##_at(const T *in, T *out, size_t n, const char *file, unsigned line); \
    void camp_exclusive_scan_##name##_at(const T *in, T *out, size_t n, const char *file, unsigned line); \
    camp_future *camp_inclusive_scan_##name##_async_at(const T *in, T *out, size_t n, const char *file, \
                                                       unsigned line); \
    camp_future *camp_exclusive_scan_##name##_async_at(const T *in, T *out, size_t n, const char *file, \
                                                       unsigned line);
CAMP_ALGO_TYPES_(CAMP_ALGO_DECLARE_SCAN_)
/* The segmented scans: out[i] = the sum of in[j] over the run of equal
 * keys holding i, from its first element to i (Thrust's
 * inclusive_scan_by_key), or to i - 1, 0 at a run's first element
 * (exclusive_scan_by_key); out may be in, not overlap it otherwise, nor
 * keys. Three kernels. */
#define CAMP_ALGO_DECLARE_SCAN_BY_KEY_(T, name) \
    void camp_inclusive_scan_by_key_##name##_at(const unsigned *keys, const T *in, T *out, size_t n, \
                                                const char *file, unsigned line); \
    void camp_exclusive_scan_by_key_##name##_at(const unsigned *keys, const T *in, T *out, size_t n, \
                                                const char *file, unsigned line); \
    camp_future *camp_inclusive_scan_by_key_##name##_async_at(const unsigned *keys, const T *in, T *out, size_t n, \
                                                              const char *file, unsigned line); \
    camp_future *camp_exclusive_scan_by_key_##name##_async_at(const unsigned *keys, const T *in, T *out, size_t n, \
                                                              const char *file, unsigned line);
CAMP_ALGO_SCAN_TYPES_(CAMP_ALGO_DECLARE_SCAN_BY_KEY_)

/* ---- Selection (copy_if, stream compaction): copies the elements of in
 * for which `in[i] COMPARE value` holds to out, in their order; returns how
 * many (out[0 .. count-1]). camp_unique_TYPE copies those that differ from
 * the element before them (the first of each run of equal ones: after a
 * sort, each value once). out may not overlap in, and has room for n
 * elements: the count is known only once the kernels ran (an array or
 * view of fewer is an error that names it). O(n) work, five kernels and
 * a wait for the count. */
typedef enum camp_compare {
    CAMP_LESS,
    CAMP_LESS_EQUAL,
    CAMP_GREATER,
    CAMP_GREATER_EQUAL,
    CAMP_EQUAL,
    CAMP_NOT_EQUAL,
} camp_compare;
#define CAMP_ALGO_DECLARE_SELECT_(T, name) \
    size_t camp_select_##name##_at(const T *in, T *out, size_t n, camp_compare compare, T value, const char *file, \
                                   unsigned line); \
    camp_future *camp_select_##name##_async_at(const T *in, T *out, size_t n, camp_compare compare, T value, \
                                               unsigned *count, const char *file, unsigned line); \
    size_t camp_unique_##name##_at(const T *in, T *out, size_t n, const char *file, unsigned line); \
    camp_future *camp_unique_##name##_async_at(const T *in, T *out, size_t n, unsigned *count, const char *file, \
                                               unsigned line);
CAMP_ALGO_TYPES_(CAMP_ALGO_DECLARE_SELECT_)

/* ---- Fill and sequence: data[i] = value; data[i] = start + i * step.
 * One kernel, no wait. */
#define CAMP_ALGO_DECLARE_FILL_(T, name) \
    void camp_fill_##name##_at(T *data, size_t n, T value, const char *file, unsigned line); \
    void camp_sequence_##name##_at(T *data, size_t n, T start, T step, const char *file, unsigned line); \
    camp_future *camp_fill_##name##_async_at(T *data, size_t n, T value, const char *file, unsigned line); \
    camp_future *camp_sequence_##name##_async_at(T *data, size_t n, T start, T step, const char *file, \
                                                 unsigned line);
CAMP_ALGO_TYPES_(CAMP_ALGO_DECLARE_FILL_)

/* ---- Gather and scatter: out[i] = in[map[i]] for i < n (in has in_n
 * elements); out[map[i]] = in[i] for i < n (out has out_n elements; where
 * map repeats an index, one of its elements lands there). An index past
 * in_n or out_n is skipped: that out[i] keeps its value, that in[i] goes
 * nowhere. out may not overlap in or map. One kernel, no wait. */
#define CAMP_ALGO_DECLARE_GATHER_(T, name) \
    void camp_gather_##name##_at(const T *in, size_t in_n, const unsigned *map, T *out, size_t n, const char *file, \
                                 unsigned line); \
    void camp_scatter_##name##_at(const T *in, const unsigned *map, T *out, size_t out_n, size_t n, \
                                  const char *file, unsigned line); \
    camp_future *camp_gather_##name##_async_at(const T *in, size_t in_n, const unsigned *map, T *out, size_t n, \
                                               const char *file, unsigned line); \
    camp_future *camp_scatter_##name##_async_at(const T *in, const unsigned *map, T *out, size_t out_n, size_t n, \
                                                const char *file, unsigned line);
CAMP_ALGO_TYPES_(CAMP_ALGO_DECLARE_GATHER_)

/* ---- Histogram: bins[b] = how many data[i] have bin b over bin_count
 * uniform bins of [lower, upper): for floats b = (int)((x - lower) *
 * (bin_count / (upper - lower))) in float (the last bin where rounding
 * gives bin_count), for int and unsigned (x - lower) * bin_count / (upper
 * - lower) exactly, rounded down; values outside the range and NaNs are
 * not counted. O(n) work, two kernels (fill, count), no wait. */
#define CAMP_ALGO_DECLARE_HISTOGRAM_(T, name) \
    void camp_histogram_##name##_at(const T *data, size_t n, unsigned *bins, int bin_count, T lower, T upper, \
                                    const char *file, unsigned line); \
    camp_future *camp_histogram_##name##_async_at(const T *data, size_t n, unsigned *bins, int bin_count, T lower, \
                                                  T upper, const char *file, unsigned line);
CAMP_ALGO_SCAN_TYPES_(CAMP_ALGO_DECLARE_HISTOGRAM_)

/* ---- Sorts: keys ascending, stable (equal keys keep their order): an LSD
 * radix sort in passes of 8 bits (4 for 32-bit keys, 8 for 64-bit ones).
 * Floats and doubles in their sortable order (-inf < ... < -0 < +0 < ... <
 * +inf; NaNs below or above all by their sign bit). values: n 32-bit
 * elements (any 4-byte type) moved with their keys, not overlapping them;
 * the _wide calls' values: n 8-byte elements (any 8-byte type), moved by
 * the keys' positions, sorted as 32-bit values, then gathered. O(n) work,
 * 5 kernels per pass (3 more for 8-byte values), no wait; allocates a
 * scratch copy of the keys (and 4-byte values), up to 1 MiB of counts,
 * and for 8-byte values 4n bytes of positions and a scratch copy of them. */
#define CAMP_ALGO_DECLARE_SORT_(T, name) \
    void camp_sort_##name##_at(T *keys, size_t n, const char *file, unsigned line); \
    void camp_sort_by_key_##name##_at(T *keys, void *values, size_t n, const char *file, unsigned line); \
    void camp_sort_by_key_##name##_wide_at(T *keys, void *values, size_t n, const char *file, unsigned line); \
    camp_future *camp_sort_##name##_async_at(T *keys, size_t n, const char *file, unsigned line); \
    camp_future *camp_sort_by_key_##name##_async_at(T *keys, void *values, size_t n, const char *file, unsigned line); \
    camp_future *camp_sort_by_key_##name##_wide_async_at(T *keys, void *values, size_t n, const char *file, \
                                                         unsigned line);
CAMP_ALGO_TYPES_(CAMP_ALGO_DECLARE_SORT_)

/* ---- Dense matrix product (GEMM): c = alpha a b + beta c, row-major, a
 * m x k, b k x n, c m x n, each row `ld` elements after the one before (lda
 * >= k, ldb >= n, ldc >= n); c apart from a and b; with beta == 0 c is
 * only written. Sums in order along k, per element of c. O(m n k) work, one
 * kernel (floats of multiples of 128 x 128 x 8, rows of whole 16-byte
 * units: a register-blocked one), no wait, no allocation. */
#define CAMP_ALGO_DECLARE_GEMM_(T, name) \
    void camp_gemm_##name##_at(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda, const T *b, \
                               size_t ldb, T beta, T *c, size_t ldc, const char *file, unsigned line); \
    camp_future *camp_gemm_##name##_async_at(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda, \
                                             const T *b, size_t ldb, T beta, T *c, size_t ldc, const char *file, \
                                             unsigned line);
CAMP_ALGO_DECLARE_GEMM_(float, float)
CAMP_ALGO_DECLARE_GEMM_(double, double)

/* ---- The _async forms: each call above as NAME_TYPE_async_at(...), which
 * queues the same kernels and returns at once with a future
 * (camp_future_wait, future_wait) done when they are; NULL (a future
 * already done) for n == 0 without a result to write, or after a reported
 * error. A reduction's result goes to `result`, a selection's count to
 * `count`: one element of an array or view, read after the wait. The
 * type-generic macros below name them: camp_reduce_sum_async(data, n,
 * result), camp_sort_async(keys, n), ... */

/* The typed calls, naming the caller's line in their errors. */
#define camp_reduce_sum_int(data, n) camp_reduce_sum_int_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_sum_uint(data, n) camp_reduce_sum_uint_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_sum_int64(data, n) camp_reduce_sum_int64_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_sum_uint64(data, n) camp_reduce_sum_uint64_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_sum_float(data, n) camp_reduce_sum_float_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_sum_double(data, n) camp_reduce_sum_double_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_min_int(data, n) camp_reduce_min_int_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_min_uint(data, n) camp_reduce_min_uint_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_min_int64(data, n) camp_reduce_min_int64_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_min_uint64(data, n) camp_reduce_min_uint64_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_min_float(data, n) camp_reduce_min_float_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_min_double(data, n) camp_reduce_min_double_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_max_int(data, n) camp_reduce_max_int_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_max_uint(data, n) camp_reduce_max_uint_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_max_int64(data, n) camp_reduce_max_int64_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_max_uint64(data, n) camp_reduce_max_uint64_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_max_float(data, n) camp_reduce_max_float_at((data), (n), __FILE__, __LINE__)
#define camp_reduce_max_double(data, n) camp_reduce_max_double_at((data), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_by_key_int(keys, in, out, n) \
    camp_inclusive_scan_by_key_int_at((keys), (in), (out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_by_key_uint(keys, in, out, n) \
    camp_inclusive_scan_by_key_uint_at((keys), (in), (out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_by_key_float(keys, in, out, n) \
    camp_inclusive_scan_by_key_float_at((keys), (in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_by_key_int(keys, in, out, n) \
    camp_exclusive_scan_by_key_int_at((keys), (in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_by_key_uint(keys, in, out, n) \
    camp_exclusive_scan_by_key_uint_at((keys), (in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_by_key_float(keys, in, out, n) \
    camp_exclusive_scan_by_key_float_at((keys), (in), (out), (n), __FILE__, __LINE__)
#define camp_dot_int(a, b, n) camp_dot_int_at((a), (b), (n), __FILE__, __LINE__)
#define camp_dot_uint(a, b, n) camp_dot_uint_at((a), (b), (n), __FILE__, __LINE__)
#define camp_dot_int64(a, b, n) camp_dot_int64_at((a), (b), (n), __FILE__, __LINE__)
#define camp_dot_uint64(a, b, n) camp_dot_uint64_at((a), (b), (n), __FILE__, __LINE__)
#define camp_dot_float(a, b, n) camp_dot_float_at((a), (b), (n), __FILE__, __LINE__)
#define camp_dot_double(a, b, n) camp_dot_double_at((a), (b), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_int(in, out, n) camp_inclusive_scan_int_at((in), (out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_uint(in, out, n) camp_inclusive_scan_uint_at((in), (out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_float(in, out, n) camp_inclusive_scan_float_at((in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_int(in, out, n) camp_exclusive_scan_int_at((in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_uint(in, out, n) camp_exclusive_scan_uint_at((in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_float(in, out, n) camp_exclusive_scan_float_at((in), (out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_int64(in, out, n) camp_inclusive_scan_int64_at((in), (out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_uint64(in, out, n) camp_inclusive_scan_uint64_at((in), (out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_double(in, out, n) camp_inclusive_scan_double_at((in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_int64(in, out, n) camp_exclusive_scan_int64_at((in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_uint64(in, out, n) camp_exclusive_scan_uint64_at((in), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_double(in, out, n) camp_exclusive_scan_double_at((in), (out), (n), __FILE__, __LINE__)

#define camp_sort_uint(keys, n) camp_sort_uint_at((keys), (n), __FILE__, __LINE__)
#define camp_sort_int(keys, n) camp_sort_int_at((keys), (n), __FILE__, __LINE__)
#define camp_sort_float(keys, n) camp_sort_float_at((keys), (n), __FILE__, __LINE__)
#define camp_sort_uint64(keys, n) camp_sort_uint64_at((keys), (n), __FILE__, __LINE__)
#define camp_sort_int64(keys, n) camp_sort_int64_at((keys), (n), __FILE__, __LINE__)
#define camp_sort_double(keys, n) camp_sort_double_at((keys), (n), __FILE__, __LINE__)
/* values: 4- or 8-byte elements (a compile error otherwise) */
#define camp_sort_by_key_uint(keys, values, n) CAMP_ALGO_SORT_BY_KEY_(camp_sort_by_key_uint, keys, values, n)
#define camp_sort_by_key_int(keys, values, n) CAMP_ALGO_SORT_BY_KEY_(camp_sort_by_key_int, keys, values, n)
#define camp_sort_by_key_float(keys, values, n) CAMP_ALGO_SORT_BY_KEY_(camp_sort_by_key_float, keys, values, n)
#define camp_sort_by_key_uint64(keys, values, n) CAMP_ALGO_SORT_BY_KEY_(camp_sort_by_key_uint64, keys, values, n)
#define camp_sort_by_key_int64(keys, values, n) CAMP_ALGO_SORT_BY_KEY_(camp_sort_by_key_int64, keys, values, n)
#define camp_sort_by_key_double(keys, values, n) CAMP_ALGO_SORT_BY_KEY_(camp_sort_by_key_double, keys, values, n)
#define camp_select_int(in, out, n, compare, value) \
    camp_select_int_at((in), (out), (n), (compare), (value), __FILE__, __LINE__)
#define camp_select_uint(in, out, n, compare, value) \
    camp_select_uint_at((in), (out), (n), (compare), (value), __FILE__, __LINE__)
#define camp_select_float(in, out, n, compare, value) \
    camp_select_float_at((in), (out), (n), (compare), (value), __FILE__, __LINE__)
#define camp_select_int64(in, out, n, compare, value) \
    camp_select_int64_at((in), (out), (n), (compare), (value), __FILE__, __LINE__)
#define camp_select_uint64(in, out, n, compare, value) \
    camp_select_uint64_at((in), (out), (n), (compare), (value), __FILE__, __LINE__)
#define camp_select_double(in, out, n, compare, value) \
    camp_select_double_at((in), (out), (n), (compare), (value), __FILE__, __LINE__)
#define camp_unique_int(in, out, n) camp_unique_int_at((in), (out), (n), __FILE__, __LINE__)
#define camp_unique_uint(in, out, n) camp_unique_uint_at((in), (out), (n), __FILE__, __LINE__)
#define camp_unique_int64(in, out, n) camp_unique_int64_at((in), (out), (n), __FILE__, __LINE__)
#define camp_unique_uint64(in, out, n) camp_unique_uint64_at((in), (out), (n), __FILE__, __LINE__)
#define camp_unique_float(in, out, n) camp_unique_float_at((in), (out), (n), __FILE__, __LINE__)
#define camp_unique_double(in, out, n) camp_unique_double_at((in), (out), (n), __FILE__, __LINE__)
#define camp_fill_int(data, n, value) camp_fill_int_at((data), (n), (value), __FILE__, __LINE__)
#define camp_fill_uint(data, n, value) camp_fill_uint_at((data), (n), (value), __FILE__, __LINE__)
#define camp_fill_int64(data, n, value) camp_fill_int64_at((data), (n), (value), __FILE__, __LINE__)
#define camp_fill_uint64(data, n, value) camp_fill_uint64_at((data), (n), (value), __FILE__, __LINE__)
#define camp_fill_float(data, n, value) camp_fill_float_at((data), (n), (value), __FILE__, __LINE__)
#define camp_fill_double(data, n, value) camp_fill_double_at((data), (n), (value), __FILE__, __LINE__)
#define camp_sequence_int(data, n, start, step) camp_sequence_int_at((data), (n), (start), (step), __FILE__, __LINE__)
#define camp_sequence_uint(data, n, start, step) camp_sequence_uint_at((data), (n), (start), (step), __FILE__, __LINE__)
#define camp_sequence_int64(data, n, start, step) \
    camp_sequence_int64_at((data), (n), (start), (step), __FILE__, __LINE__)
#define camp_sequence_uint64(data, n, start, step) \
    camp_sequence_uint64_at((data), (n), (start), (step), __FILE__, __LINE__)
#define camp_sequence_float(data, n, start, step) \
    camp_sequence_float_at((data), (n), (start), (step), __FILE__, __LINE__)
#define camp_sequence_double(data, n, start, step) \
    camp_sequence_double_at((data), (n), (start), (step), __FILE__, __LINE__)

#define camp_gather_int(in, in_n, map, out, n) \
    camp_gather_int_at((in), (in_n), (map), (out), (n), __FILE__, __LINE__)
#define camp_gather_uint(in, in_n, map, out, n) \
    camp_gather_uint_at((in), (in_n), (map), (out), (n), __FILE__, __LINE__)
#define camp_gather_int64(in, in_n, map, out, n) \
    camp_gather_int64_at((in), (in_n), (map), (out), (n), __FILE__, __LINE__)
#define camp_gather_uint64(in, in_n, map, out, n) \
    camp_gather_uint64_at((in), (in_n), (map), (out), (n), __FILE__, __LINE__)
#define camp_gather_float(in, in_n, map, out, n) \
    camp_gather_float_at((in), (in_n), (map), (out), (n), __FILE__, __LINE__)
#define camp_gather_double(in, in_n, map, out, n) \
    camp_gather_double_at((in), (in_n), (map), (out), (n), __FILE__, __LINE__)
#define camp_scatter_int(in, map, out, out_n, n) \
    camp_scatter_int_at((in), (map), (out), (out_n), (n), __FILE__, __LINE__)
#define camp_scatter_uint(in, map, out, out_n, n) \
    camp_scatter_uint_at((in), (map), (out), (out_n), (n), __FILE__, __LINE__)
#define camp_scatter_int64(in, map, out, out_n, n) \
    camp_scatter_int64_at((in), (map), (out), (out_n), (n), __FILE__, __LINE__)
#define camp_scatter_uint64(in, map, out, out_n, n) \
    camp_scatter_uint64_at((in), (map), (out), (out_n), (n), __FILE__, __LINE__)
#define camp_scatter_float(in, map, out, out_n, n) \
    camp_scatter_float_at((in), (map), (out), (out_n), (n), __FILE__, __LINE__)
#define camp_scatter_double(in, map, out, out_n, n) \
    camp_scatter_double_at((in), (map), (out), (out_n), (n), __FILE__, __LINE__)

#define camp_histogram_float(data, n, bins, bin_count, lower, upper) \
    camp_histogram_float_at((data), (n), (bins), (bin_count), (lower), (upper), __FILE__, __LINE__)
#define camp_histogram_float_async(data, n, bins, bin_count, lower, upper) \
    camp_histogram_float_async_at((data), (n), (bins), (bin_count), (lower), (upper), __FILE__, __LINE__)
#define camp_histogram_int(data, n, bins, bin_count, lower, upper) \
    camp_histogram_int_at((data), (n), (bins), (bin_count), (lower), (upper), __FILE__, __LINE__)
#define camp_histogram_int_async(data, n, bins, bin_count, lower, upper) \
    camp_histogram_int_async_at((data), (n), (bins), (bin_count), (lower), (upper), __FILE__, __LINE__)
#define camp_histogram_uint(data, n, bins, bin_count, lower, upper) \
    camp_histogram_uint_at((data), (n), (bins), (bin_count), (lower), (upper), __FILE__, __LINE__)
#define camp_histogram_uint_async(data, n, bins, bin_count, lower, upper) \
    camp_histogram_uint_async_at((data), (n), (bins), (bin_count), (lower), (upper), __FILE__, __LINE__)

/* The type-generic calls: the typed call for the pointer's element type
 * (long long and unsigned long long are the 64-bit ones, and long and
 * unsigned long, so int64_t and uint64_t, go to them); another type picks
 * a pointer to a struct whose name says which types the call takes, and
 * calling it is clang's error naming it. */
/* p, a pointer to long or unsigned long as one to their long long kin (the same 64 bits) */
#define CAMP_ALGO_AS_64_(p) \
    (__extension__ _Generic(&*(p), long *: (long long *)(p), const long *: (const long long *)(p), \
        unsigned long *: (unsigned long long *)(p), const unsigned long *: (const unsigned long long *)(p), \
        default: (p)))
/* FORM is empty (the plain call) or _async. */
#define CAMP_ALGO_PICK_(f, form, p) \
    (__extension__ _Generic(&*(p), \
        int *: f##_int##form##_at, const int *: f##_int##form##_at, \
        unsigned *: f##_uint##form##_at, const unsigned *: f##_uint##form##_at, \
        long long *: f##_int64##form##_at, const long long *: f##_int64##form##_at, \
        unsigned long long *: f##_uint64##form##_at, const unsigned long long *: f##_uint64##form##_at, \
        long *: f##_int64##form##_at, const long *: f##_int64##form##_at, \
        unsigned long *: f##_uint64##form##_at, const unsigned long *: f##_uint64##form##_at, \
        float *: f##_float##form##_at, const float *: f##_float##form##_at, \
        double *: f##_double##form##_at, const double *: f##_double##form##_at, \
        default: (struct f##form##_takes_int_unsigned_64_bit_integer_float_or_double_elements *)0))
#define CAMP_ALGO_PICK_SCAN_(f, form, p) \
    (__extension__ _Generic(&*(p), \
        int *: f##_int##form##_at, const int *: f##_int##form##_at, \
        unsigned *: f##_uint##form##_at, const unsigned *: f##_uint##form##_at, \
        float *: f##_float##form##_at, const float *: f##_float##form##_at, \
        default: (struct f##form##_takes_int_unsigned_or_float_elements *)0))
#define CAMP_ALGO_PICK_SORT_(f, form, p) \
    (__extension__ _Generic(&*(p), unsigned *: f##_uint##form##_at, int *: f##_int##form##_at, \
                            float *: f##_float##form##_at, unsigned long long *: f##_uint64##form##_at, \
                            long long *: f##_int64##form##_at, unsigned long *: f##_uint64##form##_at, \
                            long *: f##_int64##form##_at, double *: f##_double##form##_at, \
                            default: (struct f##form##_takes_writable_int_unsigned_64_bit_integer_float_or_double_keys *)0))
/* a struct whose member's size is negative (clang's error names it) unless *p has 4 or 8 bytes */
#define CAMP_ALGO_VALUE_BYTES_(p) \
    ((void)sizeof(struct { \
         char camp_sort_by_key_values_must_be_4_or_8_byte_elements[sizeof *(p) == 4 || sizeof *(p) == 8 ? 1 : -1]; \
     }), \
     (p))
/* a typed sort by key's call for its values' size */
#define CAMP_ALGO_SORT_BY_KEY_(f, keys, values, n) \
    (sizeof *(values) == 8 ? f##_wide_at : f##_at)((keys), CAMP_ALGO_VALUE_BYTES_(values), (n), __FILE__, __LINE__)
/* a sort by key's call for its keys' type and its values' size */
#define CAMP_ALGO_PICK_SORT_BY_KEY_(form, keys, values) \
    (sizeof *(values) == 8 ? CAMP_ALGO_PICK_SORT_(camp_sort_by_key, _wide##form, keys) \
                           : CAMP_ALGO_PICK_SORT_(camp_sort_by_key, form, keys))
/* `in`, unless its elements are not of out's type (the call is picked by
 * out's): the same kind of error, where C would convert the pointer with
 * a warning and the call would read the bits as the other type */
#define CAMP_ALGO_SAME_TYPE_(in, out) \
    ((void)sizeof(struct { \
         char camp_in_and_out_must_have_one_element_type \
             [__builtin_types_compatible_p(__typeof__(*(in)), __typeof__(*(out))) ? 1 : -1]; \
     }), \
     (in))
#define camp_reduce_sum(data, n) CAMP_ALGO_PICK_(camp_reduce_sum, , data)( \
        CAMP_ALGO_AS_64_(data), (n), __FILE__, __LINE__)
#define camp_reduce_min(data, n) CAMP_ALGO_PICK_(camp_reduce_min, , data)( \
        CAMP_ALGO_AS_64_(data), (n), __FILE__, __LINE__)
#define camp_reduce_max(data, n) CAMP_ALGO_PICK_(camp_reduce_max, , data)( \
        CAMP_ALGO_AS_64_(data), (n), __FILE__, __LINE__)
#define camp_dot(a, b, n) CAMP_ALGO_PICK_(camp_dot, , a)( \
        CAMP_ALGO_AS_64_(a), CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(b, a)), (n), __FILE__, __LINE__)
#define camp_inclusive_scan(in, out, n) \
    CAMP_ALGO_PICK_(camp_inclusive_scan, , out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), CAMP_ALGO_AS_64_(out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan(in, out, n) \
    CAMP_ALGO_PICK_(camp_exclusive_scan, , out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), CAMP_ALGO_AS_64_(out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_by_key(keys, in, out, n) \
    CAMP_ALGO_PICK_SCAN_(camp_inclusive_scan_by_key, , out)( \
        (keys), CAMP_ALGO_SAME_TYPE_(in, out), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_by_key(keys, in, out, n) \
    CAMP_ALGO_PICK_SCAN_(camp_exclusive_scan_by_key, , out)( \
        (keys), CAMP_ALGO_SAME_TYPE_(in, out), (out), (n), __FILE__, __LINE__)
#define camp_select(in, out, n, compare, value) \
    CAMP_ALGO_PICK_(camp_select, , out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), CAMP_ALGO_AS_64_(out), (n), (compare), (value), __FILE__, \
        __LINE__)
#define camp_unique(in, out, n) \
    CAMP_ALGO_PICK_(camp_unique, , out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), CAMP_ALGO_AS_64_(out), (n), __FILE__, __LINE__)
#define camp_fill(data, n, value) CAMP_ALGO_PICK_(camp_fill, , data)( \
        CAMP_ALGO_AS_64_(data), (n), (value), __FILE__, __LINE__)
#define camp_sequence(data, n, start, step) \
    CAMP_ALGO_PICK_(camp_sequence, , data)(CAMP_ALGO_AS_64_(data), (n), (start), (step), __FILE__, __LINE__)
#define camp_sort(keys, n) CAMP_ALGO_PICK_SORT_(camp_sort, , keys)(CAMP_ALGO_AS_64_(keys), (n), __FILE__, __LINE__)
#define camp_histogram(data, n, bins, bin_count, lower, upper) CAMP_ALGO_PICK_SCAN_(camp_histogram, , data)( \
        (data), (n), (bins), (bin_count), (lower), (upper), __FILE__, __LINE__)
#define camp_histogram_async(data, n, bins, bin_count, lower, upper) \
    CAMP_ALGO_PICK_SCAN_(camp_histogram, _async, data)((data), (n), (bins), (bin_count), (lower), (upper), \
                                                       __FILE__, __LINE__)
/* values: 4- or 8-byte elements (a compile error otherwise) */
#define camp_sort_by_key(keys, values, n) \
    CAMP_ALGO_PICK_SORT_BY_KEY_(, keys, values)( \
        CAMP_ALGO_AS_64_(keys), CAMP_ALGO_VALUE_BYTES_(values), (n), __FILE__, __LINE__)

#define camp_gather(in, in_n, map, out, n) \
    CAMP_ALGO_PICK_(camp_gather, , out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), (in_n), (map), CAMP_ALGO_AS_64_(out), (n), __FILE__, __LINE__)
#define camp_scatter(in, map, out, out_n, n) \
    CAMP_ALGO_PICK_(camp_scatter, , out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), (map), CAMP_ALGO_AS_64_(out), (out_n), (n), __FILE__, __LINE__)

/* The type-generic _async forms: each returns a camp_future *. */
#define camp_reduce_sum_async(data, n, result) \
    CAMP_ALGO_PICK_(camp_reduce_sum, _async, data)( \
        CAMP_ALGO_AS_64_(data), (n), CAMP_ALGO_AS_64_(result), __FILE__, __LINE__)
#define camp_reduce_min_async(data, n, result) \
    CAMP_ALGO_PICK_(camp_reduce_min, _async, data)( \
        CAMP_ALGO_AS_64_(data), (n), CAMP_ALGO_AS_64_(result), __FILE__, __LINE__)
#define camp_reduce_max_async(data, n, result) \
    CAMP_ALGO_PICK_(camp_reduce_max, _async, data)( \
        CAMP_ALGO_AS_64_(data), (n), CAMP_ALGO_AS_64_(result), __FILE__, __LINE__)
#define camp_dot_async(a, b, n, result) \
    CAMP_ALGO_PICK_(camp_dot, _async, a)( \
        CAMP_ALGO_AS_64_(a), CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(b, a)), (n), CAMP_ALGO_AS_64_(result), __FILE__, \
        __LINE__)
#define camp_inclusive_scan_async(in, out, n) \
    CAMP_ALGO_PICK_(camp_inclusive_scan, _async, out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), CAMP_ALGO_AS_64_(out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_async(in, out, n) \
    CAMP_ALGO_PICK_(camp_exclusive_scan, _async, out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), CAMP_ALGO_AS_64_(out), (n), __FILE__, __LINE__)
#define camp_inclusive_scan_by_key_async(keys, in, out, n) \
    CAMP_ALGO_PICK_SCAN_(camp_inclusive_scan_by_key, _async, out)( \
        (keys), CAMP_ALGO_SAME_TYPE_(in, out), (out), (n), __FILE__, __LINE__)
#define camp_exclusive_scan_by_key_async(keys, in, out, n) \
    CAMP_ALGO_PICK_SCAN_(camp_exclusive_scan_by_key, _async, out)( \
        (keys), CAMP_ALGO_SAME_TYPE_(in, out), (out), (n), __FILE__, __LINE__)
#define camp_select_async(in, out, n, compare, value, count) \
    CAMP_ALGO_PICK_(camp_select, _async, out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), CAMP_ALGO_AS_64_(out), (n), (compare), (value), (count), \
        __FILE__, __LINE__)
#define camp_unique_async(in, out, n, count) \
    CAMP_ALGO_PICK_(camp_unique, _async, out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), CAMP_ALGO_AS_64_(out), (n), (count), __FILE__, __LINE__)
#define camp_fill_async(data, n, value) \
    CAMP_ALGO_PICK_(camp_fill, _async, data)(CAMP_ALGO_AS_64_(data), (n), (value), __FILE__, __LINE__)
#define camp_sequence_async(data, n, start, step) \
    CAMP_ALGO_PICK_(camp_sequence, _async, data)(CAMP_ALGO_AS_64_(data), (n), (start), (step), __FILE__, __LINE__)
#define camp_sort_async(keys, n) CAMP_ALGO_PICK_SORT_(camp_sort, _async, keys)( \
        CAMP_ALGO_AS_64_(keys), (n), __FILE__, __LINE__)
#define camp_sort_by_key_async(keys, values, n) \
    CAMP_ALGO_PICK_SORT_BY_KEY_(_async, keys, values)( \
        CAMP_ALGO_AS_64_(keys), CAMP_ALGO_VALUE_BYTES_(values), (n), __FILE__, __LINE__)

#define camp_gemm_float(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) \
    camp_gemm_float_at((m), (n), (k), (alpha), (a), (lda), (b), (ldb), (beta), (c), (ldc), __FILE__, __LINE__)
#define camp_gemm_double(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) \
    camp_gemm_double_at((m), (n), (k), (alpha), (a), (lda), (b), (ldb), (beta), (c), (ldc), __FILE__, __LINE__)
#define camp_gemm_float_async(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) \
    camp_gemm_float_async_at((m), (n), (k), (alpha), (a), (lda), (b), (ldb), (beta), (c), (ldc), __FILE__, __LINE__)
#define camp_gemm_double_async(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) \
    camp_gemm_double_async_at((m), (n), (k), (alpha), (a), (lda), (b), (ldb), (beta), (c), (ldc), __FILE__, \
                              __LINE__)

#define camp_gather_async(in, in_n, map, out, n) \
    CAMP_ALGO_PICK_(camp_gather, _async, out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), (in_n), (map), CAMP_ALGO_AS_64_(out), (n), __FILE__, __LINE__)
#define camp_scatter_async(in, map, out, out_n, n) \
    CAMP_ALGO_PICK_(camp_scatter, _async, out)( \
        CAMP_ALGO_AS_64_(CAMP_ALGO_SAME_TYPE_(in, out)), (map), CAMP_ALGO_AS_64_(out), (out_n), (n), __FILE__, __LINE__)

#ifdef __cplusplus
}
#endif
#endif /* CAMP_ALGORITHMS_H */
