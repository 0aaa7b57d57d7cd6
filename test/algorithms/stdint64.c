/* stdint64.c — the type-generic calls on int64_t and uint64_t (long and
 * unsigned long on the hosts campcc targets, which the calls give to their
 * long long forms): reduce, dot, scan, fill, sequence, sort, sort by key,
 * gather, scatter and an _async reduce, against serial loops. */
#include <camp_algorithms.h>
#include <stdint.h>

#include "checks.h"

enum { N = 10007 };

static int by_value(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int main(void) {
    test_expect_int64_refused();
    uint64_t *keys = malloc(N * sizeof *keys), *sorted = malloc(N * sizeof *sorted);
    int64_t *values = malloc(N * sizeof *values), *filled = malloc(N * sizeof *filled);
    int64_t *gathered = malloc(N * sizeof *gathered), *scattered = malloc(N * sizeof *scattered);
    unsigned *payload = malloc(N * sizeof *payload), *map = malloc(N * sizeof *map);
    for (size_t i = 0; i < N; i++) {
        keys[i] = (uint64_t)test_random() << 32 | test_random();
        values[i] = (int64_t)test_random() - (1ll << 31);
        payload[i] = (unsigned)i;
        map[i] = (unsigned)(N - 1 - i);
    }
    memcpy(sorted, keys, N * sizeof *keys);
    qsort(sorted, N, sizeof *sorted, by_value);

    uint64_t sum = 0, dot = 0;
    int64_t min = INT64_MAX;
    for (size_t i = 0; i < N; i++) {
        sum += keys[i];
        dot += keys[i] * keys[i];
        if (values[i] < min) min = values[i];
    }
    TEST_EXPECT(camp_reduce_sum(keys, N) == sum, "sum");
    TEST_EXPECT(camp_dot(keys, keys, N) == dot, "dot");
    TEST_EXPECT(camp_reduce_min(values, N) == min, "min");
    static uint64_t async_sum[1]; /* an _async call's memory: views, arrays, static arrays */
    array_view(keys, N);
    camp_future_wait(camp_reduce_sum_async(keys, N, async_sum));
    array_view_release(keys);
    TEST_EXPECT(async_sum[0] == sum, "async sum");

    camp_inclusive_scan(values, scattered, N); /* scattered: scratch until the scatter below */
    int64_t running = 0;
    for (size_t i = 0; i < N; i++) {
        running += values[i];
        TEST_EXPECT(scattered[i] == running, "inclusive scan [%zu]", i);
    }

    camp_fill(filled, N, (int64_t)-5);
    for (size_t i = 0; i < N; i++) TEST_EXPECT(filled[i] == -5, "fill [%zu]", i);
    camp_sequence(filled, N, (int64_t)1 << 40, (int64_t)-3);
    for (size_t i = 0; i < N; i++) TEST_EXPECT(filled[i] == ((int64_t)1 << 40) - 3 * (int64_t)i, "sequence [%zu]", i);

    camp_gather(values, N, map, gathered, N);
    camp_scatter(values, map, scattered, N, N);
    for (size_t i = 0; i < N; i++) {
        TEST_EXPECT(gathered[i] == values[N - 1 - i], "gather [%zu]", i);
        TEST_EXPECT(scattered[N - 1 - i] == values[i], "scatter [%zu]", i);
    }

    uint64_t *by_key = malloc(N * sizeof *by_key);
    memcpy(by_key, keys, N * sizeof *keys);
    camp_sort_by_key(by_key, payload, N);
    camp_sort(keys, N);
    for (size_t i = 0; i < N; i++) {
        TEST_EXPECT(keys[i] == sorted[i], "sort [%zu]", i);
        TEST_EXPECT(by_key[i] == sorted[i], "sort by key [%zu]", i);
    }
    return test_finish("stdint64");
}
