// -Wno-empty-body (like -w) turns campcc's warning for an empty kernel off.
// flags: -Wno-empty-body
// expect-quiet
#include <camp.h>

int main(void) {
    int a[16] = {0};
    parallel_for_each(i, extent(16));
    return a[0];
}
