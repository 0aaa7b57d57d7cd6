// memcpy in amp code is a statement of its own (a loop over the
// destination's elements): its value is not supported.
#include <camp.h>
#include <string.h>

int main(void) {
    int out[4];
    parallel_for_each(i, extent(4)) {
        int a[2] = {i, i + 1}, b[2];
        int *p = memcpy(b, a, sizeof b);
        out[i] = p[1];
    }
    return out[0];
}
// expect-error: 10: 'memcpy' in amp code is a statement of its own: its value is not supported
