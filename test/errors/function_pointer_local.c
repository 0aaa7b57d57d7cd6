// A function pointer declared in a kernel.
#include <camp.h>

int twice(int x) restrict(amp) { return 2 * x; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        int (*f)(int) = twice;
        a[i] = a[i] + 1;
    }
    return a[0];
}
// expect-error: 9:15: function pointers are not allowed in amp code (type 'int (*)(int)'): call the function by name
