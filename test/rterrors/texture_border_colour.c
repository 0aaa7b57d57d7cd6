// A border colour Vulkan has no name for is an error naming the kernel's
// line; the kernel does not run.
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    texture_float_1 t = texture_new(float, extent(4), 32, NULL);
    texture_view_float_1 v = texture_view(t);
    camp_sampler red = sampler_border(CAMP_FILTER_POINT, 1, 0, 0, 1);
    float out[4] = {7, 7, 7, 7};
    parallel_for_each(i, extent(4)) { out[i] = texture_sample(v, red, (float)i); }
    texture_delete(t);
    printf("out[0] = %g\n", out[0]);
    return 0;
}
// expect-abort: 18: a sampler's border colour (1, 0, 0, 1)
// expect-handled: handled unsupported at line 18
