// Compound assignment to a captured scalar is an assignment too.
// expect-error: 10: cannot assign to captured variable
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    float sum = 0.0f;
    float b[4];
    parallel_for_each(i, extent(4)) {
        sum += a[i];
        b[i] = sum;
    }
    return (int)b[0];
}
