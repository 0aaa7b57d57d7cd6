#include <camp.h>

int main(void) {
    texture_int_2 t = texture_new(int, extent(4, 4), 32, NULL);
    __auto_type v = texture_view(t); /* only float, norm and unorm textures are sampled */
    texture_delete(t);
    return v.camp_texture_ != 0;
}
// expect-error: 5:21: controlling expression type 'texture_int_2'
