// A tiled kernel's index is int: tile(...) refuses extent64's 64-bit size.
#include <camp.h>

int main(void) {
    static int out[64];
    parallel_for_each(t, tile(extent64(64), 16)) { out[t.global] = 1; }
    return out[0];
}
// expect-error: 6:26: bit-field 'tile_takes_an_int_extent_and_extent64_is_for_untiled_kernels' has negative width
