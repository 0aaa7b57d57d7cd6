// memset in amp code sets whole elements: a byte other than 0 repeats
// through integers only.
#include <camp.h>
#include <string.h>

int main(void) {
    float out[4];
    parallel_for_each(i, extent(4)) {
        float a[3];
        memset(a, 1, sizeof a);
        out[i] = a[0];
    }
    return (int)out[0];
}
// expect-error: 10: memset in amp code sets elements of 'float' to byte 0 only (another byte repeats through integers, and structs and arrays of them): set them in a loop
