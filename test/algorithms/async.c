/* async.c — the _async forms: each returns a future at once, and after
 * future_wait its results are those of the plain call (reductions into an
 * array element, a selection's count into a view's element), with several
 * calls in flight at a time on another accelerator view than the default.
 * n == 0 writes the reduction's identity and a count of 0. */
#include <camp_algorithms.h>
#include <math.h>
#include <string.h>

#include "checks.h"

enum { N = 300007 };

int main(void) {
    test_expect_int64_refused();
    static float values[N], prefix[N], kept[N];
    static unsigned keys[N], positions[N];
    float expected_sum = 0, lowest = 0;
    double expected_squares = 0; /* beyond 2^24: the device's float sum within its rounding bound of it */
    for (int i = 0; i < N; i++) {
        values[i] = (float)(test_random() % 64) - 32.0f; /* exact sums in any order */
        expected_sum += values[i];
        expected_squares += (double)values[i] * values[i];
        if (i == 0 || values[i] < lowest) lowest = values[i];
        keys[i] = test_random() % 1000;
    }
    camp_accelerator_view *view = camp_accelerator_create_view(NULL, CAMP_QUEUING_MODE_AUTOMATIC);
    camp_set_current_view(view);
    float *data = array_new_on(view, float, N, values, CAMP_ACCESS_TYPE_AUTO);
    float *scanned = array_new_on(view, float, N, NULL, CAMP_ACCESS_TYPE_AUTO);
    float *selected = array_new_on(view, float, N, NULL, CAMP_ACCESS_TYPE_AUTO);
    float *distinct = array_new_on(view, float, N, NULL, CAMP_ACCESS_TYPE_AUTO);
    float *results = array_new_on(view, float, 4, NULL, CAMP_ACCESS_TYPE_AUTO);
    unsigned *k = array_new_on(view, unsigned, N, keys, CAMP_ACCESS_TYPE_AUTO);
    unsigned *v = array_new_on(view, unsigned, N, NULL, CAMP_ACCESS_TYPE_AUTO);
    unsigned count[3] = {12345, 12345, 12345};
    array_view(count, 3);

    camp_future *futures[] = {
        camp_reduce_sum_async(data, N, &results[0]),
        camp_reduce_min_async(data, N, &results[1]),
        camp_reduce_max_async(data, (size_t)0, &results[2]), /* -infinity */
        camp_dot_async(data, data, N, &results[3]),
        camp_inclusive_scan_async(data, scanned, N),
        camp_select_async(data, selected, N, CAMP_GREATER_EQUAL, 0.0f, &count[0]),
        camp_select_async(data, selected, (size_t)0, CAMP_LESS, 0.0f, &count[1]), /* 0 */
        camp_unique_async(data, distinct, N, &count[2]),
        camp_sequence_async(v, N, 0u, 1u),
    };
    for (size_t f = 0; f < sizeof futures / sizeof *futures; f++) future_wait(futures[f]);
    camp_future *sorting = camp_sort_by_key_async(k, v, N);
    future_wait(sorting);

    array_view_synchronize(count); /* needed only where CAMP_IMPLICIT_SYNC=0 */
    float got[4];
    array_copy_out(got, results, 4);
    TEST_EXPECT(got[0] == expected_sum, "async sum %g, want %g", got[0], expected_sum);
    TEST_EXPECT(got[1] == lowest, "async min %g, want %g", got[1], lowest);
    TEST_EXPECT(got[2] == -INFINITY, "async max of nothing %g", got[2]);
    TEST_EXPECT(fabs(got[3] - expected_squares) <= 1e-5 * expected_squares, "async dot %g, want %g", got[3],
                expected_squares);
    array_copy_out(prefix, scanned, N);
    float running = 0;
    for (int i = 0; i < N; i++) {
        running += values[i];
        TEST_EXPECT(prefix[i] == running, "async scan [%d]: %g, want %g", i, prefix[i], running);
    }
    array_copy_out(kept, selected, N);
    unsigned want_count = 0;
    for (int i = 0; i < N; i++)
        if (values[i] >= 0.0f) TEST_EXPECT(kept[want_count++] == values[i], "async select [%u]", want_count - 1);
    TEST_EXPECT(count[0] == want_count, "async select count %u, want %u", count[0], want_count);
    TEST_EXPECT(count[1] == 0, "async select of nothing: count %u", count[1]);
    unsigned runs = 0;
    for (int i = 0; i < N; i++) runs += i == 0 || values[i] != values[i - 1];
    TEST_EXPECT(count[2] == runs, "async unique count %u, want %u", count[2], runs);
    unsigned sorted_keys[N];
    array_copy_out(sorted_keys, k, N);
    array_copy_out(positions, v, N);
    for (int i = 0; i < N; i++) {
        TEST_EXPECT(sorted_keys[i] == keys[positions[i]], "async sort [%d]: key %u at position %u", i,
                    sorted_keys[i], positions[i]);
        if (i) TEST_EXPECT(sorted_keys[i - 1] < sorted_keys[i] || (sorted_keys[i - 1] == sorted_keys[i] &&
                                                                     positions[i - 1] < positions[i]),
                           "async sort order at %d", i);
    }
    TEST_EXPECT(camp_fill_async(k, (size_t)0, 0u) == NULL, "an async call on nothing returns a done future");

    array_view_release(count);
    array_delete(v);
    array_delete(k);
    array_delete(results);
    array_delete(distinct);
    array_delete(selected);
    array_delete(scanned);
    array_delete(data);
    camp_set_current_view(NULL);
    camp_accelerator_view_destroy(view);
    return test_finish("async");
}
