// An amp function that never returns its value, at -O2: on lavapipe an
// error naming its loop, not the value it had when the budget ran out.
// Where loops have no limit (a GPU, Mesa 25) the kernel would hang: exit 77.
// flags: -O2
#include <camp.h>
#include <stdio.h>
#include <string.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    bool named = strstr(e->message, "loop_endless_helper_value.c:16 ran more than 65,535 iterations");
    printf("handled at line %u, %s; ", e->line, named ? "naming the loop" : "NOT naming the loop");
}

static int count_forever(int x) restrict(amp) {
    for (int k = 0;; k++) x += k;
}

int main(int argc, char **argv) {
    (void)argv;
    if (!camp_get_default_accelerator().max_loop_iterations) {
        printf("no loop limit on this device: an endless loop would never end\n");
        return 77;
    }
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int a[16] = {0};
    parallel_for_each(i, extent(16)) { a[i] = count_forever(a[i]); }
    printf("a[0] not copied back: %d\n", a[0]);
    return 0;
}
// expect-abort: 27: loop at
// expect-handled: handled at line 27, naming the loop; a[0] not copied back: 0
