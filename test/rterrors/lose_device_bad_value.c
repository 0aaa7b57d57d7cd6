// CAMP_TEST_LOSE_DEVICE wants INDEX:N; anything else is an error, not ignored.
// env: CAMP_TEST_LOSE_DEVICE=1
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER");
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int a[8] = {0};
    parallel_for_each(i, extent(8)) {
        a[i] = i;
    }
    return 0;
}
// expect-abort: 15: CAMP_TEST_LOSE_DEVICE='1' is not INDEX:N
// expect-handled: handled invalid-argument
