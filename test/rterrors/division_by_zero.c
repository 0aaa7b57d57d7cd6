// campcc -fcamp-check: an integer divided by zero in a kernel (C leaves it
// undefined; a GPU gives whatever its instruction does) is reported with
// the line and the thread; a handler gets it (status
// CAMP_ERROR_DIVISION_BY_ZERO) instead of abort(). Divisions by a nonzero
// constant and float divisions are not checked; `%` and `/=` are.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_DIVISION_BY_ZERO ? "division-by-zero" : "OTHER",
           e->line);
}

static int buckets(int v, int width) restrict(amp) { return v % width; }

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int counts[16], out[16];
    float ratio[16];
    for (int i = 0; i < 16; i++) counts[i] = i % 4;
    parallel_for_each(i, extent(16)) {
        int c = counts[i] + 1, w = buckets(i, c) + 2;
        w /= c;
        ratio[i] = (float)i / (float)(counts[i] - counts[i]);
        out[i] = i / 2 + w + 100 / counts[i];
    }
    printf("out[1] = %d\n", out[1]);
    return 0;
}
// expect-abort: 28: kernel: integer division by zero (divisor 0) at index {0} (and 3 more failures)
// expect-handled: handled division-by-zero at line 28
