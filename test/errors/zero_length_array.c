// GNU C's zero-length arrays, in a kernel's local, in tile_static memory,
// and as the old flexible-array idiom at a struct's end: SPIR-V has no
// array of no elements, so each is an error where it is written (this
// once reached the SPIR-V validator as campcc's internal error).
#include <camp.h>

struct packet { int n; int data[0]; };
struct tail { int n; int data[]; };

int main(void) {
    int v[64] = {0};
    struct packet p = {1};
    struct tail t = {2};
    parallel_for_each(i, extent(8)) {
        int a[0];
        v[i] = (int)sizeof a;
    }
    parallel_for_each(i, tile(extent(64), 64)) {
        tile_static int partial[4][0];
        v[i.global] = (int)sizeof partial;
    }
    parallel_for_each(i, extent(8)) { v[i] = p.n; }
    parallel_for_each(i, extent(8)) { v[i] = t.n; }
    return v[0];
}
// expect-error: 15:13: zero-length array type 'int[0]' is not supported in amp code
// expect-error: 19:25: zero-length array type 'int[0]' is not supported in amp code
// expect-error: 7:28: zero-length array type 'int[0]' is not supported in amp code
// expect-error: 8:26: flexible array member 'data' is not supported in amp code
