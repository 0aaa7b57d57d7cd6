// A type-generic call of the algorithms library whose input and output
// hold different element types: an error at the call, where C would
// convert the pointer with a warning and the call picked by the output's
// type would read the input's bits as floats.
// expect-error: 10:5: 'camp_in_and_out_must_have_one_element_type' declared as an array with a negative size
// expect-error: 11:5: 'camp_in_and_out_must_have_one_element_type' declared as an array with a negative size
#include <camp_algorithms.h>

void mixed(const unsigned *counts, float *out, const double *weights, const float *values, int n) {
    camp_exclusive_scan(counts, out, n);
    camp_dot(values, weights, n);
}
