/* scale.c — the one file with a kernel: campcc compiles its
 * parallel_for_each to SPIR-V. */
#include <camp.h>

#include "scale.h"
#include "square.h"

void scale_squares(float v[SCALE_N], float k) {
    float work[SCALE_N]; /* a complete array type: copied to the device and back */
    for (int i = 0; i < SCALE_N; i++) work[i] = v[i];
    parallel_for_each(i, extent(SCALE_N)) {
        work[i] = k * square(work[i]);
    }
    for (int i = 0; i < SCALE_N; i++) v[i] = work[i];
}
