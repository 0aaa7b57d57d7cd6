/* A growable buffer made a view, then grown with realloc without
 * array_view_release first, as a vector's push does: the view ends at the
 * realloc with the kernel's results copied into the block, which glibc
 * moves with mremap (400 KB and more: mapped by malloc), and the grown
 * buffer is a view again for the next kernel. The moved pages kept the
 * view's protection, at an address where no view lies: the program's next
 * access died of SIGSEGV. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 100000;
    float *v = malloc((size_t)n * sizeof *v);
    for (int i = 0; i < n; i++) v[i] = (float)i;
    array_view(v, n);
    parallel_for_each(i, extent(n)) v[i] += 1;
    for (int round = 0; round < 3; round++) {
        float *w = realloc(v, 2 * (size_t)n * sizeof *w);
        if (!w) return 2;
        v = w;
        for (int i = n; i < 2 * n; i++) v[i] = -(float)i; /* the host fills the new half */
        n *= 2;
        array_view(v, n);
        parallel_for_each(i, extent(n)) v[i] = v[i] * 2 + 1;
    }
    double sum = 0;
    for (int i = 0; i < n; i += 997) sum += v[i];
    printf("n %d, v[1] %g, v[n-1] %g, sampled sum %.1f\n", n, v[1], v[n - 1], sum);
    array_view_release(v);
    free(v);
    return 0;
}
