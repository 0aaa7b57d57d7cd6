/* scale.h — what main.c needs from scale.c. */
#ifndef SCALE_H
#define SCALE_H

#define SCALE_N 8

/* v[i] = k * v[i]^2 for every element, on the accelerator. */
void scale_squares(float v[SCALE_N], float k);

#endif
