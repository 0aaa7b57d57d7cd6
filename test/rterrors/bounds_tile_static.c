// campcc -fcamp-check: a tile_static array indexed one past its end (the
// neighbour of a tile's last thread) is reported with the tile_static
// array's name and the thread.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int in[32], out[32];
    for (int i = 0; i < 32; i++) in[i] = i;
    parallel_for_each(t, tile(extent(32), 16)) {
        tile_static int shared[16];
        shared[t.local] = in[t.global];
        tile_barrier_wait(t.barrier);
        out[t.global] = shared[t.local] + shared[t.local + 1];
    }
    printf("out[0] = %d\n", out[0]);
    return 0;
}
// expect-abort: 22: kernel: shared[16] is out of bounds (int[16]) at index {15}
// expect-handled: handled out-of-bounds at line 22
