// Bit-fields work in amp code, but an initializer of a struct holding
// them that gives a bit-field a value not constant is refused where it is
// written; one that a
// run of bit-fields would need more than 8 bytes to hold, as a packed
// struct lays them out, is refused where the bit-field is declared.
#include <camp.h>

typedef struct { unsigned a : 3, b : 5; int x; } flags;
typedef struct __attribute__((packed)) { char c; unsigned long long wide : 60; unsigned short more : 9; } odd;

int main(void) {
    static int out[4];
    parallel_for_each(i, extent(4)) {
        flags v = {i, 2, 3}, w = {0};
        out[i] = v.a + w.b;
    }
    parallel_for_each(i, extent(4)) {
        odd o = {0};
        out[i] = (int)o.more;
    }
    return out[0];
}
// expect-error: 14:20: initializer of a struct with bit-fields ('flags') in amp code takes constants in the members' order, without designators: assign its members instead
// expect-error: 9:69: bit-field 'wide' shares bytes that no integer of 1, 2, 4 or 8 bytes holds alone
