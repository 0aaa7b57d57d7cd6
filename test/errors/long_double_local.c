// long double has no GPU representation.
#include <camp.h>

int main(void) {
    float a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        long double x = a[i];
        a[i] = 1.0f;
    }
    return (int)a[0];
}
// expect-error: 7:21: 'long double' is not allowed in amp code
