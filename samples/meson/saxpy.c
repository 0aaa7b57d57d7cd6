/* saxpy.c — the one file with a kernel. */
#include <camp.h>

#include "axpy.h"
#include "saxpy.h"

void saxpy(float a, const float x[SAXPY_N], float y[SAXPY_N]) {
    float xs[SAXPY_N], ys[SAXPY_N]; /* complete array types: implicit views */
    for (int i = 0; i < SAXPY_N; i++) {
        xs[i] = x[i];
        ys[i] = y[i];
    }
    parallel_for_each(i, extent(SAXPY_N)) {
        ys[i] = axpy(a, xs[i], ys[i]);
    }
    for (int i = 0; i < SAXPY_N; i++) y[i] = ys[i];
}
