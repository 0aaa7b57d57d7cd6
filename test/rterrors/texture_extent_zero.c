// A texture with an extent of 0 is an error naming texture_new's line.
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
    int rows = argc - (argc > 1 ? 2 : 1); /* 0 */
    texture_int_2 t = texture_new(int, extent(rows, 8), 32, NULL);
    printf("texture %s\n", t.camp_texture_ ? "made" : "null");
    return t.camp_texture_ != NULL;
}
// expect-abort: 15: texture_new: an extent of 0 (index component 0): a texture of rank 2 has 1 to
// expect-handled: handled invalid-argument at line 15
