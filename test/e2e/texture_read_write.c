// needs: shaderInt64 shaderStorageImageWriteWithoutFormat
// Read-write textures (C++ AMP's texture::set): a kernel writes a texture
// with texture_set and reads it with texture_get, and each thread's reads
// see its own earlier writes: int, uint and float textures of 32 bits, of
// ranks 1 to 3; a thread updating its texel in a loop, and writing the
// texel of its row's mirror before reading it back; a later kernel reading
// (sampled) what the read-write one left; a texture that is a parameter of
// the host function around the kernel; indices written as compound literals. Checked against the CPU.
#include <camp.h>
#include <stdio.h>

enum { D = 3, H = 4, W = 5, N = D * H * W };

/* the Collatz steps of n, at most 40, counted in the texture itself */
static unsigned cpu_steps(unsigned n) {
    unsigned steps = 0;
    while (n != 1 && steps < 40) n = n % 2 ? 3 * n + 1 : n / 2, steps++;
    return steps;
}

/* a kernel in a host function: the texture is a parameter of the enclosing function */
static void scale_in_place(texture_float_1 t, int n, float by) {
    parallel_for_each(i, extent(n)) {
        texture_set(t, i, texture_get(t, i) * by);
    }
}

int main(void) {
    int bad = 0;

    /* rank 1, int: each thread triples its texel, then adds what it reads back */
    int ints[N];
    for (int i = 0; i < N; i++) ints[i] = i - 20;
    texture_int_1 t1 = texture_new(int, extent(N), 32, ints);
    int echo[N];
    parallel_for_each(i, extent(N)) {
        texture_set(t1, i, texture_get(t1, i) * 3);
        echo[i] = texture_get(t1, i);
        texture_set(t1, i, echo[i] + texture_get(t1, i));
    }
    int ints_out[N];
    texture_copy_out(ints_out, t1, sizeof ints_out);
    for (int i = 0; i < N; i++) bad += echo[i] != ints[i] * 3 || ints_out[i] != ints[i] * 6;
    printf("rank 1 int: %d wrong\n", bad);

    float ramp[N], ramp_out[N];
    for (int i = 0; i < N; i++) ramp[i] = (float)i - 7.5f;
    texture_float_1 scaled = texture_new(float, extent(N), 32, ramp);
    scale_in_place(scaled, N, -2.0f);
    texture_copy_out(ramp_out, scaled, sizeof ramp_out);
    bad = 0;
    for (int i = 0; i < N; i++) bad += ramp_out[i] != ramp[i] * -2.0f;
    printf("in a host function: %d wrong\n", bad);

    /* rank 2, uint: a loop that keeps its state in the texture */
    unsigned start[H * W];
    for (int i = 0; i < H * W; i++) start[i] = (unsigned)i * 7u + 3u;
    texture_uint_2 state = texture_new(uint, extent(H, W), 32, start);
    texture_uint_2 steps = texture_new(uint, extent(H, W), 32, NULL);
    parallel_for_each(idx, extent(H, W)) {
        texture_set(steps, idx, 0u);
        while (texture_get(state, idx) != 1u && texture_get(steps, idx) < 40u) {
            unsigned n = texture_get(state, idx);
            texture_set(state, idx, n % 2u ? 3u * n + 1u : n / 2u);
            texture_set(steps, idx, texture_get(steps, idx) + 1u);
        }
    }
    unsigned counted[H * W], left[H * W];
    texture_copy_out(counted, steps, sizeof counted);
    texture_copy_out(left, state, sizeof left);
    bad = 0;
    for (int i = 0; i < H * W; i++) {
        unsigned n = start[i], k = cpu_steps(n);
        for (unsigned s = 0; s < k; s++) n = n % 2 ? 3 * n + 1 : n / 2;
        bad += counted[i] != k || left[i] != n;
    }
    printf("rank 2 uint: %d wrong\n", bad);

    /* rank 3, float: thread (d, r, c) with c < W / 2 swaps its texel with its
     * row's mirror (c, W - 1 - c), each read after the thread's own write */
    float floats[N];
    for (int i = 0; i < N; i++) floats[i] = (float)i * 0.25f;
    texture_float_3 t3 = texture_new(float, extent(D, H, W), 32, floats);
    parallel_for_each(idx, extent(D, H, W / 2)) {
        int3 mirror = {idx.x, idx.y, W - 1 - idx.z};
        /* an index written as a compound literal, commas and all */
        float mine = texture_get(t3, idx), theirs = texture_get(t3, (int3){idx.x, idx.y, W - 1 - idx.z});
        texture_set(t3, (int3){mirror.x, mirror.y, mirror.z}, mine);
        texture_set(t3, idx, theirs + texture_get(t3, mirror) * 0.0f); /* the read sees `mine` */
        texture_set(t3, idx, texture_get(t3, idx) + 1.0f);
    }
    /* a later kernel reads (a sampled image) what that one wrote */
    float doubled[N];
    parallel_for_each(idx, extent(D, H, W)) {
        doubled[(idx.x * H + idx.y) * W + idx.z] = 2.0f * texture_get(t3, idx);
    }
    float floats_out[N];
    texture_copy_out(floats_out, t3, sizeof floats_out);
    bad = 0;
    for (int d = 0; d < D; d++)
        for (int r = 0; r < H; r++)
            for (int c = 0; c < W; c++) {
                int i = (d * H + r) * W + c, m = (d * H + r) * W + (W - 1 - c);
                float want = c < W / 2 ? floats[m] + 1.0f : c > W - 1 - W / 2 ? floats[m] : floats[i];
                bad += floats_out[i] != want || doubled[i] != 2.0f * want;
            }
    printf("rank 3 float: %d wrong\n", bad);
    texture_delete(t1);
    texture_delete(scaled);
    texture_delete(state);
    texture_delete(steps);
    texture_delete(t3);
    return 0;
}
