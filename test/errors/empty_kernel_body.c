// A ';' right after parallel_for_each(...): an empty kernel, and the
// block after it runs once on the host; said as clang says `for (...);`.
#include <camp.h>

int main(void) {
    int a[16] = {0};
    parallel_for_each(i, extent(16)); {
        a[0] = 1;
    }
    return a[0] != 1;
}
// expect-warning: 7:37: parallel_for_each has an empty body: the ';' right after it ends the kernel, and a block that follows runs once, on the host [-Wempty-body]
