// test: workgroups vectorized
// needs: shaderInt64 shaderFloat64
/* Kernels campcc vectorizes (each thread takes 4 consecutive elements
 * along x, 2 of doubles, with 128-bit accesses where they are whole and
 * aligned): extents of 0 to 7 elements, sizes that 4 does not divide,
 * views that start one element past a 16-byte boundary (interior
 * pointers, a section), rows of 7 and 9 elements (every other row
 * misaligned), a view written under a condition (its other elements keep
 * their values), compound assignments and increments, calls of an amp
 * function and of sqrtf. The kernel's results are the serial reference's,
 * printed as checksums. */
#include <camp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAX_N = 103, ROWS = 5, COLS = 9 };

static float xs[MAX_N + 8], ys[MAX_N + 8];
static int counts[MAX_N + 8];
static double ds[MAX_N + 8], es[MAX_N + 8];

static double checksum_floats(const float *v, int n) {
    double sum = 0;
    for (int i = 0; i < n; i++) sum += v[i] * (double)(i % 13 + 1);
    return sum;
}

/* y = a * x + y on n elements from `offset` on; the elements around them
 * must keep their values. */
static void saxpy_at(int n, int offset) {
    for (int i = 0; i < MAX_N + 8; i++) xs[i] = (float)(i % 17) - 8.0f, ys[i] = (float)(i % 5) * 0.5f;
    array_view_refresh(xs);
    array_view_refresh(ys);
    const float *x = xs + offset;
    float *y = ys + offset, a = 2.5f;
    parallel_for_each(i, extent(n)) { y[i] = a * x[i] + y[i]; }
    array_view_synchronize(ys);
    printf("saxpy n=%d offset=%d: %.3f\n", n, offset, checksum_floats(ys, MAX_N + 8));
}

static float clamp_square(float v) restrict(amp) { return v > 4 ? 16.0f : v * v; }

/* Written under a condition, counted by ++, added to by +=. */
static void conditional_at(int n, int offset) {
    for (int i = 0; i < MAX_N + 8; i++) xs[i] = (float)(i % 7) - 3.0f, ys[i] = -1.0f, counts[i] = i;
    array_view_refresh(xs);
    array_view_refresh(ys);
    array_view_refresh(counts);
    const float *x = xs + offset;
    float *y = ys + offset;
    int *c = counts + offset;
    parallel_for_each(i, extent(n)) {
        float v = x[i];
        if (v > 0) y[i] = clamp_square(v) + sqrtf(v);
        c[i] += 10;
        c[i]++;
    }
    array_view_synchronize(ys);
    array_view_synchronize(counts);
    long long sum = 0;
    for (int i = 0; i < MAX_N + 8; i++) sum += (long long)counts[i] * (i + 1);
    printf("conditional n=%d offset=%d: %.3f %lld\n", n, offset, checksum_floats(ys, MAX_N + 8), sum);
}

/* Doubles: 2 per thread. */
static void doubles_at(int n, int offset) {
    for (int i = 0; i < MAX_N + 8; i++) ds[i] = i * 0.25, es[i] = (double)(i % 3);
    array_view_refresh(ds);
    array_view_refresh(es);
    double *d = ds + offset;
    const double *e = es + offset;
    parallel_for_each(i, extent(n)) { d[i] = d[i] * 2.0 + e[i]; }
    array_view_synchronize(ds);
    double sum = 0;
    for (int i = 0; i < MAX_N + 8; i++) sum += ds[i] * (i % 11 + 1);
    printf("doubles n=%d offset=%d: %.3f\n", n, offset, sum);
}

/* c = a + b over rows of `cols` elements, the extent `cols - trim` wide,
 * from column `first` of a view of rows. */
static void matrix_add(int cols, int trim, int first) {
    float(*a)[cols] = malloc(sizeof *a * ROWS), (*b)[cols] = malloc(sizeof *b * ROWS);
    float(*c)[cols] = malloc(sizeof *c * ROWS);
    for (int r = 0; r < ROWS; r++)
        for (int k = 0; k < cols; k++) a[r][k] = (float)(r * cols + k), b[r][k] = (float)k * 0.5f, c[r][k] = -7.0f;
    array_view(a, ROWS);
    array_view(b, ROWS);
    array_view(c, ROWS);
    int width = cols - trim - first;
    const float(*as)[cols] = array_view_section(a, 0, first, ROWS, width);
    const float(*bs)[cols] = array_view_section(b, 0, first, ROWS, width);
    float(*cs)[cols] = array_view_section(c, 0, first, ROWS, width);
    parallel_for_each(i, extent(ROWS, width)) { cs[i[0]][i[1]] = as[i[0]][i[1]] + bs[i[0]][i[1]]; }
    array_view_synchronize(c);
    printf("matrix_add cols=%d width=%d first=%d: %.3f\n", cols, width, first, checksum_floats(&c[0][0], ROWS * cols));
    /* a section holds its view: released first, the views end with their releases */
    array_view_section_release(cs);
    array_view_section_release(bs);
    array_view_section_release(as);
    array_view_release(a);
    array_view_release(b);
    array_view_release(c);
    free(a);
    free(b);
    free(c);
}

int main(void) {
    array_view(xs, MAX_N + 8);
    array_view(ys, MAX_N + 8);
    array_view(counts, MAX_N + 8);
    array_view(ds, MAX_N + 8);
    array_view(es, MAX_N + 8);
    static const int sizes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 64, MAX_N};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int offset = 0; offset < 3; offset++) {
            saxpy_at(sizes[s], offset);
            conditional_at(sizes[s], offset);
            doubles_at(sizes[s], offset);
        }
    matrix_add(COLS, 0, 0);
    matrix_add(7, 0, 0);
    matrix_add(8, 1, 0);
    matrix_add(COLS, 0, 1);
    matrix_add(8, 0, 4);
    return 0;
}
