// A kernel may not write a read-only view (C++ AMP's array_view<const T>):
// writing through the pointer to const is clang's error at the write.
// expect-error: 13:15: read-only variable is not assignable
#include <camp.h>
#include <stdlib.h>

int main(void) {
    float *data = calloc(8, sizeof *data);
    const float *in = data;
    array_view(in, 8);
    float out[8];
    parallel_for_each(i, extent(8)) {
        in[i] = 1;
        out[i] = in[i];
    }
    array_view_release(in);
    free(data);
    return (int)out[0];
}
