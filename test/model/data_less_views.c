/* Views created from an extent alone (C++ AMP's array_view<T, N>(extent)), run with CAMP_IMPLICIT_SYNC=0:
 * array_view_new gives host memory of libcamp's, nothing is copied in,
 * kernels' results stay on the accelerator across kernels and appear on
 * the host at synchronize; array_view_delete ends the view. Ending one
 * with array_view_release is an error that names the call. */
#include <camp.h>
#include <stdio.h>

enum { N = 1000, ROWS = 3 };

static void report(const camp_error *e, void *user) {
    (void)user;
    printf("error at line %u: %s\n", e->line,
           e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid argument" : "other");
}

int main(int argc, char **argv) {
    (void)argv;
    int cols = argc + 4;                                   /* 5: a run-time row size */
    int *squares = array_view_new(int, N);
    parallel_for_each(i, extent(N)) { squares[i] = i * i; }
    printf("before synchronize: %d\n", squares[7]);        /* 0: not copied back yet */
    long long sums[N];
    parallel_for_each(i, extent(N)) { sums[i] = (long long)squares[i] + squares[N - 1 - i]; }
    array_view_synchronize(squares);
    printf("after synchronize: %d %d, sums %lld %lld\n", squares[7], squares[N - 1], sums[0], sums[10]);

    float (*m)[cols] = array_view_new(float[cols], ROWS);   /* rank 2 */
    parallel_for_each(i, extent(ROWS, cols)) { m[i[0]][i[1]] = 10.0f * i[0] + i[1]; }
    array_view_synchronize(m);
    printf("rank 2: %g %g %g\n", m[0][1], m[1][0], m[ROWS - 1][cols - 1]);   /* 1 10 24 */

    camp_set_error_handler(report, NULL);
    array_view_release(m);                                 /* line 34: owned by the view */
    array_view_delete(squares + 1);                        /* line 35: not what array_view_new returned */
    camp_set_error_handler(NULL, NULL);
    array_view_delete(m);
    array_view_delete(squares);
    return 0;
}
// needs: shaderInt64
