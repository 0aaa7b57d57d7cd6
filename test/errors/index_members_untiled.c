// A tiled index's members on an untiled kernel's index: clang's error
// names the index's type as the program sees it (not camp.h's macro
// text), and a note says how a tiled kernel is written.
#include <camp.h>

int main(void) {
    int a[16];
    parallel_for_each(t, extent(16)) {
        a[t.global] = 1;
    }
    return a[0];
}
// expect-error: 9:12: member reference base type 'int' (parallel_for_each's index) is not a structure or union
// expect-note: 9:12: an untiled kernel's index is an int (an intN of rank N): .global, .local, .tile and .barrier are members of a tiled kernel's index
// expect-errors: 1
