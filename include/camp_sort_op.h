/* camp_sort_op.h — stable sorts with a comparison of the program's own
 * (docs/algorithms.md, "Sorts with your own comparison"). Included by
 * camp_algorithms.h; programs include <camp_algorithms.h>.
 *
 *   CAMP_SORT_DEFINE(T, NAME, LESS)
 *
 * used at a file's top level, defines
 *
 *   static void NAME_at(T *data, size_t n, const char *file, unsigned line);
 *   static camp_future *NAME_async_at(T *data, size_t n, const char *file, unsigned line);
 *
 * called as camp_sort_with(NAME, data, n) and camp_sort_with_async(NAME,
 * data, n): data[0 .. n-1] (an array's or a view's elements) put in the
 * order LESS gives, stably: elements neither of which is LESS than the
 * other keep their order. LESS(a, b) is a restrict(amp) function (or
 * macro) of two T, true where a goes before b: a strict weak order, as
 * qsort's comparison less than zero. T is any type kernels take, a struct
 * too.
 *
 * The kernels are those of the file that uses the macro: campcc compiles
 * them with LESS inlined (camp.h's camp_header_kernel_). A bottom-up merge
 * sort: pass k merges neighbouring runs of 2^k elements from data into a
 * scratch array or back, one kernel a pass, ceil(log2 n) passes (and a copy
 * back after an odd number). In the first two passes each element finds
 * its place in its merged pair by a binary search of the other run; later
 * ones follow merge paths, CAMP_SORT_PATH_ITEMS_ elements a thread. The
 * left run's elements go before the right run's equal ones, which keeps
 * the sort stable. O(n log n) comparisons and a search of O(log n) per 8
 * elements a pass; the radix sorts (camp_sort_TYPE) are much faster
 * where the keys are numbers. In the serial reference mode
 * (no campcc) the functions are a merge sort on the host. */
#ifndef CAMP_SORT_OP_H
#define CAMP_SORT_OP_H
#include <camp.h>
#include <stddef.h>

/* The calls of a sort NAME defined below, naming the caller's line in
 * their errors. */
#define camp_sort_with(NAME, data, n) NAME##_at((data), (n), __FILE__, __LINE__)
#define camp_sort_with_async(NAME, data, n) NAME##_async_at((data), (n), __FILE__, __LINE__)

/* ---- What the macro shares with the library (runtime/algorithms/sort_op.c) */

/* Checks a call's arguments (data: n writable elements of data_size
 * bytes); false after reporting an error naming `call` and the caller's
 * line. */
bool camp_sort_check_at(const void *data, size_t n, size_t data_size, const char *call, const char *file,
                        unsigned line);
/* What an _async form returns once its kernels are queued. */
camp_future *camp_sort_queued_(void);

#ifdef __CAMPCC__
/* ---- The kernels and the calls ------------------------------------------ */

/* Elements a thread of a pass by merge paths places: passes whose merged
 * runs hold at least this many take that kernel. */
enum { CAMP_SORT_PATH_ITEMS_ = 8 };

