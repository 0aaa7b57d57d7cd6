// lavapipe before Mesa 25 leaves a thread's loops after 65,535 iterations
// in all: a loop of 70,000 is an error naming the loop's line, never a wrong
// sum; loops below the budget (one of 60,000, two nested of 200 x 200) run
// right. Where there is no budget (max_loop_iterations 0: a GPU, Mesa 25)
// the loop of 70,000 must run right (exit 77, which errors.py passes).
#include <camp.h>
#include <stdio.h>
#include <string.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u, %s; ", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line,
           strstr(e->message, "loop_budget.c:37 ran more than 65,535 iterations, which lavapipe cannot run")
               ? "naming the loop"
               : "NOT naming the loop");
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int n = 60000, m = 200, sums[64] = {0}, nested[64] = {0};
    parallel_for_each(i, extent(64)) {
        int s = 0;
        for (int k = 0; k < n; k++) s += k & 1;
        sums[i] = s + i;
    }
    parallel_for_each(i, extent(64)) {
        int s = 0;
        for (int a = 0; a < m; a++)
            for (int b = 0; b < m; b++) s += 1;
        nested[i] = s + i;
    }
    printf("below the budget: %d %d; ", sums[3], nested[3]);
    n = 70000;
    parallel_for_each(i, extent(64)) {
        int s = 0;
        for (int k = 0; k < n; k++) s += k & 1;
        sums[i] = s + i;
    }
    if (!camp_get_default_accelerator().max_loop_iterations) {
        printf("no loop limit: the loop of 70,000 gives %d (35003 is right)\n", sums[3]);
        return sums[3] == 35003 ? 77 : 1;
    }
    printf("the wrong sums not copied back: %d\n", sums[3]);
    return 0;
}
// expect-abort: 35: loop at
// expect-handled: below the budget: 30003 40003; handled unsupported at line 35, naming the loop; the wrong sums not copied back: 30003
