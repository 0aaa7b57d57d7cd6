/* sort.c — camp_sort and camp_sort_by_key of unsigned, int and float keys
 * against qsort at every size of checks.h, on arrays and on views: the
 * keys ascending, and the values of equal keys in their first order
 * (stability: the values are the keys' original positions, and keys are
 * drawn from few distinct values so that most are equal to others). Float
 * keys include -0, +0, infinities and subnormals. */
#include <camp_algorithms.h>
#include <math.h>
#include <string.h>

#include "checks.h"

typedef struct pair {
    unsigned key, position;
} pair;

/* The order of each kind of key, by its bits; ties by first position. */
static int kind;
static long long order_of(unsigned bits) {
    if (kind == 1) return (int)bits;
    if (kind == 2) return bits & 0x80000000u ? -(long long)(bits & 0x7fffffffu) - 1 : (long long)bits;
    return bits;
}
static int by_key_then_position(const void *a, const void *b) {
    const pair *x = a, *y = b;
    long long kx = order_of(x->key), ky = order_of(y->key);
    if (kx != ky) return kx < ky ? -1 : 1;
    return x->position < y->position ? -1 : x->position > y->position;
}

static unsigned make_key(int key_kind, size_t n) {
    static const float specials[] = {-0.0f, 0.0f, INFINITY, -INFINITY, 1e-40f, -1e-40f, 3.5f, -3.5f};
    unsigned r = test_random(), few = n > 64 ? (unsigned)n / 16 : 4; /* few distinct keys: many ties */
    if (key_kind == 2) {
        float f = r % 8 == 0 ? specials[(r >> 3) % 8] : (float)((int)(r >> 4) % (int)few) * 0.25f;
        unsigned bits;
        memcpy(&bits, &f, sizeof bits);
        return bits;
    }
    if (key_kind == 1) return (unsigned)((int)(r >> 3) % (int)few - (int)few / 2) * (r % 2 ? 1u : 65537u);
    return r % 2 ? r % few : r; /* half ties, half the whole range */
}

static void check(size_t n, int key_kind, int with_values, int on_view) {
    pair *want = malloc((n ? n : 1) * sizeof *want);
    unsigned *keys = malloc((n ? n : 1) * sizeof *keys), *values = malloc((n ? n : 1) * sizeof *values);
    for (size_t i = 0; i < n; i++) {
        keys[i] = want[i].key = make_key(key_kind, n);
        values[i] = want[i].position = (unsigned)i;
    }
    kind = key_kind;
    qsort(want, n, sizeof *want, by_key_then_position);
    unsigned *k = keys, *v = values;
    if (on_view) {
        array_view(keys, n ? n : 1);
        array_view(values, n ? n : 1);
    } else {
        k = array_new(unsigned, n ? n : 1, keys);
        v = array_new(unsigned, n ? n : 1, values);
    }
    if (key_kind == 0 && with_values) camp_sort_by_key(k, v, n);
    else if (key_kind == 1 && with_values) camp_sort_by_key((int *)k, v, n);
    else if (key_kind == 2 && with_values) camp_sort_by_key((float *)k, (float *)v, n);
    else if (key_kind == 0) camp_sort_uint(k, n);
    else if (key_kind == 1) camp_sort_int((int *)k, n);
    else camp_sort_float((float *)k, n);
    if (on_view) {
        array_view_release(values);
        array_view_release(keys);
    } else {
        array_copy_out(keys, k, n);
        array_copy_out(values, v, n);
        array_delete(k);
        array_delete(v);
    }
    for (size_t i = 0; i < n; i++) {
        TEST_EXPECT(keys[i] == want[i].key, "kind %d keys of %zu (values %d, view %d), [%zu]: %08x, want %08x",
                    key_kind, n, with_values, on_view, i, keys[i], want[i].key);
        if (with_values)
            TEST_EXPECT(values[i] == want[i].position, "kind %d values of %zu (view %d), [%zu]: %u, want %u",
                        key_kind, n, on_view, i, values[i], want[i].position);
        else
            TEST_EXPECT(values[i] == (unsigned)i, "kind %d: values of %zu moved without values", key_kind, n);
    }
    free(values);
    free(keys);
    free(want);
}

int main(void) {
    /* every kind at every size but the largest, where one sort of 4 Mi
     * keys with values (a minute of lavapipe for all six) suffices */
    for (int s = 0; s < TEST_SIZE_COUNT - 1; s++)
        for (int key_kind = 0; key_kind < 3; key_kind++)
            for (int with_values = 0; with_values <= 1; with_values++)
                check(test_sizes[s], key_kind, with_values, (s + key_kind) % 2);
    check(test_sizes[TEST_SIZE_COUNT - 1], 2, 1, 0);
    return test_finish("sort");
}
