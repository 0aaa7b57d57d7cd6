// CUDA's `if (i >= n) return;` in a kernel written in main: campcc's error
// saying to use continue, not clang's "non-void function 'main' should
// return a value", which would send the user to the wrong place.
#include <camp.h>

int main(void) {
    int n = 1000;
    float a[1024];
    for (int i = 0; i < 1024; i++) a[i] = 1;
    parallel_for_each(i, extent(1024)) {
        if (i >= n) return;
        a[i] *= 2;
    }
    return (int)a[0];
}
// expect-error: 11:21: 'return' is not allowed in a parallel_for_each body (use 'continue' to end this thread)
// expect-errors: 1
