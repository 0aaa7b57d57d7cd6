// A vector type of more lanes than SPIR-V's vectors hold without the
// Vector16 capability (8 here; 5 and 16 the same): an error at the kernel's
// use, where campcc crashed or stopped with an internal error.
// expect-error: 9:46: vector type 'float8' has 8 lanes; amp code takes vectors of 2, 3 or 4
#include <camp.h>
typedef float float8 __attribute__((ext_vector_type(8)));

void eight(float *out) {
    parallel_for_each(i, extent(8)) { float8 v = (float8)(1.0f); out[i] = v.s7; }
}
