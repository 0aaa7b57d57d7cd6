// needs: shaderInt64 shaderStorageImageWriteWithoutFormat
// Textures passed to restrict(amp) functions: read by index, written
// through a write-only view, read and written (texture_set of the texture),
// sampled and gathered through a view and a sampler parameter, handed on
// from one function to another; one function given different textures in
// one kernel and in two kernels (a texture the kernel only reads, and one
// it writes too). Every result is checked against the same computation on
// the CPU.
#include <camp.h>
#include <stdio.h>

enum { W = 8, H = 4 };

static float at(texture_float_2 t, int2 idx) restrict(amp) { return texture_get(t, idx); }

/* the sum of a texel and its right neighbour (wrapping), through another function */
static float pair_sum(texture_float_2 t, int2 idx) restrict(amp) {
    return at(t, idx) + at(t, (int2){idx.x, (idx.y + 1) % W});
}

static void put(writeonly_texture_view_float_2 w, int2 idx, float value) restrict(amp) { texture_set(w, idx, value); }

/* adds to a texel of a texture the caller also reads: the read sees the write */
static int bump(texture_int_1 t, int i, int by) restrict(amp) {
    texture_set(t, i, texture_get(t, i) + by);
    return texture_get(t, i);
}

static float4 blend(texture_view_unorm4_2 v, camp_sampler s, float2 coord) restrict(amp) {
    return texture_sample(v, s, coord) + texture_gather_green(v, s, coord);
}

static float cpu_value(int r, int c) { return (float)(r * W + c) * 0.5f; }

int main(void) {
    float a_texels[H * W], b_texels[H * W];
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) a_texels[r * W + c] = cpu_value(r, c), b_texels[r * W + c] = 100.0f - cpu_value(r, c);
    texture_float_2 a = texture_new(float, extent(H, W), 32, a_texels);
    texture_float_2 b = texture_new(float, extent(H, W), 32, b_texels);
    texture_float_2 out = texture_new(float, extent(H, W), 32, NULL);
    writeonly_texture_view_float_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(H, W)) {
        put(w, idx, pair_sum(a, idx) - pair_sum(b, idx)); /* one function, two textures */
    }
    float got[H * W];
    texture_copy_out(got, out, sizeof got);
    int bad = 0;
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) {
            float want = a_texels[r * W + c] + a_texels[r * W + (c + 1) % W] -
                         (b_texels[r * W + c] + b_texels[r * W + (c + 1) % W]);
            bad += got[r * W + c] != want;
        }
    printf("pair sums: %d wrong\n", bad);

    /* the same function in a kernel where the texture is read and written */
    texture_float_2 acc = texture_new(float, extent(H, W), 32, a_texels);
    parallel_for_each(idx, extent(H, W)) {
        float mine = at(acc, idx);
        texture_set(acc, idx, mine * 3.0f);
        texture_set(acc, idx, at(acc, idx) + 1.0f); /* sees the thread's own write */
    }
    texture_copy_out(got, acc, sizeof got);
    bad = 0;
    for (int i = 0; i < H * W; i++) bad += got[i] != a_texels[i] * 3.0f + 1.0f;
    printf("read-write through a function: %d wrong\n", bad);

    int counts[16], seen[16];
    for (int i = 0; i < 16; i++) counts[i] = i * 7 - 40;
    texture_int_1 n = texture_new(int, extent(16), 32, counts);
    parallel_for_each(i, extent(16)) {
        int first = bump(n, i, 5);
        seen[i] = bump(n, i, first) - first; /* 2 * (counts + 5) - (counts + 5) */
    }
    int ints[16];
    texture_copy_out(ints, n, sizeof ints);
    bad = 0;
    for (int i = 0; i < 16; i++) bad += ints[i] != 2 * (counts[i] + 5) || seen[i] != counts[i] + 5;
    printf("int texture bumped: %d wrong\n", bad);

    /* sampling through a view and a sampler parameter; point sampling at
     * texel centres and gathers give texels exactly */
    unsigned char rgba[2 * 2 * 4] = {0, 51, 102, 255, 255, 204, 153, 0, 17, 34, 68, 136, 85, 170, 255, 0};
    texture_unorm4_2 pic = texture_new(unorm4, extent(2, 2), 8, rgba);
    texture_view_unorm4_2 view = texture_view(pic);
    camp_sampler point = sampler(CAMP_FILTER_POINT, CAMP_ADDRESS_CLAMP);
    float4 sampled[4];
    parallel_for_each(idx, extent(2, 2)) {
        float2 centre = {(idx.y + 0.5f) / 2.0f, (idx.x + 0.5f) / 2.0f};
        sampled[idx.x * 2 + idx.y] = blend(view, point, centre);
    }
    bad = 0;
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++) {
            /* the gather at a texel's centre takes it and the texels right of
             * and below it, clamped: (x0, y1), (x1, y1), (x1, y0), (x0, y0) */
            int x0 = c, x1 = c + 1 > 1 ? 1 : c + 1, y0 = r, y1 = r + 1 > 1 ? 1 : r + 1;
            int corners[4][2] = {{x0, y1}, {x1, y1}, {x1, y0}, {x0, y0}};
            for (int k = 0; k < 4; k++) {
                float texel = rgba[(r * 2 + c) * 4 + k] / 255.0f;
                float green = rgba[(corners[k][1] * 2 + corners[k][0]) * 4 + 1] / 255.0f;
                float want = texel + green, diff = sampled[r * 2 + c][k] - want;
                bad += diff > 1e-5f || diff < -1e-5f;
            }
        }
    printf("sampled through a function: %d wrong\n", bad);
    texture_delete(a);
    texture_delete(b);
    texture_delete(out);
    texture_delete(acc);
    texture_delete(n);
    texture_delete(pic);
    return 0;
}
