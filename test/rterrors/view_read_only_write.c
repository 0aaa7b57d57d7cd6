// A kernel that writes a read-only view (array_view of a pointer to const)
// through a pointer to non-const fails at its launch, naming both.
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
    float *data = calloc(16, sizeof *data);
    const float *in = data;
    array_view(in, 16);
    parallel_for_each(i, extent(16)) { data[i] = in[i] + 1; }
    printf("after the kernel: %g\n", data[0]);
    array_view_release(in);
    free(data);
    return 0;
}
// expect-abort: 18: the kernel may write 'data'
// expect-handled: handled invalid-argument at line 18
