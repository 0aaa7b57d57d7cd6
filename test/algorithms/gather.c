/* gather.c — camp_gather and camp_scatter of every element type against
 * the serial loops at every size of checks.h, with a permutation as the
 * map (a reversal with strides) plus indices past the end, which must be
 * skipped: gathered elements keep their value, scattered ones go nowhere.
 * On arrays, and on views for the scatter. */
#include <camp_algorithms.h>
#include <string.h>

#include "checks.h"

#define CHECK_GATHER(T, name)                                                                                    \
    static void check_##name(size_t n) {                                                                      \
        size_t size = n ? n : 1;                                                                              \
        T *host = malloc(size * sizeof *host), *got = malloc(size * sizeof *got);                             \
        unsigned *map = malloc(size * sizeof *map);                                                           \
        for (size_t i = 0; i < n; i++) {                                                                      \
            host[i] = (T)(test_random() % 100000);                                                            \
            map[i] = test_random() % 17 == 0 ? (unsigned)n + test_random() % 5 : (unsigned)((i * 7919) % n);  \
        }                                                                                                     \
        /* a map of distinct indices: 7919 is prime, so i * 7919 % n is one to one unless n divides by it */ \
        T *in = array_new(T, size, host), *out = array_new(T, size, NULL);                                    \
        unsigned *m = array_new(unsigned, size, map);                                                         \
        camp_fill(out, n, (T)-1);                                                                             \
        camp_gather(in, n, m, out, n);                                                                        \
        array_copy_out(got, out, n);                                                                          \
        for (size_t i = 0; i < n; i++) {                                                                      \
            T want = map[i] < n ? host[map[i]] : (T)-1;                                                       \
            TEST_EXPECT(got[i] == want, #name " gather of %zu, [%zu]", n, i);                                 \
        }                                                                                                     \
        array_delete(out);                                                                                    \
        T *expected = malloc(size * sizeof *expected);                                                        \
        for (size_t i = 0; i < n; i++) got[i] = expected[i] = (T)-1;                                          \
        for (size_t i = 0; i < n; i++)                                                                        \
            if (map[i] < n) expected[map[i]] = host[i];                                                       \
        if (n) {                                                                                              \
            array_view(got, n);                                                                               \
            camp_scatter_##name(in, m, got, n, n);                                                            \
            array_view_release(got);                                                                          \
        }                                                                                                     \
        for (size_t i = 0; i < n; i++) TEST_EXPECT(got[i] == expected[i], #name " scatter of %zu, [%zu]", n, i); \
        free(expected);                                                                                       \
        array_delete(m);                                                                                      \
        array_delete(in);                                                                                     \
        free(map);                                                                                            \
        free(got);                                                                                            \
        free(host);                                                                                           \
    }
CHECK_GATHER(int, int)
CHECK_GATHER(unsigned, uint)
CHECK_GATHER(long long, int64)
CHECK_GATHER(unsigned long long, uint64)
CHECK_GATHER(float, float)
CHECK_GATHER(double, double)

int main(void) {
    test_expect_int64_refused();
    for (int s = 0; s < TEST_SIZE_COUNT; s++) {
        size_t n = test_sizes[s];
        if (n % 7919 == 0 && n) continue; /* the map would repeat indices */
        CHECK_EVERY_TYPE(n);
    }
    return test_finish("gather");
}
