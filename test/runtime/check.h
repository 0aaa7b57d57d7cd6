/* check.h — CHECK(cond): a failed check is reported and counted in
 * test_failures; the test's main returns whether any failed. */
#ifndef CAMP_TEST_CHECK_H
#define CAMP_TEST_CHECK_H

#include <stdio.h>

static int test_failures;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            test_failures++;                                                          \
        }                                                                             \
    } while (0)

#endif
