/* select.c — camp_select of int, unsigned and float against a serial
 * copy_if at every size of checks.h and with every camp_compare, and
 * camp_unique against a serial unique of data in runs of equal values, on
 * arrays and on views: the count, the kept elements in their order, and
 * out untouched past the count. */
#include <camp_algorithms.h>
#include <string.h>

#include "checks.h"

static int holds(double v, camp_compare compare, double value) {
    switch (compare) {
    case CAMP_LESS: return v < value;
    case CAMP_LESS_EQUAL: return v <= value;
    case CAMP_GREATER: return v > value;
    case CAMP_GREATER_EQUAL: return v >= value;
    case CAMP_EQUAL: return v == value;
    default: return v != value;
    }
}

#define CHECK_SELECT(T, name, fmt, make, threshold)                                                             \
    static void check_##name(size_t n, camp_compare compare, int on_view) {                                   \
        size_t size = n ? n : 1, want = 0, got_count;                                                          \
        T *host = malloc(size * sizeof *host), *expected = malloc(size * sizeof *expected);                   \
        T *got = malloc(size * sizeof *got), value = (T)(threshold);                                           \
        for (size_t i = 0; i < n; i++) {                                                                      \
            host[i] = (T)(make);                                                                              \
            if (holds((double)host[i], compare, (double)value)) expected[want++] = host[i];                   \
        }                                                                                                     \
        for (size_t i = 0; i < size; i++) got[i] = (T)7;                                                      \
        if (on_view) {                                                                                        \
            const T *in = host;                                                                               \
            array_view(in, size);                                                                             \
            array_view(got, size);                                                                            \
            got_count = camp_select_##name(in, got, n, compare, value);                                       \
            array_view_release(got);                                                                          \
            array_view_release(in);                                                                           \
        } else {                                                                                              \
            T *in = array_new(T, size, host), *out = array_new(T, size, got);                                 \
            got_count = camp_select(in, out, n, compare, value);                                              \
            array_copy_out(got, out, size);                                                                   \
            array_delete(out);                                                                                \
            array_delete(in);                                                                                 \
        }                                                                                                     \
        TEST_EXPECT(got_count == want, #name " select %d of %zu: %zu kept, want %zu", (int)compare, n,        \
                    got_count, want);                                                                         \
        for (size_t i = 0; i < want && got_count == want; i++)                                                \
            TEST_EXPECT(got[i] == expected[i], #name " select %d of %zu, [%zu]: " fmt ", want " fmt,          \
                        (int)compare, n, i, got[i], expected[i]);                                             \
        for (size_t i = want; i < n; i++)                                                                     \
            TEST_EXPECT(got[i] == (T)7, #name " select %d of %zu wrote [%zu] past the count", (int)compare, n, i); \
        free(got);                                                                                            \
        free(expected);                                                                                       \
        free(host);                                                                                           \
    }
CHECK_SELECT(int, int, "%d", (int)(test_random() % 2001) - 1000, 17)
CHECK_SELECT(unsigned, uint, "%u", test_random() % 1000u, 500)
CHECK_SELECT(float, float, "%g", (float)(test_random() % 201) * 0.5f - 50.0f, -3.5)

/* Runs of 1 to 4 equal values, each run's value random in a small range
 * (so that runs of one value also follow each other). */
#define CHECK_UNIQUE(T, name, fmt, make)                                                                         \
    static void check_unique_##name(size_t n, int on_view) {                                                   \
        size_t size = n ? n : 1, want = 0, got_count;                                                          \
        T *host = malloc(size * sizeof *host), *expected = malloc(size * sizeof *expected);                   \
        T *got = malloc(size * sizeof *got), run_value = 0;                                                    \
        for (size_t i = 0, left = 0; i < n; i++, left--) {                                                    \
            if (!left) left = 1 + test_random() % 4, run_value = (T)(make);                                   \
            host[i] = run_value;                                                                              \
            if (i == 0 || host[i] != host[i - 1]) expected[want++] = host[i];                                 \
        }                                                                                                     \
        for (size_t i = 0; i < size; i++) got[i] = (T)7;                                                      \
        if (on_view) {                                                                                        \
            const T *in = host;                                                                               \
            array_view(in, size);                                                                             \
            array_view(got, size);                                                                            \
            got_count = camp_unique_##name(in, got, n);                                                       \
            array_view_release(got);                                                                          \
            array_view_release(in);                                                                           \
        } else {                                                                                              \
            T *in = array_new(T, size, host), *out = array_new(T, size, got);                                 \
            got_count = camp_unique(in, out, n);                                                              \
            array_copy_out(got, out, size);                                                                   \
            array_delete(out);                                                                                \
            array_delete(in);                                                                                 \
        }                                                                                                     \
        TEST_EXPECT(got_count == want, #name " unique of %zu: %zu kept, want %zu", n, got_count, want);       \
        for (size_t i = 0; i < want && got_count == want; i++)                                                \
            TEST_EXPECT(got[i] == expected[i], #name " unique of %zu, [%zu]: " fmt ", want " fmt, n, i, got[i], \
                        expected[i]);                                                                         \
        for (size_t i = want; i < n; i++)                                                                     \
            TEST_EXPECT(got[i] == (T)7, #name " unique of %zu wrote [%zu] past the count", n, i);             \
        free(got);                                                                                            \
        free(expected);                                                                                       \
        free(host);                                                                                           \
    }
CHECK_UNIQUE(int, int, "%d", (int)(test_random() % 5) - 2)
CHECK_UNIQUE(unsigned, uint, "%u", test_random() % 3u)
CHECK_UNIQUE(float, float, "%g", (float)(test_random() % 4) * 0.5f)

int main(void) {
    for (int s = 0; s < TEST_SIZE_COUNT; s++) {
        for (int compare = CAMP_LESS; compare <= CAMP_NOT_EQUAL; compare++) {
            int on_view = (s + compare) % 2;
            check_int(test_sizes[s], (camp_compare)compare, on_view);
            check_uint(test_sizes[s], (camp_compare)compare, !on_view);
            check_float(test_sizes[s], (camp_compare)compare, on_view);
        }
        check_unique_int(test_sizes[s], s % 2);
        check_unique_uint(test_sizes[s], !(s % 2));
        check_unique_float(test_sizes[s], s % 2);
    }
    return test_finish("select");
}
