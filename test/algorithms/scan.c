/* scan.c — camp_inclusive_scan and camp_exclusive_scan of each of the six
 * element types against a serial reference at every size of checks.h: on
 * arrays, on views of host memory, and in place. The floats and doubles
 * are small integers, whose prefix sums are exact in any order; the 64-bit
 * integers pass 2^32 (their blocks are half as long: 4 elements a thread). */
#include <camp_algorithms.h>
#include <string.h>

#include "checks.h"

/* Which output a check reads: a separate array, a view, or the input itself. */
enum placement { SEPARATE_ARRAYS, VIEWS, IN_PLACE };

#define CHECK_SCAN(T, name, fmt, make)                                                                          \
    static void check_##name(size_t n, enum placement where, int exclusive) {                                 \
        T *host = malloc((n ? n : 1) * sizeof *host), *got = malloc((n ? n : 1) * sizeof *got), sum = 0;      \
        for (size_t i = 0; i < n; i++) host[i] = (T)(make);                                                   \
        if (where == VIEWS) {                                                                                 \
            memset(got, 0, (n ? n : 1) * sizeof *got);                                                        \
            const T *in = host;                                                                               \
            array_view(in, n ? n : 1);                                                                        \
            array_view(got, n ? n : 1);                                                                       \
            if (exclusive) camp_exclusive_scan_##name(in, got, n);                                            \
            else camp_inclusive_scan_##name(in, got, n);                                                      \
            array_view_release(got);                                                                          \
            array_view_release(in);                                                                           \
        } else {                                                                                              \
            T *in = array_new(T, n ? n : 1, host);                                                            \
            T *out = where == IN_PLACE ? in : array_new(T, n ? n : 1, NULL);                                  \
            if (exclusive) camp_exclusive_scan(in, out, n);                                                   \
            else camp_inclusive_scan(in, out, n);                                                             \
            array_copy_out(got, out, n);                                                                      \
            if (out != in) array_delete(out);                                                                 \
            array_delete(in);                                                                                 \
        }                                                                                                     \
        for (size_t i = 0; i < n; i++) {                                                                      \
            T want = exclusive ? sum : sum + host[i];                                                         \
            sum += host[i];                                                                                   \
            TEST_EXPECT(got[i] == want, #name " %s scan (placement %d) of %zu, [%zu]: " fmt ", want " fmt,    \
                        exclusive ? "exclusive" : "inclusive", (int)where, n, i, got[i], want);               \
        }                                                                                                     \
        free(got);                                                                                            \
        free(host);                                                                                           \
    }
CHECK_SCAN(int, int, "%d", (int)(test_random() % 2001) - 1000)
CHECK_SCAN(unsigned, uint, "%u", test_random())
CHECK_SCAN(float, float, "%g", (float)(test_random() % 5) - 2.0f)
CHECK_SCAN(long long, int64, "%lld", (long long)(test_random() % 2001 - 1000) * 4000000001LL)
CHECK_SCAN(unsigned long long, uint64, "%llu", (unsigned long long)test_random() << 20 | test_random())
CHECK_SCAN(double, double, "%g", (double)(test_random() % 7) - 3.0)

int main(void) {
    test_expect_int64_refused();
    for (int s = 0; s < TEST_SIZE_COUNT; s++) {
        for (int where = SEPARATE_ARRAYS; where <= IN_PLACE; where++) {
            for (int exclusive = 0; exclusive <= 1; exclusive++) {
                check_int(test_sizes[s], (enum placement)where, exclusive);
                check_uint(test_sizes[s], (enum placement)where, exclusive);
                check_float(test_sizes[s], (enum placement)where, exclusive);
                check_int64(test_sizes[s], (enum placement)where, exclusive);
                check_uint64(test_sizes[s], (enum placement)where, exclusive);
                CHECK_DOUBLES(check_double(test_sizes[s], (enum placement)where, exclusive));
            }
        }
    }
    return test_finish("scan");
}
