/* A program that returns from main with kernels recorded and not waited
 * for, one batch already submitted: libcamp's teardown at exit submits
 * and finishes them, and the validation layer, which made objects of its
 * own at the first submission, is still there to see it (its objects used
 * to be destroyed first: a crash at exit with MALLOC_PERTURB_ set). */
#include <camp.h>
#include <stdio.h>

int main(void) {
    static int x[16];
    parallel_for_each(i, extent(16)) { x[i] = i; }
    camp_accelerator_view_flush(camp_default_view());
    parallel_for_each(i, extent(16)) { x[i] += 1; }
    printf("launched; returning with the second kernel pending\n");
    return 0;
}
// needs: shaderInt64