#define CAMP_SORT_DEFINE(T, NAME, LESS) \
    /* one pass: runs of `width` in src merged by pairs into dst, each \
     * element placed by a binary search of the other run */ \
    static void NAME##_merge_(const T *src, T *dst, int n, int width) { \
        camp_header_kernel_(NAME##_merge_, i, extent(n)) { \
            long long first = (long long)(i / width & ~1) * width; \
            long long middle = first + width < n ? first + width : n; \
            long long last = first + 2LL * width < n ? first + 2LL * width : n; \
            T x = src[i]; \
            long long low, high; \
            if (i < middle) { /* the right run's elements before x: those LESS than it */ \
                low = middle, high = last; \
                while (low < high) { \
                    long long m = (low + high) / 2; \
                    if (LESS(src[m], x)) low = m + 1; \
                    else high = m; \
                } \
                dst[i + (low - middle)] = x; \
            } else { /* the left run's elements before x: those x is not LESS than */ \
                low = first, high = middle; \
                while (low < high) { \
                    long long m = (low + high) / 2; \
                    if (LESS(x, src[m])) high = m; \
                    else low = m + 1; \
                } \
                dst[first + (i - middle) + (low - first)] = x; \
            } \
        } \
    } \
    /* the same pass (2 * width a multiple of CAMP_SORT_PATH_ITEMS_), each \
     * thread placing CAMP_SORT_PATH_ITEMS_ consecutive elements of the \
     * merged pair: a binary search along its merge path finds how many of \
     * the elements before its first come from the left run (the left \
     * run's first on ties), then it merges on from there */ \
    static void NAME##_merge_path_(const T *src, T *dst, int n, int width) { \
        camp_header_kernel_(NAME##_merge_path_, t, extent((n + CAMP_SORT_PATH_ITEMS_ - 1) / CAMP_SORT_PATH_ITEMS_)) { \
            long long out = (long long)t * CAMP_SORT_PATH_ITEMS_; \
            long long first = out / (2LL * width) * (2LL * width); \
            long long middle = first + width < n ? first + width : n; \
            long long last = first + 2LL * width < n ? first + 2LL * width : n; \
            long long left = middle - first, right = last - middle, diagonal = out - first; \
            long long low = diagonal > right ? diagonal - right : 0, high = diagonal < left ? diagonal : left; \
            long long a, b; \
            T x, y; \
            while (low < high) { \
                long long m = (low + high) / 2; \
                if (!LESS(src[middle + diagonal - 1 - m], src[first + m])) low = m + 1; \
                else high = m; \
            } \
            a = first + low, b = middle + (diagonal - low); \
            x = a < middle ? src[a] : src[first], y = b < last ? src[b] : src[first]; \
            for (int k = 0; k < CAMP_SORT_PATH_ITEMS_; k++) \
                if (out + k < last) { \
                    int from_left = b >= last || (a < middle && !LESS(y, x)); \
                    dst[out + k] = from_left ? x : y; \
                    if (from_left && ++a < middle) x = src[a]; \
                    if (!from_left && ++b < last) y = src[b]; \
                } \
        } \
    } \
    static void NAME##_copy_(const T *src, T *dst, int n) { \
        camp_header_kernel_(NAME##_copy_, i, extent(n)) { dst[i] = src[i]; } \
    } \
    /* the passes between data and a scratch array, the result in data */ \
    static bool NAME##_kernels_(T *camp_data_, size_t camp_n_, const char *camp_call_, const char *camp_file_, \
                                unsigned camp_line_) { \
        int camp_width_, camp_n_int_ = (int)camp_n_; \
        T *camp_from_ = camp_data_, *camp_to_, *camp_scratch_; \
        if (!camp_sort_check_at(camp_data_, camp_n_, sizeof *camp_data_, camp_call_, camp_file_, camp_line_)) \
            return false; \
        if (camp_n_ < 2) return true; \
        camp_to_ = camp_scratch_ = array_new_on(camp_current_view(), T, camp_n_, NULL, CAMP_ACCESS_TYPE_AUTO); \
        for (camp_width_ = 1; camp_width_ < camp_n_int_; camp_width_ = camp_width_ > camp_n_int_ / 2 ? camp_n_int_ \
                                                                          : 2 * camp_width_) { \
            T *camp_next_ = camp_from_; \
            if (2 * camp_width_ % CAMP_SORT_PATH_ITEMS_ == 0) \
                NAME##_merge_path_(camp_from_, camp_to_, camp_n_int_, camp_width_); \
            else NAME##_merge_(camp_from_, camp_to_, camp_n_int_, camp_width_); \
            camp_from_ = camp_to_, camp_to_ = camp_next_; \
        } \
        if (camp_from_ != camp_data_) NAME##_copy_(camp_from_, camp_data_, camp_n_int_); \
        array_delete(camp_scratch_); \
        return true; \
    } \
    /* each a library call (camp_library_call_begin): its kernels' errors \
     * name the caller's line, and memory with no view gets one for a \
     * synchronous call */ \
    static __attribute__((unused)) void NAME##_at(T *camp_data_, size_t camp_n_, const char *camp_file_, \
                                                  unsigned camp_line_) { \
        camp_library_call_begin(#NAME, camp_file_, camp_line_); \
        NAME##_kernels_(camp_data_, camp_n_, #NAME, camp_file_, camp_line_); \
        camp_library_call_end(); \
    } \
    static __attribute__((unused)) camp_future *NAME##_async_at(T *camp_data_, size_t camp_n_, \
                                                                const char *camp_file_, unsigned camp_line_) { \
        bool camp_queued_; \
        camp_library_call_begin(#NAME "_async", camp_file_, camp_line_); \
        camp_queued_ = NAME##_kernels_(camp_data_, camp_n_, #NAME "_async", camp_file_, camp_line_); \
        camp_library_call_end(); \
        return camp_queued_ ? camp_sort_queued_() : NULL; \
    }

#else
/* ---- The serial reference mode: a merge sort on the host ---------------- */
#include <stdlib.h>
#include <string.h>

#define CAMP_SORT_DEFINE(T, NAME, LESS) \
    static __attribute__((unused)) void NAME##_at(T *camp_data_, size_t camp_n_, const char *camp_file_, \
                                                  unsigned camp_line_) { \
        size_t camp_width_, camp_first_; \
        T *camp_from_ = camp_data_, *camp_to_ = camp_n_ > 1 ? malloc(camp_n_ * sizeof *camp_data_) : NULL, *camp_t_; \
        T *camp_scratch_ = camp_to_; \
        (void)camp_file_, (void)camp_line_; \
        if (!camp_to_) return; \
        for (camp_width_ = 1; camp_width_ < camp_n_; camp_width_ *= 2) { \
            for (camp_first_ = 0; camp_first_ < camp_n_; camp_first_ += 2 * camp_width_) { \
                size_t camp_mid_ = camp_first_ + camp_width_ < camp_n_ ? camp_first_ + camp_width_ : camp_n_; \
                size_t camp_last_ = camp_mid_ + camp_width_ < camp_n_ ? camp_mid_ + camp_width_ : camp_n_; \
                size_t camp_a_ = camp_first_, camp_b_ = camp_mid_, camp_o_ = camp_first_; \
                while (camp_a_ < camp_mid_ || camp_b_ < camp_last_) \
                    camp_to_[camp_o_++] = camp_b_ >= camp_last_ || (camp_a_ < camp_mid_ && \
                                                                   !LESS(camp_from_[camp_b_], camp_from_[camp_a_])) \
                                              ? camp_from_[camp_a_++] \
                                              : camp_from_[camp_b_++]; \
            } \
            camp_t_ = camp_from_, camp_from_ = camp_to_, camp_to_ = camp_t_; \
        } \
        if (camp_from_ != camp_data_) memcpy(camp_data_, camp_from_, camp_n_ * sizeof *camp_data_); \
        free(camp_scratch_); \
    } \
    static __attribute__((unused)) camp_future *NAME##_async_at(T *camp_data_, size_t camp_n_, \
                                                                const char *camp_file_, unsigned camp_line_) { \
        NAME##_at(camp_data_, camp_n_, camp_file_, camp_line_); \
        return NULL; \
    }
#endif
#endif /* CAMP_SORT_OP_H */
