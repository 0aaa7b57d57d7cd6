// A captured array of pointers: host pointers stored in memory.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b[4] = {5, 6, 7, 8};
    int *rows[2] = {a, b};
    parallel_for_each(i, extent(4)) {
        a[i] = rows[1][i];
    }
    return a[0];
}
// expect-error: 9:16: pointers to pointers are not supported in amp code: an array of pointers is one where it is used (capture each pointer on its own
