// needs: shaderStorageImageWriteWithoutFormat
/* image_filter.c — an image filter on textures: a picture (drawn here) is
 * saved as a PNG, loaded with texture_load_png as 8-bit unorm4 texels,
 * blurred (a 5 x 5 binomial filter) by one kernel and turned into Sobel
 * edges by a second, which reads the texture the first wrote. Each result
 * is compared with the same filter on the CPU.
 *
 *   image_filter [DIR]    with DIR: keeps DIR/input.png, DIR/blur.png, DIR/edges.png
 *                         (DIR is made if it is not there)
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <camp.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { W = 96, H = 64 };

/* A picture with edges to find: a gradient sky, a sun, a house. */
static void draw(unsigned char rgba[H][W][4]) {
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            unsigned char *p = rgba[y][x];
            float sky = (float)y / H;
            p[0] = (unsigned char)(60 + 80 * sky), p[1] = (unsigned char)(120 + 60 * sky), p[2] = 230, p[3] = 255;
            if ((x - 72) * (x - 72) + (y - 16) * (y - 16) < 100) p[0] = 250, p[1] = 210, p[2] = 40;
            if (x >= 16 && x < 48 && y >= 32 && y < 60) p[0] = 170, p[1] = 60, p[2] = 40;
            if (y >= 20 && y < 32 && abs(x - 32) < y - 16) p[0] = 90, p[1] = 50, p[2] = 40;
            if (y >= 60) p[0] = 60, p[1] = 140, p[2] = 50;
        }
}

static const float binomial[5] = {1 / 16.0f, 4 / 16.0f, 6 / 16.0f, 4 / 16.0f, 1 / 16.0f};

static int clampi(int v, int lo, int hi) restrict(cpu, amp) { return v < lo ? lo : v > hi ? hi : v; }

static float luminance(float4 c) restrict(cpu, amp) { return 0.299f * c.x + 0.587f * c.y + 0.114f * c.z; }

/* The texel as a unorm8 texture stores a float: round to nearest. */
static unsigned char to_byte(float v) { return (unsigned char)lrintf(to_unorm(v) * 255.0f); }

static float4 texel(const unsigned char rgba[H][W][4], int y, int x) {
    const unsigned char *p = rgba[clampi(y, 0, H - 1)][clampi(x, 0, W - 1)];
    return (float4){p[0], p[1], p[2], p[3]} / 255.0f;
}

/* The CPU's blur and edges, for the comparison. */
static void cpu_filters(const unsigned char in[H][W][4], unsigned char blur[H][W][4], unsigned char edges[H][W][4]) {
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float4 sum = 0;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++) sum += binomial[dy + 2] * binomial[dx + 2] * texel(in, y + dy, x + dx);
            for (int c = 0; c < 4; c++) blur[y][x][c] = to_byte(sum[c]);
        }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float l[3][3];
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) l[dy + 1][dx + 1] = luminance(texel(blur, y + dy, x + dx));
            float gx = l[0][2] + 2 * l[1][2] + l[2][2] - l[0][0] - 2 * l[1][0] - l[2][0];
            float gy = l[2][0] + 2 * l[2][1] + l[2][2] - l[0][0] - 2 * l[0][1] - l[0][2];
            unsigned char e = to_byte(sqrtf(gx * gx + gy * gy));
            edges[y][x][0] = edges[y][x][1] = edges[y][x][2] = e, edges[y][x][3] = 255;
        }
}

/* The largest difference between two pictures, in 1/255 steps. */
static int max_difference(const unsigned char a[H][W][4], const unsigned char b[H][W][4]) {
    int most = 0;
    for (size_t i = 0; i < sizeof(unsigned char[H][W][4]); i++) {
        int d = abs((&a[0][0][0])[i] - (&b[0][0][0])[i]);
        if (d > most) most = d;
    }
    return most;
}

