/* checks.h — what the algorithms library's tests share: the sizes every
 * call is checked at (0, 1, odd sizes, a tile's edges, a pass's edges and
 * a large size), a deterministic generator, and a counter of mismatches
 * that prints the first few. */
#ifndef ALGO_TEST_CHECKS_H
#define ALGO_TEST_CHECKS_H
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

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

/* A test's check_TYPE(n) for each of the six element types, in turn. */
#define CHECK_EVERY_TYPE(n) \
    (check_int(n), check_uint(n), check_int64(n), check_uint64(n), check_float(n), check_double(n))

static int test_failures;
static long test_checks;

/* Counts a check; prints the first 20 that fail. */
#define TEST_EXPECT(ok, ...)                         \
    do {                                             \
        test_checks++;                               \
        if (!(ok) && test_failures++ < 20) {         \
            printf("mismatch: " __VA_ARGS__);        \
            printf("\n");                            \
        }                                            \
    } while (0)

/* The program's exit: a summary line that does not depend on the device. */
static int test_finish(const char *name) {
    if (test_failures) {
        printf("%s: %d of %ld checks failed\n", name, test_failures, test_checks);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}
#endif
