// A texture format that does not exist (12 bits per scalar) is an error
// naming texture_new's line; the handle is then null and nothing runs.
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER",
           e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    texture_float_2 t = texture_new(float, extent(4, 4), 12, NULL);
    printf("texture %s\n", t.camp_texture_ ? "made" : "null");
    return t.camp_texture_ != NULL;
}
// expect-abort: 15: texture_new: 12 bits per scalar element is not a format of float textures
// expect-handled: handled invalid-argument at line 15
