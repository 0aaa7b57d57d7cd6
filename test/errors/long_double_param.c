// A restrict(amp) function with a long double parameter.
#include <camp.h>

float half(long double x) restrict(amp) {
    return 0.5f;
}

int main(void) {
    float a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = half(1);
    }
    return (int)a[0];
}
// expect-error: 4:24: 'long double' is not allowed in amp code
