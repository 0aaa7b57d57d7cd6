/* Read-only views (C++ AMP's array_view<const T>): array_view of a pointer
 * to const. Kernels read it; it is never copied back, so host writes made
 * after the kernels stay; a kernel that writes it through a pointer to
 * non-const fails at its launch; a writable view nested inside makes the
 * memory writable. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 64 };

static void report(const camp_error *e, void *user) {
    (void)user;
    printf("error at line %u: %s\n", e->line,
           e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid argument" : "other");
}

int main(void) {
    float *data = malloc(N * sizeof *data);
    float out[N];
    for (int i = 0; i < N; i++) data[i] = (float)i;
    const float *in = data;
    array_view(in, N);                                   /* read-only */
    parallel_for_each(i, extent(N)) { out[i] = 2 * in[i]; }
    printf("read: %g %g\n", out[1], out[63]);            /* 2 126 */

    data[5] = -1;                                        /* the host's own write... */
    array_view_synchronize(in);                          /* ...is not overwritten: nothing comes back */
    printf("after synchronize: %g\n", data[5]);         /* -1 */

    camp_set_error_handler(report, NULL);
    parallel_for_each(i, extent(N)) { data[i] = 0; }     /* line 32: writes the read-only view */
    camp_set_error_handler(NULL, NULL);

    array_view(data + 8, 8);                             /* a writable view inside: writable now */
    parallel_for_each(i, extent(8)) { data[8 + i] = 100 + i; }
    array_view_release(data + 8);
    array_view_release(in);
    printf("after release: %g %g %g\n", data[5], data[8], data[15]);   /* -1 100 107 */
    free(data);
    return 0;
}
// needs: shaderInt64
