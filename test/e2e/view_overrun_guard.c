// needs: shaderInt64
// test: unchecked
/* A kernel that writes 16 KiB past the end of a 24 MiB array_view (its
 * grid rounded up too far) does not crash the program: the view's device
 * buffer ends with guard bytes (docs/security.md). On lavapipe, whose
 * device memory is host memory, the writes used to land past the end of
 * the memory's mapping (SIGBUS or SIGSEGV). The serial reference mode
 * runs the same loop on the host, so there the array has room for it. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 6 << 20, over = 4096;
#ifdef __CAMPCC_HOST_COMPILE__
    size_t room = (size_t)n;
#else
    size_t room = (size_t)n + (size_t)over;
#endif
    float *data = calloc(room, sizeof *data);
    if (!data) return 1;
    for (int round = 0; round < 2; round++) {
        array_view(data, n);
        parallel_for_each(i, extent(n + over)) {
            data[i] = (float)(round + 1);
        }
        array_view_synchronize(data);
        array_view_release(data);
    }
    long ok = 0;
    for (int i = 0; i < n; i++) ok += data[i] == 2.0f;
    printf("%ld of %d elements written\n", ok, n);
    free(data);
    return ok == n ? 0 : 1;
}
