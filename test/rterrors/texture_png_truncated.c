// texture_load_png of a PNG file cut short is an error naming the file and
// the call's line, not a crash or a half-read picture.
#define _DEFAULT_SOURCE /* mkstemp, truncate */
#include <camp.h>
#include <stdio.h>
#include <unistd.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER",
           e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    char path[] = "camp-truncated-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return 2;
    close(fd);
    unsigned char noise[32][32][4];
    for (int i = 0; i < 32 * 32 * 4; i++) (&noise[0][0][0])[i] = (unsigned char)(i * 2654435761u >> 13);
    texture_unorm4_2 t = texture_new(unorm4, extent(32, 32), 8, noise);
    texture_save_png(t, path);
    texture_delete(t);
    if (truncate(path, 200) != 0) return 2; /* the header and part of the pixels */
    if (argc > 1) camp_set_error_handler(handle, NULL);
    texture_unorm4_2 u = texture_load_png(path);
    remove(path);
    printf("texture %s\n", u.camp_texture_ ? "made" : "null");
    return u.camp_texture_ != NULL;
}
// expect-abort: 27: is damaged
// expect-handled: handled invalid-argument at line 27
