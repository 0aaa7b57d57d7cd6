// C++ AMP's idx[0] on an index of rank 1, which is an int in C AMP: clang's
// error, and campcc's note (once) on what the index is and what to write.
#include <camp.h>

int main(void) {
    int v[256];
    parallel_for_each(idx, extent(256)) { v[idx[0]] = 1; }
    parallel_for_each(t, tile(extent(256), 64)) { v[t.global] += t.local[0]; }
    return v[0];
}
// expect-error: 7:48: subscripted value is not an array, pointer, or vector
// expect-note: 7:48: if this is a kernel's index of rank 1 (or a tiled index's .global or .local of rank 1): it is an int, not a vector as C++ AMP's index<1> is; write idx, not idx[0]
// expect-error: 8:73: subscripted value is not an array, pointer, or vector
