// A future waited twice (the first wait frees it): an error naming the
// line of the second future_wait, which had no line.
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
    float host[64] = {0};
    float *a = array_new(float, 64, NULL);
    camp_future *f = array_copy_in_async(a, host, 64);
    future_wait(f);
    future_wait(f);
    array_delete(a);
    return 0;
}
// expect-abort: 19: not a future, or one already waited
// expect-handled: handled invalid-argument at line 19
