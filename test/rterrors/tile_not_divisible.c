// An extent that is not a multiple of its tile, without tile_pad or
// tile_truncate: a run-time error naming the parallel_for_each's line; a
// handler gets it instead of abort().
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
    int rows = 8, cols = 10;
    int out[8][10] = {{0}};
    parallel_for_each(t, tile(extent(rows, cols), 4, 4)) {
        out[t.global[0]][t.global[1]] = 1;
    }
    printf("out[0][0] = %d (the kernel did not run)\n", out[0][0]);
    return out[0][0];
}
// expect-abort: 18: extent 10 (index component 1) is not divisible by its tile size 4
// expect-handled: handled invalid-argument at line 18
