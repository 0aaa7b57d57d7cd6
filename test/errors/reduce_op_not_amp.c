/* CAMP_REDUCE_DEFINE's operation is called in kernels: a function not
 * marked restrict(amp) is refused at the macro's line (the file mentions
 * restrict(amp) nowhere else: campcc still looks for its kernels). */
#include <camp_algorithms.h>

static float add(float a, float b) { return a + b; }
CAMP_REDUCE_DEFINE(float, reduce_add, add, 0.0f)

int main(void) {
    float *a = array_new(float, 4, NULL);
    return (int)camp_reduce_with(reduce_add, a, 4);
}
// expect-error: 7:1: call to non-amp function 'add'
