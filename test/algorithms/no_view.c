/* no_view.c — the library on memory as programs write it, with no
 * array_view. A global or static array's range gets a view of its own, as
 * a kernel's use of the array gives it: the host reads the call's results
 * with no synchronize, and the next call sees the host's writes; kernels
 * and calls mix on one array in either order (a kernel over the whole
 * array after a call on part of it, a call on part of an array a kernel
 * used, two calls on neighbouring parts and then one over both). Memory
 * from malloc and on the stack gets a view for the call alone: results
 * are back when it returns, and nothing of it stays registered (a view
 * made over it afterwards, and freeing it, are as for any memory); so
 * for the reductions and sorts of the program's own operations. */
#include <camp_algorithms.h>

#include "checks.h"

#define N 100003
static unsigned keys[N], sorted[N];
static int counts[N];
static float halves[N];
float totals[N]; /* a global of external linkage */

static int larger(int a, int b) restrict(amp) { return a > b ? a : b; }
CAMP_REDUCE_DEFINE(int, reduce_larger, larger, -1000)
static int descending(int a, int b) restrict(amp) { return a > b; }
CAMP_SORT_DEFINE(int, sort_descending, descending)

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
    enum { M = 5003 };
    unsigned *heap_keys = malloc(M * sizeof *heap_keys), *heap_values = malloc(M * sizeof *heap_values);
    for (int i = 0; i < M; i++) heap_keys[i] = (unsigned)(M - i) % 97u, heap_values[i] = (unsigned)i;
    camp_sort_by_key(heap_keys, heap_values, M);
    int disorder = 0;
    for (int i = 1; i < M; i++)
        disorder += heap_keys[i - 1] > heap_keys[i] ||
                    (heap_keys[i - 1] == heap_keys[i] && heap_values[i - 1] > heap_values[i]); /* stable */
    for (int i = 0; i < M; i++) disorder += heap_keys[i] != (unsigned)(M - heap_values[i]) % 97u;
    TEST_EXPECT(disorder == 0, "sort by key of malloc'd memory: %d pairs out of place", disorder);

    int stack_in[M], stack_out[M];
    long long running = 0;
    for (int i = 0; i < M; i++) stack_in[i] = i % 11 - 5;
    camp_inclusive_scan(stack_in, stack_out, M);
    int off = 0;
    for (int i = 0; i < M; i++) off += stack_out[i] != (int)(running += stack_in[i]);
    TEST_EXPECT(off == 0, "scan of a stack array into another: %d sums wrong", off);
    size_t kept = camp_select(stack_in, stack_out, M, CAMP_GREATER, 3);
    size_t want_kept = 0;
    for (int i = 0; i < M; i++) want_kept += stack_in[i] > 3;
    TEST_EXPECT(kept == want_kept, "select from a stack array: kept %zu, want %zu", kept, want_kept);

    /* the reductions and sorts of the program's own operations too */
    int *heap_ints = malloc(M * sizeof *heap_ints);
    for (int i = 0; i < M; i++) heap_ints[i] = (i * 37) % M - 100;
    int largest = camp_reduce_with(reduce_larger, heap_ints, M);
    TEST_EXPECT(largest == M - 101, "largest of malloc'd memory: %d, want %d", largest, M - 101);
    camp_sort_with(sort_descending, heap_ints, M);
    int rising = 0;
    for (int i = 1; i < M; i++) rising += heap_ints[i - 1] < heap_ints[i];
    TEST_EXPECT(rising == 0 && heap_ints[0] == M - 101, "descending sort of malloc'd memory: %d rises", rising);
    free(heap_ints);

    /* nothing stays registered: a view over the memory now is a fresh one */
    array_view(heap_keys, M);
    parallel_for_each(i, extent(M)) heap_keys[i] = 1u;
    array_view_synchronize(heap_keys);
    array_view_release(heap_keys);
    unsigned ones = 0;
    for (int i = 0; i < M; i++) ones += heap_keys[i];
    TEST_EXPECT(ones == M, "a view over memory a call used before: %u ones, want %d", ones, M);
    free(heap_keys);
    free(heap_values);
    return test_finish("no_view");
}
