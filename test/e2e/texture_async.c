// needs: shaderStorageImageWriteWithoutFormat
// Asynchronous texture copies (C++ AMP's copy_async for textures): a copy
// in returns with a future before the copy has run, and the source may
// change at once; a kernel launched next reads what was copied in, and a
// copy out's bytes are in place when its future is waited. The host checks
// every texel.
#include <camp.h>
#include <stdio.h>

enum { H = 128, W = 96 };

int main(void) {
    static float first[H * W], second[H * W], out[H * W];
    for (int i = 0; i < H * W; i++) first[i] = (float)i, second[i] = (float)(3 * i % 1000);
    texture_float_2 t = texture_new(float, extent(H, W), 32, first);
    texture_float_2 o = texture_new(float, extent(H, W), 32, NULL);
    writeonly_texture_view_float_2 w = writeonly_texture_view(o);

    camp_future *in = texture_copy_in_async(t, second, sizeof second);
    for (int i = 0; i < H * W; i++) second[i] = -1.0f; /* already in staging: changes nothing */
    parallel_for_each(idx, extent(H, W)) { texture_set(w, idx, texture_get(t, idx) * 2.0f + 1.0f); }
    camp_future *back = texture_copy_out_async(out, o, sizeof out);
    future_wait(in);
    future_wait(back);

    int bad = 0;
    for (int i = 0; i < H * W; i++) bad += out[i] != (float)(3 * i % 1000) * 2.0f + 1.0f;
    printf("texture copies, asynchronous: %d of %d wrong\n", bad, H * W);
    texture_delete(t);
    texture_delete(o);
    return bad != 0;
}
