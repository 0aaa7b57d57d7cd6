// A negative extent (a count that went below zero) is an error naming the
// parallel_for_each's line, not a silent empty launch (extent 0 is one).
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
    int out[4] = {0};
    int n = 2 - argc * 3; /* -1 or -4 */
    parallel_for_each(i, extent(4, n)) {
        out[i[0]] = 1;
    }
    printf("out[0] = %d\n", out[0]);
    return out[0];
}
// expect-abort: 17: a negative extent (-1, index component 1)
// expect-handled: handled invalid-argument at line 17
