// needs: shaderInt64
// Sampling: texture_sample with each filter (point, linear) and address
// mode (wrap, mirror, clamp, border: one of Vulkan's colours and one of
// the program's own) on a rank-2 unorm4 texture, at
// coordinates inside and outside [0, 1]; texture_gather_* on it; linear and
// point sampling of rank-1 and rank-3 float textures. Each result is checked
// against a CPU reference of Vulkan's sampling rules within a tolerance: the
// coordinates fall on eighths of a texel, which every device filters exactly
// (subTexelPrecisionBits >= 4), so the tolerance covers only the rounding
// of 8-bit texels in the filter's arithmetic.
#include <camp.h>
#include <math.h>
#include <stdio.h>

enum { W = 5, H = 4, NX = 15, NY = 9, N = NX * NY, SAMPLERS = 8 };
#define TOLERANCE 0.01f

static unsigned char texels[H][W][4];

/* Texel i of n along one dimension under an address mode; -1: the border. */
static int address(int i, int n, camp_address_mode mode) {
    int t;
    switch (mode) {
    case CAMP_ADDRESS_WRAP: return ((i % n) + n) % n;
    case CAMP_ADDRESS_MIRROR: t = ((i % (2 * n)) + 2 * n) % (2 * n); return t < n ? t : 2 * n - 1 - t;
    case CAMP_ADDRESS_CLAMP: return i < 0 ? 0 : i >= n ? n - 1 : i;
    default: return i < 0 || i >= n ? -1 : i;
    }
}

static float texel(int x, int y, int c, const camp_sampler *s) {
    int ax = address(x, W, s->address), ay = address(y, H, s->address);
    if (ax < 0 || ay < 0) return s->border[c];
    return texels[ay][ax][c] / 255.0f;
}

static float4 cpu_sample(const camp_sampler *s, float2 coord) {
    float4 r;
    double u = coord.x * W, v = coord.y * H;
    for (int c = 0; c < 4; c++) {
        if (s->filter == CAMP_FILTER_POINT) {
            r[c] = texel((int)floor(u), (int)floor(v), c, s);
            continue;
        }
        double fu = u - 0.5 - floor(u - 0.5), fv = v - 0.5 - floor(v - 0.5);
        int x0 = (int)floor(u - 0.5), y0 = (int)floor(v - 0.5);
        r[c] = (float)((1 - fu) * (1 - fv) * texel(x0, y0, c, s) + fu * (1 - fv) * texel(x0 + 1, y0, c, s) +
                       (1 - fu) * fv * texel(x0, y0 + 1, c, s) + fu * fv * texel(x0 + 1, y0 + 1, c, s));
    }
    return r;
}

static float4 cpu_gather(const camp_sampler *s, float2 coord, int c) {
    int x0 = (int)floor(coord.x * W - 0.5), y0 = (int)floor(coord.y * H - 0.5);
    return (float4){texel(x0, y0 + 1, c, s), texel(x0 + 1, y0 + 1, c, s), texel(x0 + 1, y0, c, s), texel(x0, y0, c, s)};
}

static int near(float4 a, float4 b) {
    float4 d = a - b;
    return fabsf(d.x) <= TOLERANCE && fabsf(d.y) <= TOLERANCE && fabsf(d.z) <= TOLERANCE && fabsf(d.w) <= TOLERANCE;
}

static int rank2(void) {
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 4; c++) texels[y][x][c] = (unsigned char)((x * 53 + y * 97 + c * 31) % 256);
    float2 coords[N];
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++) /* eighths of a texel, from beyond the left and top edges to beyond the right */
            coords[j * NX + i] = (float2){((i * 3 - 11) / 4.0f + 0.125f) / W, ((j * 4 - 9) / 4.0f + 0.125f) / H};

    const camp_sampler samplers[SAMPLERS] = {
        sampler(CAMP_FILTER_POINT, CAMP_ADDRESS_WRAP),    sampler(CAMP_FILTER_LINEAR, CAMP_ADDRESS_WRAP),
        sampler(CAMP_FILTER_POINT, CAMP_ADDRESS_MIRROR),  sampler(CAMP_FILTER_LINEAR, CAMP_ADDRESS_MIRROR),
        sampler(CAMP_FILTER_POINT, CAMP_ADDRESS_CLAMP),   sampler(CAMP_FILTER_LINEAR, CAMP_ADDRESS_CLAMP),
        sampler_border(CAMP_FILTER_POINT, 0, 0, 0, 1),    sampler_border(CAMP_FILTER_LINEAR, 0.25f, 0.5f, 0.75f, 1),
    };
    camp_sampler point_wrap = samplers[0], linear_wrap = samplers[1], point_mirror = samplers[2],
                 linear_mirror = samplers[3], point_clamp = samplers[4], linear_clamp = samplers[5],
                 point_border = samplers[6], linear_border = samplers[7];
    texture_unorm4_2 t = texture_new(unorm4, extent(H, W), 8, texels);
    texture_view_unorm4_2 v = texture_view(t);
    static float4 got[SAMPLERS][N], gathered[4][N];
    parallel_for_each(i, extent(N)) {
        float2 c = coords[i];
        got[0][i] = texture_sample(v, point_wrap, c);
        got[1][i] = texture_sample(v, linear_wrap, c);
        got[2][i] = texture_sample(v, point_mirror, c);
        got[3][i] = texture_sample(v, linear_mirror, c);
        got[4][i] = texture_sample(v, point_clamp, c);
        got[5][i] = texture_sample(v, linear_clamp, c);
        got[6][i] = texture_sample(v, point_border, c);
        got[7][i] = texture_sample(v, linear_border, c);
        gathered[0][i] = texture_gather_red(v, linear_wrap, c);
        gathered[1][i] = texture_gather_green(v, point_mirror, c);
        gathered[2][i] = texture_gather_blue(v, linear_clamp, c);
        gathered[3][i] = texture_gather_alpha(v, point_border, c);
    }
    texture_delete(t);

    int bad = 0;
    for (int s = 0; s < SAMPLERS; s++)
        for (int i = 0; i < N; i++) {
            float4 want = cpu_sample(&samplers[s], coords[i]);
            if (!near(got[s][i], want) && bad++ < 5)
                printf("FAIL sampler %d at (%g, %g): (%g %g %g %g), not (%g %g %g %g)\n", s, coords[i].x, coords[i].y,
                       got[s][i].x, got[s][i].y, got[s][i].z, got[s][i].w, want.x, want.y, want.z, want.w);
        }
    const int gather_sampler[4] = {1, 2, 5, 6};
    for (int c = 0; c < 4; c++)
        for (int i = 0; i < N; i++) {
            float4 want = cpu_gather(&samplers[gather_sampler[c]], coords[i], c);
            if (!near(gathered[c][i], want) && bad++ < 5)
                printf("FAIL gather %d at (%g, %g)\n", c, coords[i].x, coords[i].y);
        }
    printf("rank 2: %d samples and %d gathers checked\n", SAMPLERS * N, 4 * N);
    return bad != 0;
}

