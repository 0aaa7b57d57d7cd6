/* select.c — camp_select of each element type against a serial
 * copy_if at every size of checks.h and with every camp_compare, and
 * camp_unique against a serial unique of data in runs of equal values, on
 * arrays and on views: the count, the kept elements in their order, and
 * out untouched past the count. */
#include <camp_algorithms.h>
#include <string.h>

#include "checks.h"

static int holds(long double v, camp_compare compare, long double value) { /* exact for 64-bit integers */
    switch (compare) {
    case CAMP_LESS: return v < value;
    case CAMP_LESS_EQUAL: return v <= value;
    case CAMP_GREATER: return v > value;
    case CAMP_GREATER_EQUAL: return v >= value;
    case CAMP_EQUAL: return v == value;
    default: return v != value;
    }
}

/* What a check compacts: a selection against a value, or unique runs. */
enum compaction { SELECT, UNIQUE };

/* For type T: check_NAME(n, what, compare, on_view) draws n values (for
 * UNIQUE in runs of 1 to 4 equal ones, each run's value from a small range
 * so that runs of one value also follow each other), runs the call on an
 * array or on views, and compares with the serial result. */
#define CHECK_COMPACTION(T, name, fmt, make, threshold)                                                          \
    static void check_##name(size_t n, enum compaction what, camp_compare compare, int on_view) {             \
        size_t size = n ? n : 1, want = 0, got_count;                                                          \
        T *host = malloc(size * sizeof *host), *expected = malloc(size * sizeof *expected);                   \
        T *got = malloc(size * sizeof *got), value = (T)(threshold), run_value = 0;                            \
        for (size_t i = 0, left = 0; i < n; i++) {                                                            \
            if (what == SELECT) {                                                                             \
                host[i] = (T)(make);                                                                          \
                if (holds((long double)host[i], compare, (long double)value)) expected[want++] = host[i];             \
                continue;                                                                                     \
            }                                                                                                 \
            if (!left) left = 1 + test_random() % 4, run_value = (T)((make) / 64);                           \
            left--;                                                                                           \
            host[i] = run_value;                                                                              \
            if (i == 0 || host[i] != host[i - 1]) expected[want++] = host[i];                                 \
        }                                                                                                     \
        for (size_t i = 0; i < size; i++) got[i] = (T)7;                                                      \
        if (on_view) {                                                                                        \
            const T *in = host;                                                                               \
            array_view(in, size);                                                                             \
            array_view(got, size);                                                                            \
            got_count = what == SELECT ? camp_select_##name(in, got, n, compare, value)                       \
                                       : camp_unique_##name(in, got, n);                                      \
            array_view_release(got);                                                                          \
            array_view_release(in);                                                                           \
        } else {                                                                                              \
            T *in = array_new(T, size, host), *out = array_new(T, size, got);                                 \
            got_count = what == SELECT ? camp_select(in, out, n, compare, value) : camp_unique(in, out, n);   \
            array_copy_out(got, out, size);                                                                   \
            array_delete(out);                                                                                \
            array_delete(in);                                                                                 \
        }                                                                                                     \
        TEST_EXPECT(got_count == want, #name " %s %d of %zu: %zu kept, want %zu",                             \
                    what == SELECT ? "select" : "unique", (int)compare, n, got_count, want);                  \
        for (size_t i = 0; i < want && got_count == want; i++)                                                \
            TEST_EXPECT(got[i] == expected[i], #name " %s %d of %zu, [%zu]: " fmt ", want " fmt,              \
                        what == SELECT ? "select" : "unique", (int)compare, n, i, got[i], expected[i]);       \
        for (size_t i = want; i < n; i++)                                                                     \
            TEST_EXPECT(got[i] == (T)7, #name " %s of %zu wrote [%zu] past the count",                        \
                        what == SELECT ? "select" : "unique", n, i);                                          \
        free(got);                                                                                            \
        free(expected);                                                                                       \
        free(host);                                                                                           \
    }
CHECK_COMPACTION(int, int, "%d", (int)(test_random() % 2001) - 1000, 17)
CHECK_COMPACTION(unsigned, uint, "%u", test_random() % 1000u, 500)
CHECK_COMPACTION(float, float, "%g", (float)(test_random() % 201) * 0.5f - 50.0f, -3.5)
CHECK_COMPACTION(long long, int64, "%lld", ((long long)(test_random() % 2001) - 1000) * 0x100000001LL, 17LL << 32)
CHECK_COMPACTION(unsigned long long, uint64, "%llu", (unsigned long long)test_random() << 33 | test_random() % 7,
                 1ULL << 63)
CHECK_COMPACTION(double, double, "%g", (double)(test_random() % 201) * 0.25 - 25.0, -3.25)

int main(void) {
    test_expect_int64_refused();
    for (int s = 0; s < TEST_SIZE_COUNT; s++) {
        for (int compare = CAMP_LESS; compare <= CAMP_NOT_EQUAL; compare++) {
            int on_view = (s + compare) % 2;
            check_int(test_sizes[s], SELECT, (camp_compare)compare, on_view);
            check_uint(test_sizes[s], SELECT, (camp_compare)compare, !on_view);
            check_float(test_sizes[s], SELECT, (camp_compare)compare, on_view);
            check_int64(test_sizes[s], SELECT, (camp_compare)compare, !on_view);
            check_uint64(test_sizes[s], SELECT, (camp_compare)compare, on_view);
            CHECK_DOUBLES(check_double(test_sizes[s], SELECT, (camp_compare)compare, !on_view));
        }
        check_int(test_sizes[s], UNIQUE, CAMP_LESS, s % 2);
        check_uint(test_sizes[s], UNIQUE, CAMP_LESS, !(s % 2));
        check_float(test_sizes[s], UNIQUE, CAMP_LESS, s % 2);
        check_int64(test_sizes[s], UNIQUE, CAMP_LESS, !(s % 2));
        check_uint64(test_sizes[s], UNIQUE, CAMP_LESS, s % 2);
        CHECK_DOUBLES(check_double(test_sizes[s], UNIQUE, CAMP_LESS, !(s % 2)));
    }
    return test_finish("select");
}
