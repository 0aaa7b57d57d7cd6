/* reduce.c — camp_reduce_{sum,min,max} and camp_dot of every element type
 * against a serial reference, on arrays (array_new) and on views of host memory
 * (array_view), at every size of checks.h. Integer data is exact; float
 * data are small integers (exact sums in any order) and, for a rounding
 * check, values in [0, 1) whose sum may differ from the serial one by the
 * bound docs/algorithms.md gives. */
#include <camp_algorithms.h>
#include <math.h>
#include <string.h>

#include "checks.h"

/* One type's reductions on n values from the generator, and their dot
 * product with the weights 0, 1, 2, 0, 1, 2, ..., on arrays and on views. */
#define CHECK_TYPE(T, name, fmt, make)                                                                           \
    static void check_##name(size_t n) {                                                                      \
        T *host = malloc((n ? n : 1) * sizeof *host), sum = 0, lo = 0, hi = 0, dot = 0;                       \
        T *weights = malloc((n ? n : 1) * sizeof *weights);                                                   \
        for (size_t i = 0; i < n; i++) {                                                                      \
            host[i] = (T)(make);                                                                              \
            weights[i] = (T)(i % 3);                                                                          \
            sum += host[i];                                                                                   \
            dot += host[i] * weights[i];                                                                      \
            if (i == 0 || host[i] < lo) lo = host[i];                                                         \
            if (i == 0 || host[i] > hi) hi = host[i];                                                         \
        }                                                                                                     \
        if (n == 0) {                                                                                         \
            lo = camp_reduce_min(host, 0); /* the identities: checked once below */                          \
            hi = camp_reduce_max(host, 0);                                                                    \
        }                                                                                                     \
        T *array = array_new(T, n ? n : 1, host), *weight_array = array_new(T, n ? n : 1, weights);          \
        T got_sum = camp_reduce_sum(array, n), got_min = camp_reduce_min(array, n),                           \
          got_max = camp_reduce_max(array, n), got_dot = camp_dot(array, weight_array, n);                    \
        TEST_EXPECT(got_sum == sum, #name " array sum of %zu: " fmt ", want " fmt, n, got_sum, sum);          \
        TEST_EXPECT(got_dot == dot, #name " array dot of %zu: " fmt ", want " fmt, n, got_dot, dot);          \
        TEST_EXPECT(got_min == lo, #name " array min of %zu: " fmt ", want " fmt, n, got_min, lo);            \
        TEST_EXPECT(got_max == hi, #name " array max of %zu: " fmt ", want " fmt, n, got_max, hi);            \
        array_delete(weight_array);                                                                           \
        array_delete(array);                                                                                  \
        if (n) {                                                                                              \
            const T *view = host, *weight_view = weights;                                                     \
            array_view(view, n);                                                                              \
            array_view(weight_view, n);                                                                       \
            got_dot = camp_dot_##name(view, weight_view, n);                                                  \
            TEST_EXPECT(got_dot == dot, #name " view dot of %zu: " fmt ", want " fmt, n, got_dot, dot);       \
            got_sum = camp_reduce_sum_##name(view, n);                                                        \
            got_min = camp_reduce_min_##name(view, n);                                                        \
            got_max = camp_reduce_max_##name(view, n);                                                        \
            TEST_EXPECT(got_sum == sum, #name " view sum of %zu: " fmt ", want " fmt, n, got_sum, sum);       \
            TEST_EXPECT(got_min == lo, #name " view min of %zu: " fmt ", want " fmt, n, got_min, lo);         \
            TEST_EXPECT(got_max == hi, #name " view max of %zu: " fmt ", want " fmt, n, got_max, hi);         \
            array_view_release(weight_view);                                                                  \
            array_view_release(view);                                                                         \
        }                                                                                                     \
        free(weights);                                                                                        \
        free(host);                                                                                           \
    }
CHECK_TYPE(int, int, "%d", (int)(test_random() % 2001) - 1000)
CHECK_TYPE(unsigned, uint, "%u", test_random())
CHECK_TYPE(long long, int64, "%lld", (long long)test_random() * 4096 - (1ll << 43))
CHECK_TYPE(unsigned long long, uint64, "%llu", (unsigned long long)test_random() << 20)
CHECK_TYPE(float, float, "%g", (float)(test_random() % 201) - 100.0f)
CHECK_TYPE(double, double, "%g", (double)(test_random() % 200001) - 100000.0)

/* The identities of an empty reduction. */
static void check_empty(void) {
    TEST_EXPECT(camp_reduce_sum_int(NULL, 0) == 0, "empty int sum");
    TEST_EXPECT(camp_reduce_min_int(NULL, 0) == 2147483647, "empty int min");
    TEST_EXPECT(camp_reduce_max_uint(NULL, 0) == 0u, "empty uint max");
    TEST_EXPECT(camp_reduce_min_float(NULL, 0) == INFINITY, "empty float min");
    TEST_EXPECT(camp_reduce_max_double(NULL, 0) == -INFINITY, "empty double max");
}

/* Values in [0, 1): the device adds in another order than the host, so the
 * sum may differ by the rounding of each addition: n * eps * sum at most. */
static void check_float_rounding(size_t n) {
    float *host = malloc(n * sizeof *host);
    double exact = 0;
    for (size_t i = 0; i < n; i++) exact += host[i] = (float)(test_random() >> 8) / 16777216.0f;
    float *array = array_new(float, n, host);
    float got = camp_reduce_sum(array, n);
    TEST_EXPECT(fabs(got - exact) <= (double)n * 0x1p-24 * exact, "float sum of %zu in [0, 1): %.9g, exact %.9g", n,
                got, exact);
    array_delete(array);
    free(host);
}

int main(void) {
    test_expect_int64_refused();
    check_empty();
    for (int s = 0; s < TEST_SIZE_COUNT; s++) {
        CHECK_EVERY_TYPE(test_sizes[s]);
    }
    check_float_rounding(1000003);
    return test_finish("reduce");
}
