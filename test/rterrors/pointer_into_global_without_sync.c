// Without implicit synchronization, a kernel's pointer into a file-scope
// array that no kernel names and no view covers is an error at the
// kernel's line that names the array and the view to make (with it, the
// array gets its view: e2e/pointer_into_global_array.c); a handler gets
// it instead of abort().
// env: CAMP_IMPLICIT_SYNC=0
#include <camp.h>
#include <stdio.h>

#define N 64
static float ga[N], gb[N];

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER", e->line);
}

static void step(float *dst, const float *src) {
    parallel_for_each(i, extent(N)) { dst[i] = src[i] + 1.0f; }
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    for (int i = 0; i < N; i++) ga[i] = (float)i;
    step(gb, ga);
    return 0; // the kernel did not run: its error is what is checked
}
// expect-abort: 19: points into the array 'gb', which no kernel names and which has no view: without implicit synchronization (CAMP_IMPLICIT_SYNC) make it a view, array_view(gb, n)
// expect-handled: handled invalid-argument at line 19
