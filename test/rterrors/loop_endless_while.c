// `while (1)` with -fcamp-check: on lavapipe an error naming the loop, not
// 65,534 passes' worth of a result.
// Where loops have no limit (a GPU, Mesa 25) the kernel would hang: exit 77.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>
#include <string.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    bool named = strstr(e->message, "loop_endless_while.c:24 ran more than 65,535 iterations");
    printf("handled at line %u, %s; ", e->line, named ? "naming the loop" : "NOT naming the loop");
}

int main(int argc, char **argv) {
    (void)argv;
    if (!camp_get_default_accelerator().max_loop_iterations) {
        printf("no loop limit on this device: an endless loop would never end\n");
        return 77;
    }
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int a[16] = {0};
    parallel_for_each(i, extent(16)) {
        while (1) a[i] += 2;
    }
    printf("a[0] not copied back: %d\n", a[0]);
    return 0;
}
// expect-abort: 23: loop at
// expect-handled: handled at line 23, naming the loop; a[0] not copied back: 0
