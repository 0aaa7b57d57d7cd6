// needs: shaderInt64
/* Arrays chained across kernels: each kernel reads the previous one's
 * output on the accelerator; only the end is copied out. Interior pointers
 * into arrays, partial copies in and out. */
#include <camp.h>
#include <stdio.h>

enum { N = 1000 };

int main(void) {
    static float host[N];
    for (int i = 0; i < N; i++) host[i] = (float)i;
    float *x = array_new(float, N, host);
    float *y = array_new(float, N, NULL);
    int *even = array_new(int, N, NULL);

    parallel_for_each(i, extent(N)) { y[i] = x[i] * 2.0f + 1.0f; }
    parallel_for_each(i, extent(N)) { x[i] = y[i] - (float)i; }     /* x = i + 1 */
    float *tail = x + N / 2;                                          /* interior pointer */
    parallel_for_each(i, extent(N / 2)) { tail[i] = tail[i] * 3.0f; }
    parallel_for_each(i, extent(N)) { even[i] = (int)x[i] % 2 == 0; }
    array_copy_out(host, x, N);
    static int flags[N];
    array_copy_out(flags, even, N);
    int evens = 0;
    for (int i = 0; i < N; i++) evens += flags[i];

    /* a partial copy in, then a kernel over that part only */
    float ones[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    array_copy_in(y + 100, ones, 10);
    float *part = y + 100;
    parallel_for_each(i, extent(10)) { part[i] = part[i] + (float)i; }
    float back[10];
    array_copy_out(back, y + 100, 10);

    double sum = 0;
    for (int i = 0; i < N; i++) sum += host[i];
    printf("x[0]=%g x[499]=%g x[500]=%g x[999]=%g sum=%.0f evens=%d\n", host[0], host[499], host[500],
           host[999], sum, evens);
    for (int i = 0; i < 10; i++) printf("%g ", back[i]);
    printf("\n");
    array_delete(x);
    array_delete(y);
    array_delete(even);
    return 0;
}