int main(int argc, char **argv) {
    char temp[] = "/tmp/camp-image-filter-XXXXXX";
    const char *dir = argc > 1 ? argv[1] : mkdtemp(temp);
    if (!dir) return 2;
    /* DIR is made if it is not there; anything else is said before any work */
    struct stat st;
    if (stat(dir, &st) != 0 && (errno != ENOENT || mkdir(dir, 0777) != 0 || stat(dir, &st) != 0)) {
        fprintf(stderr, "image_filter: cannot make the directory '%s': %s\n", dir, strerror(errno));
        return 2;
    }
    if (!S_ISDIR(st.st_mode)) {
        fprintf(stderr, "image_filter: '%s' is not a directory\n", dir);
        return 2;
    }
    char input_png[4096], blur_png[4096], edges_png[4096];
    snprintf(input_png, sizeof input_png, "%s/input.png", dir);
    snprintf(blur_png, sizeof blur_png, "%s/blur.png", dir);
    snprintf(edges_png, sizeof edges_png, "%s/edges.png", dir);

    static unsigned char picture[H][W][4], blur[H][W][4], edges[H][W][4], cpu_blur[H][W][4], cpu_edges[H][W][4];
    draw(picture);
    texture_unorm4_2 drawn = texture_new(unorm4, extent(H, W), 8, picture);
    texture_save_png(drawn, input_png);
    texture_delete(drawn);

    texture_unorm4_2 in = texture_load_png(input_png);
    texture_unorm4_2 blurred = texture_new(unorm4, extent(H, W), 8, NULL);
    texture_unorm4_2 outlines = texture_new(unorm4, extent(H, W), 8, NULL);
    writeonly_texture_view_unorm4_2 blur_out = writeonly_texture_view(blurred);
    writeonly_texture_view_unorm4_2 edges_out = writeonly_texture_view(outlines);

    parallel_for_each(idx, extent(H, W)) {
        float4 sum = 0;
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) {
                int2 at = {clampi(idx[0] + dy, 0, H - 1), clampi(idx[1] + dx, 0, W - 1)};
                sum += binomial[dy + 2] * binomial[dx + 2] * texture_get(in, at);
            }
        texture_set(blur_out, idx, sum);
    }
    parallel_for_each(idx, extent(H, W)) {
        float l[3][3];
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int2 at = {clampi(idx[0] + dy, 0, H - 1), clampi(idx[1] + dx, 0, W - 1)};
                l[dy + 1][dx + 1] = luminance(texture_get(blurred, at));
            }
        float gx = l[0][2] + 2 * l[1][2] + l[2][2] - l[0][0] - 2 * l[1][0] - l[2][0];
        float gy = l[2][0] + 2 * l[2][1] + l[2][2] - l[0][0] - 2 * l[0][1] - l[0][2];
        float e = fast_math_sqrt(gx * gx + gy * gy);
        texture_set(edges_out, idx, (unorm4){e, e, e, 1.0f});
    }
    texture_save_png(blurred, blur_png);
    texture_save_png(outlines, edges_png);
    texture_copy_out(blur, blurred, sizeof blur);
    texture_copy_out(edges, outlines, sizeof edges);
    texture_delete(in);
    texture_delete(blurred);
    texture_delete(outlines);

    cpu_filters(picture, cpu_blur, cpu_edges);
    int blur_error = max_difference(blur, cpu_blur), edge_error = max_difference(edges, cpu_edges);
    /* the device may round a product or a sum differently: a step of 1/255 */
    bool ok = blur_error <= 1 && edge_error <= 2;
    printf("blur and edges of a %d x %d picture: %s\n", W, H, ok ? "as on the CPU" : "DIFFERENT from the CPU");
    if (!ok) fprintf(stderr, "largest differences: blur %d, edges %d (of 255)\n", blur_error, edge_error);
    if (argc <= 1) {
        remove(input_png), remove(blur_png), remove(edges_png);
        rmdir(dir);
    }
    return !ok;
}
