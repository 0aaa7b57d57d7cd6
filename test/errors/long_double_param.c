// A restrict(amp) function with a long double parameter.
#include <camp.h>

float halve(long double x) restrict(amp) {
    return 0.5f;
}

int main(void) {
    float a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = halve(1);
    }
    return (int)a[0];
}
// expect-error: 4:25: 'long double' is not allowed in amp code
