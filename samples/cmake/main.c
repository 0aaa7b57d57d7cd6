/* main.c — plain C: campcc hands it to the host compiler unchanged. */
#include <stdio.h>

#include "scale.h"

int main(void) {
    float v[SCALE_N];
    for (int i = 0; i < SCALE_N; i++) v[i] = (float)i * 0.5f;
    scale_squares(v, 10.0f);
    for (int i = 0; i < SCALE_N; i++) printf("%g\n", v[i]);
    return 0;
}
