// An assert in an amp function called from a tiled kernel fails in two
// threads: the first (in the buffer's order) is reported, naming the
// function, with how many more failed; the threads go on (a tile's other
// threads may wait for them at a barrier).
#include <camp.h>
#include <assert.h>
#include <stdio.h>
#include <string.h>

static int checked_half(int x) restrict(amp) {
    assert(x % 2 == 0);
    return x / 2;
}

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u: %s\n", e->status == CAMP_ERROR_ASSERTION ? "assertion" : "OTHER", e->line,
           strstr(e->message, "(and 1 more failures)") ? "and 1 more" : "ALONE");
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int in[64], out[64];
    for (int i = 0; i < 64; i++) in[i] = i == 5 || i == 41 ? 2 * i + 1 : 2 * i;
    parallel_for_each(t, tile(extent(64), 16)) {
        tile_static int shared[16];
        shared[t.local] = checked_half(in[t.global]);
        tile_barrier_wait(t.barrier);
        out[t.global] = shared[15 - t.local];
    }
    printf("out[0] = %d\n", out[0]);
    return 0;
}
// expect-abort: 11: kernel checked_half: Assertion 'x % 2 == 0' failed at index
// expect-handled: handled assertion at line 11: and 1 more
