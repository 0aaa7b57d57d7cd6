// A constant extent that its constant tile does not divide, with neither
// tile_pad nor tile_truncate: the launch would refuse it, so the compile
// does, at the extent; with tile_pad, or sizes that divide, it compiles.
#include <camp.h>
#define N 1000

int main(void) {
    int a[N], b[30][48];
    parallel_for_each(t, tile(extent(N), 16)) { a[t.global] = 1; }
    parallel_for_each(t, tile(extent(30, 48), 16, 16)) { b[t.global.x][t.global.y] = 1; }
    parallel_for_each(t, tile_pad(tile(extent(N), 16))) {
        if (t.global < N) a[t.global] = 2;
    }
    parallel_for_each(t, tile(extent(1024), 16)) {
        if (t.global < N) a[t.global] = 3;
    }
    return a[0] + b[0][0];
}
// expect-error: 9:31: extent 1000 (index component 0) is not divisible by its tile size 16: use tile_pad(...) or tile_truncate(...)
// expect-error: 10:31: extent 30 (index component 0) is not divisible by its tile size 16
// expect-errors: 2
