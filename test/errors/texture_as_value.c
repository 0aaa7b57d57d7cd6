#include <camp.h>

int main(void) {
    texture_float_1 t = texture_new(float, extent(4), 32, NULL);
    float out[4];
    parallel_for_each(i, extent(4)) {
        texture_float_1 copy = t;
        out[i] = texture_get(copy, i);
    }
    texture_delete(t);
    return (int)out[0];
}
// expect-error: 7:25: texture type 'texture_float_1' used as a value in amp code
