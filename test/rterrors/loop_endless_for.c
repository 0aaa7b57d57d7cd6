// A loop with no exit never ends (as C says) on a GPU; on lavapipe, whose
// budget of 65,535 loop iterations per thread would stop it, it is an
// error naming the loop, never a count of 65,534 passes as a result.
// Where loops have no limit (a GPU, Mesa 25) the kernel would hang: exit 77.
#include <camp.h>
#include <stdio.h>
#include <string.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    bool named = strstr(e->message, "loop_endless_for.c:24 ran more than 65,535 iterations");
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
        for (;;) {
            a[i] = a[i] + 1;
        }
    }
    printf("a[0] not copied back: %d\n", a[0]);
    return 0;
}
// expect-abort: 23: loop at
// expect-handled: handled at line 23, naming the loop; a[0] not copied back: 0
