#include <camp.h>

int main(void) {
    texture_float4_2 colours = texture_new(float4, extent(4, 4), 32, NULL);
    texture_unorm_1 grey = texture_new(unorm, extent(4), 8, NULL);
    parallel_for_each(idx, extent(4, 4)) {
        texture_set(colours, idx, texture_get(colours, idx) * 2.0f);
        texture_set(grey, idx.x, 0.5f);
    }
    texture_delete(colours);
    texture_delete(grey);
    return 0;
}
// expect-error: 7:9: texture_set of a 'texture_float4_2': a kernel writes a texture itself (and reads what it wrote) only where its element is one int, uint or float of 32 bits
// expect-error: 8:9: texture_set of a 'texture_unorm_1'
