/* bad_input.c — the algorithms library's refusals: each bad call reports
 * CAMP_ERROR_INVALID_ARGUMENT through the error handler, at the caller's
 * file and line, with a message naming the call and the argument, and
 * writes nothing (the arrays keep their contents). */
#include <camp_algorithms.h>
#include <limits.h>
#include <string.h>

#include "checks.h"

static int larger(int a, int b) restrict(amp) { return a > b ? a : b; }
CAMP_REDUCE_DEFINE(int, reduce_larger, larger, INT_MIN)
static int descending(int a, int b) restrict(amp) { return a > b; }
CAMP_SORT_DEFINE(int, sort_descending, descending)

static camp_error last;
static char last_message[1024];
static int errors;

/* On an accelerator without 64-bit integers (checks.h) the kernels of the
 * two camp_fill calls are refused too: counted apart. */
static bool int64_missing;
static int int64_refusals;

static void remember(const camp_error *error, void *user) {
    (void)user;
    if (int64_missing && error->status == CAMP_ERROR_UNSUPPORTED && strstr(error->message, "shaderInt64")) {
        int64_refusals++;
        return;
    }
    errors++;
    last = *error;
    snprintf(last_message, sizeof last_message, "%s", error->message);
}

/* Runs `call` and checks that it reported one error at this line whose
 * message contains `text`. */
