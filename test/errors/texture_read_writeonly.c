#include <camp.h>

int main(void) {
    texture_float_1 t = texture_new(float, extent(4), 32, NULL);
    writeonly_texture_view_float_1 w = writeonly_texture_view(t);
    float out[4];
    parallel_for_each(i, extent(4)) {
        out[i] = texture_get(w, i);
    }
    texture_delete(t);
    return (int)out[0];
}
// expect-error: 8:18: controlling expression type 'writeonly_texture_view_float_1'
