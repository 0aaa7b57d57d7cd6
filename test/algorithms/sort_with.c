/* sort_with.c — CAMP_SORT_DEFINE against the same order made on the host,
 * at sizes from 0 to 1,000,003 (and the largest of checks.h for ints), on
 * arrays (the plain and the _async form) and on views of host memory:
 * structs by a float member with few distinct values, whose equal ones
 * must keep their first order (stability: the want is a sort by the member,
 * then by the original position), structs of 24 and 80 bytes the same way,
 * and ints in descending order. */
#include <camp_algorithms.h>

#include "checks.h"

typedef struct item {
    float key;
    unsigned position;
} item;

static int by_key(item a, item b) restrict(amp) { return a.key < b.key; }
CAMP_SORT_DEFINE(item, sort_items, by_key)

static int descending(int a, int b) restrict(amp) { return a > b; }
CAMP_SORT_DEFINE(int, sort_descending, descending)

/* Larger elements, of 24 and 80 bytes: the kernels move them whole. */
typedef struct wide {
    float key;
    unsigned position;
    float pad[4];
} wide;
typedef struct huge {
    float key;
    unsigned position;
    float pad[18];
} huge;

static int wide_by_key(wide a, wide b) restrict(amp) { return a.key < b.key; }
CAMP_SORT_DEFINE(wide, sort_wide, wide_by_key)
static int huge_by_key(huge a, huge b) restrict(amp) { return a.key < b.key; }
CAMP_SORT_DEFINE(huge, sort_huge, huge_by_key)

static int by_key_then_position(const void *a, const void *b) {
    const item *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->position < y->position ? -1 : x->position > y->position;
}

/* check_SORT(n): n TYPEs with a key of few values and their first
 * position (each at the start of the struct, as item's), sorted on an
 * array, against qsort's order by key then position. */
#define DEFINE_CHECK_PADDED(TYPE, SORT)                                                                  \
    static void check_##SORT(size_t n) {                                                              \
        size_t size = n ? n : 1;                                                                      \
        TYPE *host = calloc(size, sizeof *host);                                                      \
        item *want = malloc(size * sizeof *want);                                                     \
        for (size_t i = 0; i < n; i++) {                                                              \
            host[i].key = (float)(test_random() % 50);                                                \
            host[i].position = (unsigned)i;                                                           \
            want[i] = (item){host[i].key, host[i].position};                                          \
        }                                                                                             \
        qsort(want, n, sizeof *want, by_key_then_position);                                           \
        TYPE *data = array_new(TYPE, size, host);                                                     \
        camp_sort_with(SORT, data, n);                                                                \
        array_copy_out(host, data, size);                                                             \
        array_delete(data);                                                                           \
        size_t wrong = 0;                                                                             \
        for (size_t i = 0; i < n; i++) wrong += host[i].key != want[i].key || host[i].position != want[i].position; \
        TEST_EXPECT(wrong == 0, #TYPE " n=%zu: %zu out of place", n, wrong);                           \
        free(want), free(host);                                                                       \
    }
DEFINE_CHECK_PADDED(wide, sort_wide)
DEFINE_CHECK_PADDED(huge, sort_huge)

static int by_value_descending(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return x > y ? -1 : x < y;
}

/* how: 0 an array, 1 an array through the _async form, 2 a view */
static void check_items(size_t n, int how) {
    size_t size = n ? n : 1;
    item *host = malloc(size * sizeof *host), *want = malloc(size * sizeof *want);
    unsigned few = n > 64 ? (unsigned)(n / 16) : 4;
    for (size_t i = 0; i < n; i++) {
        host[i].key = (float)(test_random() % few) - (float)few / 2;
        host[i].position = (unsigned)i;
        want[i] = host[i];
    }
    qsort(want, n, sizeof *want, by_key_then_position);
    item *data = host;
    if (how == 2) {
        array_view(host, size);
        camp_sort_with(sort_items, host, n);
        array_view_release(host);
    } else {
        data = array_new(item, size, host);
        if (how == 1) camp_future_wait(camp_sort_with_async(sort_items, data, n));
        else camp_sort_with(sort_items, data, n);
        array_copy_out(host, data, size);
        array_delete(data);
    }
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++) wrong += host[i].key != want[i].key || host[i].position != want[i].position;
    TEST_EXPECT(wrong == 0, "items n=%zu how=%d: %zu out of place", n, how, wrong);
    free(want), free(host);
}

static void check_ints(size_t n) {
    size_t size = n ? n : 1;
    int *host = malloc(size * sizeof *host), *want = malloc(size * sizeof *want);
    for (size_t i = 0; i < n; i++) want[i] = host[i] = (int)test_random();
    qsort(want, n, sizeof *want, by_value_descending);
    int *data = array_new(int, size, host);
    camp_sort_with(sort_descending, data, n);
    array_copy_out(host, data, size);
    array_delete(data);
    TEST_EXPECT(n == 0 || memcmp(host, want, n * sizeof *host) == 0, "ints n=%zu: not in descending order", n);
    free(want), free(host);
}

int main(void) {
    test_expect_int64_refused();
    for (int s = 0; s < TEST_SIZE_COUNT; s++) {
        if (test_sizes[s] <= 1000003)
            for (int how = 0; how < 3; how++) check_items(test_sizes[s], how);
        if (test_sizes[s] <= 262144) {
            check_sort_wide(test_sizes[s]);
            check_sort_huge(test_sizes[s]);
        }
        check_ints(test_sizes[s]);
    }
    return test_finish("sort_with");
}
