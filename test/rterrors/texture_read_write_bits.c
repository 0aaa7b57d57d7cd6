// A kernel that writes a texture with texture_set and reads it needs one
// 32-bit channel (the storage image it declares R32f); a float texture of
// 16 bits is refused at the kernel's line, naming the texture and its
// format, and nothing runs: the texture keeps its texels.
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    _Float16 texels[4] = {1, 2, 3, 4};
    texture_float_1 narrow = texture_new(float, extent(4), 16, texels);
    parallel_for_each(i, extent(4)) {
        texture_set(narrow, i, texture_get(narrow, i) + 1.0f);
    }
    texture_copy_out(texels, narrow, sizeof texels);
    printf("texels %g %g %g %g\n", (double)texels[0], (double)texels[1], (double)texels[2], (double)texels[3]);
    texture_delete(narrow);
    return texels[0] != 1;
}
// expect-abort: 18: texture 'narrow' is VK_FORMAT_R16_SFLOAT: a kernel that writes a texture with texture_set (and reads it) needs one 32-bit channel
// expect-handled: handled unsupported at line 18
