/* test/math/fast_math.c — fast_math's relative error on each function's
 * documented domain (fast_bounds.h), against glibc's long double functions:
 * fails above 1e-3. In the serial reference mode fast_math_* call the C
 * library's float functions, so on the host this measures glibc's float
 * functions as a proxy; in kernels they are GLSL.std.450 instructions,
 * measured by the device test (gen_device_test.py).
 *
 *   fast_math [--results FILE]   FILE: "name relative_error" lines for gen_table.py */
#include <stdio.h>
#include <string.h>

#include "camp.h"
#include "harness.h"
#include "fast_harness.h"

/* fast_math_<name>, in fast_functions' order: the scalar one of the
 * overloadable name (camp_math/vector_forms.h adds float vector forms) */
#define SCALAR_FORM_UNARY float (*)(float)
#define SCALAR_FORM_BINARY float (*)(float, float)
#define CAMP_FAST_MATH(name, kind, xl, xh, yl, yh, instruction, vulkan) \
    (void (*)(void))(SCALAR_FORM_##kind)fast_math_##name,
static void (*const fast_forms[])(void) = {
#include "fast_bounds.h"
};
#undef CAMP_FAST_MATH

static float x[FAST_MATH_ARGS], y[FAST_MATH_ARGS], got[FAST_MATH_ARGS];

int main(int argc, char **argv) {
    FILE *results = NULL;
    int failures = 0;
    if (argc == 3 && strcmp(argv[1], "--results") == 0 && !(results = fopen(argv[2], "w"))) {
        perror(argv[2]);
        return 2;
    }
    for (int i = 0; i < FAST_FUNCTION_COUNT; i++) {
        double worst;
        fast_arguments(i, x, y);
        for (int k = 0; k < FAST_MATH_ARGS; k++)
            got[k] = fast_functions[i].kind == UNARY ? ((float (*)(float))fast_forms[i])(x[k])
                                                     : ((float (*)(float, float))fast_forms[i])(x[k], y[k]);
        worst = fast_compare(i, x, y, got);
        failures += !(worst <= FAST_MATH_TARGET);
        if (results)
            fprintf(results, "%s %.3g\n", fast_functions[i].name, worst);
    }
    if (results)
        fclose(results);
    printf("%d failure%s\n", failures, failures == 1 ? "" : "s");
    return failures != 0;
}