#define EXPECT_REFUSED(call, text)                                                                                \
    do {                                                                                                          \
        int before = errors;                                                                                      \
        call;                                                                                                     \
        unsigned at = __LINE__;                                                                                   \
        TEST_EXPECT(errors == before + 1, "%s: %d errors, want 1", #call, errors - before);                      \
        TEST_EXPECT(last.status == CAMP_ERROR_INVALID_ARGUMENT, "%s: status %d", #call, (int)last.status);       \
        TEST_EXPECT(last.file && strstr(last.file, "bad_input.c") && last.line == at, "%s: at %s:%u, want line %u", \
                    #call, last.file ? last.file : "(none)", last.line, at);                                      \
        TEST_EXPECT(strstr(last_message, text) != NULL, "%s: message '%s' lacks '%s'", #call, last_message, text); \
    } while (0)

int main(void) {
    enum { N = 1000 };
    int host[N];
    unsigned keys[N];
    for (int i = 0; i < N; i++) host[i] = N - i;
    for (int i = 0; i < N; i++) keys[i] = (unsigned)(N - i);
    int64_missing = !camp_get_default_accelerator().supports_int64;
    camp_set_error_handler(remember, NULL);
    int *a = array_new(int, N, host), *b = array_new(int, N, host);
    unsigned *k = array_new(unsigned, N, keys);
    int *unregistered = malloc(N * sizeof *unregistered);

    EXPECT_REFUSED(camp_reduce_sum_int(NULL, 5), "camp_reduce_sum_int: data is a null pointer");
    EXPECT_REFUSED(camp_reduce_max(a, N + 1), "pass the end of array");
    EXPECT_REFUSED(camp_reduce_min(a + 10, N), "pass the end of array");
    /* a synchronous call takes malloc'd memory (no_view.c); an _async one, whose memory outlives it, does not */
    EXPECT_REFUSED(camp_reduce_sum_async(unregistered, N, a), "lies in no array (array_new), no view (array_view) and no global or static array; give it a view first (array_view); a program built by a plain C compiler (the serial reference mode) makes no views: call the synchronous form there");
    array_view(host + N / 2, N / 2);
    EXPECT_REFUSED(camp_reduce_sum(host, N), "camp_reduce_sum_int: data [");
    EXPECT_REFUSED(camp_reduce_sum(host, N), "only partly; give the whole range one view");
    array_view_release(host + N / 2);
    int *staging = array_new_staging(camp_default_view(), int, N, host);
    EXPECT_REFUSED(camp_reduce_sum(staging, N), "data lies in a staging array");
    array_delete(staging);
    EXPECT_REFUSED(camp_reduce_sum(a, (size_t)INT_MAX - (1 << 22) + 1), "at most 2143289343 are supported");
    EXPECT_REFUSED(camp_inclusive_scan(a, b, N + 1), "camp_inclusive_scan_int: in:");
    EXPECT_REFUSED(camp_exclusive_scan(a, b + 1, N), "camp_exclusive_scan_int: out:");
    EXPECT_REFUSED(camp_inclusive_scan(a, (int *)NULL, 3), "out is a null pointer");
    EXPECT_REFUSED(camp_inclusive_scan(a, a + 1, N - 1), "out overlaps in");
    EXPECT_REFUSED(camp_inclusive_scan_by_key(k, a, (int *)k, 10), "camp_inclusive_scan_by_key_int: out overlaps keys");
    EXPECT_REFUSED(camp_select(a, a + 1, 10, CAMP_LESS, 5), "camp_select_int: out overlaps in");
    EXPECT_REFUSED(camp_select(a, b, N, (camp_compare)42, 5), "42 is no camp_compare");
    EXPECT_REFUSED(camp_unique(a, a + 2, N - 2), "camp_unique_int: out overlaps in");
    EXPECT_REFUSED(camp_fill(b, N + 1, 0), "camp_fill_int: data:");
    EXPECT_REFUSED(camp_sort(k, N + 1), "camp_sort_uint: keys:");
    EXPECT_REFUSED(camp_gather(a, N, k, a + 1, 10), "camp_gather_int: out overlaps in or map");
    EXPECT_REFUSED(camp_scatter(b, k, a, N, N + 1), "camp_scatter_int: map:");
    EXPECT_REFUSED(camp_histogram_float(NULL, 0, k, 0, 0.0f, 1.0f), "0 bins over [0, 1)");
    EXPECT_REFUSED(camp_histogram_float(NULL, 0, k, 10, 1.0f, 1.0f), "want at least one bin over a finite, nonempty");
    EXPECT_REFUSED(camp_histogram_float(NULL, 0, k, N + 1, 0.0f, 1.0f), "camp_histogram_float: bins:");
    EXPECT_REFUSED(camp_histogram_int(NULL, 0, k, 10, 5, 5), "camp_histogram_int: 10 bins over [5, 5): want at least");
    float *fa = array_new(float, N, NULL), *fc = array_new(float, N, NULL);
    camp_fill(fa, N, 1.0f);
    camp_fill(fc, N, 2.0f);
    EXPECT_REFUSED(camp_gemm_float(4, 4, 4, 1.0f, NULL, 4, fa, 4, 0.0f, fc, 4), "camp_gemm_float: a is a null pointer");
    EXPECT_REFUSED(camp_gemm_float(4, 4, 8, 1.0f, fa, 4, fa, 4, 0.0f, fc, 4), "of a (4) is less than its 8 columns");
    EXPECT_REFUSED(camp_gemm_float(40, 40, 4, 1.0f, fa, 4, fa, 40, 0.0f, fc, 40), "camp_gemm_float: c:");
    EXPECT_REFUSED(camp_gemm_float(4, 4, 4, 1.0f, fa, 4, fa, 4, 0.0f, fa + 8, 4), "camp_gemm_float: c overlaps a or b");
    EXPECT_REFUSED(camp_reduce_with(reduce_larger, (const int *)NULL, 5), "reduce_larger: data is a null pointer");
    EXPECT_REFUSED(camp_reduce_with(reduce_larger, a + 1, N), "reduce_larger: data:");
    EXPECT_REFUSED(camp_reduce_with_async(reduce_larger, unregistered, N, a), "lies in no array (array_new), no view (array_view) and no global");
    EXPECT_REFUSED(camp_reduce_with(reduce_larger, a, (size_t)INT_MAX), "at most 2143289343 are supported");
    EXPECT_REFUSED(camp_reduce_with_async(reduce_larger, a, N, (int *)NULL), "reduce_larger_async: result is a null");
    EXPECT_REFUSED(camp_reduce_with_async(reduce_larger, a, N, host), "reduce_larger_async: result (");
    int done_future = 0;
    EXPECT_REFUSED(done_future = camp_reduce_sum_async(a, N, host) == NULL, "camp_reduce_sum_int_async: result (");
    TEST_EXPECT(done_future, "a refused call's future is not NULL");
    EXPECT_REFUSED(camp_sort_with(sort_descending, (int *)NULL, 5), "sort_descending: data is a null pointer");
    EXPECT_REFUSED(camp_sort_with(sort_descending, a + 1, N), "sort_descending: data:");
    EXPECT_REFUSED(camp_sort_with_async(sort_descending, unregistered, N), "lies in no array (array_new), no view (array_view) and no global");
    EXPECT_REFUSED(camp_sort_with(sort_descending, a, (size_t)INT_MAX), "at most 2143289343 are supported");
    EXPECT_REFUSED(camp_select_async(a, b, N, CAMP_LESS, 5, (unsigned *)NULL), "count is a null pointer");
    EXPECT_REFUSED(camp_sort_by_key(k, k + 1, N - 1), "keys and values overlap");
    EXPECT_REFUSED(camp_sort_by_key_async(k, unregistered, N), "camp_sort_by_key_uint_async: values (");
    EXPECT_REFUSED(camp_sort_by_key(k, (unsigned *)NULL, N), "camp_sort_by_key_uint: values is a null pointer");
    EXPECT_REFUSED(camp_sort_by_key_async(k, (unsigned *)NULL, N), "camp_sort_by_key_uint_async: values is a null");
    EXPECT_REFUSED(camp_dot(a, (const int *)NULL, N), "camp_dot_int: b is a null pointer");
    EXPECT_REFUSED(camp_histogram_uint(k, N, k + 10, 10, 0u, 100u), "camp_histogram_uint: bins overlap data");
    {
        const int *read_only = host;
        array_view(read_only, N);
        EXPECT_REFUSED(camp_inclusive_scan(a, (int *)read_only, N), "out lies in the read-only view");
        array_view_release(read_only);
    }
    /* A count of 0 is no error, whatever the pointers. */
    int before = errors;
    TEST_EXPECT(camp_reduce_sum_int(NULL, 0) == 0, "empty sum");
    camp_inclusive_scan_int(NULL, NULL, 0);
    camp_sort_uint(NULL, 0);
    TEST_EXPECT(camp_reduce_with(reduce_larger, (const int *)NULL, 0) == INT_MIN, "empty reduction");
    camp_sort_with(sort_descending, (int *)NULL, 0);
    TEST_EXPECT(errors == before, "calls on 0 elements reported %d errors", errors - before);

    /* Nothing was written by the refused calls. */
    int got[N];
    unsigned got_keys[N];
    array_copy_out(got, a, N);
    TEST_EXPECT(memcmp(got, host, sizeof got) == 0, "a refused call wrote into a");
    array_copy_out(got, b, N);
    TEST_EXPECT(memcmp(got, host, sizeof got) == 0, "a refused call wrote into b");
    array_copy_out(got_keys, k, N);
    TEST_EXPECT(memcmp(got_keys, keys, sizeof got_keys) == 0, "a refused call wrote into k");

    float got_c[N];
    array_copy_out(got_c, fc, N);
    int fc_kept = 1;
    for (int i = 0; i < N; i++) fc_kept &= got_c[i] == 2.0f;
    if (int64_missing) TEST_EXPECT(int64_refusals == 2, "%d kernels refused for lack of shaderInt64, want 2", int64_refusals);
    else TEST_EXPECT(fc_kept, "a refused call wrote into fc");
    array_delete(fc);
    array_delete(fa);
    free(unregistered);
    array_delete(k);
    array_delete(b);
    array_delete(a);
    return test_finish("bad_input");
}
