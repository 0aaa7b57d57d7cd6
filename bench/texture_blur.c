/* texture_blur — the 5 x 5 binomial blur of an n x n picture of 8-bit RGBA
 * (samples/image_filter.c's) as a texture kernel (texture_get of a
 * texture_unorm4_2, texture_set through a write-only view: the texture
 * cache and the format's conversion in the hardware) and as a buffer
 * kernel (arrays of packed RGBA words, unpacked and packed in the kernel).
 * Both results are checked against the CPU (one step of 1/255).
 *
 *   texture_blur [--quick] [--size N] [--reps N] [--runs N]
 */
#include <camp.h>

#include "camp/camp_bench.h"

enum { BLUR_SIZE = 4096, BLUR_QUICK = 67, BLUR_RUNS = 20 };

static const float binomial[5] = {1 / 16.0f, 4 / 16.0f, 6 / 16.0f, 4 / 16.0f, 1 / 16.0f};

static int clampi(int v, int lo, int hi) restrict(cpu, amp) { return v < lo ? lo : v > hi ? hi : v; }

static float4 unpack(unsigned p) restrict(cpu, amp) {
    return (float4){(float)(p & 255u), (float)(p >> 8 & 255u), (float)(p >> 16 & 255u), (float)(p >> 24)} / 255.0f;
}

/* As a unorm8 texel stores a float: clamped, to the nearest step. */
static unsigned pack(float4 c) restrict(cpu, amp) {
    unsigned p = 0;
    for (int i = 0; i < 4; i++) {
        float v = c[i] < 0.0f ? 0.0f : c[i] > 1.0f ? 1.0f : c[i];
        p |= (unsigned)(v * 255.0f + 0.5f) << (8 * i);
    }
    return p;
}

typedef struct blur_data {
    int n, runs;
    texture_unorm4_2 in, out;
    unsigned *in_words, *out_words;
} blur_data;

static void texture_repetition(void *context) {
    blur_data *d = context;
    int n = d->n;
    texture_unorm4_2 in = d->in;
    writeonly_texture_view_unorm4_2 out = writeonly_texture_view(d->out);
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(idx, extent(n, n)) {
            float4 sum = 0;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++) {
                    int2 at = {clampi(idx[0] + dy, 0, n - 1), clampi(idx[1] + dx, 0, n - 1)};
                    sum += binomial[dy + 2] * binomial[dx + 2] * texture_get(in, at);
                }
            texture_set(out, idx, sum);
        }
    }
    camp_bench_wait();
}

static void buffer_repetition(void *context) {
    blur_data *d = context;
    int n = d->n;
    const unsigned *in = d->in_words;
    unsigned *out = d->out_words;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(idx, extent(n, n)) {
            float4 sum = 0;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++) {
                    int y = clampi(idx[0] + dy, 0, n - 1), x = clampi(idx[1] + dx, 0, n - 1);
                    sum += binomial[dy + 2] * binomial[dx + 2] * unpack(in[y * n + x]);
                }
            out[idx[0] * n + idx[1]] = pack(sum);
        }
    }
    camp_bench_wait();
}

static void check(const bench_options *o, const char *impl, const unsigned *picture, const unsigned *got) {
    int n = (int)o->size;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            float4 sum = 0;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++)
                    sum += binomial[dy + 2] * binomial[dx + 2] *
                           unpack(picture[clampi(y + dy, 0, n - 1) * n + clampi(x + dx, 0, n - 1)]);
            unsigned want = pack(sum), have = got[(size_t)y * n + x];
            for (int c = 0; c < 4; c++) {
                int a = (int)(want >> (8 * c) & 255u), b = (int)(have >> (8 * c) & 255u);
                if (abs(a - b) > 1) {
                    char at[64];
                    snprintf(at, sizeof at, "pixel (%d, %d) channel %d", y, x, c);
                    bench_wrong(o, impl, at, b, a);
                }
            }
        }
}

/* 8 bytes per pixel: one read (the 25 taps hit the cache), one write. */
static void report(const bench_options *o, const char *impl, double ms) {
    char size[48];
    snprintf(size, sizeof size, "%lldx%lld", o->size, o->size);
    bench_report(o, size, impl, ms, 8.0 * (double)o->size * (double)o->size, 1e9, "GB/s");
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "texture_blur", BLUR_SIZE, BLUR_QUICK, BLUR_RUNS);
    camp_bench_require(&o, 4.0 * 4 * (double)o.size * (double)o.size, o.size);
    int n = (int)o.size;
    size_t count = (size_t)n * (size_t)n;
    unsigned *picture = bench_alloc(&o, count * sizeof *picture), *result = bench_alloc(&o, count * sizeof *result);
    for (size_t i = 0; i < count; i++) picture[i] = bench_hash(i, 5, 256) * 0x01010101u ^ (unsigned)(i * 2654435761u);

    blur_data d = {n, o.runs, texture_new(unorm4, extent(n, n), 8, picture), texture_new(unorm4, extent(n, n), 8, NULL),
                   array_new(unsigned, count, picture), array_new(unsigned, count, NULL)};
    o.name = "texture_blur";
    /* The buffers first: a device without texture writes (a phone GPU)
     * refuses the texture kernel, and bench/run keeps what came before. */
    double ms = bench_measure(&o, buffer_repetition, &d);
    array_copy_out(result, d.out_words, count);
    check(&o, "campcc-buffer", picture, result);
    report(&o, "campcc-buffer", ms);

    ms = bench_measure(&o, texture_repetition, &d);
    texture_copy_out(result, d.out, count * sizeof *result);
    check(&o, "campcc-texture", picture, result);
    report(&o, "campcc-texture", ms);

    texture_delete(d.in);
    texture_delete(d.out);
    array_delete(d.in_words);
    array_delete(d.out_words);
    free(picture);
    free(result);
    return 0;
}
