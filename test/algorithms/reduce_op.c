/* reduce_op.c — CAMP_REDUCE_DEFINE and CAMP_TRANSFORM_REDUCE_DEFINE against
 * a serial fold with the same functions, at sizes from 0 to 4 Mi + 17, on
 * arrays (the plain and the _async form) and on views of host memory. The
 * operations cover every element type and two structs; "first nonzero",
 * the 2x2 matrix product and the argmin (the first of equal minima) are
 * not commutative, so they check that the order of the elements is kept.
 * Integer results are exact; a float sum is checked against the bound
 * docs/algorithms.md gives. */
#include <camp_algorithms.h>
#include <float.h>
#include <math.h>

#include "checks.h"

static float max_abs(float a, float b) restrict(cpu, amp) { return fmaxf(fabsf(a), fabsf(b)); }
static float add_float(float a, float b) restrict(cpu, amp) { return a + b; }
static unsigned multiply_uint(unsigned a, unsigned b) restrict(cpu, amp) { return a * b; }
static unsigned long long multiply_uint64(unsigned long long a, unsigned long long b) restrict(cpu, amp) {
    return a * b;
}
static int first_nonzero(int a, int b) restrict(cpu, amp) { return a != 0 ? a : b; }
static double square(int x) restrict(cpu, amp) { return (double)x * x; }
static double add_double(double a, double b) restrict(cpu, amp) { return a + b; }
static long long spread(int x) restrict(cpu, amp) { return x * 4294967311ll; }
static long long min_int64(long long a, long long b) restrict(cpu, amp) { return b < a ? b : a; }

typedef struct mat2 {
    unsigned a, b, c, d; /* [[a b] [c d]], entries modulo 2^32 */
} mat2;
static mat2 multiply_mat2(mat2 x, mat2 y) restrict(cpu, amp) {
    mat2 p = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
    return p;
}

typedef struct argmin {
    float value;
    int index;
} argmin;
/* the smaller value; of equal ones the first */
static argmin smaller(argmin x, argmin y) restrict(cpu, amp) { return y.value < x.value ? y : x; }

CAMP_REDUCE_DEFINE(float, reduce_max_abs, max_abs, 0.0f)
CAMP_REDUCE_DEFINE(float, reduce_add_float, add_float, 0.0f)
CAMP_REDUCE_DEFINE(unsigned, reduce_product, multiply_uint, 1u)
CAMP_REDUCE_DEFINE(unsigned long long, reduce_product64, multiply_uint64, 1ull)
CAMP_REDUCE_DEFINE(int, reduce_first_nonzero, first_nonzero, 0)
CAMP_REDUCE_DEFINE(mat2, reduce_mat2, multiply_mat2, (mat2){1, 0, 0, 1})
CAMP_REDUCE_DEFINE(argmin, reduce_argmin, smaller, (argmin){FLT_MAX, -1})
CAMP_TRANSFORM_REDUCE_DEFINE(int, double, sum_squares, square, add_double, 0.0)
CAMP_TRANSFORM_REDUCE_DEFINE(int, long long, min_spread, spread, min_int64, 0x7fffffffffffffffll)

#define SAME(a, b) ((a) == (b))
#define SAME_MAT2(x, y) ((x).a == (y).a && (x).b == (y).b && (x).c == (y).c && (x).d == (y).d)
#define SAME_ARGMIN(x, y) ((x).value == (y).value && (x).index == (y).index)
#define AS_IS(x) (x)

/* check_NAME(host, n): the reduction of host[0 .. n-1] against the serial
 * fold, through an array, the _async form and a view. */
