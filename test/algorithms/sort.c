/* sort.c — camp_sort and camp_sort_by_key of unsigned, int, float,
 * unsigned long long, long long and double keys against qsort at every
 * size of checks.h, on arrays and on views: the keys ascending (-0 before
 * +0), and the values of equal keys in their first order (stability: the
 * values are the keys' original positions, 4-byte ones or 8-byte ones
 * with other bits in their high word, and keys are drawn from few
 * distinct values so that most are equal to others). Float keys include
 * -0, +0, infinities and subnormals. */
#include <camp_algorithms.h>
#include <math.h>
#include <string.h>

#include "checks.h"

/* A key (as a long double: exact for every key type, 64-bit integers
 * included; its sign bit for -0 against +0) and its first position. */
typedef struct entry {
    long double key;
    int negative_zero;
    unsigned position;
} entry;

static int by_key_then_position(const void *a, const void *b) {
    const entry *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    if (x->negative_zero != y->negative_zero) return x->negative_zero ? -1 : 1;
    return x->position < y->position ? -1 : x->position > y->position;
}

static const double specials[] = {-0.0, 0.0, INFINITY, -INFINITY, 1e-40, -1e-40, 3.5, -3.5};

/* An 8-byte value for position i: both words tell it. */
static unsigned long long wide_value(unsigned i) { return (unsigned long long)(i ^ 0xa5a5a5a5u) << 32 | i; }

/* Keys of type T: few distinct values for ties, half from a wide range;
 * with_values 0 (keys alone), 1 (4-byte values) or 2 (8-byte ones). */
#define CHECK_SORT(T, name, make)                                                                                \
    static void check_##name(size_t n, int with_values, int on_view) {                                        \
        size_t size = n ? n : 1;                                                                              \
        entry *want = malloc(size * sizeof *want);                                                            \
        T *keys = malloc(size * sizeof *keys);                                                                \
        unsigned *values = malloc(size * sizeof *values), few = n > 64 ? (unsigned)n / 16 : 4;                \
        unsigned long long *wide = malloc(size * sizeof *wide);                                               \
        for (size_t i = 0; i < n; i++) {                                                                      \
            unsigned r = test_random();                                                                       \
            keys[i] = (make);                                                                                 \
            want[i].key = (long double)keys[i];                                                               \
            want[i].negative_zero = keys[i] == 0 && signbit((double)keys[i]);                                 \
            values[i] = want[i].position = (unsigned)i;                                                       \
            wide[i] = wide_value((unsigned)i);                                                                \
        }                                                                                                     \
        (void)few;                                                                                            \
        qsort(want, n, sizeof *want, by_key_then_position);                                                   \
        T *k = keys;                                                                                          \
        unsigned *v = values;                                                                                 \
        unsigned long long *w = wide;                                                                         \
        if (on_view) {                                                                                        \
            array_view(keys, size);                                                                           \
            array_view(values, size);                                                                         \
            array_view(wide, size);                                                                           \
        } else {                                                                                              \
            k = array_new(T, size, keys);                                                                     \
            v = array_new(unsigned, size, values);                                                            \
            w = array_new(unsigned long long, size, wide);                                                    \
        }                                                                                                     \
        if (with_values == 2) camp_sort_by_key(k, w, n);                                                      \
        else if (with_values) camp_sort_by_key(k, v, n);                                                      \
        else camp_sort_##name(k, n);                                                                          \
        if (on_view) {                                                                                        \
            array_view_release(wide);                                                                         \
            array_view_release(values);                                                                       \
            array_view_release(keys);                                                                         \
        } else {                                                                                              \
            array_copy_out(keys, k, n);                                                                       \
            array_copy_out(values, v, n);                                                                     \
            array_copy_out(wide, w, n);                                                                       \
            array_delete(k);                                                                                  \
            array_delete(v);                                                                                  \
            array_delete(w);                                                                                  \
        }                                                                                                     \
        for (size_t i = 0; i < n; i++) {                                                                      \
            int same = (long double)keys[i] == want[i].key &&                                                 \
                       (keys[i] != 0 || !!signbit((double)keys[i]) == want[i].negative_zero);                 \
            TEST_EXPECT(same, #name " keys of %zu (values %d, view %d), [%zu]: %g, want %g", n, with_values,  \
                        on_view, i, (double)keys[i], (double)want[i].key);                                    \
            if (with_values == 2)                                                                             \
                TEST_EXPECT(wide[i] == wide_value(want[i].position),                                          \
                            #name " 8-byte values of %zu (view %d), [%zu]: %#llx, want %#llx", n, on_view, i, \
                            wide[i], wide_value(want[i].position));                                           \
            else if (with_values)                                                                             \
                TEST_EXPECT(values[i] == want[i].position, #name " values of %zu (view %d), [%zu]: %u, want %u", \
                            n, on_view, i, values[i], want[i].position);                                      \
            if (with_values != 1)                                                                             \
                TEST_EXPECT(values[i] == (unsigned)i, #name ": values of %zu moved without values", n);       \
            if (with_values != 2)                                                                             \
                TEST_EXPECT(wide[i] == wide_value((unsigned)i), #name ": 8-byte values of %zu moved", n);     \
        }                                                                                                     \
        free(wide);                                                                                           \
        free(values);                                                                                         \
        free(keys);                                                                                           \
        free(want);                                                                                           \
    }
CHECK_SORT(unsigned, uint, r % 2 ? r % few : r)
CHECK_SORT(int, int, (int)((r >> 3) % few) - (int)few / 2 + (r % 2 ? 0 : (int)(r >> 12) - (1 << 19)))
CHECK_SORT(float, float, r % 8 == 0 ? (float)specials[(r >> 3) % 8] : (float)((r >> 4) % few) * 0.25f - 8.0f)
CHECK_SORT(unsigned long long, uint64, r % 2 ? r % few : (unsigned long long)r << 32 | test_random())
CHECK_SORT(long long, int64, (long long)((r >> 3) % few) - few / 2 + (r % 2 ? 0 : ((long long)r << 20) - (1ll << 51)))
CHECK_SORT(double, double, r % 8 == 0 ? specials[(r >> 3) % 8] : (double)((r >> 4) % few) * 0.125 - 1e15 * (r % 3))

int main(void) {
    test_expect_int64_refused();
    /* 32-bit keys at every size but the largest, 64-bit ones (eight passes)
     * up to 256 Ki and once at 1 Mi; one sort of 4 Mi float keys with
     * values: two minutes of lavapipe for all otherwise. 8-byte values (a
     * sort with 4-byte positions, then a gather) with one key type of each
     * width, and once at 4 Mi. */
    for (int s = 0; s < TEST_SIZE_COUNT - 1; s++) {
        for (int with_values = 0; with_values <= 2; with_values++) {
            int on_view = (s + with_values) % 2, wide = with_values == 2;
            check_uint(test_sizes[s], with_values, on_view);
            if (!wide) check_int(test_sizes[s], with_values, !on_view);
            if (!wide) check_float(test_sizes[s], with_values, on_view);
            if (test_sizes[s] > 262144) continue;
            if (!wide) check_uint64(test_sizes[s], with_values, !on_view);
            if (!wide) check_int64(test_sizes[s], with_values, on_view);
            check_double(test_sizes[s], with_values, !on_view);
        }
    }
    check_double(test_sizes[TEST_SIZE_COUNT - 2], 1, 1);
    check_float(test_sizes[TEST_SIZE_COUNT - 1], 1, 0);
    check_int(test_sizes[TEST_SIZE_COUNT - 1], 2, 1);
    return test_finish("sort");
}
