/* globals.c — the library on global and static arrays as programs write
 * them, with no array_view: a call's range gets a view of its own, as a
 * kernel's use of the array gives it; the host reads the call's results
 * with no synchronize, and the next call sees the host's writes. Kernels
 * and calls mix on one array in either order: a kernel over the whole
 * array after a call on part of it, a call on part of an array a kernel
 * used, two calls on neighbouring parts and then one over both. */
#include <camp_algorithms.h>

#include "checks.h"

#define N 100003
static unsigned keys[N], sorted[N];
static int counts[N];
static float halves[N];
float totals[N]; /* a global of external linkage */

static int by_value(const void *a, const void *b) {
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

int main(void) {
    test_expect_int64_refused();
    for (int i = 0; i < N; i++) keys[i] = sorted[i] = test_random() % 1000000u;
    qsort(sorted, N, sizeof *sorted, by_value);
    camp_sort(keys, N);
    int unsorted = 0;
    for (int i = 0; i < N; i++) unsorted += keys[i] != sorted[i];
    TEST_EXPECT(unsorted == 0, "sort of a static array: %d keys out of place", unsorted);

    /* small whole numbers: float sums in any order are exact */
    float want = 0.0f;
    for (int i = 0; i < N; i++) want += totals[i] = (float)(i % 13);
    float sum = camp_reduce_sum(totals, N);
    TEST_EXPECT(sum == want, "sum of a global: %.1f, want %.1f", sum, want);
    totals[5] += 100.0f; /* the host's write: the next call sees it */
    sum = camp_reduce_sum(totals, N);
    TEST_EXPECT(sum == want + 100.0f, "sum after the host's write: %.1f, want %.1f", sum, want + 100.0f);

    camp_fill(counts + 10, 1000, 7);
    parallel_for_each(i, extent(N)) counts[i] += 1;
    camp_fill(counts + 2000, 5, 3);
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        int expected = i >= 2000 && i < 2005 ? 3 : i >= 10 && i < 1010 ? 8 : 1;
        wrong += counts[i] != expected;
    }
    TEST_EXPECT(wrong == 0, "a kernel and fills on one static array: %d elements wrong", wrong);

    camp_fill(halves, N / 2, 1.0f);
    camp_fill(halves + N / 2, N - N / 2, 2.0f);
    float both = camp_reduce_sum(halves, N);
    TEST_EXPECT(both == (float)(N / 2 + 2 * (N - N / 2)), "sum over two filled halves: %.1f, want %d", both,
                N / 2 + 2 * (N - N / 2));
    return test_finish("globals");
}