/* Rank 1 and 3: linear clamp and point wrap of float textures. */
static int ranks13(void) {
    float line[7], cube[3][3][3][2];
    for (int i = 0; i < 7; i++) line[i] = (float)(i * i) - 10.0f;
    for (int i = 0; i < 54; i++) (&cube[0][0][0][0])[i] = (float)(i % 7) * 0.5f;
    texture_float_1 t1 = texture_new(float, extent(7), 32, line);
    texture_float2_3 t3 = texture_new(float2, extent(3, 3, 3), 32, cube);
    texture_view_float_1 v1 = texture_view(t1);
    texture_view_float2_3 v3 = texture_view(t3);
    camp_sampler linear = sampler(CAMP_FILTER_LINEAR, CAMP_ADDRESS_CLAMP);
    camp_sampler point = sampler(CAMP_FILTER_POINT, CAMP_ADDRESS_WRAP);
    float lin1[16], pt1[16];
    float2 lin3[16], pt3[16];
    parallel_for_each(i, extent(16)) {
        float u = ((float)i - 3.0f + 0.125f) / 7.0f;                /* texel i - 3 + 1/8 */
        lin1[i] = texture_sample(v1, linear, u);
        pt1[i] = texture_sample(v1, point, u);
        float3 c = {u * 7.0f / 3.0f, 0.5f, ((float)(i % 3) + 0.125f) / 3.0f};
        lin3[i] = texture_sample(v3, linear, c);
        pt3[i] = texture_sample(v3, point, c);
    }
    texture_delete(t1);
    texture_delete(t3);

    int bad = 0;
    for (int i = 0; i < 16; i++) {
        double u = i - 3 + 0.125 - 0.5, f = u - floor(u);
        int x0 = (int)floor(u), a = x0 < 0 ? 0 : x0 > 6 ? 6 : x0, b = x0 + 1 < 0 ? 0 : x0 + 1 > 6 ? 6 : x0 + 1;
        double want_lin = (1 - f) * line[a] + f * line[b];
        double want_pt = line[((i - 3) % 7 + 7) % 7];
        if (fabs(lin1[i] - want_lin) > 1e-3 || pt1[i] != want_pt) bad++, printf("FAIL rank 1 at %d\n", i);
        /* rank 3: x on texel i - 3 + 1/8 of 3, y on the middle row, z in slice i % 3 */
        int px = ((i - 3) % 3 + 3) % 3, pz = i % 3;
        if (pt3[i].x != cube[pz][1][px][0] || pt3[i].y != cube[pz][1][px][1]) bad++, printf("FAIL rank 3 point at %d\n", i);
        double w = (i % 3) + 0.125 - 0.5, fz = w - floor(w);
        int z0 = (int)floor(w), za = z0 < 0 ? 0 : z0 > 2 ? 2 : z0, zb = z0 + 1 > 2 ? 2 : z0 + 1;
        double ux = i - 3 + 0.125 - 0.5, fx = ux - floor(ux);
        int xa0 = (int)floor(ux), xa = xa0 < 0 ? 0 : xa0 > 2 ? 2 : xa0, xb = xa0 + 1 < 0 ? 0 : xa0 + 1 > 2 ? 2 : xa0 + 1;
        for (int c = 0; c < 2; c++) {
            double want = (1 - fz) * ((1 - fx) * cube[za][1][xa][c] + fx * cube[za][1][xb][c]) +
                          fz * ((1 - fx) * cube[zb][1][xa][c] + fx * cube[zb][1][xb][c]);
            if (fabs(lin3[i][c] - want) > 0.02) bad++, printf("FAIL rank 3 linear at %d: %g, not %g\n", i, lin3[i][c], want);
        }
    }
    printf("ranks 1 and 3: 64 samples checked\n");
    return bad != 0;
}

int main(void) {
    int failed = rank2() + ranks13();
    printf("%s\n", failed ? "FAILED" : "all samples as the CPU's");
    return failed;
}
