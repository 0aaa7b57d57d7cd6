#include <camp.h>

static float first(texture_float_1 t) restrict(amp) { return texture_get(t, 0); }
static texture_float_1 global_texture;
static float first_of_global(void) restrict(amp) { return first(global_texture); }

int main(void) {
    texture_float_1 a = texture_new(float, extent(4), 32, NULL), b = a;
    float out[4];
    parallel_for_each(i, extent(4)) {
        out[i] = first(i > 1 ? a : b) + first_of_global();
    }
    texture_delete(a);
    return (int)out[0];
}
// expect-error: 11:24: a texture in a kernel must be a variable of the enclosing function, named directly in a call of 'first'
// expect-error: 5:65: a texture in an amp function must be one of its parameters, named directly in a call of 'first'
