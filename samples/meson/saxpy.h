/* saxpy.h — what main.c needs from saxpy.c. */
#ifndef SAXPY_H
#define SAXPY_H

#define SAXPY_N 6

/* y[i] = a * x[i] + y[i], on the accelerator. */
void saxpy(float a, const float x[SAXPY_N], float y[SAXPY_N]);

#endif
