// va_list is variable arguments too.
#include <camp.h>
#include <stdarg.h>

int first(va_list ap) restrict(amp) {
    return 0;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] + 1;
    }
    return a[0];
}
// expect-error: 5:19: variable arguments ('va_list') are not allowed in amp code
