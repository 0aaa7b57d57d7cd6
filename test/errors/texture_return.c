#include <camp.h>

static texture_float_1 same(texture_float_1 t) restrict(amp) { return t; }

int main(void) {
    texture_float_1 t = texture_new(float, extent(4), 32, NULL);
    float out[4];
    parallel_for_each(i, extent(4)) {
        same(t);
        out[i] = 0.0f;
    }
    texture_delete(t);
    return (int)out[0];
}
// expect-error: 3:24: texture type 'texture_float_1' used as a value in amp code
