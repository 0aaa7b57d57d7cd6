// An extent of 2^31 or more (a size_t count) is an error naming the line,
// not a size cut to its low 32 bits (2^32 + 4 would run 4 threads).
#include <camp.h>
#include <stddef.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER",
           e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int out[4] = {0};
    size_t n = ((size_t)1 << 32) + (size_t)argc + 2; /* 4294967299 or more */
    parallel_for_each(i, extent(n)) {
        out[i % 4] = 1;
    }
    printf("out[0] = %d\n", out[0]);
    return out[0];
}
// expect-abort: 18: an extent of 4294967299 does not fit in int
// expect-handled: handled invalid-argument at line 18
