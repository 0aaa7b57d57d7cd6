/* gemm.c — camp_gemm_float and camp_gemm_double against the serial
 * triple loop: shapes of every kind (1 x 1 x 1, ones no tile divides,
 * leading dimensions past the columns, k = 0, the float kernel's blocked
 * shapes, and the same shapes from a pointer one element in, which the
 * blocked kernel does not take), alpha and beta among 1, 2, 0.5, -1 and 0
 * (c full of NaNs then, which must not reach the result). Inputs are small
 * integers, so every sum is exact in float and double and results are
 * compared exactly. a and b are arrays, c a view of malloc'd memory. */
#include <camp_algorithms.h>
#include <math.h>

#include "checks.h"

typedef struct shape {
    size_t m, n, k, pad; /* leading dimensions are the columns plus pad */
    double alpha, beta;
    size_t offset; /* elements before each matrix */
} shape;

static const shape shapes[] = {
    {1, 1, 1, 0, 1, 0, 0},       {0, 5, 3, 0, 1, 1, 0},      {5, 3, 0, 0, 1, -1, 0},     {17, 33, 9, 0, 2, 0.5, 0},
    {100, 70, 130, 3, 1, 0, 0},  {128, 128, 8, 0, 1, 0, 0},  {256, 384, 72, 0, 2, -1, 0}, {256, 384, 72, 4, 0.5, 1, 0},
    {128, 128, 8, 0, 1, 0.5, 1}, {130, 128, 16, 0, 1, 0, 0}, {64, 200, 300, 1, -1, 2, 0},
};
enum { SHAPE_COUNT = sizeof shapes / sizeof *shapes };

#define CHECK_GEMM(T, name)                                                                                     \
    static void check_##name(const shape *s) {                                                               \
        size_t lda = s->k + s->pad, ldb = s->n + s->pad, ldc = s->n + s->pad, o = s->offset;                 \
        size_t a_n = o + s->m * lda + 1, b_n = o + s->k * ldb + 1, c_n = o + s->m * ldc + 1;                 \
        T *ha = malloc(a_n * sizeof *ha), *hb = malloc(b_n * sizeof *hb), *c = malloc(c_n * sizeof *c);      \
        T *want = malloc(c_n * sizeof *want);                                                                \
        for (size_t i = 0; i < a_n; i++) ha[i] = (T)((int)(test_random() % 17) - 8);                        \
        for (size_t i = 0; i < b_n; i++) hb[i] = (T)((int)(test_random() % 17) - 8);                        \
        for (size_t i = 0; i < c_n; i++) c[i] = want[i] = s->beta == 0 ? (T)NAN : (T)((int)(test_random() % 9) - 4); \
        T alpha = (T)s->alpha, beta = (T)s->beta;                                                           \
        for (size_t r = 0; r < s->m; r++)                                                                    \
            for (size_t col = 0; col < s->n; col++) {                                                        \
                T sum = 0;                                                                                   \
                for (size_t i = 0; i < s->k; i++) sum += ha[o + r * lda + i] * hb[o + i * ldb + col];        \
                T *w = &want[o + r * ldc + col];                                                             \
                *w = beta == 0 ? alpha * sum : alpha * sum + beta * *w;                                      \
            }                                                                                                \
        T *a = array_new(T, a_n, ha), *b = array_new(T, b_n, hb);                                            \
        array_view(c, c_n);                                                                                  \
        camp_gemm_##name(s->m, s->n, s->k, alpha, a + o, lda, b + o, ldb, beta, c + o, ldc);                 \
        array_view_synchronize(c);                                                                           \
        size_t bad = 0;                                                                                      \
        for (size_t i = 0; i < c_n; i++)                                                                     \
            if (!(c[i] == want[i] || (isnan(c[i]) && isnan(want[i]))) && bad++ < 3)                          \
                TEST_EXPECT(0, #name " gemm %zu x %zu x %zu (pad %zu, offset %zu): [%zu] %g, want %g", s->m,    \
                            s->n, s->k, s->pad, o, i, (double)c[i], (double)want[i]);                        \
        TEST_EXPECT(bad == 0, #name " gemm %zu x %zu x %zu: %zu elements wrong", s->m, s->n, s->k, bad);     \
        array_view_release(c);                                                                               \
        array_delete(a);                                                                                     \
        array_delete(b);                                                                                     \
        free(want);                                                                                          \
        free(c);                                                                                             \
        free(hb);                                                                                            \
        free(ha);                                                                                            \
    }
CHECK_GEMM(float, float)
CHECK_GEMM(double, double)

int main(void) {
    test_expect_int64_refused();
    for (int i = 0; i < SHAPE_COUNT; i++) {
        check_float(&shapes[i]);
        CHECK_DOUBLE(&shapes[i]);
    }
    return test_finish("gemm");
}
