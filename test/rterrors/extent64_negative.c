// A negative extent64 (a 64-bit count that went below zero) is an error
// naming the parallel_for_each's line, as a negative int extent is.
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
    long long out[4] = {0};
    long long n = 2 - argc * 3 - (1LL << 32); /* below -2^32: its low word alone is positive */
    parallel_for_each(i, extent64(n)) {
        out[i & 3] = 1;
    }
    printf("out[0] = %lld\n", out[0]);
    return (int)out[0];
}
// expect-abort: 17: a negative extent (-4294967297)
// expect-handled: handled invalid-argument at line 17
