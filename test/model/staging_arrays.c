/* Staging arrays (C++ AMP's array(extent, cpu_av, gpu_av)) and copies
 * between arrays (copy(array, array)): the host fills a staging array in
 * place, array_copy moves it into a device array by DMA, a kernel works on
 * it, and array_copy brings the result back, round after round; a copy
 * between two device arrays stays in order with kernels. A kernel using a
 * staging array, an overlapping copy and a copy from host memory are
 * errors naming the line. */
#include <camp.h>
#include <stdio.h>

enum { N = 4096 };

static void report(const camp_error *e, void *user) {
    (void)user;
    printf("error at line %u: %s\n", e->line,
           e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid argument" : "other");
}

int main(void) {
    float *staging = array_new_staging(NULL, float, N, NULL);
    float *a = array_new_on(NULL, float, N, NULL, CAMP_ACCESS_TYPE_NONE);
    int bad = 0;
    for (int round = 1; round <= 3; round++) {
        for (int i = 0; i < N; i++) staging[i] = (float)(i * round);      /* in place */
        array_copy(a, staging, N);
        parallel_for_each(i, extent(N)) { a[i] = a[i] * 2 + 1; }
        array_copy(staging, a, N);                                         /* done when it returns */
        for (int i = 0; i < N; i++) bad += staging[i] != (float)(2 * i * round + 1);
    }
    printf("three rounds through the staging array: %d wrong\n", bad);    /* 0 */

    float *b = array_new_on(NULL, float, N, NULL, CAMP_ACCESS_TYPE_NONE);
    array_copy(b, a, N);                                                    /* device to device */
    parallel_for_each(i, extent(N)) { b[i] += a[i]; }
    array_copy(b + N / 2, b, N / 2);                                        /* within one array */
    float out[4];
    array_copy_out(out, b + N / 2 - 2, 4);
    printf("device copies: %g %g %g %g\n", out[0], out[1], out[2], out[3]); /* 24554 24566 2 14 */

    camp_set_error_handler(report, NULL);
    parallel_for_each(i, extent(N)) { staging[i] = 0; }                     /* line 41: a kernel */
    array_copy(b + 1, b, N / 2);                                            /* line 42: overlap */
    array_copy(a, out, 4);                                                  /* line 43: host memory */
    camp_set_error_handler(NULL, NULL);
    array_delete(b);
    array_delete(a);
    array_delete(staging);
    return 0;
}
// needs: shaderInt64
