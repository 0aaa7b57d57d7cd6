// __builtin_bit_cast in amp code: refused by name, with what C writes
// instead (memcpy between scalars, a union), which campcc compiles.
#include <camp.h>
#include <stdint.h>
int main(void) {
    float x[4] = {1.0f, -2.0f, 0.5f, 3.0f};
    uint32_t bits[4];
    parallel_for_each(i, extent(4)) { bits[i] = __builtin_bit_cast(uint32_t, x[i]); }
    return (int)bits[0];
}
// expect-error: 8:49: __builtin_bit_cast is not supported in amp code: memcpy between two scalars of one size, or a union of the two types, reads the bits the same way
