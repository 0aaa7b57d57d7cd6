/* C++ AMP's lazy rules, visible from the host when CAMP_IMPLICIT_SYNC=0 (as here): kernels' writes reach the
 * host only at synchronize; host writes reach kernels only after refresh;
 * data stays on the accelerator between kernels; an array with a complete
 * type inside an explicit view follows the view's rules. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 64 };

int main(void) {
    int *v = malloc(N * sizeof *v);
    for (int i = 0; i < N; i++) v[i] = i;
    array_view(v, N);
    parallel_for_each(i, extent(N)) { v[i] = v[i] + 1000; }
    printf("before synchronize: %d\n", v[5]);          /* 5: not copied back yet */
    v[6] = -1;                                          /* no refresh: kernels keep their copy */
    parallel_for_each(i, extent(N)) { v[i] = v[i] * 2; }
    array_view_synchronize(v);
    printf("after synchronize: %d %d\n", v[5], v[6]);  /* 2010 2012 */

    for (int i = 0; i < N; i++) v[i] = 1;
    array_view_refresh(v);
    parallel_for_each(i, extent(N)) { v[i] = v[i] + i; }
    array_view_synchronize(v);
    printf("after refresh: %d %d\n", v[0], v[63]);     /* 1 64 */

    for (int i = 0; i < N; i++) v[i] = 5;
    array_view_discard_data(v);                         /* not copied in: the kernel sees its old copy */
    parallel_for_each(i, extent(N)) { v[i] = v[i] + 0; }
    array_view_synchronize(v);
    printf("after discard_data: %d\n", v[10]);         /* 11, not 5 */

    for (int i = 0; i < N; i++) v[i] = 3;
    array_view(v, N); /* a second view of the same memory: shares it, brings the host's data */
    parallel_for_each(i, extent(N)) { v[i] = v[i] * 2; }
    array_view_release(v); /* ends the second, synchronizing */
    printf("second view: %d\n", v[0]);                /* 6 */
    array_view_release(v);

    static int grid[4][4];
    array_view(&grid[0][0], 16);
    parallel_for_each(i, extent(4, 4)) { grid[i[0]][i[1]] = i[0] * 4 + i[1]; }
    printf("implicit inside explicit, before synchronize: %d\n", grid[3][3]); /* 0 */
    array_view_release(&grid[0][0]);
    printf("after release: %d\n", grid[3][3]);         /* 15 */
    free(v);
    return 0;
}
// needs: shaderInt64
