/* An exit handler registered after the program's first kernel reads what
 * later kernels wrote, with no synchronize: it runs before libcamp's
 * teardown, as data-model.md says. The handler's registration came before
 * the first submission to the device (the first kernel was only recorded),
 * and the teardown, registered again at that submission, ran first and
 * ended the views: the handler read zeros. 256 KiB: malloc maps it, so the
 * view's pages are guarded as a large array's are. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 65536
static int flag[1];
static float *out;

static void report(void) {
    double sum = 0;
    for (int i = 0; i < N; i += 1024) sum += out[i];
    printf("at exit: out[N-1] = %g, sampled sum %g\n", out[N - 1], sum);
}

int main(void) {
    out = malloc(N * sizeof *out);
    for (int i = 0; i < N; i++) out[i] = -1;
    array_view(out, N);
    parallel_for_each(i, extent(1)) flag[i] = 1; /* the first kernel */
    atexit(report);
    parallel_for_each(i, extent(N)) out[i] = 2.0f * (float)i;
    parallel_for_each(i, extent(1)) flag[i] = 2;
    printf("flag %d\n", flag[0]);
    return 0;
}
