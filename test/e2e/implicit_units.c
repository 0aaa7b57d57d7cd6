// needs: shaderInt64
/* Implicit synchronization across translation units (docs/data-model.md):
 * host code in another unit reads what this unit's kernels wrote and
 * writes what they read next, and a kernel in the other unit writes what
 * this unit reads, with no synchronize or refresh anywhere; on each kind
 * of memory (a large malloc'd block, a small one, static data, pages of
 * its own). The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
// also: units/implicit_units_other.c

double other_sum(const float *v, int n);     /* host code of the other unit */
void other_fill(float *v, int n);            /* host writes of the other unit */
void other_scale(float *v, int n, float by); /* a kernel of the other unit */

#define BIG (1 << 18)
#define SMALL 300

static float statics[BIG];

static void bump(float *v, int n) {
    parallel_for_each(i, extent(n)) { v[i] = v[i] + 1.0f; }
}

static void exercise(const char *what, float *v, int n) {
    other_fill(v, n);
    array_view(v, n);
    bump(v, n);
    printf("%s: the other unit reads %.0f\n", what, other_sum(v, n));
    other_fill(v, n);
    bump(v, n);
    printf("%s: a kernel after the other unit's writes %g %g\n", what, v[1], v[n - 1]);
    other_scale(v, n, 3.0f);
    printf("%s: the other unit's kernel %g %.0f\n", what, v[2], other_sum(v, n));
    bump(v, n);
    other_scale(v, n, 0.5f);
    printf("%s: both units' kernels in a row %g %g\n", what, v[4], v[n - 2]);
    array_view_release(v);
}

int main(void) {
    float *big = malloc(BIG * sizeof *big);
    exercise("large block", big, BIG);
    free(big);
    float *small = malloc(SMALL * sizeof *small);
    exercise("small block", small, SMALL);
    free(small);
    exercise("static data", statics, BIG);
    float *paged = aligned_alloc(4096, BIG * sizeof *paged);
    exercise("own pages", paged, BIG);
    free(paged);
    return 0;
}
