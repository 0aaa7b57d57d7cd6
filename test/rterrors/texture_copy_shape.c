// texture_copy between textures of different extents is an error naming
// the call's line and both shapes.
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
    texture_int_2 a = texture_new(int, extent(4, 5), 32, NULL), b = texture_new(int, extent(5, 4), 32, NULL);
    texture_copy(b, a);
    texture_delete(a);
    texture_delete(b);
    return 0;
}
// expect-abort: 16: texture_copy: a texture of 4 x 5 x 1 VK_FORMAT_R32_SINT into one of 5 x 4 x 1 VK_FORMAT_R32_SINT
// expect-handled: handled invalid-argument at line 16
