// A captured long double.
#include <camp.h>

int main(void) {
    float a[4] = {1, 2, 3, 4};
    long double scale = 2.0L;
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] * scale;
    }
    return (int)a[0];
}
// expect-error: 8:23: 'long double' is not allowed in amp code
