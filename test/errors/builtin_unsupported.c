// A clang builtin that has no meaning on the device is reported by name,
// with no note (builtins are declared nowhere).
// expect-error: 10:31: '__builtin_return_address' is not supported in amp code
#include <camp.h>

int main(void) {
    unsigned long a[4] = {1, 2, 3, 4};
    unsigned long b[4];
    parallel_for_each(i, extent(4)) {
        b[i] = (unsigned long)__builtin_return_address(0) + a[i];
    }
    return (int)b[0];
}
