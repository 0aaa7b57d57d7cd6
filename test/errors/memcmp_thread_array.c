// memcmp in amp code steps through bytes: a thread's own array of wider
// elements has none, an error at the call that says to compare the
// elements (views' bytes it takes: e2e/string_functions.c).
// expect-error: 13:19: memcmp in amp code steps through bytes, which 'mine', a thread's own array of 'int', has none of
#include <camp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    static int same[64];
    parallel_for_each(i, extent(64)) {
        int mine[2] = {i, i / 2}, other[2] = {i, i / 2};
        same[i] = memcmp(mine, other, sizeof mine) == 0;
    }
    printf("%d\n", same[3]);
    return 0;
}
