// needs: shaderStorageImageWriteWithoutFormat
// test: libcamp unchecked
// PNG files: a picture made here, saved with texture_save_png, loaded with
// texture_load_png as 8-bit unorm4 texels; a kernel inverts its colours;
// saved and loaded again, the pixels are the inverse of the original's.
#define _DEFAULT_SOURCE /* mkstemp */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { W = 13, H = 9 };

int main(void) {
    unsigned char picture[H][W][4];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            picture[y][x][0] = (unsigned char)(x * 19);
            picture[y][x][1] = (unsigned char)(y * 28);
            picture[y][x][2] = (unsigned char)((x * y) % 256);
            picture[y][x][3] = 255;
        }
    char in_path[] = "camp-texture-in-XXXXXX", out_path[] = "camp-texture-out-XXXXXX";
    int fd_in = mkstemp(in_path), fd_out = mkstemp(out_path);
    if (fd_in < 0 || fd_out < 0) return 2;
    close(fd_in);
    close(fd_out);

    texture_unorm4_2 original = texture_new(unorm4, extent(H, W), 8, picture);
    bool saved = texture_save_png(original, in_path);
    texture_delete(original);

    texture_unorm4_2 in = texture_load_png(in_path);
    texture_unorm4_2 out = texture_new(unorm4, extent(H, W), 8, NULL);
    writeonly_texture_view_unorm4_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(H, W)) {
        unorm4 c = texture_get(in, idx);
        texture_set(w, idx, (unorm4){1.0f - c.x, 1.0f - c.y, 1.0f - c.z, c.w});
    }
    saved = saved && texture_save_png(out, out_path);
    texture_delete(in);
    texture_delete(out);

    texture_unorm4_2 back = texture_load_png(out_path);
    unsigned char inverted[H][W][4];
    texture_copy_out(inverted, back, sizeof inverted);
    texture_delete(back);
    remove(in_path);
    remove(out_path);

    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 4; c++) {
                int want = c == 3 ? picture[y][x][c] : 255 - picture[y][x][c];
                bad += abs(inverted[y][x][c] - want) > 0;
            }
    printf("saved %s, %d of %d pixels' channels wrong\n", saved ? "yes" : "no", bad, W * H * 4);
    return bad != 0 || !saved;
}
