// needs: shaderInt64 shaderFloat64
/* Scalars passed by pointer, as Fortran and f2c pass every argument
 * (`integer *n, doublereal *da`), read in a kernel through `*p` or `p[0]`:
 * from a caller campcc does not see (here a call through a table of
 * routines; in a BLAS-style library, another file), the pointer lies in no
 * view and libcamp copies the one value the kernel reads (was: an error
 * that the pointer lay in no view). Where the pointer does lie in a view
 * (a count a kernel computed into an array_new array, a malloc'd scalar in
 * a view), the kernel reads it there. Against the serial reference. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

typedef int integer;
typedef double doublereal;

static doublereal x[1000], y[1000];

/* y = da * x + y over n elements with strides, Fortran style */
static int daxpy_(integer *n, doublereal *da, doublereal *dx, integer *incx, doublereal *dy, integer *incy) {
    parallel_for_each(i, extent(*n)) { dy[i * *incy] += *da * dx[i * incx[0]]; }
    return 0;
}

/* scales the first *count elements, the count read in the kernel */
static void scale_first(const int *count, doublereal *v, doublereal s) {
    parallel_for_each(i, extent(1000)) {
        if (i < *count) v[i] *= s;
    }
}

int main(void) {
    int (*table[1])(integer *, doublereal *, doublereal *, integer *, doublereal *, integer *) = {daxpy_};
    doublereal want[1000];
    for (int i = 0; i < 1000; i++) x[i] = i * 0.5, y[i] = want[i] = 1000 - i;
    integer n = 250, inc2 = 2, inc4 = 4;
    doublereal a = 3.0;
    table[0](&n, &a, x, &inc2, y, &inc4); /* the scalars on this stack, no view */
    for (int i = 0; i < 250; i++) want[i * 4] += 3.0 * x[i * 2];
    /* a count a kernel computed on the device, read through a pointer */
    int *count = array_new(int, 1, NULL);
    parallel_for_each(t, extent(1)) { count[0] = 100; }
    scale_first(count, y, 0.5);
    for (int i = 0; i < 100; i++) want[i] *= 0.5;
    /* a malloc'd count in a view */
    int *limit = malloc(sizeof *limit);
    *limit = 10;
    array_view(limit, 1);
    scale_first(limit, y, 2.0);
    for (int i = 0; i < 10; i++) want[i] *= 2.0;
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < 1000; i++) {
        if (y[i] != want[i] && bad++ < 5) printf("y[%d] = %g, want %g\n", i, y[i], want[i]);
        sum += y[i];
    }
    printf("%d wrong, sum %.2f\n", bad, sum);
    array_view_release(limit);
    free(limit);
    array_delete(count);
    return bad != 0;
}
