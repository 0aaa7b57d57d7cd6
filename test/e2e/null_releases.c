// needs: shaderInt64
/* Every call that ends or frees something accepts NULL and does nothing,
 * as free() does: array_delete, array_view_delete, array_view_release,
 * array_view_section_release, future_wait (a NULL future is done:
 * future_poll says so), texture_delete of a texture that holds none, and
 * camp_accelerator_view_destroy; in the serial reference mode too. Then
 * a kernel still runs. */
#include <camp.h>
#include <stdio.h>

int main(void) {
    int *none = NULL;
    array_delete(none);
    array_view_delete(none);
    array_view_release(none);
    array_view_section_release(none);
    camp_future *no_future = NULL;
    int done = future_poll(no_future);
    future_wait(no_future);
    texture_int_1 no_texture = {0}; /* what texture_new gives after a handled error */
    texture_delete(no_texture);
#ifdef __CAMPCC__
    /* the runtime's own calls, which the serial mode does not have */
    camp_array_delete(NULL);
    camp_array_view_release(NULL);
    camp_future_wait(NULL);
    done += camp_future_poll(NULL);
    camp_accelerator_view_destroy(NULL);
#else
    done++;
#endif
    int values[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) { values[i] *= 10; }
    printf("NULL accepted by every release call; a NULL future is done: %d; kernel: %d %d %d %d\n", done,
           values[0], values[1], values[2], values[3]);
    return values[3] == 40 && done == 2 ? 0 : 1;
}
