// Each thread runs a loop of 10^6 iterations, counted (for) and left by a
// break (while (1)). Where loops have no limit (max_loop_iterations 0: a
// GPU, lavapipe from Mesa 25 on) both give the right sums, checked on the
// host, and the program exits with 77, which errors.py passes. On lavapipe
// before Mesa 25 (65,535 iterations) each launch is an error naming its loop.
#include <camp.h>
#include <stdio.h>
#include <string.h>

enum { THREADS = 64, ITERATIONS = 1000000 };

static void handle(const camp_error *e, void *user) {
    (void)user;
    bool named = strstr(e->message, "ran more than 65,535 iterations, which lavapipe cannot run") &&
                 (strstr(e->message, "loop_million.c:34 ") || strstr(e->message, "loop_million.c:40 "));
    printf("handled at line %u, %s; ", e->line, named ? "naming the loop" : "NOT naming the loop");
}

/* What thread i sums: the kernels' loop, on the host. */
static unsigned expected(unsigned i) {
    unsigned s = 0;
    for (unsigned k = 0; k < ITERATIONS; k++) s += (k ^ i) * 2654435761u;
    return s;
}

int main(int argc, char **argv) {
    (void)argv;
    unsigned long long limit = camp_get_default_accelerator().max_loop_iterations;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int n = ITERATIONS;
    unsigned counted[THREADS] = {0}, left[THREADS] = {0};
    parallel_for_each(i, extent(THREADS)) {
        unsigned s = 0;
        for (int k = 0; k < n; k++) s += ((unsigned)k ^ (unsigned)i) * 2654435761u;
        counted[i] = s;
    }
    parallel_for_each(i, extent(THREADS)) {
        unsigned s = 0;
        int k = 0;
        while (1) {
            s += ((unsigned)k ^ (unsigned)i) * 2654435761u;
            if (++k == n) break;
        }
        left[i] = s;
    }
    if (limit) {
        printf("limit %llu: the sums not copied back: %u %u\n", limit, counted[5], left[5]);
        return 0;
    }
    int wrong = 0;
    for (unsigned i = 0; i < THREADS; i++) {
        unsigned want = expected(i);
        if (counted[i] != want || left[i] != want) {
            printf("thread %u: for %u, while %u, want %u\n", i, counted[i], left[i], want);
            wrong++;
        }
    }
    if (wrong) return 1;
    printf("no loop limit: %d threads of %d iterations, every sum right\n", THREADS, ITERATIONS);
    return 77;
}
// expect-abort: 32: loop at
// expect-handled: handled at line 32, naming the loop; handled at line 37, naming the loop; limit 65535: the sums not copied back: 0 0
