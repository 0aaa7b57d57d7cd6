/* checks.h — what the algorithms library's tests share: the sizes every
 * call is checked at (0, 1, odd sizes, a tile's edges, a pass's edges and
 * a large size), a deterministic generator, and a counter of mismatches
 * that prints the first few. */
#ifndef ALGO_TEST_CHECKS_H
#define ALGO_TEST_CHECKS_H
#include <camp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const size_t test_sizes[] = {0, 1, 2, 7, 255, 256, 257, 1000, 1023, 1024, 4097, 65535, 262144, 1000003,
                                    4194304 + 17};
enum { TEST_SIZE_COUNT = sizeof test_sizes / sizeof *test_sizes };

/* xorshift: the same numbers on every machine */
static unsigned test_random_state = 2463534242u;
static unsigned test_random(void) {
    unsigned x = test_random_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return test_random_state = x;
}

static int test_failures;
static long test_checks;
/* While a check's kernels are expected to be refused (test_refused below):
 * its results are not looked at. */
static bool test_results_unread;

/* Counts a check; prints the first 20 that fail. */
#define TEST_EXPECT(ok, ...)                                   \
    do {                                                       \
        if (test_results_unread) break;                        \
        test_checks++;                                         \
        if (!(ok) && test_failures++ < 20) {                   \
            printf("mismatch: " __VA_ARGS__);                  \
            printf("\n");                                      \
        }                                                      \
    } while (0)

/* The error handler while kernels are expected to be refused: counts each
 * refusal naming the feature `user` names, which must name the test's
 * line (the library call's), not the library's source; anything else
 * fails. */
static long test_refusals;
static void test_count_refusal(const camp_error *error, void *user) {
    const char *feature = user;
    if (error->status == CAMP_ERROR_UNSUPPORTED && strstr(error->message, feature)) {
        test_refusals++;
        const char *file = error->file ? error->file : "";
        bool in_test = strstr(file, "test/algorithms/") != NULL && strstr(file, "/runtime/") == NULL;
        if (!in_test && test_failures++ < 20) printf("mismatch: a refusal at %s, not the test's line: %s\n", file,
                                                     error->message);
        return;
    }
    test_checks++;
    if (test_failures++ < 20) printf("mismatch: %s kernels refused, but this error came: %s\n", feature, error->message);
}

/* CHECK with every kernel it launches refused, through the error handler,
 * naming FEATURE (what the device lacks); its results unread. Then errors
 * abort again (the tests that use it install no handler of their own).
 * test_finish checks that some kernel was refused. */
static const char *test_refused_feature;
/* Set by test_expect_int64_refused: every kernel of the test is refused. */
static bool test_all_refused;
#define TEST_REFUSED(check, feature)                         \
    do {                                                     \
        if (test_all_refused) {                              \
            check;                                           \
            break;                                           \
        }                                                    \
        test_refused_feature = feature;                      \
        camp_set_error_handler(test_count_refusal, feature); \
        test_results_unread = true;                          \
        check;                                               \
        test_results_unread = false;                         \
        camp_set_error_handler(NULL, NULL);                  \
    } while (0)

/* Called first in main: on an accelerator without 64-bit integers, which
 * a view's addresses need (CAMP_SIMULATE=roadmap-2022, roadmap-2024 and
 * desktop-baseline-2024: docs/portability.md), every kernel the test
 * launches must be refused naming shaderInt64, and no result is read. */
static void test_expect_int64_refused(void) {
    if (camp_get_default_accelerator().supports_int64) return;
    test_refused_feature = "shaderInt64";
    camp_set_error_handler(test_count_refusal, "shaderInt64");
    test_results_unread = true;
    test_all_refused = true;
}

/* CALL, a check of kernels on doubles (check_double(n) for CHECK_DOUBLE),
 * where the accelerator computes on doubles; on one that does not (a phone
 * GPU, or CAMP_SIMULATE=mali-g710: docs/portability.md) its kernels must
 * be refused, naming shaderFloat64, and the program goes on to the other
 * types. */
#define CHECK_DOUBLES(call)                                                                                    \
    do {                                                                                                       \
        if (camp_get_default_accelerator().supports_double_precision) call;                                    \
        else TEST_REFUSED(call, "shaderFloat64");                                                              \
    } while (0)
#define CHECK_DOUBLE(n) CHECK_DOUBLES(check_double(n))

/* A test's check_TYPE(n) for each of the six element types, in turn. */
#define CHECK_EVERY_TYPE(n)                                                                  \
    do {                                                                                     \
        check_int(n), check_uint(n), check_int64(n), check_uint64(n), check_float(n);        \
        CHECK_DOUBLE(n);                                                                     \
    } while (0)

/* The program's exit: a summary line that does not depend on the device. */
static int test_finish(const char *name) {
    test_results_unread = false;
    if (test_refused_feature) TEST_EXPECT(test_refusals > 0, "no kernel refused for lack of %s", test_refused_feature);
    if (test_failures) {
        printf("%s: %d of %ld checks failed\n", name, test_failures, test_checks);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}
#endif
