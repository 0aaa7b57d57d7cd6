// Inline assembly in a restrict(amp) function.
#include <camp.h>

int ident(int x) restrict(amp) {
    asm("" : "+r"(x));
    return x;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = ident(a[i]);
    }
    return a[0];
}
// expect-error: 5:5: inline assembly is not allowed in amp code
