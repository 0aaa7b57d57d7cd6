#include <camp.h>

int main(void) {
    texture_float_2 t = texture_new(float, extent(4, 4), 32, NULL);
    float out[4];
    parallel_for_each(i, extent(4)) {
        out[i] = texture_get(t, i); /* a rank-2 texture, a rank-1 index */
    }
    texture_delete(t);
    return (int)out[0];
}
// expect-error: 7:18: an index of rank 1 for a texture of rank 2
