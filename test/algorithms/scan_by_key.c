/* scan_by_key.c — camp_inclusive_scan_by_key and
 * camp_exclusive_scan_by_key of int, unsigned and float against a serial
 * segmented scan at every size of checks.h, with segments
 * of many lengths (1 element to more than a chunk: runs of equal keys whose
 * lengths are drawn from a wide range, and keys that repeat after another
 * key, which start a new segment), on arrays, on views and in place. The
 * floats are small integers, whose segment sums are exact in any order. */
#include <camp_algorithms.h>
#include <string.h>

#include "checks.h"

enum placement { SEPARATE_ARRAYS, VIEWS, IN_PLACE };

#define CHECK_SCAN_BY_KEY(T, name, fmt, make)                                                                   \
    static void check_##name(size_t n, enum placement where, bool exclusive) {                                                \
        size_t size = n ? n : 1;                                                                              \
        T *host = malloc(size * sizeof *host), *got = malloc(size * sizeof *got), running = 0;                \
        unsigned *keys = malloc(size * sizeof *keys), key = 0;                                                \
        for (size_t i = 0, left = 0; i < n; i++, left--) {                                                    \
            if (!left) { /* a new run: lengths 1..8 mostly, up to 2^16 at times */                           \
                unsigned r = test_random();                                                                   \
                left = r % 4 ? 1 + r % 8 : 1 + (r >> 8) % 65536;                                              \
                key = r % 3 ? key + 1 : key ^ 1; /* sometimes back to an earlier key */                        \
            }                                                                                                 \
            keys[i] = key;                                                                                    \
            host[i] = (T)(make);                                                                              \
        }                                                                                                     \
        if (where == VIEWS) {                                                                                 \
            const T *in = host;                                                                               \
            const unsigned *k = keys;                                                                         \
            array_view(in, size);                                                                             \
            array_view(k, size);                                                                              \
            array_view(got, size);                                                                            \
            if (exclusive) camp_exclusive_scan_by_key_##name(k, in, got, n);                                  \
            else camp_inclusive_scan_by_key_##name(k, in, got, n);                                            \
            array_view_release(got);                                                                          \
            array_view_release(k);                                                                            \
            array_view_release(in);                                                                           \
        } else {                                                                                              \
            T *in = array_new(T, size, host), *out = where == IN_PLACE ? in : array_new(T, size, NULL);      \
            unsigned *k = array_new(unsigned, size, keys);                                                    \
            future_wait(exclusive ? camp_exclusive_scan_by_key_async(k, in, out, n)                           \
                                  : camp_inclusive_scan_by_key_async(k, in, out, n));                         \
            array_copy_out(got, out, n);                                                                      \
            if (out != in) array_delete(out);                                                                 \
            array_delete(in);                                                                                 \
            array_delete(k);                                                                                  \
        }                                                                                                     \
        for (size_t i = 0; i < n; i++) {                                                                      \
            bool start = i == 0 || keys[i] != keys[i - 1];                                                    \
            T before = start ? 0 : running;                                                                   \
            running = start ? host[i] : running + host[i];                                                    \
            T want = exclusive ? before : running;                                                            \
            TEST_EXPECT(got[i] == want, #name " scan by key (placement %d, exclusive %d) of %zu, [%zu]: " fmt  \
                        ", want " fmt, (int)where, exclusive, n, i, got[i], want);                            \
        }                                                                                                     \
        free(keys);                                                                                           \
        free(got);                                                                                            \
        free(host);                                                                                           \
    }
CHECK_SCAN_BY_KEY(int, int, "%d", (int)(test_random() % 2001) - 1000)
CHECK_SCAN_BY_KEY(unsigned, uint, "%u", test_random())
CHECK_SCAN_BY_KEY(float, float, "%g", (float)(test_random() % 5) - 2.0f)

int main(void) {
    test_expect_int64_refused();
    for (int s = 0; s < TEST_SIZE_COUNT; s++) {
        for (int where = SEPARATE_ARRAYS; where <= IN_PLACE; where++)
            for (int exclusive = 0; exclusive <= 1; exclusive++) {
                check_int(test_sizes[s], (enum placement)where, exclusive);
                check_uint(test_sizes[s], (enum placement)where, exclusive);
                check_float(test_sizes[s], (enum placement)where, exclusive);
            }
    }
    return test_finish("scan_by_key");
}