#define DEFINE_CHECK(T_IN, T, NAME, TRANSFORM, OP, EQUAL, IDENTITY)                                                  \
    static void check_##NAME(const T_IN *host, size_t n) {                                                          \
        T want = IDENTITY, got;                                                                                     \
        for (size_t i = 0; i < n; i++) want = OP(want, TRANSFORM(host[i]));                                        \
        T_IN *array = array_new(T_IN, n ? n : 1, host);                                                             \
        got = camp_reduce_with(NAME, array, n);                                                                     \
        TEST_EXPECT(EQUAL(got, want), #NAME " of %zu elements of an array", n);                                    \
        T *result = array_new(T, 1, NULL);                                                                          \
        future_wait(camp_reduce_with_async(NAME, array, n, result));                                                \
        array_copy_out(&got, result, 1);                                                                            \
        TEST_EXPECT(EQUAL(got, want), #NAME " of %zu elements, _async", n);                                        \
        array_delete(result);                                                                                       \
        array_delete(array);                                                                                        \
        if (n) {                                                                                                    \
            const T_IN *view = host;                                                                                \
            array_view(view, n);                                                                                    \
            got = camp_reduce_with(NAME, view, n);                                                                  \
            TEST_EXPECT(EQUAL(got, want), #NAME " of %zu elements of a view", n);                                  \
            array_view_release(view);                                                                               \
        }                                                                                                           \
    }
DEFINE_CHECK(float, float, reduce_max_abs, AS_IS, max_abs, SAME, 0.0f)
DEFINE_CHECK(unsigned, unsigned, reduce_product, AS_IS, multiply_uint, SAME, 1u)
DEFINE_CHECK(unsigned long long, unsigned long long, reduce_product64, AS_IS, multiply_uint64, SAME, 1ull)
DEFINE_CHECK(int, int, reduce_first_nonzero, AS_IS, first_nonzero, SAME, 0)
DEFINE_CHECK(mat2, mat2, reduce_mat2, AS_IS, multiply_mat2, SAME_MAT2, ((mat2){1, 0, 0, 1}))
DEFINE_CHECK(argmin, argmin, reduce_argmin, AS_IS, smaller, SAME_ARGMIN, ((argmin){FLT_MAX, -1}))
DEFINE_CHECK(int, double, sum_squares, square, add_double, SAME, 0.0)
DEFINE_CHECK(int, long long, min_spread, spread, min_int64, SAME, 0x7fffffffffffffffll)

/* A float sum differs from the exact one by at most about h * 2^-24 *
 * sum(|x|), h the longest chain of additions an element goes through
 * (docs/algorithms.md); h = 64 bounds it at these sizes. */
static void check_float_sum(const float *host, size_t n) {
    double exact = 0, magnitude = 0;
    for (size_t i = 0; i < n; i++) exact += host[i], magnitude += fabs(host[i]);
    float *array = array_new(float, n ? n : 1, host);
    float got = camp_reduce_with(reduce_add_float, array, n);
    TEST_EXPECT(fabs(got - exact) <= 64 * 0x1p-24 * magnitude, "float sum of %zu: %.9g, exact %.9g", n, got, exact);
    array_delete(array);
}

int main(void) {
    test_expect_int64_refused();
    /* past 2^20 each tile's chunk takes several rounds of every subgroup */
    static const size_t sizes[] = {0, 1, 7, 255, 256, 257, 1024, 4097, 65535, 1000003, 4194304 + 17};
    enum { MOST = 4194304 + 17 };
    float *floats = malloc(MOST * sizeof *floats);
    unsigned *small = malloc(MOST * sizeof *small);
    unsigned long long *odd = malloc(MOST * sizeof *odd);
    int *sparse = malloc(MOST * sizeof *sparse), *ints = malloc(MOST * sizeof *ints);
    mat2 *matrices = malloc(MOST * sizeof *matrices);
    argmin *values = malloc(MOST * sizeof *values);
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        for (size_t i = 0; i < n; i++) {
            floats[i] = (float)((int)(test_random() % 2000001) - 1000000) / 1000.0f;
            small[i] = 1 + test_random() % 3;
            odd[i] = ((unsigned long long)test_random() << 32 | test_random()) | 1;
            /* zeros with a nonzero now and then: where the first one is tells the order */
            sparse[i] = test_random() % 512 == 0 ? (int)(test_random() % 1000) + 1 : 0;
            ints[i] = (int)(test_random() % 2001) - 1000;
            unsigned r = test_random();
            matrices[i] = (mat2){r & 3, r >> 2 & 3, r >> 4 & 3, r >> 6 & 3};
            /* few distinct values: many ties, of which the first must win */
            values[i] = (argmin){(float)(test_random() % 100000), (int)i};
        }
        check_reduce_max_abs(floats, n);
        check_float_sum(floats, n);
        check_reduce_product(small, n);
        check_reduce_product64(odd, n);
        check_reduce_first_nonzero(sparse, n);
        check_reduce_mat2(matrices, n);
        check_reduce_argmin(values, n);
        CHECK_DOUBLES(check_sum_squares(ints, n)); /* a double sum */
        check_min_spread(ints, n);
    }
    free(values);
    free(matrices);
    free(ints);
    free(sparse);
    free(odd);
    free(small);
    free(floats);
    return test_finish("reduce_op");
}
