/* main.c — plain C: campcc hands it to the host compiler unchanged. */
#include <stdio.h>

#include "saxpy.h"

int main(void) {
    float x[SAXPY_N], y[SAXPY_N];
    for (int i = 0; i < SAXPY_N; i++) {
        x[i] = (float)i;
        y[i] = 100.0f;
    }
    saxpy(2.0f, x, y);
    for (int i = 0; i < SAXPY_N; i++) printf("%g\n", y[i]);
    return 0;
}
