/* two_accelerators.c — the algorithms library on a second accelerator
 * (lavapipe loaded twice, test/model/two_lavapipes.py): calls made with a
 * view of accelerator 1 current run there, on its arrays, and a call on an
 * array of accelerator 1 while a view of accelerator 0 is current is
 * refused through the error handler, at the caller's line. */
#include <camp_algorithms.h>
#include <string.h>

#include "checks.h"

static unsigned larger(unsigned a, unsigned b) restrict(amp) { return a > b ? a : b; }
CAMP_REDUCE_DEFINE(unsigned, reduce_larger, larger, 0u)

static char message[1024];
static unsigned error_line;

static void remember(const camp_error *error, void *user) {
    (void)user;
    snprintf(message, sizeof message, "%s", error->message);
    error_line = error->line;
}

int main(void) {
    enum { N = 100000 };
    test_expect_int64_refused();
    camp_accelerator accelerators[2];
    if (camp_get_accelerators(accelerators, 2) < 2) {
        printf("two accelerators wanted\n");
        return 1;
    }
    camp_accelerator_view *second = camp_accelerator_create_view(&accelerators[1], CAMP_QUEUING_MODE_AUTOMATIC);
    static unsigned keys[N], sorted[N];
    for (int i = 0; i < N; i++) keys[i] = test_random();
    unsigned *a = array_new_on(second, unsigned, N, keys, CAMP_ACCESS_TYPE_AUTO);

    camp_set_current_view(second);
    camp_sort(a, N);
    unsigned largest = camp_reduce_with(reduce_larger, a, N);
    unsigned long long sum = camp_reduce_sum((const unsigned long long *)NULL, 0);
    array_copy_out(sorted, a, N);
    for (int i = 1; i < N; i++) TEST_EXPECT(sorted[i - 1] <= sorted[i], "sorted on the second accelerator, [%d]", i);
    TEST_EXPECT(sum == 0, "an empty sum");
    TEST_EXPECT(largest == sorted[N - 1], "the largest on the second accelerator: %u, want %u", largest, sorted[N - 1]);

    camp_set_current_view(NULL); /* the default view: accelerator 0 */
    camp_set_error_handler(remember, NULL);
    camp_sort(a, N); unsigned line = __LINE__;
    TEST_EXPECT(error_line == line && strstr(message, "camp_sort_uint: keys lies in an array of accelerator 1"),
                "refusal at line %u: '%s'", error_line, message);
    camp_reduce_with(reduce_larger, a, N); line = __LINE__;
    TEST_EXPECT(error_line == line && strstr(message, "reduce_larger: data lies in an array of accelerator 1"),
                "refusal at line %u: '%s'", error_line, message);

    array_delete(a);
    camp_accelerator_view_destroy(second);
    return test_finish("two_accelerators");
}
