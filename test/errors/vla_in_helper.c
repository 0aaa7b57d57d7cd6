// A VLA declared in a restrict(amp) function.
#include <camp.h>

int sum_to(int n) restrict(amp) {
    int parts[n];
    parts[0] = n;
    return parts[0];
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = sum_to(a[i]);
    }
    return a[0];
}
// expect-error: 5:9: variable-length array 'parts' cannot be declared in amp code
