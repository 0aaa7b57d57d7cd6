/* fill.c — camp_fill and camp_sequence of every element type against the
 * serial loops, on arrays and on a view, at every size of checks.h, and on
 * part of an array (the elements around it untouched). */
#include <camp_algorithms.h>
#include <string.h>

#include "checks.h"

#define CHECK_FILL(T, name, fmt, value, start, step)                                                             \
    static void check_##name(size_t n) {                                                                      \
        size_t size = n + 2;                                                                                  \
        T *got = malloc(size * sizeof *got), *array = array_new(T, size, NULL);                               \
        camp_fill(array, size, (T)1);                                                                         \
        camp_fill(array + 1, n, (T)(value));                                                                  \
        array_copy_out(got, array, size);                                                                     \
        for (size_t i = 0; i < size; i++) {                                                                   \
            T want = i == 0 || i == n + 1 ? (T)1 : (T)(value);                                                \
            TEST_EXPECT(got[i] == want, #name " fill of %zu, [%zu]: " fmt ", want " fmt, n, i, got[i], want); \
        }                                                                                                     \
        camp_sequence(array + 1, n, (T)(start), (T)(step));                                                   \
        array_copy_out(got, array, size);                                                                     \
        for (size_t i = 1; i <= n; i++) {                                                                     \
            T want = (T)(start) + (T)(i - 1) * (T)(step);                                                     \
            TEST_EXPECT(got[i] == want, #name " sequence of %zu, [%zu]: " fmt ", want " fmt, n, i, got[i], want); \
        }                                                                                                     \
        TEST_EXPECT(got[0] == (T)1 && got[n + 1] == (T)1, #name " sequence of %zu wrote outside", n);         \
        array_delete(array);                                                                                  \
        if (n) {                                                                                              \
            array_view(got, n);                                                                               \
            camp_sequence_##name(got, n, (T)(step), (T)(start));                                              \
            array_view_synchronize(got);                                                                      \
            for (size_t i = 0; i < n; i++) {                                                                  \
                T want = (T)(step) + (T)i * (T)(start);                                                       \
                TEST_EXPECT(got[i] == want, #name " view sequence of %zu, [%zu]: " fmt ", want " fmt, n, i,  \
                            got[i], want);                                                            \
            }                                                                                                 \
            array_view_release(got);                                                                          \
        }                                                                                                     \
        free(got);                                                                                            \
    }
CHECK_FILL(int, int, "%d", -42, -7, 3) /* either way round, no int overflows at 4 Mi elements */
CHECK_FILL(unsigned, uint, "%u", 4000000000u, 7, 0x10001u)
CHECK_FILL(long long, int64, "%lld", -5000000000ll, 1ll << 40, -3)
CHECK_FILL(unsigned long long, uint64, "%llu", 1ull << 63, 1, 1ull << 33)
CHECK_FILL(float, float, "%g", 0.1f, -256.0f, 0.5f)
CHECK_FILL(double, double, "%g", 1e300, -1e6, 0.25)

int main(void) {
    test_expect_int64_refused();
    for (int s = 0; s < TEST_SIZE_COUNT; s++) {
        CHECK_EVERY_TYPE(test_sizes[s]);
    }
    return test_finish("fill");
}
