// A restrict(amp) function returning long double.
#include <camp.h>

long double halve(float x) restrict(amp) {
    return x;
}

int main(void) {
    float a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] + 1;
    }
    return (int)a[0];
}
// expect-error: 4:13: 'long double' is not allowed in amp code
