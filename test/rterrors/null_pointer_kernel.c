// A kernel whose every thread writes through a captured null pointer
// (the output never allocated): the launch says so at the kernel's line,
// naming the pointer, where the device would fault (lavapipe: the
// process, with no message). A pointer the kernel uses only under a test
// (`if (bias)`) may be null, and so may one of a kernel of no threads.
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled at line %u: %s\n", e->line, e->message);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    float x[16], *bias = NULL;
    for (int i = 0; i < 16; i++) x[i] = (float)i;
    parallel_for_each(i, extent(16)) {
        float v = x[i] * 2;
        if (bias) v += bias[i];
        x[i] = v;
    }
    int *out = NULL, none = 0;
    parallel_for_each(i, extent(none)) { out[i] = 1; }
    parallel_for_each(i, extent(16)) {
        out[i] = (int)x[i];
    }
    printf("x[15] = %g\n", x[15]);
    return 0;
}
// expect-abort: 26: 'out' is a null pointer, and every thread of the kernel reads or writes through it
// expect-handled: 'out' is a null pointer
