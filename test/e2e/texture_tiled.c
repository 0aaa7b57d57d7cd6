// needs: shaderStorageImageWriteWithoutFormat
// test: tiled
// Textures in a tiled kernel: each tile reads its 16 texels by index into
// tile_static memory and writes them back reversed through a write-only view
// of a 16-bit float texture; the host checks every texel.
#include <camp.h>
#include <stdio.h>
int main(void) {
    float data[64];
    for (int i = 0; i < 64; i++) data[i] = (float)i;
    texture_float_1 t = texture_new(float, extent(64), 32, data);
    texture_float_1 o = texture_new(float, extent(64), 16, NULL);
    writeonly_texture_view_float_1 w = writeonly_texture_view(o);
    parallel_for_each(ti, tile(extent(64), 16)) {
        tile_static float s[16];
        s[ti.local] = texture_get(t, ti.global);
        tile_barrier_wait(ti.barrier);
        texture_set(w, ti.global, s[15 - ti.local]);
    }
    float back[64];
    _Float16 h[64];
    texture_copy_out(h, o, sizeof h);
    int bad = 0;
    for (int i = 0; i < 64; i++) {
        back[i] = (float)h[i];
        bad += back[i] != (float)((i / 16) * 16 + 15 - i % 16);
    }
    printf("tiled: %d wrong\n", bad);
    texture_delete(t);
    texture_delete(o);
    return bad != 0;
}
