/* texture_blur's Vulkan twin (glsl/blur_texture.comp, glsl/blur_buffer.comp):
 * the blur as a texture kernel (a sampled image read, a storage image
 * written) and as a buffer kernel, checked like campcc's (one step of 1/255). */
#include "harness.h"

#include <stdint.h>

enum { BLUR_SIZE = 4096, BLUR_QUICK = 67, BLUR_RUNS = 20 };

static const float binomial[5] = {1 / 16.0f, 4 / 16.0f, 6 / 16.0f, 4 / 16.0f, 1 / 16.0f};

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void check(const bench_options *o, const char *impl, const uint32_t *picture, const uint32_t *got) {
    int n = (int)o->size;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            for (int c = 0; c < 4; c++) {
                float sum = 0;
                for (int dy = -2; dy <= 2; dy++)
                    for (int dx = -2; dx <= 2; dx++) {
                        uint32_t p = picture[clampi(y + dy, 0, n - 1) * n + clampi(x + dx, 0, n - 1)];
                        sum += binomial[dy + 2] * binomial[dx + 2] * (float)(p >> (8 * c) & 255u) / 255.0f;
                    }
                int want = (int)(sum * 255.0f + 0.5f), have = (int)(got[(size_t)y * n + x] >> (8 * c) & 255u);
                if (abs(want - have) > 1) {
                    char at[64];
                    snprintf(at, sizeof at, "pixel (%d, %d) channel %d", y, x, c);
                    bench_wrong(o, impl, at, have, want);
                }
            }
}

static void report(const bench_options *o, const char *impl, double ms) {
    char size[48];
    snprintf(size, sizeof size, "%lldx%lld", o->size, o->size);
    bench_report(o, size, impl, ms, 8.0 * (double)o->size * (double)o->size, 1e9, "GB/s");
}

typedef struct buffer_args {
    VkDeviceAddress src, dst;
    int32_t n;
} buffer_args;

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "texture_blur", BLUR_SIZE, BLUR_QUICK, BLUR_RUNS);
    vkb *v = vkb_open(&o, 4.0 * 4 * (double)o.size * (double)o.size);
    uint32_t n = (uint32_t)o.size;
    size_t count = (size_t)n * n;
    uint32_t *picture = bench_alloc(&o, count * 4), *result = bench_alloc(&o, count * 4);
    for (size_t i = 0; i < count; i++) picture[i] = bench_hash(i, 5, 256) * 0x01010101u ^ (uint32_t)(i * 2654435761u);
    uint32_t groups[3] = {(n + 31) / 32, (n + 7) / 8, 1};

    vkb_image images[2] = {vkb_image_new(v, n, n, VK_FORMAT_R8G8B8A8_UNORM, 4, picture),
                           vkb_image_new(v, n, n, VK_FORMAT_R8G8B8A8_UNORM, 4, NULL)};
    const bool storage[2] = {false, true};
    vkb_kernel texture_kernel = vkb_kernel_load_images(v, "blur_texture", sizeof(int32_t), images, storage, 2);
    int32_t size = (int32_t)n;
    vkb_dispatch texture_dispatch = {&texture_kernel, &size, {groups[0], groups[1], groups[2]}};
    double ms = vkb_measure(v, &o, &texture_dispatch, 1);
    vkb_image_read(v, &images[1], result);
    check(&o, "vulkan-texture", picture, result);
    report(&o, "vulkan-texture", ms);

    vkb_buffer in = vkb_buffer_new(v, count * 4, picture), out = vkb_buffer_new(v, count * 4, NULL);
    vkb_kernel buffer_kernel = vkb_kernel_load(v, "blur_buffer", sizeof(buffer_args));
    buffer_args args = {in.address, out.address, (int32_t)n};
    vkb_dispatch buffer_dispatch = {&buffer_kernel, &args, {groups[0], groups[1], groups[2]}};
    ms = vkb_measure(v, &o, &buffer_dispatch, 1);
    vkb_buffer_read(v, &out, result);
    check(&o, "vulkan-buffer", picture, result);
    report(&o, "vulkan-buffer", ms);

    vkb_kernel_free(v, &texture_kernel);
    vkb_kernel_free(v, &buffer_kernel);
    vkb_image_free(v, &images[0]);
    vkb_image_free(v, &images[1]);
    vkb_buffer_free(v, &in);
    vkb_buffer_free(v, &out);
    vkb_close(v);
    free(picture);
    free(result);
    return 0;
}
