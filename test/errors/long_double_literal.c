// A long double literal: reported once, where it is written.
#include <camp.h>

int main(void) {
    float a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = (float)(a[i] * 0.5L);
    }
    return (int)a[0];
}
// expect-error: 7:31: 'long double' is not allowed in amp code
