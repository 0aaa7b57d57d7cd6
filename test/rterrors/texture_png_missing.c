// texture_load_png of a file that is not there, and of one that is not a
// PNG: errors naming the file and the call's line.
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u: %s\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER",
           e->line, e->message);
}

int main(int argc, char **argv) {
    if (argc > 1) camp_set_error_handler(handle, NULL);
    texture_unorm4_2 t = texture_load_png("/nonexistent/picture.png");
    texture_unorm4_2 u = texture_load_png(argv[0]); /* this program: not a PNG */
    printf("textures %s\n", t.camp_texture_ || u.camp_texture_ ? "made" : "null");
    return 0;
}
// expect-abort: 14: texture_load_png: cannot open '/nonexistent/picture.png': No such file or directory
// expect-handled: is not a PNG file we can read
