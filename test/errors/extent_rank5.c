// extent(...) takes 1 to 4 sizes: rank 5 and above are a compile error
// that says so (C++ AMP's extent<N> takes any N).
// expect-error: 8:26: extent(...) takes 1 to 4 sizes
#include <camp.h>

int main(void) {
    int out[16];
    parallel_for_each(t, extent(1, 2, 2, 4, 1)) { out[t] = 1; }
    return out[0];
}
