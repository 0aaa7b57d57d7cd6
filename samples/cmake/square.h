/* square.h — used only inside the kernel of scale.c. */
#ifndef SQUARE_H
#define SQUARE_H

static inline float square(float x) restrict(amp) { return x * x; }

#endif
