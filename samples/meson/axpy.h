/* axpy.h — used only inside the kernel of saxpy.c. */
#ifndef AXPY_H
#define AXPY_H

static inline float axpy(float a, float x, float y) restrict(amp) { return a * x + y; }

#endif
