// campcc -fcamp-check: an index out of a local array's bounds in an amp
// function is reported naming the function.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>

static float last_of_four(float v) restrict(amp) {
    float tmp[4];
    for (int c = 0; c < 4; c++) tmp[c] = v * c;
    return tmp[4];
}

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    float out[2];
    parallel_for_each(i, extent(2)) {
        out[i] = last_of_four((float)i);
    }
    printf("out[0] = %g\n", out[0]);
    return 0;
}
// expect-abort: 10: kernel function last_of_four: tmp[4] is out of bounds (float[4]) at index
// expect-handled: handled out-of-bounds at line 10
