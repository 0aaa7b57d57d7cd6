// A type-generic call of the algorithms library on elements it does not
// take (a segmented scan of doubles, a sum of shorts, a sort of const keys): an
// error at the call naming the call and the types it takes, where
// clang's own _Generic error named none.
// expect-error: 11:5: called object type 'struct camp_inclusive_scan_by_key_takes_int_unsigned_or_float_elements *' is not a function
// expect-error: 12:5: called object type 'struct camp_reduce_sum_takes_int_unsigned_64_bit_integer_float_or_double_elements *'
// expect-error: 13:5: called object type 'struct camp_sort_takes_writable_int_unsigned_64_bit_integer_float_or_double_keys *'
#include <camp_algorithms.h>

void f(const double *pnl, double *cum, short *s, const unsigned *k, int n) {
    camp_inclusive_scan_by_key(k, pnl, cum, n);
    camp_reduce_sum(s, n);
    camp_sort(k, n);
}
